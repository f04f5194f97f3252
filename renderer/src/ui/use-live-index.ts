// An in-memory index of the cache (the order index, the customer index) as reactive state: the
// index `pick` names now, a version bumped whenever it loads, changes or is dropped (what an
// answer from it depends on), and whether it is ready. A dropped index (its database closed) is
// replaced on next use, because `pick` runs again with the version.
import { computed, shallowRef, watch, type ComputedRef, type Ref } from 'vue'

/** What an index offers to be watched: a listener called on every change, and its load state. */
export interface LiveIndex {
  subscribe(listener: () => void): () => void
  readonly state: string
}

export interface UseLiveIndex<I extends LiveIndex> {
  index: ComputedRef<I | null>
  /** Bumped whenever the index loads, changes or is dropped. */
  version: Ref<number>
  ready: ComputedRef<boolean>
}

export function useLiveIndex<I extends LiveIndex>(pick: () => I | null): UseLiveIndex<I> {
  const version = shallowRef(0)
  const index = computed(() => {
    void version.value
    return pick()
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
