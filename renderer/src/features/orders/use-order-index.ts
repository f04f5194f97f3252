// The order index (data/order-index) of the active store's cache as reactive state: which index,
// a version bumped whenever it loads, changes or is dropped, and whether it is ready. Shared by
// the order list (which starts the load only once its first window is painted) and the
// dashboard (which reads every order's facts from it).
import type { Ref } from 'vue'
import { type StoreDatabase, existingOrderIndex, orderIndexFor, type OrderIndex } from '@/data'
import { useLiveIndex, type UseLiveIndex } from '@/ui/use-live-index'

export type UseOrderIndex = UseLiveIndex<OrderIndex>

/** `wanted`: whether this screen may start loading the index (one already loaded is used either way). */
export function useOrderIndex(database: Ref<StoreDatabase | null>, wanted: Ref<boolean>): UseOrderIndex {
  return useLiveIndex(() => {
    const db = database.value
    if (!db) return null
    return wanted.value ? orderIndexFor(db) : (existingOrderIndex(db) ?? null)
  })
}
