import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Dexie, { type Table } from 'dexie'
import type { Order } from '@common/store-api/resources'
import { SCHEMA_V1 } from '@/data/db'
import { makeOrder, makeOrders, seededRandom } from './order-fixtures'
import {
  answerOrderQuery,
  orderIdsForQuery,
  orderQueryFromRoute,
  orderQueryToRoute,
  toOrdersListParams,
  type OrderQuery,
} from './order-query'

// ---------------------------------------------------------------- an independent, plain implementation

function dayNumber(stamp: string | undefined): number | null {
  if (!stamp || stamp.startsWith('0000')) return null
  const [y, m, d] = stamp.slice(0, 10).split('-').map(Number)
  return y! * 10000 + m! * 100 + d!
}

function plainAnswer(orders: Order[], q: OrderQuery): number[] {
  const words = q.search.trim().toLowerCase()
  const within = (stamp: string | undefined, range: OrderQuery['paidDate']) => {
    if (!range || (!range.from && !range.to)) return true
    const day = dayNumber(stamp)
    if (day === null) return false
    if (range.from && day < dayNumber(range.from)!) return false
    if (range.to && day > dayNumber(range.to)!) return false
    return true
  }
  const kept: Order[] = []
  for (const o of orders) {
    if (q.fulfillment !== undefined && o.fulfillment_status !== q.fulfillment) continue
    if (q.financial !== undefined && o.financial_status !== q.financial) continue
    if (q.status !== undefined && o.post_status !== q.status) continue
    if (!within(o.paid_date, q.paidDate)) continue
    if (!within(o.post_modified, q.modifiedDate)) continue
    if (words) {
      const haystack = [o.number, o.transaction_id ?? '', o.billing_address.email, ...o.line_items.flatMap((li) => [li.order_item_name, li.sku])]
      if (!haystack.some((s) => s.toLowerCase().indexOf(words) >= 0)) continue
    }
    kept.push(o)
  }
  const desc = q.sort.startsWith('-')
  const field = { date: 'post_date', modified_date: 'post_modified', paid_date: 'paid_date', total_sales: 'order_total' }[q.sort.replace('-', '')] as keyof Order
  const present = kept.filter((o) => o[field] !== undefined)
  const absent = kept.filter((o) => o[field] === undefined)
  const byValueThenId = (a: Order, b: Order) => {
    const va = a[field] as string | number
    const vb = b[field] as string | number
    if (va < vb) return -1
    if (va > vb) return 1
    return a.ID - b.ID
  }
  present.sort(byValueThenId)
  absent.sort((a, b) => a.ID - b.ID)
  if (desc) {
    present.reverse()
    absent.reverse()
  }
  // The store treats a missing value as the smallest: never-paid orders are the oldest by paid date.
  return (desc ? [...present, ...absent] : [...absent, ...present]).map((o) => o.ID)
}

// ---------------------------------------------------------------- random queries

function randomQueries(count: number, seed: number): OrderQuery[] {
  const random = seededRandom(seed)
  const maybe = <T>(items: readonly T[]): T | undefined => (random() < 0.4 ? items[Math.floor(random() * items.length)] : undefined)
  const day = () => `2026-03-${String(1 + Math.floor(random() * 24)).padStart(2, '0')}`
  const range = () => {
    if (random() < 0.6) return undefined
    const a = random() < 0.8 ? day() : undefined
    const b = random() < 0.8 ? day() : undefined
    return a && b && a > b ? { from: b, to: a } : { from: a, to: b }
  }
  const sorts = ['date', '-date', 'modified_date', '-modified_date', 'paid_date', '-paid_date', 'total_sales', '-total_sales'] as const
  return Array.from({ length: count }, () => ({
    search: maybe(['', 'mug', 'SD-003', 'liam', '  EMMA ', '100', 'tx1', 'nothing-matches']) ?? '',
    fulfillment: maybe(['unfulfilled', 'fulfilled'] as const),
    financial: maybe(['paid', 'partial-refund', 'refund', 'unpaid'] as const),
    status: maybe(['wc-completed', 'wc-pending', 'wc-processing', 'wc-cancelled'] as const),
    paidDate: range(),
    modifiedDate: range(),
    sort: sorts[Math.floor(random() * sorts.length)]!,
  }))
}

const orders = makeOrders(400, 7)
const queries = randomQueries(150, 11)

describe('answering an order query from an array', () => {
  it('returns the same orders in the same order as a plain implementation', () => {
    let nonEmpty = 0
    for (const q of queries) {
      const expected = plainAnswer(orders, q)
      if (expected.length > 0) nonEmpty++
      expect(answerOrderQuery(orders, q).map((o) => o.ID), JSON.stringify(q)).toEqual(expected)
    }
    // The random queries must exercise real answers, not only empty ones.
    expect(nonEmpty).toBeGreaterThan(queries.length / 3)
  })
})

describe('answering an order query from the Dexie cache', () => {
  class IndexedDb extends Dexie {
    orders!: Table<Order, number>
    constructor() {
      super('order-query-indexed')
      this.version(1).stores({ orders: SCHEMA_V1.orders })
    }
  }
  class BareDb extends Dexie {
    orders!: Table<Order, number>
    constructor() {
      super('order-query-bare')
      this.version(1).stores({ orders: 'ID' })
    }
  }
  const indexed = new IndexedDb()
  const bare = new BareDb()

  beforeAll(async () => {
    await indexed.orders.bulkPut(orders)
    await bare.orders.bulkPut(orders)
  })
  afterAll(async () => {
    await indexed.delete()
    await bare.delete()
  })

  it('agrees with the plain implementation using the cache indexes', async () => {
    for (const q of queries) {
      expect(await orderIdsForQuery(indexed.orders, q), JSON.stringify(q)).toEqual(plainAnswer(orders, q))
    }
  })

  it('agrees with the plain implementation when the cache has no secondary indexes', async () => {
    for (const q of queries.slice(0, 60)) {
      expect(await orderIdsForQuery(bare.orders, q), JSON.stringify(q)).toEqual(plainAnswer(orders, q))
    }
  })

  it('includes the last day of a range, excludes orders never paid, and sorts them as the oldest', async () => {
    const random = seededRandom(3)
    const edge = [
      makeOrder(1, random, { paid_date: '2026-05-10 23:59:59' }),
      makeOrder(2, random, { paid_date: '2026-05-11 00:00:00' }),
      makeOrder(3, random, { paid_date: undefined }),
      makeOrder(4, random, { paid_date: '2026-05-09 00:00:00' }),
    ]
    const db = new IndexedDb()
    await db.orders.clear()
    await db.orders.bulkPut(edge)
    const q: OrderQuery = { search: '', paidDate: { from: '2026-05-10', to: '2026-05-10' }, sort: 'paid_date' }
    expect(await orderIdsForQuery(db.orders, q)).toEqual([1])
    expect(answerOrderQuery(edge, { search: '', sort: '-paid_date' }).map((o) => o.ID)).toEqual([2, 1, 4, 3])
    expect(answerOrderQuery(edge, { search: '', sort: 'paid_date' }).map((o) => o.ID)).toEqual([3, 4, 1, 2])
    await db.orders.clear()
    await db.orders.bulkPut(orders)
  })
})

describe('the store query for a filter', () => {
  it('names every filter as the store spells it', () => {
    const q: OrderQuery = {
      search: '  mug ',
      fulfillment: 'unfulfilled',
      financial: 'partial-refund',
      status: 'wc-pending',
      paidDate: { from: '2026-03-01', to: '2026-03-07' },
      modifiedDate: { to: '2026-03-09' },
      sort: '-total_sales',
    }
    expect(toOrdersListParams(q, 3, 100)).toEqual({
      page: 3,
      page_size: 100,
      'filter[search]': 'mug',
      'filter[fulfillment_status]': 'unfulfilled',
      'filter[financial_status]': 'partial-refund',
      'filter[status]': 'wc-pending',
      'filter[date]': '2026-03-01,2026-03-07',
      'filter[modified_date]': ',2026-03-09',
      sort: '-total_sales',
    })
  })

  it('leaves out filters that are not set', () => {
    expect(toOrdersListParams({ search: '   ', paidDate: {}, sort: 'date' })).toEqual({ page: 1, page_size: 50, sort: 'date' })
  })
})

describe('the route form of a query', () => {
  it('reads back every random query it wrote', () => {
    for (const q of queries) {
      const back = orderQueryFromRoute(orderQueryToRoute(q))
      expect(answerOrderQuery(orders, back).map((o) => o.ID)).toEqual(answerOrderQuery(orders, q).map((o) => o.ID))
    }
  })

  it('drops values that are not valid filters', () => {
    const q = orderQueryFromRoute({ status: 'wc-bogus', paid: '2026-13-99,', sort: 'price', q: 'mug', fulfillment: 'fulfilled' })
    expect(q).toEqual({ search: 'mug', fulfillment: 'fulfilled', financial: undefined, status: undefined, paidDate: undefined, modifiedDate: undefined, sort: '-date' })
  })
})
