// The tags and notes of orders as screens read them, live from the cache (data/order-meta: the
// store's values with the unsent edits applied): every order's tags at once (the order list's
// chips and filter, the suggestions), one order's tags and note, and the step before the first
// edit: the app's field on the store, proposed to the user (with what it means) when missing,
// or turned on again with their consent when the store has it turned off.
import { computed, markRaw, onScopeDispose, toValue, type MaybeRefOrGetter } from 'vue'
import { useDialog } from 'naive-ui'
import { enableOrderField, orderFieldState, proposeOrderField, readAllOrderTags, readOrderMeta, useLiveQuery, useStoreDatabase, type OrderMeta, type OrderMetaKind } from '@/data'
import { tagsInUse } from './tag-filter'

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

const FIELD_WORDS: Record<OrderMetaKind, { what: string; name: string }> = {
  tags: { what: 'tags', name: 'Tags (Storedesk), storedesk.tags' },
  note: { what: 'internal notes', name: 'Internal note (Storedesk), storedesk.note' },
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
        negativeText: 'Not now',
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
    const { what, name } = FIELD_WORDS[kind]
    if (found.state === 'ready') return true
    if (found.state === 'missing') {
      const yes = await ask(
        `Keep order ${what} on the store?`,
        `Storedesk keeps order ${what} in a meta field on your store’s orders, “${name}”, so every desk connected to this store sees them. ` +
          `Any app that can read your orders can read them too; customers never see them. Add this field to the store?`,
        'Add the field',
      )
      if (yes) await proposeOrderField(db, kind)
      return yes
    }
    const yes = await ask(
      `Turn the ${what} field back on?`,
      `The meta field “${found.field.name}” is turned off on the store, so no ${what} can be saved to it. Turn it on again (every desk uses it)?`,
      'Turn it on',
    )
    if (yes) await enableOrderField(db, found.field)
    return yes
  }

  return { ensure }
}
