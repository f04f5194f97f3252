// Scanner mode's logic, apart from the screen: a queue of orders that can ship
// (scanner-queue.ts), one order open at a time (by its packing slip's number, or the next in
// line), re-checked as it opens so an order fulfilled or cancelled elsewhere since the queue
// was built is skipped; its items ticked by scanning their SKUs (or an override, recorded);
// one tracking number per order, with the tracking policy's confirmations (tracking-policy.ts: a
// wrong check digit, a format no carrier uses, a number another order already has); the order
// read again (cache and store) just before its tracking is queued, so an order another desk
// fulfilled meanwhile is stopped and named, never tracked twice; and undo of the last one while
// its write is unsent. What became of each write is the store's (scanner-summary.ts).
// The cache, the store and the outbox come in through injected functions (fakes in tests),
// so the rules here are tested on their own.
import type { Order } from '@common/store-api/resources'
import { parseOrderScan, shipBlocker, type QueueRules, type ShipState } from './scanner-queue'
import { blockerMessage, changedSinceMessage } from './scanner-words'
import { saySentences, t } from '@/session/i18n'
import { normalizeTrackingNumber, trackBody, trackingNumberError } from './tracking'
import { duplicateFinding, numberFindings, unconfirmed, type TrackingFinding } from './tracking-policy'
import type { OverrideEntry } from './scanner-settings'

/** One line to pack. */
export interface PackItem {
  name: string
  /** "Size: M, Colour: Blue", or '' for a product without options. */
  variant: string
  sku: string
  qty: number
}

export interface ScannerOrder {
  ID: number
  number: string
  customer: string
  items: PackItem[]
  state: ShipState
  /** Its tracking number, where it has one. */
  trackno: string
}

/** The scanner's view of a cached or fetched order. */
export function scannerOrder(order: Order): ScannerOrder {
  const customer = order.billing_user_name || `${order.shipping_address?.first_name ?? ''} ${order.shipping_address?.last_name ?? ''}`.trim()
  const items = (order.line_items ?? [])
    .filter((l) => !l.order_item_type || l.order_item_type === 'line_item')
    .map((l) => ({
      name: l.order_item_name,
      variant: variantText(l.properties),
      sku: (l.sku ?? '').trim(),
      qty: Math.max(0, Math.floor(Number(l.qty) || 0)),
    }))
    .filter((l) => l.qty > 0)
  return {
    ID: order.ID,
    number: order.number,
    customer,
    items,
    state: { financial_status: order.financial_status, fulfillment_status: order.fulfillment_status, post_status: order.post_status },
    trackno: order.trackno ?? '',
  }
}

/** A line item's chosen options (`properties`: `{ name, value }` pairs) as one line. */
function variantText(properties: readonly unknown[] | undefined): string {
  return (properties ?? [])
    .map((p) => {
      if (!p || typeof p !== 'object') return ''
      const { name, value } = p as { name?: unknown; value?: unknown }
      if (typeof value !== 'string' && typeof value !== 'number') return ''
      return typeof name === 'string' && name ? `${name}: ${value}` : String(value)
    })
    .filter(Boolean)
    .join(', ')
}

export interface Recheck {
  /** The order as the cache has it now; null when neither the cache nor the store has it. */
  order: ScannerOrder | null
  /** The store's own copy, where it could be read. */
  fromStore: ScannerOrder | null
  /** False when the store could not be asked (offline, or it did not answer in time). */
  storeChecked: boolean
}

export interface ScannerDeps {
  /** Queues the write; resolves with a handle that `withdraw` understands. */
  track(orderId: number, body: ReturnType<typeof trackBody>, subject: string): Promise<number>
  /** Withdraws a queued write: 'withdrawn', or 'already-sent' when it has left the outbox. */
  withdraw(handle: number): Promise<'withdrawn' | 'already-sent'>
  /** The cached order with this number. */
  findByNumber(number: string): Promise<ScannerOrder | null>
  /** Reads the order again: the cache, and the store where online. */
  recheck(id: number): Promise<Recheck>
  /** Orders other than `exceptId` whose tracking number is this one (compared without case). */
  ordersUsingTracking(trackno: string, exceptId: number): Promise<{ ID: number; number: string }[]>
  /** Keeps an override in the local log. */
  recordOverride(entry: OverrideEntry): void
  now?(): Date
}

export interface ScannerOptions {
  rules: QueueRules
  /** Items must be ticked before tracking (unless overridden). */
  itemCheck: boolean
}

export interface OpenOrder {
  order: ScannerOrder
  /** Units ticked per item (same index as `order.items`). */
  packed: number[]
  /** "Ship without checking items" was confirmed for this order. */
  overridden: boolean
  storeChecked: boolean
}

export interface ScannedEntry {
  order: ScannerOrder
  trackno: string
  carrier: string
  handle: number
  packed: number[]
  overridden: boolean
}

/** What the scanner asks the packer to confirm: the policy's findings on the number. */
export type TrackingWarning = TrackingFinding

export type OpenResult = { ok: true; open: OpenOrder; skipped: string[] } | { ok: false; message: string; skipped: string[] }
export type ItemResult = { ok: true; message: string; complete: boolean } | { ok: false; message: string; wrongSku: boolean }
export type SubmitResult = { ok: true; entry: ScannedEntry } | { ok: false; message: string; confirm?: TrackingWarning[]; stopped?: boolean }
export type UndoResult = { ok: true; order: ScannerOrder } | { ok: false; message: string }

const sameSku = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export class ScannerSession {
  /** IDs still to ship, in queue order (an open order stays in it until tracked). */
  private readonly queue: number[]
  current: OpenOrder | null = null
  readonly done: ScannedEntry[] = []
  /** Tracking taken back with Undo, in order. */
  readonly undone: ScannedEntry[] = []
  /** Orders taken out of the queue because they changed since it was built, with why. */
  readonly skipped: string[] = []
  /** Orders stopped as their tracking was saved: changed on the store since they were opened. */
  readonly stopped: string[] = []
  /** This session's "Ship without checking items", in order. */
  readonly overrides: OverrideEntry[] = []

  constructor(
    ids: readonly number[],
    private readonly deps: ScannerDeps,
    private readonly options: () => ScannerOptions,
  ) {
    this.queue = [...ids]
  }

  get remaining(): number {
    return this.queue.length
  }

  /** Rebuilds the queue (a reload, or other payment states allowed); orders tracked in this session stay out. */
  replaceQueue(ids: readonly number[]): void {
    const tracked = new Set(this.done.map((d) => d.order.ID))
    this.queue.splice(0, this.queue.length, ...ids.filter((id) => !tracked.has(id)))
    if (this.current && !this.queue.includes(this.current.order.ID)) this.current = null
  }

  /** Opens the order a packing slip's barcode (or a typed number) names, if it may ship from this queue. */
  async open(raw: string): Promise<OpenResult> {
    const number = parseOrderScan(raw)
    if (!number) return { ok: false, message: t('scanner.says.notOrderNumber', { text: raw.trim() }), skipped: [] }
    const tracked = this.done.find((d) => d.order.number === number)
    if (tracked) return { ok: false, message: t('scanner.says.trackedHere', { number, trackno: tracked.trackno }), skipped: [] }
    const found = await this.deps.findByNumber(number)
    if (!found) return { ok: false, message: t('scanner.blocked.notCached', { number }), skipped: [] }
    // Scanning the open order's slip again keeps what was ticked.
    if (this.current?.order.ID === found.ID) return { ok: true, open: this.current, skipped: [] }
    return this.openChecked(found.ID, found.number, true)
  }

  /** Opens the first order of the queue that can still ship, skipping (and reporting) those that cannot. */
  async next(): Promise<OpenResult> {
    const skipped: string[] = []
    for (const id of [...this.queue]) {
      if (this.current?.order.ID === id) continue
      const result = await this.openChecked(id, String(id), false)
      skipped.push(...result.skipped)
      if (result.ok) return { ...result, skipped }
    }
    return { ok: false, message: t('scanner.says.noneLeft'), skipped }
  }

  /** Re-reads an order and opens it when it can ship from this queue; drops it from the queue when it changed. */
  private async openChecked(id: number, number: string, scanned: boolean): Promise<OpenResult> {
    const { order, fromStore, storeChecked } = await this.deps.recheck(id)
    const shown = order ?? fromStore
    const label = shown?.number ?? number
    const rules = this.options().rules
    // Either copy may know better: the cache holds this desk's unsent writes, the store the others'.
    const blocker = (storeChecked && !fromStore ? 'not-cached' : null) ?? shipBlocker(order?.state, rules) ?? (fromStore ? shipBlocker(fromStore.state, rules) : null)
    const queued = this.queue.indexOf(id)
    if (blocker) {
      if (queued === -1) return { ok: false, message: blockerMessage(label, blocker, fromStore?.state ?? order?.state), skipped: [] }
      this.queue.splice(queued, 1)
      if (this.current?.order.ID === id) this.current = null
      const message = changedSinceMessage(label, blocker)
      this.skipped.push(message)
      return { ok: false, message, skipped: [message] }
    }
    if (queued === -1) return { ok: false, message: t(scanned ? 'scanner.says.notInQueueScanned' : 'scanner.says.notInQueue', { number: label }), skipped: [] }
    const fresh = (fromStore ?? order)!
    this.current = { order: fresh, packed: fresh.items.map(() => 0), overridden: false, storeChecked }
    return { ok: true, open: this.current, skipped: [] }
  }

  /** Closes the open order without tracking it; it stays in the queue. */
  closeCurrent(): void {
    this.current = null
  }

  get itemsComplete(): boolean {
    const open = this.current
    return !!open && open.order.items.every((item, i) => open.packed[i]! >= item.qty)
  }

  /** Whether tracking may be entered for the open order. */
  get trackingAllowed(): boolean {
    const open = this.current
    if (!open) return false
    return !this.options().itemCheck || open.overridden || this.itemsComplete
  }

  /** Ticks one unit of the item with this SKU. */
  scanItem(raw: string): ItemResult {
    const open = this.current
    if (!open) return { ok: false, message: t('scanner.says.openFirst'), wrongSku: false }
    const sku = raw.trim()
    if (!sku) return { ok: false, message: t('scanner.says.scanSku'), wrongSku: false }
    const items = open.order.items
    const matching = items.map((item, i) => ({ item, i })).filter(({ item }) => item.sku && sameSku(item.sku, sku))
    if (matching.length === 0) return { ok: false, message: t('scanner.says.wrongItem', { sku, number: open.order.number }), wrongSku: true }
    const slot = matching.find(({ item, i }) => open.packed[i]! < item.qty)
    if (!slot) {
      const qty = matching.reduce((n, { item }) => n + item.qty, 0)
      return { ok: false, message: t('scanner.says.tooMany', { number: open.order.number, qty, sku }), wrongSku: true }
    }
    return this.tick(slot.i)
  }

  /** Ticks one unit of an item without a SKU (nothing to scan: it is checked by eye). */
  markPacked(index: number): ItemResult {
    const open = this.current
    const item = open?.order.items[index]
    if (!open || !item) return { ok: false, message: t('scanner.says.noSuchItem'), wrongSku: false }
    if (item.sku) return { ok: false, message: t('scanner.says.scanThisSku', { sku: item.sku }), wrongSku: false }
    if (open.packed[index]! >= item.qty) return { ok: false, message: t('scanner.says.tickedAlready', { name: item.name }), wrongSku: false }
    return this.tick(index)
  }

  private tick(index: number): ItemResult {
    const open = this.current!
    const item = open.order.items[index]!
    open.packed[index] = open.packed[index]! + 1
    const complete = this.itemsComplete
    const ticked = item.qty > 1 ? t('scanner.says.tickedOf', { name: item.name, packed: open.packed[index]!, qty: item.qty }) : t('scanner.says.ticked', { name: item.name })
    return { ok: true, message: complete ? t('scanner.says.allTicked', { ticked }) : ticked, complete }
  }

  /** "Ship without checking items": allowed after the operator confirmed it, and recorded. */
  overrideItemCheck(): OverrideEntry | null {
    const open = this.current
    if (!open || open.overridden) return null
    open.overridden = true
    const entry: OverrideEntry = { at: (this.deps.now?.() ?? new Date()).toISOString(), orderId: open.order.ID, number: open.order.number }
    this.overrides.push(entry)
    this.deps.recordOverride(entry)
    return entry
  }

  /** What needs an explicit confirmation before this number goes out (tracking-policy.ts): its format, or another order using it. */
  async trackingWarnings(raw: string): Promise<TrackingWarning[]> {
    const open = this.current
    const trackno = normalizeTrackingNumber(raw)
    const own = numberFindings(trackno)
    if (own.some((f) => f.kind === 'invalid')) return own
    const others = new Map<number, string>()
    for (const d of this.done) if (sameSku(d.trackno, trackno) && d.order.ID !== open?.order.ID) others.set(d.order.ID, d.order.number)
    for (const o of await this.deps.ordersUsingTracking(trackno, open?.order.ID ?? -1)) others.set(o.ID, o.number)
    const duplicates = duplicateFinding(trackno, { number: open?.order.number ?? '' }, [...others.values()].map((number) => ({ number })))
    return [...own, ...duplicates]
  }

  /**
   * Queues the tracking of the open order. A warning not in `confirmed` (tracking-policy.ts
   * findingKey) stops it and is returned for the operator to confirm; the same call with those
   * confirmed goes through. Just before queueing, the order is read again (the cache, and the
   * store where online): one that changed meanwhile (fulfilled elsewhere, cancelled) is stopped,
   * named with what changed, and leaves the queue; nothing is queued for it.
   */
  async submit(raw: string, carrier: string, sendEmail: boolean, confirmed: readonly string[] = []): Promise<SubmitResult> {
    const open = this.current
    if (!open) return { ok: false, message: t('scanner.says.openFirst') }
    if (!this.trackingAllowed) return { ok: false, message: t('scanner.says.tickFirst', { number: open.order.number }) }
    const problem = trackingNumberError(raw)
    if (problem) return { ok: false, message: problem }
    const pending = unconfirmed(await this.trackingWarnings(raw), confirmed)
    if (pending.length > 0) return { ok: false, message: saySentences(pending.map((w) => w.message)), confirm: pending }
    const stopped = await this.changedSinceOpened(open)
    if (this.current !== open) return { ok: false, message: t('scanner.says.openChanged') }
    if (stopped) {
      const queued = this.queue.indexOf(open.order.ID)
      if (queued !== -1) this.queue.splice(queued, 1)
      this.current = null
      this.stopped.push(stopped)
      return { ok: false, message: stopped, stopped: true }
    }
    const body = trackBody({ trackno: raw, carrier, sendEmail })
    const handle = await this.deps.track(open.order.ID, body, `#${open.order.number}`)
    const entry: ScannedEntry = { order: open.order, trackno: body.trackno, carrier: body.logistics_company ?? '', handle, packed: [...open.packed], overridden: open.overridden }
    this.done.push(entry)
    const queued = this.queue.indexOf(open.order.ID)
    if (queued !== -1) this.queue.splice(queued, 1)
    this.current = null
    return { ok: true, entry }
  }

  /** Why the open order may not be tracked any more (read again now), or null when it still ships. */
  private async changedSinceOpened(open: OpenOrder): Promise<string | null> {
    const { order, fromStore, storeChecked } = await this.deps.recheck(open.order.ID)
    const rules = this.options().rules
    const n = open.order.number
    if (storeChecked && !fromStore) return t('scanner.stop.gone', { number: n })
    const now = [fromStore, order].find((o) => o && shipBlocker(o.state, rules))
    if (!now) return null
    const blocker = shipBlocker(now.state, rules)!
    if (blocker === 'fulfilled') return t('scanner.stop.fulfilled', { number: n, trackno: now.trackno || t('scanner.noTrackingNumber') })
    return changedSinceMessage(n, blocker, 'opened')
  }

  /** Undoes the last submission: its order opens again (items as they were ticked) if its write was not sent yet. */
  async undo(): Promise<UndoResult> {
    const last = this.done[this.done.length - 1]
    if (!last) return { ok: false, message: t('scanner.says.nothingToUndo') }
    const outcome = await this.deps.withdraw(last.handle)
    if (outcome === 'already-sent') {
      return { ok: false, message: t('scanner.says.alreadySent', { number: last.order.number }) }
    }
    this.done.pop()
    this.undone.push(last)
    this.queue.unshift(last.order.ID)
    this.current = { order: last.order, packed: [...last.packed], overridden: last.overridden, storeChecked: false }
    return { ok: true, order: last.order }
  }
}

export type Tone = 'ok' | 'error' | 'wrong-item'

/**
 * A short tone through WebAudio (silent where audio is unavailable): high for done, low for
 * a refusal, two low pulses for a wrong item, so the packer hears which without looking.
 */
export function beep(tone: Tone): void {
  const Ctx = globalThis.AudioContext
  if (!Ctx) return
  try {
    const ctx = new Ctx()
    const gain = ctx.createGain()
    gain.gain.value = 0.08
    gain.connect(ctx.destination)
    const pulses: [frequency: number, start: number, length: number][] =
      tone === 'ok' ? [[880, 0, 0.08]] : tone === 'error' ? [[220, 0, 0.25]] : [[160, 0, 0.15], [160, 0.22, 0.15]]
    let last: OscillatorNode | null = null
    for (const [frequency, start, length] of pulses) {
      const osc = ctx.createOscillator()
      osc.type = tone === 'wrong-item' ? 'square' : 'sine'
      osc.frequency.value = frequency
      osc.connect(gain)
      osc.start(ctx.currentTime + start)
      osc.stop(ctx.currentTime + start + length)
      last = osc
    }
    if (last) last.onended = () => void ctx.close()
  } catch {
    // Audio is a nicety: the message on screen carries the same information.
  }
}
