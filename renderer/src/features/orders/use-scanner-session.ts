// Scanner mode's state and steps for its screen (ScannerPanel.vue only renders them): the
// scanner settings of this store, the queue built from the panel's source, the open session
// (scanner.ts: a plain class, made reactive here so the screen follows every change of it), the
// scan fields' text, what was said last (on screen, in a live region, and by a tone unless
// muted) and where keyboard focus goes after each step. Focus is named (`ScannerFocus`) and
// moved by the screen, which owns the elements; a move asked for while a step is busy (the
// fields are disabled then) waits until it is done.
import { computed, markRaw, nextTick, reactive, ref, shallowRef, toValue, watch, type MaybeRefOrGetter } from 'vue'
import { actions, type StoreDatabase } from '@/data'
import { ScannerSession, beep, type OpenResult, type ScannedEntry, type ScannerDeps, type Tone, type TrackingWarning } from './scanner'
import { findingKey } from './tracking-policy'
import { sessionSummary } from './scanner-summary'
import { useScannerOutcomes } from './use-scanner-outcomes'
import type { QueueBuild } from './scanner-queue'
import { describeExclusions } from './scanner-words'
import { loadScannerQueue, scannerReads, type ScannerSource } from './scanner-data'
import { appendOverride, useScannerSettings } from './scanner-settings'
import { CARRIERS, suggestCarrier } from './tracking'
import { withdrawWrite } from './use-order-writes'
import { saySentences, t } from '@/session/i18n'
import { failureWords } from '@/ui/error-words'

/**
 * Where the packer's keyboard goes: a scan field, the first item's "Mark packed", "Keep
 * checking" of the override question, or "Change number" of a tracking confirmation.
 * `track-select` focuses the tracking field with its text selected, to be scanned over.
 */
export type ScannerFocus = 'order' | 'sku' | 'track' | 'track-select' | 'mark' | 'override-cancel' | 'confirm-change'

export type FlashTone = 'success' | 'error' | 'warning' | 'info'

export interface ScannerSessionOptions {
  /** This store's cache; null while no store is connected. */
  database: MaybeRefOrGetter<StoreDatabase | null>
  /** The store whose settings and override log apply. */
  connectionId: MaybeRefOrGetter<string | null>
  /** Whether the store may be asked (re-checks go by the cache alone when not). */
  online: () => boolean
  /** Moves keyboard focus to a named place of the screen. */
  focus: (target: ScannerFocus) => void
  /** A write the store's side stopped: shown as a notification besides the flash. */
  notifyStopped: (message: string) => void
  /** Plays a tone (WebAudio by default); only while the Sounds setting is on. */
  play?: (tone: Tone) => void
}

export function useScannerSession(source: MaybeRefOrGetter<ScannerSource>, options: ScannerSessionOptions) {
  const play = options.play ?? beep
  const settings = useScannerSettings(options.connectionId)
  const session = shallowRef<ScannerSession | null>(null)
  const build = shallowRef<QueueBuild | null>(null)
  const loadError = ref<string | null>(null)
  const orderScan = ref('')
  const skuScan = ref('')
  const trackno = ref('')
  const carrier = ref('')
  const carrierEdited = ref(false)
  const busy = ref(false)
  const flash = ref<{ tone: FlashTone; text: string } | null>(null)
  const confirm = ref<TrackingWarning[] | null>(null)
  const confirmingOverride = ref(false)

  watch(
    () => settings.value.allowedPayments.join(),
    () => void loadQueue(),
  )
  const allowPartialRefund = computed({
    get: () => settings.value.allowedPayments.includes('partial-refund'),
    set: (on: boolean) => (settings.value = { ...settings.value, allowedPayments: on ? ['partial-refund'] : [] }),
  })

  function sessionDeps(database: StoreDatabase): ScannerDeps {
    return {
      ...scannerReads(database, options.online),
      track: (orderId, body, subject) => actions.trackOrder(database, orderId, body, { name: subject }),
      withdraw: (handle) => withdrawWrite(database, handle),
      recordOverride: (entry) => {
        const id = toValue(options.connectionId)
        if (id) appendOverride(id, entry)
      },
    }
  }

  async function loadQueue() {
    const database = toValue(options.database)
    if (!database) return
    loadError.value = null
    try {
      const queue = await loadScannerQueue(database, toValue(source), { allowedPayments: settings.value.allowedPayments })
      build.value = queue
      if (session.value) session.value.replaceQueue(queue.ids)
      else {
        // The session is a plain class; through `reactive` every change it makes to itself (the
        // open order, its ticks, the queue, what was done) reaches the screen. Its reads and
        // writes stay raw: they hold the database. The cast keeps the class's type, which
        // `reactive`'s mapped type would strip of its private members.
        session.value = reactive(
          new ScannerSession(queue.ids, markRaw(sessionDeps(database)), () => ({
            rules: { allowedPayments: settings.value.allowedPayments },
            itemCheck: settings.value.itemCheck,
          })),
        ) as ScannerSession
      }
    } catch (error) {
      loadError.value = failureWords(error)
    }
    if (!session.value?.current) await moveFocus('order')
  }

  const current = computed(() => session.value?.current ?? null)
  const trackingAllowed = computed(() => session.value?.trackingAllowed ?? false)
  const itemsComplete = computed(() => session.value?.itemsComplete ?? false)
  const showItemCheck = computed(() => settings.value.itemCheck && !!current.value && !current.value.overridden && !itemsComplete.value)
  const hasSkus = computed(() => !!current.value?.order.items.some((i) => i.sku))
  const progress = computed(() => {
    const s = session.value
    if (!s) return ''
    return t(toValue(source).kind === 'filter' ? 'scanner.progressFilter' : 'scanner.progressSelected', { done: s.done.length, n: s.remaining })
  })
  const exclusions = computed(() => (build.value ? describeExclusions(build.value, toValue(source).kind) : null))
  const doneEntries = computed<readonly ScannedEntry[]>(() => (session.value ? [...session.value.done] : []))
  /** A write stopped on the store's side, or an order stopped as its tracking was saved: said at once. */
  function announceStopped(message: string) {
    say('error', message, 'error')
    options.notifyStopped(message)
  }
  const { outcomes } = useScannerOutcomes(doneEntries, (_entry, message) => announceStopped(message), options.database)
  const summary = computed(() => (session.value ? sessionSummary(session.value, outcomes.value) : null))
  const hasSummary = computed(() => !!summary.value && Object.values(summary.value).some((lines) => lines.length > 0))

  watch(trackno, (value) => {
    confirm.value = null
    if (!carrierEdited.value) carrier.value = suggestCarrier(value) ?? ''
  })

  /** Focus asked for while busy (the fields are disabled then): given once the step is done. */
  let focusWhenIdle: ScannerFocus | null = null
  async function moveFocus(target: ScannerFocus) {
    await nextTick()
    if (busy.value) focusWhenIdle = target
    else options.focus(target)
  }

  function say(tone: FlashTone, text: string, sound?: Tone) {
    flash.value = { tone, text }
    if (sound && settings.value.sound) play(sound)
  }

  function resetOrderInputs() {
    skuScan.value = ''
    trackno.value = ''
    carrier.value = ''
    carrierEdited.value = false
    confirm.value = null
    confirmingOverride.value = false
  }

  /** Where the packer goes next once an order is open. */
  function focusForOpenOrder() {
    return moveFocus(trackingAllowed.value ? 'track' : hasSkus.value ? 'sku' : 'mark')
  }

  async function afterOpen(result: OpenResult) {
    resetOrderInputs()
    const skipped = saySentences(result.skipped)
    if (result.ok) {
      orderScan.value = ''
      const o = result.open.order
      const next = trackingAllowed.value ? 'tracking' : hasSkus.value ? 'scan' : 'tick'
      const opened = t(result.open.storeChecked ? 'scanner.opened' : 'scanner.openedFromCache', { number: o.number, n: o.items.length, next })
      say(skipped ? 'warning' : 'success', skipped ? t('scanner.afterSkipped', { skipped, message: opened }) : opened, 'ok')
      await focusForOpenOrder()
    } else {
      say('error', skipped && skipped !== result.message ? t('scanner.afterSkipped', { skipped, message: result.message }) : result.message, 'error')
      await moveFocus('order')
    }
  }

  /** One step at a time: a step started while another runs is ignored (the buttons are disabled too). */
  async function run(task: (s: ScannerSession) => Promise<void>) {
    const s = session.value
    if (!s || busy.value) return
    busy.value = true
    try {
      await task(s)
    } catch (error) {
      say('error', failureWords(error), 'error')
    } finally {
      busy.value = false
      const target = focusWhenIdle
      focusWhenIdle = null
      if (target) {
        await nextTick()
        options.focus(target)
      }
    }
  }

  function openScanned() {
    return run(async (s) => {
      if (!orderScan.value.trim()) {
        say('error', t('scanner.scanFirst'), 'error')
        return
      }
      await afterOpen(await s.open(orderScan.value))
    })
  }

  function openNext() {
    return run(async (s) => afterOpen(await s.next()))
  }

  async function scanSku() {
    const s = session.value
    if (!s) return
    const result = s.scanItem(skuScan.value)
    skuScan.value = ''
    if (result.ok) {
      say('success', result.message, 'ok')
      if (result.complete) await moveFocus('track')
    } else say('error', result.message, result.wrongSku ? 'wrong-item' : 'error')
  }

  async function markPacked(index: number) {
    const s = session.value
    if (!s) return
    const result = s.markPacked(index)
    say(result.ok ? 'success' : 'error', result.message, result.ok ? 'ok' : 'error')
    if (result.ok && result.complete) await moveFocus('track')
  }

  async function askOverride() {
    confirmingOverride.value = true
    await moveFocus('override-cancel')
  }
  async function confirmOverride() {
    const entry = session.value?.overrideItemCheck()
    confirmingOverride.value = false
    if (entry) say('warning', t('scanner.overridden', { number: entry.number }))
    await moveFocus('track')
  }
  async function cancelOverride() {
    confirmingOverride.value = false
    await moveFocus(hasSkus.value ? 'sku' : 'mark')
  }

  function submit(confirmed: string[] = []) {
    return run(async (s) => {
      const number = s.current?.order.number
      const emailCustomer = settings.value.emailCustomer
      const result = await s.submit(trackno.value, carrier.value, emailCustomer, confirmed)
      if (result.ok) {
        say('success', t(emailCustomer ? 'scanner.queuedEmailed' : 'scanner.queuedNoEmail', { trackno: result.entry.trackno, number: number ?? '' }), 'ok')
        resetOrderInputs()
        await moveFocus('order')
      } else if (result.stopped) {
        resetOrderInputs()
        announceStopped(result.message)
        await moveFocus('order')
      } else if (result.confirm) {
        // The question itself is announced (an alert) where it is answered; no second copy below.
        confirm.value = [...result.confirm]
        flash.value = null
        if (settings.value.sound) play('error')
        await moveFocus('confirm-change')
      } else {
        say('error', result.message, 'error')
        await moveFocus('track')
      }
    })
  }

  function confirmTracking() {
    return submit((confirm.value ?? []).map(findingKey))
  }
  async function changeNumber() {
    confirm.value = null
    await moveFocus('track-select')
  }

  function undo() {
    return run(async (s) => {
      const result = await s.undo()
      if (result.ok) {
        resetOrderInputs()
        say('success', t('scanner.undone', { number: result.order.number }), 'ok')
        await focusForOpenOrder()
      } else say('error', result.message, 'error')
    })
  }

  async function closeOrder() {
    const number = session.value?.current?.order.number
    session.value?.closeCurrent()
    resetOrderInputs()
    if (number) say('info', t('scanner.closed', { number }))
    await moveFocus('order')
  }

  function packedText(index: number): string {
    const open = current.value
    const item = open?.order.items[index]
    if (!open || !item) return ''
    return t('scanner.packedOf', { packed: open.packed[index]!, qty: item.qty })
  }
  function itemDone(index: number): boolean {
    const open = current.value
    return !!open && open.packed[index]! >= open.order.items[index]!.qty
  }

  const carrierOptions = computed(() => CARRIERS.filter((c) => c.toLowerCase().includes(carrier.value.toLowerCase())).map((c) => ({ label: c, value: c })))

  return {
    settings,
    allowPartialRefund,
    session,
    loadError,
    orderScan,
    skuScan,
    trackno,
    carrier,
    carrierEdited,
    busy,
    flash,
    confirm,
    confirmingOverride,
    current,
    trackingAllowed,
    showItemCheck,
    hasSkus,
    progress,
    exclusions,
    summary,
    hasSummary,
    carrierOptions,
    loadQueue,
    openScanned,
    openNext,
    scanSku,
    markPacked,
    askOverride,
    confirmOverride,
    cancelOverride,
    submit,
    confirmTracking,
    changeNumber,
    undo,
    closeOrder,
    packedText,
    itemDone,
  }
}
