// The customer index (data/customers) of the active store's cache as reactive state: the index,
// a version bumped whenever it loads, changes or is dropped, and whether it is ready. The list
// and the customer page share one index per store.
import { customerIndexFor, useStoreDatabase } from '@/data'
import { useLiveIndex } from '@/ui/use-live-index'

export function useCustomerIndex() {
  const database = useStoreDatabase()
  return { ...useLiveIndex(() => (database.value ? customerIndexFor(database.value) : null)), database }
}
