// The bench page's part for figure 8 (bench/customers.ts): a cache of 100,000 orders from 20,000
// customers written through the app's own database class (so the cache's middleware writes the
// customer rows beside them, as a sync does), and the Customers list's answer timed against the
// production customer index (data/customers/customer-index.ts), exactly what the list calls: the
// index loaded, the list's query and the summaries of its first screen of rows; then searches.
import Dexie from 'dexie'
import type { Order } from '@common/store-api/resources'
import { StoreDatabase } from '@/data/db'
import { CustomerIndex, type CustomerQuery } from '@/data/customers/customer-index'

/** Customers in figure 8's store: the demo store's own number for 100,000 orders. */
export const BENCH_CUSTOMERS = 20_000
/** Rows the Customers list shows first (a screenful and more). */
const FIRST_ROWS = 60

let seeded: StoreDatabase | null = null
let index: CustomerIndex | null = null

/** Customer `c`'s e-mail and phone (names come from the store's orders, so they repeat as real names do). */
function identity(c: number): { email: string; phone: string } {
  return { email: `customer${c}@example.com`, phone: `+1 (312) 555-${String(c).padStart(5, '0')}` }
}

/**
 * Fills a fresh StoreDatabase with `total` copies of `templates`, each order given to one of
 * BENCH_CUSTOMERS customers (order i to customer i·7919 mod N, so each has about five orders
 * spread over the year), written 5,000 at a time and not kept in memory.
 */
async function seedCustomers(name: string, total: number, templates: Order[]): Promise<number> {
  if (templates.length === 0) throw new Error('fetch the orders first')
  await Dexie.delete(`storedesk-${name}`)
  seeded = new StoreDatabase(name)
  await seeded.open()
  for (let from = 0; from < total; from += 5000) {
    const chunk: Order[] = []
    for (let i = from; i < Math.min(total, from + 5000); i++) {
      const source = templates[i % templates.length]!
      const c = (i * 7919) % BENCH_CUSTOMERS
      const { first_name, last_name } = templates[c % templates.length]!.billing_address
      const { email, phone } = identity(c)
      chunk.push({
        ...source,
        ID: i + 1,
        number: String(100000 + i),
        billing_user_name: `${first_name} ${last_name}`,
        billing_address: { ...source.billing_address, first_name, last_name, email, phone },
        shipping_address: { ...source.shipping_address, first_name, last_name, phone },
      })
    }
    await seeded.orders.bulkPut(chunk)
  }
  return seeded.orders.count()
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
 * order, and those rows' summaries). `from` says what it loaded: the blocks alone (the first
 * open after a sync wrote them) or its snapshot. The index then writes its snapshot (which the
 * next open loads) before it is let go.
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
  await current.settled()
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
    openCustomers,
    searchCustomers: searchTimes,
    dropCustomers,
  }
}
