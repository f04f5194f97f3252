// The write an order dialog queues when the operator confirms: busy while it is queued, and
// the reason in words when it could not be (the dialog stays open to show it).
import { ref } from 'vue'
import { useStoreDatabase, type StoreDatabase } from '@/data'
import { failureWords } from '@/ui/error-words'

export function useQueuedWrite() {
  const db = useStoreDatabase()
  const busy = ref(false)
  const error = ref<string | null>(null)

  async function run(write: (database: StoreDatabase) => Promise<void>) {
    const database = db.value
    if (!database) return
    busy.value = true
    error.value = null
    try {
      await write(database)
    } catch (e) {
      error.value = failureWords(e)
    } finally {
      busy.value = false
    }
  }

  return { busy, error, run }
}
