// The bench page (built into a temp folder by bench/run.ts, never shipped): exposes
// `window.storedeskBench`, the measurements that must run inside Chromium against the
// production modules themselves: the data layer's first sync and Dexie database, the order
// desk's cache answer (the order index the list uses), the Customers list's (customers.ts), and
// the blog editor's extension list. Each one has its baseline here too,
// so the figure and its baseline run in the same page, one after the other.
import Dexie from 'dexie'
import { Editor, type AnyExtension } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'
import type { Order } from '@common/store-api/resources'
import type { OperationParams, OperationResult } from '@common/store-api/operations'
import { createApi } from '@/bridge'
import { createHttpTransport } from '@/bridge/http-transport'
import { StoreDatabase } from '@/data/db'
import { ORDER_INDEX_BLOCKS } from '@/data/order-index/order-index-blocks'
import { ORDER_PAGE_SIZE, syncResource } from '@/data/sync'
import type { StoreCall } from '@/data/store-client'
import { answerOrderQuery, OrderQuery } from '@/data/order-index/order-query'
import { orderIndexFor, type OrderIndex } from '@/data/order-index/order-index'
import { orderIndexRow } from '@/data/order-index/order-index-row'
import { editorExtensions } from '@/features/blogs/editor/schema'
import { customerBench } from './customers'

declare global {
  interface Window {
    storedeskBench: typeof bench
    /** Chromium with --js-flags=--expose-gc (bench/run.ts). */
    gc?: () => void
  }
  interface Performance {
    /** Chromium only; exact with --enable-precise-memory-info (bench/run.ts). */
    memory?: { usedJSHeapSize: number }
  }
}

/**
 * The store, reached as the app reaches it in the browser shell: the renderer's bridge over its
 * HTTP transport (POST /ipc/invoke/store.call), answered by the web host itself (this page is
 * served on its origin, with the app's session cookie) for the connection the bench made
 * through the consent page (`useConnection`).
 */
const api = createApi(createHttpTransport())
let connectionId: string | null = null
const call: StoreCall = (operation, params) => {
  if (connectionId === null) throw new Error('no connection: call useConnection first')
  return api.store.call(connectionId, operation, params)
}

function useConnection(id: string): void {
  connectionId = id
}

let fetched: Order[] = []
/** The store's answers as the sync received them, for a sync with the network taken out. */
let fetchedPages: OperationResult<'orders.list'>[] = []
let memoryOrders: Order[] = []
let seeded: StoreDatabase | null = null
let seededIndex: OrderIndex | null = null

function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  return fn().then((value) => ({ ms: performance.now() - start, value }))
}

/**
 * The same JSON the sync receives, fetched once beforehand for the raw baseline (or `maxPages`
 * of it), one page after another; answers how many orders and pages, and the time it took (the
 * transport alone).
 */
async function fetchAllOrders(maxPages = Infinity): Promise<{ count: number; pages: number; ms: number }> {
  fetched = []
  fetchedPages = []
  const { ms } = await timed(async () => {
    for (let page = 1; page <= maxPages; page++) {
      const result = await call('orders.list', { query: { page, page_size: ORDER_PAGE_SIZE, sort: '-modified_date' } })
      fetchedPages.push(result)
      fetched.push(...result.data)
      if (page >= result.meta.last_page || result.data.length === 0) break
    }
  })
  return { count: fetched.length, pages: fetchedPages.length, ms }
}

/**
 * Figure 1: the data layer's resumable first sync of orders into a fresh cache. `fromMemory`
 * answers the store's pages from those fetched beforehand: the same sync and writes with the
 * network and the host taken out (what the cache's writes alone cost).
 */
async function firstSync(name: string, fromMemory = false): Promise<{ ms: number; count: number }> {
  const memoryCall: StoreCall = async (operation, params) => {
    const page = (params as OperationParams<'orders.list'>).query?.page ?? 1
    if (operation !== 'orders.list' || !fetchedPages[page - 1]) throw new Error(`${operation} page ${page} was not fetched beforehand`)
    return fetchedPages[page - 1] as never
  }
  const db = new StoreDatabase(name)
  await db.delete()
  await db.open()
  const { ms } = await timed(() => syncResource(db, fromMemory ? memoryCall : call, 'orders'))
  const count = await db.orders.count()
  db.close()
  await Dexie.delete(db.name)
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
 * transaction putting its orders and the block of their index rows the cache keeps beside them
 * (db.ts), started as the page arrives and not waited for before the next page is asked for.
 */
async function minimalSync(name: string): Promise<{ ms: number; count: number }> {
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
      for (const order of orders) store.put(order)
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
  await Dexie.delete(schema.name)
  return { ms, count }
}

/**
 * Figure 1's reference row: the same orders written by one raw IndexedDB transaction (the storage
 * limit). With `cacheIndexes`, into an object store with the cache's own order indexes (read from
 * StoreDatabase's schema): what the schema costs, apart from the app's code.
 */
async function rawBulkWrite(name: string, cacheIndexes = false): Promise<{ ms: number; count: number; indexes: number }> {
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
        for (const order of fetched) store.put(order)
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      }),
  )
  db.close()
  await Dexie.delete(name)
  return { ms, count: fetched.length, indexes: indexes.length }
}

/** Copies of the fetched orders with new IDs and numbers, `total` in all (100,000 for figures 2 and 3). */
function widen(total: number): Order[] {
  if (fetched.length === 0) throw new Error('fetch the orders first')
  const out: Order[] = []
  for (let i = 0; i < total; i++) {
    const source = fetched[i % fetched.length]!
    out.push({ ...source, ID: i + 1, number: String(100000 + i) })
  }
  return out
}

/** Fills a StoreDatabase with `total` orders through Dexie (the app's own database class). */
async function seedCache(name: string, total: number): Promise<number> {
  // Templates for the copies: four pages of the store's orders are enough variety. Always these
  // four, so the seeded cache does not depend on what the page fetched before.
  await fetchAllOrders(4)
  memoryOrders = widen(total)
  seeded = new StoreDatabase(name)
  await seeded.open()
  await seeded.orders.clear()
  for (let i = 0; i < memoryOrders.length; i += 5000) await seeded.orders.bulkPut(memoryOrders.slice(i, i + 5000))
  // As a completed first sync leaves it: the watermark lets the app's next sync stop at page 1
  // instead of re-reading the whole store in the background of figure 3.
  const watermark = memoryOrders.reduce((newest, o) => (o.post_modified_gmt > newest ? o.post_modified_gmt : newest), '')
  await seeded.syncState.put({ resource: 'orders', lastSyncAt: Date.now(), lastError: null, watermark, cursor: null, generation: 0, complete: true, storeTotal: total })
  return seeded.orders.count()
}

/**
 * The JS heap in use once forced collections stop freeing anything, when the page can force
 * them: garbage that one collection leaves and the index's load then frees would hide the
 * index's own growth. (What an earlier figure leaves is handled by reloading the page first.)
 */
function heapUsed(): number | null {
  if (!window.gc || !performance.memory) return null
  let used = Infinity
  for (let i = 0; i < 10; i++) {
    window.gc()
    const now = performance.memory.usedJSHeapSize
    if (now >= used) break
    used = now
  }
  return used
}

/**
 * Figure 2's setup: the order list's index over the seeded cache, as the list builds it
 * (orderIndexFor: loads the cache's compact index rows). Returns the load time and the heap
 * it holds (the growth of the collected heap across the load; null without --expose-gc).
 */
async function loadIndex(): Promise<{ ms: number; bytes: number | null; size: number }> {
  if (!seeded) throw new Error('seed the cache first')
  const db = seeded
  const before = heapUsed()
  const { ms, value: index } = await timed(
    () =>
      new Promise<OrderIndex>((resolve, reject) => {
        const index = orderIndexFor(db)
        const settle = () => {
          if (index.state === 'ready') resolve(index)
          else if (index.state === 'dropped') reject(new Error('the index was dropped while loading'))
        }
        index.subscribe(settle)
        settle()
      }),
  )
  seededIndex = index
  const after = heapUsed()
  return { ms, bytes: before === null || after === null ? null : after - before, size: index.size }
}

/**
 * Figure 2: the order list's answer from the cache (the loaded order index's `query`, exactly
 * what useOrderList calls) and its in-memory baseline, per run: `runs` runs, or fewer (at least
 * three) once `budgetMs` has been spent on a slow query.
 */
async function queryTimes(raw: unknown, runs: number, budgetMs: number): Promise<{ cache: number[]; memory: number[]; hits: number }> {
  if (!seededIndex) throw new Error('load the index first')
  const index = seededIndex
  const query = OrderQuery.parse(raw)
  const cache: number[] = []
  const memory: number[] = []
  let hits = 0
  const started = performance.now()
  for (let i = 0; i < runs && (i < 3 || performance.now() - started < budgetMs); i++) {
    const a = await timed(async () => index.query(query))
    cache.push(a.ms)
    hits = a.value.length
    const b = await timed(async () => answerOrderQuery(memoryOrders, query))
    memory.push(b.ms)
  }
  return { cache, memory, hits }
}

async function dropSeeded(): Promise<void> {
  if (!seeded) return
  seeded.close()
  await Dexie.delete(seeded.name)
  seeded = null
  seededIndex = null
  memoryOrders = []
}

/** A post of `words` words in paragraphs of 100, with some marks and headings. */
function longPost(words: number): string {
  const vocabulary = ['storefront', 'order', 'parcel', 'customer', 'shipping', 'writer', 'season', 'collection', 'draft', 'recipe', 'garden', 'coffee']
  const parts: string[] = []
  for (let p = 0; p * 100 < words; p++) {
    if (p % 10 === 0) parts.push(`<h2>Section ${p / 10 + 1}</h2>`)
    const text = Array.from({ length: 100 }, (_, i) => vocabulary[(p * 7 + i) % vocabulary.length]).join(' ')
    parts.push(`<p>${text.replace('order', '<strong>order</strong>').replace('draft', '<em>draft</em>')}</p>`)
  }
  return parts.join('')
}

/**
 * Figure 4: per keystroke, the time to apply a typed character as ProseMirror does (an
 * insertText transaction) and lay the page out again, in the middle of a long post.
 */
function keystrokeTimes(extensions: AnyExtension[], words: number, keys: number): number[] {
  const host = document.createElement('div')
  document.getElementById('bench')!.append(host)
  const editor = new Editor({ element: host, extensions, content: longPost(words), injectCSS: false })
  const times: number[] = []
  try {
    editor.commands.setTextSelection(Math.floor(editor.state.doc.content.size / 2))
    for (let i = 0; i < keys; i++) {
      const start = performance.now()
      editor.view.dispatch(editor.state.tr.insertText(i % 6 === 5 ? ' ' : 'a'))
      void host.getBoundingClientRect().height
      void document.body.offsetHeight
      times.push(performance.now() - start)
    }
  } finally {
    editor.destroy()
    host.remove()
  }
  return times
}

/**
 * Figure 4: `rounds` alternating passes of bare StarterKit and the app's extensions, their
 * keystrokes pooled: at p95s of about a millisecond, one pass each moved the ratio from 0.5x to
 * 1.18x between runs.
 */
function editorLatency(words: number, keys: number, rounds: number): { app: number[]; bare: number[] } {
  // Without isolation the page's clock ticks in 100 µs, too coarse for keystrokes under 1 ms.
  if (!crossOriginIsolated) throw new Error('the bench page is not cross-origin isolated, so its clock is too coarse')
  // Warm both once so neither pays for first-use compilation in the measured run.
  keystrokeTimes([StarterKit], 500, 20)
  keystrokeTimes(editorExtensions(), 500, 20)
  const bare: number[] = []
  const app: number[] = []
  for (let round = 0; round < rounds; round++) {
    bare.push(...keystrokeTimes([StarterKit], words, keys))
    app.push(...keystrokeTimes(editorExtensions(), words, keys))
  }
  return { app, bare }
}

const bench = {
  useConnection, fetchAllOrders, firstSync, minimalSync, rawBulkWrite, seedCache, loadIndex, queryTimes, dropSeeded, editorLatency,
  // Figure 8 (bench/page/customers.ts), on copies of the same four pages of the store's orders.
  ...customerBench(async () => (await fetchAllOrders(4), fetched)),
}
window.storedeskBench = bench
document.title = 'Storedesk bench ready'
