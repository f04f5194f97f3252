// The order index (order-index.ts) of the active store's cache as reactive state: which index,
// a version bumped whenever it loads, changes or is dropped, and whether it is ready. Shared by
// the order list (which starts the load only once its first window is painted) and the
// dashboard (which reads every order's facts from it).
import { computed, shallowRef, watch, type ComputedRef, type Ref } from 'vue'
import { type StoreDatabase, existingOrderIndex, orderIndexFor, type OrderIndex } from '@/data'

export interface UseOrderIndex {
  index: ComputedRef<OrderIndex | null>
  /** Bumped whenever the index loads, changes or is dropped: what an answer from it depends on. */
  version: Ref<number>
  ready: ComputedRef<boolean>
}

/** `wanted`: whether this screen may start loading the index (one already loaded is used either way). */
export function useOrderIndex(database: Ref<StoreDatabase | null>, wanted: Ref<boolean>): UseOrderIndex {
  const version = shallowRef(0)
  const index = computed(() => {
    void version.value // a dropped index (its database closed) is replaced on next use
    const db = database.value
    if (!db) return null
    return wanted.value ? orderIndexFor(db) : (existingOrderIndex(db) ?? null)
  })
  watch(
    index,
    (current, _, onCleanup) => {
      if (current) onCleanup(current.subscribe(() => version.value++))
    },
    { immediate: true },
  )
  const ready = computed(() => {
    void version.value
    return index.value?.state === 'ready'
  })
  return { index, version, ready }
}
