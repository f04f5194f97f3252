// The Sync page's "Cached data" rows: each resource's sync state and how many rows the cache
// holds, read in one transaction when the page opens, every second while a sync runs, when it
// ends, and on request (after Clear cache). Not a live query: a sync commits a slice of orders
// every few milliseconds, and a live query over every table re-ran (counting up to 100,000
// orders) on each commit; 1.5 s into a first sync it had still not answered.
import { shallowRef, watch, type Ref } from 'vue'
import { useIntervalFn } from '@vueuse/core'
import { countOrdersWithMeta, SYNC_RESOURCES, useStoreDatabase, type StoreDatabase, type SyncResource, type SyncState, type SyncStatus } from '@/data'

export interface ResourceRow {
  resource: SyncResource
  cached: number
  state: SyncState | undefined
}

/** How often the rows are read again while a sync runs. */
export const CACHED_ROWS_REFRESH_MS = 1000

/**
 * The rows of each resource the cache holds of the store's, beside what the store reported: a
 * post, collection or meta field created here counts once the store has it (its storeId), so a
 * create waiting to be sent (or refused) never makes the cache look bigger than the store.
 */
export async function readCachedRows(db: StoreDatabase): Promise<ResourceRow[]> {
  return db.transaction('r', [db.syncState, db.orders, db.checkouts, db.blogs, db.collections, db.metaFieldDefinitions, db.metaFieldValues], async () => {
    const states = new Map((await db.syncState.toArray()).map((s) => [s.resource, s]))
    const counts: Record<SyncResource, number> = {
      orders: await db.orders.count(),
      checkouts: await db.checkouts.count(),
      blogs: await db.blogs.where('storeId').above(0).count(),
      collections: await db.collections.where('storeId').above(0).count(),
      metaFields: await db.metaFieldDefinitions.where('storeId').above(0).count(),
      orderMeta: await countOrdersWithMeta(db),
    }
    return SYNC_RESOURCES.map((resource) => ({ resource, cached: counts[resource], state: states.get(resource) }))
  })
}

export function useCachedRows(status: Ref<SyncStatus | null>) {
  const database = useStoreDatabase()
  const rows = shallowRef<ResourceRow[]>([])
  let reading = 0

  async function refresh() {
    const db = database.value
    const mine = ++reading
    if (!db) return void (rows.value = [])
    try {
      const read = await readCachedRows(db)
      if (mine === reading) rows.value = read
    } catch (error) {
      // A store switched or disconnected under the read: the next one answers.
      if (mine === reading) console.error('The cached data could not be read:', error)
    }
  }

  const timer = useIntervalFn(() => void refresh(), CACHED_ROWS_REFRESH_MS, { immediate: false })
  watch(
    [database, () => status.value?.syncing ?? false],
    ([, syncing]) => {
      if (syncing) timer.resume()
      else timer.pause()
      void refresh()
    },
    { immediate: true },
  )

  return { rows, refresh }
}
