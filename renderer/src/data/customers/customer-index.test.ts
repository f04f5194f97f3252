// The customers' grouping: who an order belongs to (normalised e-mail, else phone, else name and
// address, else the order alone), what each customer adds up to, search with the order
// search's folding, sorts, and the index kept from the cache's blocks and its own snapshot
// through writes, deletes, clears and reloads. The rules are checked on generated orders and
// generated sequences of writes (fast-check) as well as on examples.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Order } from '@common/store-api/resources'
import { StoreDatabase } from '../db'
import { freshDatabase, makeOrder } from '../test-support'
import { CustomerIndex, customerIndexFor, FOLD_ABOVE_BLOCKS, foldCustomerRows } from './customer-index'
import { cents, customerKeyOf, refundCentsOf } from './customer-row'

/** Snapshots and follows without delay: the tests wait for `settled()` instead. */
const NO_WAITING = { snapshotDelayMs: 0, followIntervalMs: 0 }

let db: StoreDatabase
const indexes: CustomerIndex[] = []

beforeEach(() => {
  db = freshDatabase()
})
afterEach(async () => {
  for (const index of indexes.splice(0)) index.drop()
  db.close()
  await db.delete()
})

/** A loaded index over the test's database that writes its snapshot at once. */
async function loaded(database = db): Promise<CustomerIndex> {
  const index = new CustomerIndex(database, NO_WAITING)
  indexes.push(index)
  await index.settled()
  return index
}

/** Waits for the writes just committed to reach the index (it reads them after the commit). */
async function caughtUp(index: CustomerIndex): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 5))
  await index.settled()
}

function order(id: number, customer: { email?: string; phone?: string; first?: string; last?: string; street?: string; postcode?: string }, extra: Partial<Order> = {}): Order {
  const base = makeOrder(id, id)
  const billing = { ...base.billing_address, email: customer.email ?? '', phone: customer.phone ?? '', first_name: customer.first ?? '', last_name: customer.last ?? '', address_1: customer.street ?? '', postcode: customer.postcode ?? '' }
  const shipping = { ...base.shipping_address, phone: customer.phone ?? '', first_name: customer.first ?? '', last_name: customer.last ?? '', address_1: customer.street ?? '', postcode: customer.postcode ?? '' }
  return { ...base, billing_user_name: '', billing_address: billing, shipping_address: shipping, ...extra }
}

describe('who an order belongs to', () => {
  it('groups by the e-mail whatever its case and spaces, else the phone digits, else name and address', () => {
    const a = order(1, { email: ' Ada@Example.COM', phone: '+44 20 7946 0000' })
    const b = order(2, { email: 'ada@example.com' })
    const c = order(3, { phone: '+44 (20) 7946-0000' })
    const d = order(4, { phone: '44 20 7946 0000 ', first: 'Zoë', last: "O'Neil" })
    const e = order(5, { first: 'zoe', last: 'ONeil', street: '1  Road', postcode: 'N1 1AA' })
    const f = order(6, { first: 'Zoé', last: 'O’Neil', street: '1 road', postcode: 'n1 1aa' })
    const g = order(7, { phone: '123' })
    expect(customerKeyOf(a)).toBe('email:ada@example.com')
    expect(customerKeyOf(b)).toBe(customerKeyOf(a))
    expect(customerKeyOf(c)).toBe('phone:442079460000')
    expect(customerKeyOf(d)).toBe(customerKeyOf(c))
    expect(customerKeyOf(e)).toBe(customerKeyOf(f))
    expect(customerKeyOf(e)).toMatch(/^name:zoe oneil\|1 road\|n1 1aa\|/)
    // Too few digits to name anyone, and no name or address: the order is a customer of its own.
    expect(customerKeyOf(g)).toBe('order:7')
  })

  it('counts refunds from the refunds list, else the refund amount', () => {
    const refunds = [{ refund_date: '', refund_date_gmt: '', refund_amount: 1.1, refund_reason: '', refund_source: 'manual' }, { refund_date: '', refund_date_gmt: '', refund_amount: 2, refund_reason: '', refund_source: 'auto' }]
    expect(refundCentsOf(order(1, {}, { refunds, refund_amount: 99 }))).toBe(310)
    expect(refundCentsOf(order(2, {}, { refund_amount: 4.5 }))).toBe(450)
    expect(cents('not a number')).toBe(0)
  })
})

describe('the customer index', () => {
  it('adds up each customer: orders, spent less refunds per currency, average, refunds, first and last order, latest name', async () => {
    await db.orders.bulkPut([
      order(1, { email: 'ada@example.com', first: 'Ada', last: 'Byron' }, { order_total: 100, post_date: '2026-01-02 10:00:00', billing_user_name: 'Ada Byron' }),
      order(2, { email: 'ADA@example.com' }, { order_total: 50, refund_amount: 20, financial_status: 'partial-refund', post_date: '2026-03-01 09:00:00', billing_user_name: 'Ada Lovelace' }),
      order(3, { email: 'ada@example.com' }, { order_total: 30, financial_status: 'unpaid', post_date: '2026-02-01 09:00:00' }),
      order(4, { email: 'ada@example.com' }, { order_total: 10, order_currency: 'EUR', post_date: '2025-12-31 23:59:59' }),
      order(5, { email: 'bob@example.com' }, { order_total: 5 }),
    ])
    const index = await loaded()
    expect(index.size).toBe(2)
    expect(index.summary('email:ada@example.com')).toEqual({
      key: 'email:ada@example.com',
      name: 'Ada Lovelace',
      email: 'ADA@example.com',
      phone: '',
      orders: 4,
      paidOrders: 3,
      spent: [{ currency: 'GBP', cents: 13000 }, { currency: 'EUR', cents: 1000 }],
      average: [{ currency: 'GBP', cents: 6500 }, { currency: 'EUR', cents: 1000 }],
      refunded: [{ currency: 'GBP', cents: 2000 }],
      refundedOrders: 1,
      firstOrder: '2025-12-31 23:59:59',
      lastOrder: '2026-03-01 09:00:00',
    })
    expect(index.orderIdsOf('email:ada@example.com')).toEqual([2, 3, 1, 4])
    expect(index.customerOfOrder(5)).toBe('email:bob@example.com')
  })

  it('finds customers by name either way round, without accents or apostrophes, and by a phone as written', async () => {
    await db.orders.bulkPut([
      order(1, { email: 'z@example.com', phone: '+1 (617) 555-0100' }, { billing_user_name: "Zoë O'Neil" }),
      order(2, { email: 'j@example.com', phone: '+1 312 555 0199' }, { billing_user_name: 'José Álvarez' }),
    ])
    const index = await loaded()
    const find = (search: string) => index.query({ search, sort: 'name' })
    expect(find('zoe oneil')).toEqual(['email:z@example.com'])
    expect(find('oneil zoe')).toEqual(['email:z@example.com'])
    expect(find('alvarez')).toEqual(['email:j@example.com'])
    expect(find('617-555')).toEqual(['email:z@example.com'])
    expect(find('J@EXAMPLE')).toEqual(['email:j@example.com'])
    expect(find('nobody')).toEqual([])
    expect(find('')).toEqual(['email:j@example.com', 'email:z@example.com'])
  })

  it('sorts by orders, spent, last order and name, both ways, ties by customer', async () => {
    await db.orders.bulkPut([
      order(1, { email: 'a@example.com' }, { order_total: 10, post_date: '2026-01-01 00:00:00', billing_user_name: 'Cleo' }),
      order(2, { email: 'b@example.com' }, { order_total: 40, post_date: '2026-01-03 00:00:00', billing_user_name: 'Abe' }),
      order(3, { email: 'a@example.com' }, { order_total: 10, post_date: '2026-01-02 00:00:00', billing_user_name: 'Cleo' }),
      order(4, { email: 'c@example.com' }, { order_total: 10, post_date: '2025-01-02 00:00:00', billing_user_name: 'Bea' }),
    ])
    const index = await loaded()
    const sorted = (sort: Parameters<CustomerIndex['query']>[0]['sort']) => index.query({ search: '', sort }).map((k) => k.slice(6, 7))
    expect(sorted('-orders')).toEqual(['a', 'c', 'b'])
    expect(sorted('-spent')).toEqual(['b', 'a', 'c'])
    expect(sorted('-last')).toEqual(['b', 'a', 'c'])
    expect(sorted('name')).toEqual(['b', 'c', 'a'])
    expect(sorted('-name')).toEqual(['a', 'c', 'b'])
  })

  it('follows writes: an order whose e-mail changes moves to its new customer, a deleted one leaves, a clear empties it', async () => {
    await db.orders.bulkPut([order(1, { email: 'a@example.com' }), order(2, { email: 'a@example.com' })])
    const index = await loaded()
    let told = 0
    index.subscribe(() => told++)
    await db.orders.put(order(2, { email: 'b@example.com' }))
    await caughtUp(index)
    expect(index.orderIdsOf('email:a@example.com')).toEqual([1])
    expect(index.orderIdsOf('email:b@example.com')).toEqual([2])
    expect(told).toBeGreaterThan(0)
    await db.orders.delete(1)
    await caughtUp(index)
    expect(index.summary('email:a@example.com')).toBeUndefined()
    expect(index.query({ search: '', sort: '-last' })).toEqual(['email:b@example.com'])
    await db.orders.clear()
    await caughtUp(index)
    expect(index.size).toBe(0)
    // The clear took the snapshot with it: a new index finds nothing either.
    expect((await loaded()).size).toBe(0)
  })

  it('folds the blocks it read into its snapshot and deletes them; a new index loads the snapshot and the blocks written since', async () => {
    await db.orders.bulkPut([order(1, { email: 'a@example.com' }), order(2, { email: 'b@example.com' })])
    const first = await loaded()
    expect(await db.customerRowBlocks.count()).toBe(0)
    expect((await db.customerSnapshots.get('mark'))?.id).toBe('mark')
    first.drop()
    await db.orders.put(order(3, { email: 'a@example.com' }))
    expect(await db.customerRowBlocks.count()).toBe(1)
    const second = await loaded()
    expect(second.orderIdsOf('email:a@example.com')).toEqual([3, 1])
    expect(second.size).toBe(2)
  })

  it('notices another window folded the blocks it had not read yet, and loads that snapshot', async () => {
    await db.orders.bulkPut([order(1, { email: 'a@example.com' })])
    const mine = await loaded()
    // Another window of the app: its own index over the same database name.
    const other = new StoreDatabase('other-window', db.name.slice('storedesk-'.length))
    const theirs = new CustomerIndex(other, NO_WAITING)
    indexes.push(theirs)
    await theirs.settled()
    await other.orders.put(order(2, { email: 'b@example.com' }))
    await caughtUp(theirs)
    expect(await db.customerRowBlocks.count()).toBe(0)
    // This window's follow finds the mark past what it read: it reloads.
    await db.orders.put(order(3, { email: 'c@example.com' }))
    await caughtUp(mine)
    expect(mine.query({ search: '', sort: 'name' }).sort()).toEqual(['email:a@example.com', 'email:b@example.com', 'email:c@example.com'])
    other.close()
  })
})

describe('the fold after a sync', () => {
  /** Writes `blocks` customer row blocks, one order each, as that many sync writes would. */
  async function syncWrites(blocks: number): Promise<void> {
    for (let id = 1; id <= blocks; id++) await db.orders.put(order(id, { email: `c${id % 7}@example.com` }))
  }

  it('folds many waiting blocks into the snapshot, so the next index loads it with every customer', async () => {
    await syncWrites(FOLD_ABOVE_BLOCKS + 1)
    expect(await foldCustomerRows(db)).toBe(true)
    expect(await db.customerRowBlocks.count()).toBe(0)
    expect((await db.customerSnapshots.get('mark'))?.id).toBe('mark')
    const next = await loaded()
    expect(next.size).toBe(7)
    expect(next.orderIdsOf('email:c1@example.com')).toHaveLength(6)
  })

  it('folds the first sync whatever its size, then leaves a few blocks for the list to read', async () => {
    expect(await foldCustomerRows(db)).toBe(false)
    await db.orders.bulkPut([order(1, { email: 'a@example.com' }), order(2, { email: 'b@example.com' })])
    expect(await foldCustomerRows(db)).toBe(true)
    expect(await db.customerRowBlocks.count()).toBe(0)
    await syncWrites(FOLD_ABOVE_BLOCKS)
    expect(await foldCustomerRows(db)).toBe(false)
    expect(await db.customerRowBlocks.count()).toBe(FOLD_ABOVE_BLOCKS)
  })

  it('keeps the index a Customers screen started to follow during the fold, and lets go of it otherwise', async () => {
    await syncWrites(FOLD_ABOVE_BLOCKS + 1)
    const folding = foldCustomerRows(db)
    const shared = customerIndexFor(db)
    const stop = shared.subscribe(() => {})
    await folding
    expect(shared.state).toBe('ready')
    expect(customerIndexFor(db)).toBe(shared)
    stop()
    await syncWrites(FOLD_ABOVE_BLOCKS + 1)
    // A loaded index follows the writes itself: no second fold.
    expect(await foldCustomerRows(db)).toBe(false)
    shared.drop()
    expect(await foldCustomerRows(db)).toBe(true)
    expect(customerIndexFor(db)).not.toBe(shared)
  })
})

// ---------------------------------------------------------------- generated

const EMAILS = ['ada@example.com', 'ADA@example.com ', 'bob@example.com', '', 'not-an-email']
const PHONES = ['+44 20 7946 0000', '44 (20) 7946-0000', '555 0100', '', '12']
const NAMES = [['Zoë', "O'Neil"], ['zoe', 'ONeil'], ['Ada', 'Byron'], ['', '']] as const
const STREETS = ['1 Road', '1  road', '2 Lane', '']
const CURRENCIES = ['GBP', 'EUR']
const FINANCIAL = ['paid', 'partial-refund', 'refund', 'unpaid']

const arbitraryOrder = (id: number) =>
  fc
    .record({
      email: fc.constantFrom(...EMAILS),
      phone: fc.constantFrom(...PHONES),
      name: fc.constantFrom(...NAMES),
      street: fc.constantFrom(...STREETS),
      currency: fc.constantFrom(...CURRENCIES),
      total: fc.integer({ min: 0, max: 100_000 }),
      refund: fc.integer({ min: 0, max: 100_000 }),
      financial: fc.constantFrom(...FINANCIAL),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map((g) =>
      order(id, { email: g.email, phone: g.phone, first: g.name[0], last: g.name[1], street: g.street, postcode: 'N1' }, {
        order_currency: g.currency,
        order_total: g.total / 100,
        refund_amount: Math.min(g.refund, g.total) / 100,
        financial_status: g.financial,
        post_date: `2026-02-${String(g.day).padStart(2, '0')} 10:00:00`,
      }),
    )

type Step = { put: Order[] } | { remove: number[] } | { reload: true }

const arbitraryStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }).chain((ids) => fc.tuple(...[...new Set(ids)].map(arbitraryOrder))).map((put) => ({ put })) },
  { weight: 2, arbitrary: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }).map((remove) => ({ remove })) },
  { weight: 1, arbitrary: fc.constant({ reload: true as const }) },
)

/** The rules, over the cache's orders as they are now. */
function checkRules(index: CustomerIndex, orders: Map<number, Order>) {
  const keys = index.query({ search: '', sort: '-last' })
  const seen = new Map<number, string>()
  for (const key of keys) {
    for (const id of index.orderIdsOf(key)) {
      // Every order in exactly one customer…
      expect(seen.has(id), `order ${id} in two customers`).toBe(false)
      seen.set(id, key)
    }
  }
  expect([...seen.keys()].sort((a, b) => a - b)).toEqual([...orders.keys()].sort((a, b) => a - b))
  const spent = new Map<string, number>()
  for (const [id, o] of orders) {
    // …the one its normalised e-mail, else phone, else name and address names.
    expect(seen.get(id)).toBe(customerKeyOf(o))
    if (o.financial_status !== 'unpaid') spent.set(o.order_currency, (spent.get(o.order_currency) ?? 0) + cents(o.order_total) - refundCentsOf(o))
  }
  // The customers' spent per currency sums to the orders' (paid, less refunds).
  const summed = new Map<string, number>()
  let counted = 0
  for (const key of keys) {
    const summary = index.summary(key)!
    counted += summary.orders
    for (const m of summary.spent) summed.set(m.currency, (summed.get(m.currency) ?? 0) + m.cents)
  }
  expect(counted).toBe(orders.size)
  expect(Object.fromEntries(summed)).toEqual(Object.fromEntries(spent))
}

describe('the grouping, on generated orders and writes', () => {
  it('keeps every order in exactly one customer, the one its key names, and the totals per currency those of the orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryStep, { minLength: 1, maxLength: 8 }), async (steps) => {
        const database = freshDatabase()
        const live: CustomerIndex[] = []
        try {
          const open = async () => {
            const index = new CustomerIndex(database, NO_WAITING)
            live.push(index)
            await index.settled()
            return index
          }
          let index = await open()
          const orders = new Map<number, Order>()
          for (const step of steps) {
            if ('put' in step) {
              await database.orders.bulkPut(step.put)
              for (const o of step.put) orders.set(o.ID, o)
            } else if ('remove' in step) {
              await database.orders.bulkDelete(step.remove)
              for (const id of step.remove) orders.delete(id)
            } else {
              index.drop()
              index = await open()
            }
            await caughtUp(index)
            checkRules(index, orders)
          }
        } finally {
          for (const index of live) index.drop()
          database.close()
          await database.delete()
        }
      }),
      { numRuns: 40 },
    )
  })
})
