// Figure 9 in the page: the ways of storing an order the cache could use, each written into a
// fresh raw IndexedDB database of its own from the same 10,000 orders (fetched beforehand),
// then read back one order at a time as the order page does.
import Dexie from 'dexie'
import type { Order } from '@common/store-api/resources'
import { DROPPED_ORDER_FIELDS, packOrder, unpackOrder, type StoredOrder } from '@/data/order-store/compact-order'
import { fetched } from './store'

/**
 * `full`: the order as the store sends it (the cache's layout before the compact one);
 * `trimmed`: the same object without the fields nothing reads (structured clone);
 * `stream`: the trimmed order's JSON through CompressionStream('deflate-raw'), one per order;
 * `page`: a page of 250 trimmed orders' JSON through CompressionStream, one record per page;
 * `dictionary`: the cache's layout (compact-order.ts: fflate's raw DEFLATE with a preset dictionary).
 */
export type StorageLayout = 'full' | 'trimmed' | 'stream' | 'page' | 'dictionary'

const PAGE = 250

function trimmed(order: Order): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...order }
  for (const field of DROPPED_ORDER_FIELDS) delete kept[field]
  return kept
}

async function deflateRaw(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

async function inflateRaw(bytes: Uint8Array): Promise<string> {
  return new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text()
}

function openStore(name: string, paged: boolean): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1)
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore('orders', { keyPath: paged ? 'page' : 'ID' })
      // The cache's two order indexes (db.ts) where each record is an order.
      if (!paged) for (const index of ['number', 'post_date']) store.createIndex(index, index)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function put(db: IDBDatabase, values: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('orders', 'readwrite', { durability: 'relaxed' })
    const store = tx.objectStore('orders')
    for (const value of values) store.put(value)
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
  })
}

function get(db: IDBDatabase, key: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = db.transaction('orders').objectStore('orders').get(key)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** One page of orders as `layout` stores it. */
async function encode(layout: StorageLayout, orders: Order[], page: number): Promise<unknown[]> {
  switch (layout) {
    case 'full':
      return orders
    case 'trimmed':
      return orders.map(trimmed)
    case 'stream':
      return Promise.all(orders.map(async (o) => ({ ID: o.ID, number: o.number, post_date: o.post_date, packed: await deflateRaw(JSON.stringify(trimmed(o))) })))
    case 'page':
      return [{ page, ids: orders.map((o) => o.ID), packed: await deflateRaw(JSON.stringify(orders.map(trimmed))) }]
    case 'dictionary':
      return orders.map((o) => packOrder(o))
  }
}

/** One order read back whole, as the order page reads it. */
async function readOrder(layout: StorageLayout, db: IDBDatabase, index: number): Promise<unknown> {
  const order = fetched.orders[index]!
  switch (layout) {
    case 'full':
    case 'trimmed':
      return get(db, order.ID)
    case 'stream':
      return JSON.parse(await inflateRaw(((await get(db, order.ID)) as StoredOrder).packed))
    case 'page':
      return (JSON.parse(await inflateRaw(((await get(db, Math.floor(index / PAGE))) as StoredOrder).packed)) as Order[]).find((o) => o.ID === order.ID)
    case 'dictionary':
      return unpackOrder((await get(db, order.ID)) as StoredOrder)
  }
}

/**
 * Writes every fetched order in `layout` into database `name`, a page of 250 per transaction as
 * the sync writes them; answers the time to encode them alone, to encode and write them, the
 * bytes of the packed values (0 for object layouts: their size is the structured clone's), and
 * the p95 of 200 single-order reads. The database is left for the runner to weigh on disk.
 */
export async function writeLayout(name: string, layout: StorageLayout): Promise<{ count: number; encodeMs: number; writeMs: number; packedBytes: number; readP95: number }> {
  await Dexie.delete(name)
  const db = await openStore(name, layout === 'page')
  const orders = fetched.orders
  let encodeMs = 0
  let packedBytes = 0
  const started = performance.now()
  const writes: Promise<void>[] = []
  for (let i = 0; i < orders.length; i += PAGE) {
    const t = performance.now()
    const values = await encode(layout, orders.slice(i, i + PAGE), i / PAGE)
    encodeMs += performance.now() - t
    for (const value of values) packedBytes += (value as { packed?: Uint8Array }).packed?.byteLength ?? 0
    writes.push(put(db, values))
  }
  await Promise.all(writes)
  const writeMs = performance.now() - started
  const reads: number[] = []
  for (let i = 0; i < 200; i++) {
    const t = performance.now()
    await readOrder(layout, db, (i * 7919) % orders.length)
    reads.push(performance.now() - t)
  }
  reads.sort((a, b) => a - b)
  db.close()
  return { count: orders.length, encodeMs, writeMs, packedBytes, readP95: reads[Math.ceil(reads.length * 0.95) - 1]! }
}
