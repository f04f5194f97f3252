// The tags and notes of orders as screens read them, live from the cache (data/order-meta: the
// store's values with the unsent edits applied): every order's tags at once (the order list's
// chips and filter, the suggestions), one order's tags and note, and the step before the first
// edit: the app's field on the store, proposed to the user (with what it means) when missing,
// or turned on again with their consent when the store has it turned off.
import { computed, markRaw, onScopeDispose, toValue, type MaybeRefOrGetter } from 'vue'
import { useDialog } from 'naive-ui'
import { enableOrderField, orderFieldState, proposeOrderField, readAllOrderTags, readOrderMeta, useLiveQuery, useStoreDatabase, type OrderMeta, type OrderMetaKind } from '@/data'
import { tagsInUse } from './tag-filter'
import { t } from '@/session/i18n'

/** Every order's tags, by order ID (orders without tags left out), and every tag in use, most used first. */
export function useOrderTagIndex() {
  const index = useLiveQuery(async (db) => markRaw(await readAllOrderTags(db)), [], markRaw(new Map<number, string[]>()))
  const inUse = computed(() => tagsInUse(index.value))
  return { index, inUse }
}

/** One order's tags and note as shown (undefined until the cache answered). */
export function useOrderMeta(orderId: MaybeRefOrGetter<number>) {
  return useLiveQuery((db) => readOrderMeta(db, toValue(orderId)), [() => toValue(orderId)], undefined as OrderMeta | undefined)
}

/** The meta field's name on the store, as the app creates it (the store's words from then on). */
const FIELD_NAMES: Record<OrderMetaKind, string> = {
  tags: 'Tags (Storedesk), storedesk.tags',
  note: 'Internal note (Storedesk), storedesk.note',
}

/**
 * `ensure(kind)`: whether the app's field for tags or notes can be written now, asking the user
 * first where the store needs a change for it: a new meta field on orders (every desk and any
 * app that can read the store's orders will see the values), or the field turned on again.
 * Resolves false when the user said no.
 */
export function useOrderFieldConsent() {
  const database = useStoreDatabase()
  const dialog = useDialog()
  /** The question on screen: leaving the screen (Back included) closes it as a "not now". */
  let asking: { close: () => void } | null = null
  onScopeDispose(() => asking?.close())

  function ask(title: string, content: string, positiveText: string): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const shown = dialog.info({
        title,
        content,
        positiveText,
        negativeText: t('tags.consent.notNow'),
        onPositiveClick: () => resolve(true),
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
        onEsc: () => resolve(false),
      })
      asking = {
        close: () => {
          shown.destroy()
          resolve(false)
        },
      }
    }).finally(() => (asking = null))
  }

  async function ensure(kind: OrderMetaKind): Promise<boolean> {
    const db = database.value
    if (!db) return false
    const found = await orderFieldState(db, kind)
    if (found.state === 'ready') return true
    if (found.state === 'missing') {
      const yes = await ask(t('tags.consent.addTitle', { kind }), t('tags.consent.addText', { kind, name: FIELD_NAMES[kind] }), t('tags.consent.add'))
      if (yes) await proposeOrderField(db, kind)
      return yes
    }
    const yes = await ask(t('tags.consent.onTitle', { kind }), t('tags.consent.onText', { kind, name: found.field.name }), t('tags.consent.on'))
    if (yes) await enableOrderField(db, found.field)
    return yes
  }

  return { ensure }
}
