// The order list's data: the IDs answering the current query (from the cache's indexes,
// live as sync and optimistic writes land), and the rows of the visible window only.
// While the cache's first full sync has not completed, the same query is also asked of the
// store (paged) so the operator sees every matching order, not just the ones cached so far.
// Large arrays are marked raw: 100,000 IDs or order objects never become Vue proxies.
import { computed, markRaw, ref, shallowRef, watch, type Ref } from 'vue'
import { watchDebounced } from '@vueuse/core'
import type { Order } from '@common/store-api/resources'
import { api } from '@/bridge'
import { useConnectionsStore } from '@/app/connections-store'
import { useReachabilityStore } from '@/app/reachability-store'
import { useLiveQuery, type CachedOrder } from '@/data'
import { orderIdsForQuery, toOrdersListParams, type OrderQuery } from './order-query'

export const STORE_PAGE_SIZE = 100

export function useOrderList(query: Ref<OrderQuery>) {
  const connections = useConnectionsStore()
  const reachability = useReachabilityStore()

  // undefined until the cache answered; null when no sync of orders has started yet.
  const syncState = useLiveQuery((db) => db.syncState.get('orders').then((s) => s ?? null), [], undefined)
  const cacheComplete = computed(() => syncState.value?.complete === true)

  const cachedIds = useLiveQuery(async (db) => markRaw(await orderIdsForQuery(db.orders, query.value)), [query], null as number[] | null)

  // ---------------------------------------------------------------- the store, while the cache fills
  const storeOrders = shallowRef<Order[] | null>(null)
  const storeTotal = ref(0)
  const storePage = ref(0)
  const storeLoading = ref(false)
  const storeError = ref<string | null>(null)
  let generation = 0

  async function fetchStorePage(page: number) {
    const connectionId = connections.activeId
    if (!connectionId) return
    const mine = ++generation
    storeLoading.value = true
    storeError.value = null
    try {
      const result = await api.store.call(connectionId, 'orders.list', { query: toOrdersListParams(query.value, page, STORE_PAGE_SIZE) })
      if (mine !== generation) return
      const rows = result.data.map((o) => markRaw(o))
      storeOrders.value = markRaw(page === 1 ? rows : [...(storeOrders.value ?? []), ...rows])
      storeTotal.value = result.meta.total
      storePage.value = page
    } catch (error) {
      if (mine !== generation) return
      storeError.value = error instanceof Error ? error.message : String(error)
    } finally {
      if (mine === generation) storeLoading.value = false
    }
  }

  const askStore = computed(() => syncState.value !== undefined && !cacheComplete.value && reachability.online !== false)
  watchDebounced(
    [query, askStore, () => connections.activeId],
    () => {
      if (askStore.value) void fetchStorePage(1)
      else {
        generation++
        storeOrders.value = null
        storeLoading.value = false
      }
    },
    { debounce: 200, immediate: true, deep: true },
  )

  function loadMoreFromStore() {
    if (!storeLoading.value && storeOrders.value && storeOrders.value.length < storeTotal.value) void fetchStorePage(storePage.value + 1)
  }

  /** Where the list comes from right now. */
  const source = computed<'cache' | 'store'>(() => (storeOrders.value && askStore.value ? 'store' : 'cache'))
  const ids = computed<number[]>(() => (source.value === 'store' ? markRaw((storeOrders.value ?? []).map((o) => o.ID)) : (cachedIds.value ?? [])))
  const total = computed(() => (source.value === 'store' ? storeTotal.value : ids.value.length))

  // ---------------------------------------------------------------- the visible window
  const windowStart = ref(0)
  const windowSize = ref(60)
  const windowIds = computed(() => ids.value.slice(windowStart.value, windowStart.value + windowSize.value))
  const cachedWindow = useLiveQuery(
    async (db) => {
      const rows = await db.orders.bulkGet(windowIds.value)
      return markRaw(new Map(rows.filter((r): r is CachedOrder => !!r).map((r) => [r.ID, markRaw(r)])))
    },
    [windowIds],
    markRaw(new Map<number, CachedOrder>()),
  )
  const storeById = computed(() => markRaw(new Map((storeOrders.value ?? []).map((o) => [o.ID, o]))))

  /** A row to render: the cached copy (it carries local changes) or the store's. */
  function row(id: number): (Order & { pending?: boolean }) | undefined {
    return cachedWindow.value.get(id) ?? storeById.value.get(id)
  }

  function setWindow(start: number, size: number) {
    windowStart.value = Math.max(0, start)
    windowSize.value = Math.max(1, size)
  }

  watch(query, () => setWindow(0, windowSize.value), { deep: true })

  return {
    ids,
    total,
    source,
    loading: computed(() => (source.value === 'store' ? storeOrders.value === null : cachedIds.value === null)),
    cacheComplete,
    storeError,
    storeHasMore: computed(() => source.value === 'store' && (storeOrders.value?.length ?? 0) < storeTotal.value),
    loadMoreFromStore,
    row,
    setWindow,
  }
}
