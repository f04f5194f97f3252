// Figures 2 and 3 in the page: a cache of 100,000 orders, the order list's index over it, and
// its queries beside the Array baseline and a search library's index (search-library.ts).
import Dexie from 'dexie'
import type { Order } from '@common/store-api/resources'
import { StoreDatabase } from '@/data/db'
import { answerOrderQuery, OrderQuery } from '@/data/order-index/order-query'
import { orderIndexFor, type OrderIndex } from '@/data/order-index/order-index'
import { orderIndexRow } from '@/data/order-index/order-index-row'
import { buildLibraryIndex, libraryQuery } from './search-library'
import { fetchAllOrders, fetched, timed } from './store'

let memoryOrders: Order[] = []
let seeded: StoreDatabase | null = null
let seededIndex: OrderIndex | null = null
let library: ReturnType<typeof buildLibraryIndex> | null = null

/** Copies of the fetched orders with new IDs and numbers, `total` in all (100,000 for figures 2 and 3). */
function widen(total: number): Order[] {
  if (fetched.orders.length === 0) throw new Error('fetch the orders first')
  const out: Order[] = []
  for (let i = 0; i < total; i++) {
    const source = fetched.orders[i % fetched.orders.length]!
    out.push({ ...source, ID: i + 1, number: String(100000 + i) })
  }
  return out
}

/** Fills a StoreDatabase with `total` orders through Dexie (the app's own database class). */
export async function seedCache(name: string, total: number): Promise<number> {
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
export async function loadIndex(): Promise<{ ms: number; bytes: number | null; size: number }> {
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
 * Figure 2's library baseline: MiniSearch built over the same orders in memory (the time to
 * build it and the heap it holds, as loadIndex weighs the app's index), and what the app's
 * index costs to build from the same orders (its rows, computed as each sync write computes
 * them; loading them from the cache is loadIndex).
 */
export async function buildLibrary(): Promise<{ ms: number; bytes: number | null; size: number; appRowsMs: number }> {
  if (memoryOrders.length === 0) throw new Error('seed the cache first')
  const orders = memoryOrders
  const appRows = await timed(async () => orders.map(orderIndexRow).length)
  const before = heapUsed()
  const { ms, value } = await timed(async () => buildLibraryIndex(orders))
  library = value
  const after = heapUsed()
  return { ms, bytes: before === null || after === null ? null : after - before, size: value.documentCount, appRowsMs: appRows.ms }
}

/**
 * Figure 2: the order list's answer from the cache (the loaded order index's `query`, exactly
 * what useOrderList calls) and its in-memory baseline, per run: `runs` runs, or fewer (at least
 * three) once `budgetMs` has been spent on a slow query.
 */
export async function queryTimes(raw: unknown, runs: number, budgetMs: number): Promise<{ cache: number[]; memory: number[]; hits: number; library: number[]; libraryHits: number | null }> {
  if (!seededIndex) throw new Error('load the index first')
  const index = seededIndex
  const query = OrderQuery.parse(raw)
  const cache: number[] = []
  const memory: number[] = []
  const libraryTimes: number[] = []
  let hits = 0
  let libraryHits: number | null = null
  const started = performance.now()
  for (let i = 0; i < runs && (i < 3 || performance.now() - started < budgetMs); i++) {
    const a = await timed(async () => index.query(query))
    cache.push(a.ms)
    hits = a.value.length
    const b = await timed(async () => answerOrderQuery(memoryOrders, query))
    memory.push(b.ms)
    if (library) {
      const built = library
      const c = await timed(async () => libraryQuery(built, query))
      libraryTimes.push(c.ms)
      libraryHits = c.value.length
    }
  }
  return { cache, memory, hits, library: libraryTimes, libraryHits }
}

export async function dropSeeded(): Promise<void> {
  if (!seeded) return
  seeded.close()
  await Dexie.delete(seeded.name)
  seeded = null
  seededIndex = null
  library = null
  memoryOrders = []
}

