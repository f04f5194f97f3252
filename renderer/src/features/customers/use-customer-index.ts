// The customer index (data/customers) of the active store's cache as reactive state: the index,
// a version bumped whenever it loads, changes or is dropped, and whether it is ready. The list
// and the customer page share one index per store.
import { computed, shallowRef, watch } from 'vue'
import { customerIndexFor, useStoreDatabase } from '@/data'

export function useCustomerIndex() {
  const database = useStoreDatabase()
  const version = shallowRef(0)
  const index = computed(() => {
    void version.value // a dropped index (its database closed) is replaced on next use
    return database.value ? customerIndexFor(database.value) : null
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
  return { index, version, ready, database }
}
