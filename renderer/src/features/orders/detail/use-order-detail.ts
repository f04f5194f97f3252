// The order page's data, read through the cache like every other screen: the cached order at
// once (offline too), its unsent and stopped writes, and its write history; then, while the
// store answers, the order read again in the background (refreshOrder keeps a row an unsent
// write holds). An order not cached yet waits for that read.
import { computed, ref, watch, type Ref } from 'vue'
import { useReachabilityStore } from '@/session/reachability-store'
import { historyFor, isOffline, pendingFor, refreshOrder, useLiveQuery, useStoreDatabase, type CachedOrder, type OutboxEntry, type WriteEvent } from '@/data'
import { failureWords } from '@/ui/error-words'

export type StoreRead = 'idle' | 'reading' | 'done' | 'offline' | 'failed'

export function useOrderDetail(orderId: Ref<number>) {
  const database = useStoreDatabase()
  const reachability = useReachabilityStore()
  const cached = useLiveQuery((db) => db.orders.get(orderId.value).then((o) => o ?? null), [orderId], undefined as CachedOrder | null | undefined, database)
  const writes = useLiveQuery((db) => pendingFor(db, { family: 'orders', id: orderId.value }), [orderId], [] as OutboxEntry[], database)
  const history = useLiveQuery((db) => historyFor(db, { family: 'orders', id: orderId.value }), [orderId], [] as WriteEvent[], database)

  const storeRead = ref<StoreRead>('idle')
  const storeError = ref<string | null>(null)
  let run = 0
  async function readFromStore() {
    const db = database.value
    const id = orderId.value
    if (!db || !Number.isInteger(id) || id <= 0) return
    const mine = ++run
    storeRead.value = 'reading'
    storeError.value = null
    try {
      await refreshOrder(db, id)
      if (mine === run) storeRead.value = 'done'
    } catch (e) {
      if (mine !== run) return
      const code = e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : 'internal'
      storeRead.value = isOffline({ code }) ? 'offline' : 'failed'
      storeError.value = failureWords(e)
    }
  }
  // On opening an order, and when the store answers again after it could not be reached.
  watch([orderId, database], () => void (reachability.online === false ? (storeRead.value = 'offline') : readFromStore()), { immediate: true })
  watch(
    () => reachability.online,
    (online) => {
      if (online && (storeRead.value === 'offline' || storeRead.value === 'idle')) void readFromStore()
    },
  )

  const failedShipping = computed(() => writes.value.find((w) => w.kind === 'orders.updateShipping' && (w.state === 'failed' || w.state === 'conflict') && w.lastError))
  const failedOther = computed(() => writes.value.filter((w) => w !== failedShipping.value && (w.state === 'failed' || w.state === 'conflict')))

  return { database, cached, writes, history, storeRead, storeError, failedShipping, failedOther, readFromStore }
}
