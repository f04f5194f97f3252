// How screens read the cache: `useStoreDatabase()` follows the active connection, and
// `useLiveQuery()` runs a Dexie liveQuery against it, re-running when the rows it read change
// (sync landing, an optimistic write) and re-subscribing when its inputs or the active store
// change. Built on Dexie's liveQuery + rxjs `from` + @vueuse/rxjs `useObservable`.
import { liveQuery } from 'dexie'
import { useObservable } from '@vueuse/rxjs'
import { from, Observable, of, switchMap } from 'rxjs'
import { computed, shallowRef, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type Ref, type WatchSource } from 'vue'
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
  const inputs = shallowRef(0)
  watch([() => toValue(database), ...deps.map((d) => () => toValue(d as MaybeRefOrGetter<unknown>))], () => inputs.value++, { flush: 'sync' })
  const source: Observable<T | I> = toObservable(inputs).pipe(
    switchMap(() => {
      const db = toValue(database)
      return db ? from(liveQuery(() => query(db))) : of(initial as I)
    }),
  )
  return useObservable<T | I, I>(source, { initialValue: initial, onError: (error) => console.error('A cached read failed:', error) })
}

/** An observable of a ref's values: its current value first, then every change. */
function toObservable<T>(r: Ref<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    subscriber.next(r.value)
    const stop = watch(r, (value) => subscriber.next(value), { flush: 'sync' })
    return () => stop()
  })
}
