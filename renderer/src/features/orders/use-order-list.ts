// The order list's data: the IDs answering the current query (from the in-memory order index,
// order-index.ts, live as sync and optimistic writes land), and the rows of the visible window
// only. Until the index has loaded, an unfiltered list shows its first window straight from the
// cache's sort index. While the cache's first full sync has not completed, the same query is
// also asked of the store (paged) so the operator sees every matching order, not just the ones
// cached so far. Large arrays are marked raw: 100,000 IDs or order objects never become Vue proxies.
import { computed, markRaw, ref, shallowRef, watch, type Ref } from 'vue'
import { watchDebounced } from '@vueuse/core'
import type { Order } from '@common/store-api/resources'
import { api } from '@/bridge'
import { useConnectionsStore } from '@/session/connections-store'
import { useReachabilityStore } from '@/session/reachability-store'
import { useLiveQuery, useStoreDatabase, type CachedOrder, toOrdersListParams, type OrderQuery, firstWindowFromCache } from '@/data'
import { useOrderIndex } from './use-order-index'
import { useOrderTagIndex, withTags } from '@/features/tags'
import { failureWords } from '@/ui/error-words'

export const STORE_PAGE_SIZE = 100
/** Rows shown from the cache's sort index while the order index loads (a screenful and more). */
export const FIRST_WINDOW = 60

/** Runs `task` once the next frame has been painted (or soon, where frames are paused: a hidden window). */
function afterNextPaint(task: () => void) {
  let done = false
  const once = () => {
    if (done) return
    done = true
    task()
  }
  requestAnimationFrame(() => setTimeout(once))
  setTimeout(once, 250)
}

export function useOrderList(query: Ref<OrderQuery>) {
  const connections = useConnectionsStore()
  const reachability = useReachabilityStore()
  const database = useStoreDatabase()

  // undefined until the cache answered; null when no sync of orders has started yet.
  const syncState = useLiveQuery((db) => db.syncState.get('orders').then((s) => s ?? null), [], undefined)
  const cacheComplete = computed(() => syncState.value?.complete === true)

  // ---------------------------------------------------------------- the cache's answer
  /**
   * Whether this list may start loading the order index: once its first window is on screen
   * (those few reads and that render come first), or at once when there is no window to show.
   * An index already loaded (an earlier visit) is used straight away.
   */
  const indexWanted = ref(false)
  const { index, version: indexVersion, ready: indexReady } = useOrderIndex(database, indexWanted)
  const { index: tagIndex } = useOrderTagIndex()
  /** The index's answer, narrowed to the query's tags (which the order index does not hold). */
  const fromIndex = (current: NonNullable<typeof index.value>, q: OrderQuery) => withTags(current.query(q), q.tags, tagIndex.value)
  /** undefined until the cache answered; null when the query needs the index (a filter, a search). */
  const firstRows = useLiveQuery(
    async (db) => {
      if (indexReady.value || query.value.tags?.length) return null
      const rows = await firstWindowFromCache(db.orders, query.value, FIRST_WINDOW)
      return rows && markRaw(rows.map((r) => markRaw(r)))
    },
    [query, indexReady],
    undefined as CachedOrder[] | null | undefined,
  )
  const firstIds = computed(() => (firstRows.value ? markRaw(firstRows.value.map((o) => o.ID)) : firstRows.value))
  /** The first window's rows, read with their IDs: the first row needs no second read. */
  const firstById = computed(() => markRaw(new Map((firstRows.value ?? []).map((o) => [o.ID, o]))))
  const cachedIds = computed<number[] | null>(() => {
    void indexVersion.value
    const current = index.value
    if (current?.state === 'ready') return markRaw(fromIndex(current, query.value))
    return firstIds.value ?? null
  })

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
      storeError.value = failureWords(error)
    } finally {
      if (mine === generation) storeLoading.value = false
    }
  }

  // The store knows no tags: a tag filter is answered from the cache alone.
  const askStore = computed(() => syncState.value !== undefined && !cacheComplete.value && reachability.online !== false && !query.value.tags?.length)
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

  // The first window's rows come with its IDs: once they are answered (or there is no window
  // without the index), the index may load after the next paint.
  watch(
    firstRows,
    (first) => {
      if (first === undefined || indexWanted.value) return
      afterNextPaint(() => (indexWanted.value = true))
    },
    { immediate: true },
  )

  /** A row to render: the cached copy (it carries local changes) or the store's. */
  function row(id: number): (Order & { pending?: boolean }) | undefined {
    return cachedWindow.value.get(id) ?? firstById.value.get(id) ?? storeById.value.get(id)
  }

  /** The IDs a query answers now, from the order index (null until it has loaded): what a bulk action runs on. */
  function answer(q: OrderQuery): number[] | null {
    const current = index.value
    return current?.state === 'ready' ? fromIndex(current, q) : null
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
    /** Whether `ids` is the whole answer (false while only the first window is known). */
    complete: computed(() => (source.value === 'store' ? true : indexReady.value)),
    cacheComplete,
    storeError,
    storeHasMore: computed(() => source.value === 'store' && (storeOrders.value?.length ?? 0) < storeTotal.value),
    loadMoreFromStore,
    row,
    /** An order's tags as shown (the cache's, with unsent edits). */
    tagsOf: (id: number): readonly string[] => tagIndex.value.get(id) ?? [],
    answer,
    setWindow,
  }
}
