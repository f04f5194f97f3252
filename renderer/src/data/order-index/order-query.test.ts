import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '@common/store-api/resources'
import { StoreDatabase } from '../db'
import { COMPACT_ABOVE_BLOCKS } from './order-index-blocks'
import { makeOrder, makeOrders, seededRandom } from './order-fixtures'
import { firstWindowFromCache, orderIndexFor, type OrderIndex } from './order-index'
import {
  answerOrderQuery,
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

/** Lower case, marks and apostrophes gone, words joined by single spaces. */
function plainFold(s: string): string {
  return s.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().replace(/['\u2018\u2019\u02bc`]/g, '').split(/\s+/).filter(Boolean).join(' ')
}

/** The fields a search looks in, each as it is compared. */
function plainHaystack(o: Order): string[] {
  const names = [o.billing_user_name, `${o.billing_address.first_name} ${o.billing_address.last_name}`, `${o.shipping_address.first_name} ${o.shipping_address.last_name}`]
  return [
    `#${o.number}`,
    o.transaction_id ?? '',
    o.billing_address.email,
    // The fixtures' names are two words: "first last" and "last first".
    ...names.flatMap((n) => [n, n.split(' ').reverse().join(' ')]),
    o.trackno ?? '',
    ...o.line_items.flatMap((li) => [li.order_item_name, li.sku]),
  ]
    .map(plainFold)
    .concat([o.billing_address.phone, o.shipping_address.phone].map((p) => p.replace(/[^0-9]/g, '')))
}

function plainSearchMatches(o: Order, search: string): boolean {
  const words = plainFold(search)
  if (!words) return true
  const wanted = [words]
  const digits = words.replace(/[^0-9]/g, '')
  if (/^[0-9 +().\-/]+$/.test(words) && digits !== words && digits.length >= 3) wanted.push(digits)
  return plainHaystack(o).some((field) => field !== '' && wanted.some((w) => field.indexOf(w) >= 0))
}

function plainAnswer(orders: Order[], q: OrderQuery): number[] {
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
    if (!plainSearchMatches(o, q.search)) continue
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
    search:
      maybe([
        '', 'mug', 'SD-003', 'liam', '  EMMA ', '100', 'tx1', 'nothing-matches',
        'obrien', "O'BRIEN", 'brown  jose', 'José', 'jose', 'zoe muller', 'Müller, Zoë', '#1003', '#10', '(217) 555-01', '5550123', '555 0', '1z3', 'lovelace ada', 'hopper grace',
      ]) ?? '',
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

/** More orders than one block of the index's joined search texts (512), so searches cross blocks. */
const cached = makeOrders(1300, 7)

/** Resolves once the index has loaded or applied a change (registered before the write that causes it). */
function nextChange(index: OrderIndex): Promise<void> {
  return new Promise((resolve) => {
    const stop = index.subscribe(() => {
      if (index.state !== 'ready') return
      stop()
      resolve()
    })
  })
}

async function readyIndex(db: StoreDatabase): Promise<OrderIndex> {
  const index = orderIndexFor(db)
  if (index.state !== 'ready') await nextChange(index)
  return index
}

function expectSameAnswers(index: OrderIndex, current: Order[], qs: OrderQuery[]) {
  for (const q of qs) expect(index.query(q), JSON.stringify(q)).toEqual(plainAnswer(current, q))
}

describe('answering an order query from the cache (the order index)', () => {
  let db: StoreDatabase
  let counter = 0
  beforeEach(async () => {
    db = new StoreDatabase(`order-index-${Date.now()}-${++counter}`)
    await db.orders.bulkPut(cached)
  })
  afterEach(async () => {
    await db.delete()
  })

  it('agrees with the plain implementation for every random query', async () => {
    const index = await readyIndex(db)
    expect(index.size).toBe(cached.length)
    expectSameAnswers(index, cached, queries)
  })

  it('still agrees after sync pages, optimistic updates, deletions and new orders land', async () => {
    const index = await readyIndex(db)
    const random = seededRandom(21)
    const current = new Map(cached.map((o) => [o.ID, o]))

    // A sync page: orders changed on the store (status, payment, dates, total, e-mail) and new ones.
    const page = cached.slice(0, 120).map((o, i) => {
      const fresh = makeOrder(o.ID, random)
      return { ...fresh, number: o.number, billing_address: { ...fresh.billing_address, email: i % 3 === 0 ? `emma.new${i}@example.org` : o.billing_address.email } }
    })
    const added = Array.from({ length: 80 }, (_, i) => makeOrder(3000 + i, random))
    let changed = nextChange(index)
    await db.transaction('rw', db.orders, db.syncState, async () => {
      await db.orders.bulkPut([...page, ...added])
      await db.syncState.put({ resource: 'orders', lastSyncAt: 1, lastError: null, watermark: null, cursor: null, generation: 0, complete: true, storeTotal: 0 })
    })
    await changed
    for (const o of [...page, ...added]) current.set(o.ID, o)
    expectSameAnswers(index, [...current.values()], queries)

    // An optimistic write (tracking): one order fulfilled, through update().
    changed = nextChange(index)
    await db.orders.update(7, { fulfillment_status: 'fulfilled', post_modified: '2026-03-24 09:00:00' })
    await changed
    current.set(7, { ...current.get(7)!, fulfillment_status: 'fulfilled', post_modified: '2026-03-24 09:00:00' })
    expectSameAnswers(index, [...current.values()], queries)

    // Deletions (clearing all but unsent rows deletes one by one).
    const gone = [...current.keys()].filter((id) => id % 5 === 0)
    changed = nextChange(index)
    await db.orders.bulkDelete(gone)
    await changed
    for (const id of gone) current.delete(id)
    expect(index.size).toBe(current.size)
    expectSameAnswers(index, [...current.values()], queries)

    // A deleted order written again in the same transaction as other deletions reuses slots.
    changed = nextChange(index)
    await db.transaction('rw', db.orders, async () => {
      await db.orders.bulkDelete([1, 2, 3])
      await db.orders.put(makeOrder(5, random))
      await db.orders.put(makeOrder(2, random, { paid_date: undefined, transaction_id: undefined }))
    })
    await changed
    current.delete(1)
    current.delete(3)
    current.set(5, (await db.orders.get(5))!)
    current.set(2, (await db.orders.get(2))!)
    expectSameAnswers(index, [...current.values()], queries)
  })

  it('reloads after a clear and counts only what is left', async () => {
    const index = await readyIndex(db)
    const changed = nextChange(index)
    await db.transaction('rw', db.orders, async () => {
      await db.orders.clear()
      await db.orders.bulkPut(cached.slice(0, 50))
    })
    await changed
    expect(index.size).toBe(50)
    expectSameAnswers(index, cached.slice(0, 50), queries.slice(0, 60))
  })

  it('keeps the writes that land while it loads', async () => {
    const index = orderIndexFor(db)
    expect(index.state).toBe('loading')
    const loaded = nextChange(index)
    const random = seededRandom(5)
    const late = Array.from({ length: 30 }, (_, i) => makeOrder(2000 + i, random))
    await db.orders.bulkPut(late)
    await db.orders.bulkDelete([10, 11])
    await loaded
    const current = [...cached.filter((o) => o.ID !== 10 && o.ID !== 11), ...late]
    // The writes may have been applied with the load or after it: either way the answer is the same.
    if (index.size !== current.length) await nextChange(index)
    expectSameAnswers(index, current, queries.slice(0, 60))
  })

  it('loads from the blocks of many small writes, deletions included, and folds them together for the next load', async () => {
    // An order desk's day: one order changed or deleted at a time, each write its own block.
    const random = seededRandom(9)
    const current = new Map(cached.map((o) => [o.ID, o]))
    for (let i = 0; i < COMPACT_ABOVE_BLOCKS + 20; i++) {
      const id = cached[Math.floor(random() * cached.length)]!.ID
      if (i % 5 === 0) {
        await db.orders.delete(id)
        current.delete(id)
      } else {
        const changed = makeOrder(id, random)
        await db.orders.put(changed)
        current.set(id, changed)
      }
    }
    const blocksBefore = await db.orderIndexBlocks.count()
    expect(blocksBefore).toBeGreaterThan(COMPACT_ABOVE_BLOCKS)
    const index = await readyIndex(db)
    expectSameAnswers(index, [...current.values()], queries)
    await expect.poll(() => db.orderIndexBlocks.count()).toBeLessThan(blocksBefore)
    // Another window's index, loaded from the folded blocks, answers the same.
    const otherWindow = new StoreDatabase(db.connectionId)
    try {
      expectSameAnswers(await readyIndex(otherWindow), [...current.values()], queries)
    } finally {
      otherWindow.close()
    }
  })

  it('includes the last day of a range, excludes orders never paid or with a zero date, and sorts them as the oldest', async () => {
    const random = seededRandom(3)
    const edge = [
      makeOrder(1, random, { paid_date: '2026-05-10 23:59:59', order_total: 20 }),
      makeOrder(2, random, { paid_date: '2026-05-11 00:00:00', order_total: 20 }),
      makeOrder(3, random, { paid_date: undefined, order_total: 5 }),
      makeOrder(4, random, { paid_date: '2026-05-09 00:00:00', order_total: 5.5 }),
      makeOrder(5, random, { paid_date: '0000-00-00 00:00:00', order_total: 20 }),
      // Not the store's usual form: compared as the string it is.
      makeOrder(6, random, { paid_date: '2026-05-10T08:00:00Z', order_total: 0 }),
    ]
    await db.orders.clear()
    await db.orders.bulkPut(edge)
    const index = await readyIndex(db)
    expect(index.query({ search: '', paidDate: { from: '2026-05-10', to: '2026-05-10' }, sort: 'paid_date' })).toEqual([1, 6])
    expect(index.query({ search: '', paidDate: { to: '2026-05-10' }, sort: 'paid_date' })).toEqual([4, 1, 6])
    expect(index.query({ search: '', sort: '-paid_date' })).toEqual([2, 6, 1, 4, 5, 3])
    expect(index.query({ search: '', sort: 'paid_date' })).toEqual([3, 5, 4, 1, 6, 2])
    expect(index.query({ search: '', sort: '-total_sales' })).toEqual([5, 2, 1, 4, 3, 6])
    for (const sort of ['paid_date', '-paid_date', 'total_sales', '-total_sales'] as const) {
      for (const paidDate of [undefined, { from: '2026-05-10' }, { from: '2026-05-09', to: '2026-05-10' }]) {
        const q: OrderQuery = { search: '', paidDate, sort }
        expect(index.query(q), JSON.stringify(q)).toEqual(answerOrderQuery(edge, q).map((o) => o.ID))
      }
    }
  })

  it('searches each field on its own, case-insensitively', async () => {
    const random = seededRandom(9)
    const edge = [
      makeOrder(1, random, { number: 'AB', transaction_id: 'CD' }),
      makeOrder(2, random, { number: 'Zoë-1', transaction_id: undefined }),
    ]
    await db.orders.clear()
    await db.orders.bulkPut(edge)
    const index = await readyIndex(db)
    // "bc" only exists across the number and the transaction id: no match.
    expect(index.query({ search: 'bc', sort: 'date' })).toEqual([])
    expect(index.query({ search: ' ZOË ', sort: 'date' })).toEqual([2])
    expect(index.query({ search: 'ab\u0000cd', sort: 'date' })).toEqual([])
    expect(index.query({ search: 'cd', sort: 'date' })).toEqual([1])
  })

  it("gives every cached order's paid day, total and states (the dashboard's facts)", async () => {
    const index = await readyIndex(db)
    const facts = [...index.facts()]
    expect(facts).toHaveLength(cached.length)
    const expected = cached.map((o) => ({ paid_date: o.paid_date, order_total: o.order_total, fulfillment_status: o.fulfillment_status, financial_status: o.financial_status, post_status: o.post_status }))
    const sorted = (list: object[]) => list.map((f) => JSON.stringify(f)).sort()
    expect(sorted(facts)).toEqual(sorted(expected))
  })

  it('answers the first window of an unfiltered list by order date from the cache while it loads', async () => {
    for (const sort of ['-date', 'date'] as const) {
      expect((await firstWindowFromCache(db.orders, { search: '', sort }, 60))?.map((o) => o.ID), sort).toEqual(plainAnswer(cached, { search: '', sort }).slice(0, 60))
    }
    // The cache keeps no index for the other sorts: those lists wait for the order index.
    for (const sort of ['-modified_date', 'paid_date', '-total_sales'] as const) expect(await firstWindowFromCache(db.orders, { search: '', sort }, 60), sort).toBeNull()
    expect(await firstWindowFromCache(db.orders, { search: 'mug', sort: '-date' }, 60)).toBeNull()
    expect(await firstWindowFromCache(db.orders, { search: '', status: 'wc-pending', sort: '-date' }, 60)).toBeNull()
  })

  it('is dropped with its database', async () => {
    const index = await readyIndex(db)
    const id = `order-index-dropped-${Date.now()}`
    const other = new StoreDatabase(id)
    await other.orders.bulkPut(cached.slice(0, 5))
    const otherIndex = await readyIndex(other)
    await other.delete()
    expect(otherIndex.state).toBe('dropped')
    expect(otherIndex.size).toBe(0)
    expect(index.state).toBe('ready')
    expect(orderIndexFor(db)).toBe(index)
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

  it('asks the store for "#1057" as 1057: its search knows no "#"', () => {
    expect(toOrdersListParams({ search: ' #1057 ', sort: 'date' })['filter[search]']).toBe('1057')
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

  it('carries the tag filter in one parameter, and drops what cannot be a tag', () => {
    expect(orderQueryToRoute({ search: '', tags: ['fragile', 'gift wrap'], sort: '-date' })).toEqual({ tags: 'fragile,gift wrap' })
    expect(orderQueryFromRoute({ tags: 'fragile,,gift wrap,' + 'x'.repeat(41) }).tags).toEqual(['fragile', 'gift wrap'])
    expect(orderQueryFromRoute({ tags: ',' }).tags).toBeUndefined()
  })
})
