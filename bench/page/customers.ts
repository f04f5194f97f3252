// The bench page's part for figure 8 (bench/figures/8-customers.ts): a cache of 100,000 orders from 20,000
// customers written through the app's own database class (so the cache's middleware writes the
// customer rows beside them, as a sync does), the fold the app runs after a sync, and the
// Customers list's answer timed against the production customer index
// (data/customers/customer-index.ts), exactly what the list calls: the index loaded, the list's
// query and the summaries of its first screen of rows; then searches.
import Dexie from 'dexie'
import type { Order } from '@common/store-api/resources'
import { StoreDatabase } from '@/data/db'
import { CustomerIndex, foldCustomerRows, type CustomerQuery } from '@/data/customers/customer-index'

/** Customers in figure 8's store: the demo store's own number for 100,000 orders. */
export const BENCH_CUSTOMERS = 20_000
/** Rows the Customers list shows first (a screenful and more). */
const FIRST_ROWS = 60

let seeded: StoreDatabase | null = null
let index: CustomerIndex | null = null
let templateOrders: Order[] = []
let written = 0

/** Customer `c`'s e-mail and phone (names come from the store's orders, so they repeat as real names do). */
function identity(c: number): { email: string; phone: string } {
  return { email: `customer${c}@example.com`, phone: `+1 (312) 555-${String(c).padStart(5, '0')}` }
}

/** Order i: a copy of a template, given to customer i·7919 mod N (each has about five orders spread over the year). */
function benchOrder(i: number): Order {
  const source = templateOrders[i % templateOrders.length]!
  const c = (i * 7919) % BENCH_CUSTOMERS
  const { first_name, last_name } = templateOrders[c % templateOrders.length]!.billing_address
  const { email, phone } = identity(c)
  return {
    ...source,
    ID: i + 1,
    number: String(100000 + i),
    billing_user_name: `${first_name} ${last_name}`,
    billing_address: { ...source.billing_address, first_name, last_name, email, phone },
    shipping_address: { ...source.shipping_address, first_name, last_name, phone },
  }
}

/** Writes the next `count` orders in writes of `per` (the sync writes 50 at a time), none kept in memory. */
async function writeOrders(count: number, per: number): Promise<void> {
  if (!seeded) throw new Error('seed the cache first')
  for (const end = written + count; written < end; ) {
    const chunk: Order[] = []
    for (const stop = Math.min(end, written + per); written < stop; written++) chunk.push(benchOrder(written))
    await seeded.orders.bulkPut(chunk)
  }
}

/** Fills a fresh StoreDatabase with `total` orders from BENCH_CUSTOMERS customers, in writes of 5,000. */
async function seedCustomers(name: string, total: number, templates: Order[]): Promise<number> {
  if (templates.length === 0) throw new Error('fetch the orders first')
  templateOrders = templates
  written = 0
  await Dexie.delete(`storedesk-${name}`)
  seeded = new StoreDatabase(name)
  await seeded.open()
  await writeOrders(total, 5000)
  return seeded.orders.count()
}

/** What the app does off screen after a sync wrote them: the customer rows folded into the index's snapshot (foldCustomerRows). */
async function foldCustomers(): Promise<{ ms: number; blocks: number; folded: boolean }> {
  if (!seeded) throw new Error('seed the cache first')
  const blocks = await seeded.customerRowBlocks.count()
  const start = performance.now()
  const folded = await foldCustomerRows(seeded)
  return { ms: performance.now() - start, blocks, folded }
}

/**
 * A later sync's orders while the list is closed: `count` more, written 50 at a time as the sync
 * writes them (their rows stay outside the snapshot: no open index folds them).
 */
async function syncMoreOrders(count: number): Promise<number> {
  index?.drop()
  index = null
  await writeOrders(count, 50)
  return seeded!.customerRowBlocks.count()
}

function whenReady(current: CustomerIndex): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      if (current.state === 'ready') resolve()
      else if (current.state === 'dropped') reject(new Error('the customer index was dropped while loading'))
    }
    current.subscribe(settle)
    settle()
  })
}

/**
 * One open of the Customers list: a new index over the seeded cache (as the list makes on its
 * first visit in a session), the time until its first screen of rows (the query sorted by last
 * order, and those rows' summaries). `from` says what it loaded: the blocks alone or its
 * snapshot (with `blocks` written since). The index is kept for the searches; the next open
 * lets it go before its own snapshot is written, so every open finds the same blocks.
 */
async function openCustomers(): Promise<{ ms: number; customers: number; from: 'blocks' | 'snapshot'; blocks: number }> {
  if (!seeded) throw new Error('seed the cache first')
  index?.drop()
  const from = (await seeded.customerSnapshots.get('mark')) ? 'snapshot' : 'blocks'
  const blocks = await seeded.customerRowBlocks.count()
  const start = performance.now()
  const current = new CustomerIndex(seeded)
  await whenReady(current)
  const keys = current.query({ search: '', sort: '-last' })
  for (const key of keys.slice(0, FIRST_ROWS)) current.summary(key)
  const ms = performance.now() - start
  index = current
  return { ms, customers: keys.length, from, blocks }
}

/** The list's search, `runs` times on the loaded index; the times and how many customers it found. */
function searchTimes(search: string, runs: number): { times: number[]; hits: number } {
  if (!index) throw new Error('open the customers first')
  const query: CustomerQuery = { search, sort: '-last' }
  const times: number[] = []
  let hits = 0
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const keys = index.query(query)
    for (const key of keys.slice(0, FIRST_ROWS)) index.summary(key)
    times.push(performance.now() - start)
    hits = keys.length
  }
  return { times, hits }
}

async function dropCustomers(): Promise<void> {
  index?.drop()
  index = null
  if (seeded) {
    seeded.close()
    await Dexie.delete(seeded.name)
  }
  seeded = null
}

/** The figure's functions, given the store's orders to copy (fetched by the bench page). */
export function customerBench(templates: () => Promise<Order[]>) {
  return {
    seedCustomers: async (name: string, total: number) => seedCustomers(name, total, await templates()),
    foldCustomers,
    syncMoreOrders,
    openCustomers,
    searchCustomers: searchTimes,
    dropCustomers,
  }
}
