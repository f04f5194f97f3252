// Figure 1 in the page: the data layer's first sync into a fresh cache, and its baselines.
import Dexie from 'dexie'
import type { Order } from '@common/store-api/resources'
import type { OperationParams } from '@common/store-api/operations'
import { StoreDatabase } from '@/data/db'
import { ORDER_INDEX_BLOCKS } from '@/data/order-index/order-index-blocks'
import { orderIndexRow } from '@/data/order-index/order-index-row'
import { packOrder } from '@/data/order-store/compact-order'
import { ORDER_PAGE_SIZE, syncResource } from '@/data/sync'
import type { StoreCall } from '@/data/store-client'
import { call, fetched, timed } from './store'

/**
 * Figure 1: the data layer's resumable first sync of orders into a fresh cache. `fromMemory`
 * answers the store's pages from those fetched beforehand: the same sync and writes with the
 * network and the host taken out (what the cache's writes alone cost). `keep` leaves the
 * database for the runner to weigh on disk (dropDatabase deletes it then).
 */
export async function firstSync(name: string, fromMemory = false, keep = false): Promise<{ ms: number; count: number }> {
  const memoryCall: StoreCall = async (operation, params) => {
    const page = (params as OperationParams<'orders.list'>).query?.page ?? 1
    if (operation !== 'orders.list' || !fetched.pages[page - 1]) throw new Error(`${operation} page ${page} was not fetched beforehand`)
    return fetched.pages[page - 1] as never
  }
  const db = new StoreDatabase(name)
  await db.delete()
  await db.open()
  const { ms } = await timed(() => syncResource(db, fromMemory ? memoryCall : call, 'orders'))
  const count = await db.orders.count()
  db.close()
  if (!keep) await Dexie.delete(db.name)
  return { ms, count }
}

/** Opens an existing database at its current version, without Dexie. */
function openRaw(name: string): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/**
 * Figure 1's baseline: the same work as the first sync by the smallest code that does it. The
 * same pages through the same transport and host (parsed by the same fetch), put into the same
 * schema (a fresh StoreDatabase's object stores and indexes) with raw IndexedDB: per page, one
 * transaction putting its orders (packed as the cache packs them) and the block of their index rows the cache keeps beside them
 * (db.ts), started as the page arrives and not waited for before the next page is asked for.
 */
export async function minimalSync(name: string, keep = false): Promise<{ ms: number; count: number }> {
  const schema = new StoreDatabase(name)
  await schema.delete()
  await schema.open()
  schema.close()
  const db = await openRaw(schema.name)
  let count = 0
  const put = (orders: Order[]) =>
    new Promise<void>((resolve, reject) => {
      // Relaxed, as the app's sync commits (renderer/src/data/sync-durability.ts).
      const tx = db.transaction(['orders', ORDER_INDEX_BLOCKS], 'readwrite', { durability: 'relaxed' })
      const store = tx.objectStore('orders')
      // In the cache's compact layout (order-store/compact-order.ts), as the app stores them.
      for (const order of orders) store.put(packOrder(order))
      tx.objectStore(ORDER_INDEX_BLOCKS).add({ rows: orders.map(orderIndexRow), deleted: [] })
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
    })
  const { ms } = await timed(async () => {
    const writes: Promise<void>[] = []
    for (let page = 1; ; page++) {
      const result = await call('orders.list', { query: { page, page_size: ORDER_PAGE_SIZE, sort: '-modified_date' } })
      writes.push(put(result.data))
      count += result.data.length
      if (page >= result.meta.last_page || result.data.length === 0) break
    }
    await Promise.all(writes)
  })
  db.close()
  if (!keep) await Dexie.delete(schema.name)
  return { ms, count }
}

/** Deletes a database a sync above kept (`keep`: left for the runner to weigh on disk). */
export async function dropDatabase(name: string): Promise<void> {
  await Dexie.delete(name)
}

/**
 * Figure 1's reference row: the same orders written by one raw IndexedDB transaction (the storage
 * limit). With `cacheIndexes`, into an object store with the cache's own order indexes (read from
 * StoreDatabase's schema): what the schema costs, apart from the app's code.
 */
export async function rawBulkWrite(name: string, cacheIndexes = false): Promise<{ ms: number; count: number; indexes: number }> {
  await Dexie.delete(name)
  const indexes = cacheIndexes ? new StoreDatabase(name).orders.schema.indexes : []
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, 1)
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore('orders', { keyPath: 'ID' })
      for (const index of indexes) store.createIndex(index.name, index.keyPath!)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const { ms } = await timed(
    () =>
      new Promise<void>((resolve, reject) => {
        const tx = db.transaction('orders', 'readwrite', { durability: 'relaxed' })
        const store = tx.objectStore('orders')
        for (const order of fetched.orders) store.put(order)
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      }),
  )
  db.close()
  await Dexie.delete(name)
  return { ms, count: fetched.orders.length, indexes: indexes.length }
}

