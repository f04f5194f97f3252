// How screens read the cache: `useStoreDatabase()` follows the active connection, and
// `useLiveQuery()` runs a Dexie liveQuery against it, re-running when the rows it read change
// (sync landing, an optimistic write) and re-subscribing when its inputs or the active store
// change. Dexie's liveQuery is subscribed to directly: this is the one bridge between an
// observable and Vue, too small to need rxjs.
import { liveQuery, type Subscription } from 'dexie'
import { computed, getCurrentScope, onScopeDispose, ref, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type Ref, type WatchSource } from 'vue'
import { useConnectionsStore } from '@/session/connections-store'
import { storeDatabase, type StoreDatabase } from './db'
import { useOfflineData } from './install'

/** The active connection's database, or null when no store is connected. Follows store switches. */
export function useStoreDatabase(): ComputedRef<StoreDatabase | null> {
  useOfflineData()
  const connections = useConnectionsStore()
  return computed(() => (connections.activeId ? storeDatabase(connections.activeId) : null))
}

/**
 * A reactive result of `query(db)` on the active store's cache. It is `initial` until the
 * first answer, and `initial` again while no store is connected. `deps` are the query's other
 * inputs (filters, an id from the route): when one changes the query runs again.
 *
 *   const orders = useLiveQuery((db) => db.orders.orderBy('post_date').reverse().limit(50).toArray(), [], [])
 */
export function useLiveQuery<T, I = undefined>(
  query: (db: StoreDatabase) => Promise<T> | T,
  deps: WatchSource[] | MaybeRefOrGetter<unknown>[] = [],
  initial?: I,
  database: MaybeRefOrGetter<StoreDatabase | null> = useStoreDatabase(),
): Readonly<Ref<T | I>> {
  const result = ref(initial) as Ref<T | I>
  let subscription: Subscription | null = null
  // Synchronous: once an input changes, no answer to the old one reaches the screen.
  watch(
    [() => toValue(database), ...deps.map((d) => () => toValue(d as MaybeRefOrGetter<unknown>))],
    () => {
      subscription?.unsubscribe()
      subscription = null
      const db = toValue(database)
      if (!db) {
        result.value = initial as I
        return
      }
      subscription = liveQuery(() => query(db)).subscribe({
        next: (value) => (result.value = value),
        error: (error: unknown) => console.error('A cached read failed:', error),
      })
    },
    { flush: 'sync', immediate: true },
  )
  if (getCurrentScope()) onScopeDispose(() => subscription?.unsubscribe())
  return result
}
