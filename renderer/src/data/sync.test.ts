import { describe, expect, it, vi } from 'vitest'
import type { OperationName } from '@common/store-api/operations'
import type { Order } from '@common/store-api/resources'
import { storeKey, type StoreDatabase, type SyncState } from './db'
import { actions } from './actions'
import { ORDER_PAGE_SIZE, ORDER_PAGES_AHEAD, ORDER_WRITE_SLICE, refreshOrder, SyncCancelled, syncAll, syncResource, type ProgressReport } from './sync'
import type { StoreCall } from './store-client'
import { FakeStore } from './fake-store'
import { clockFromPair, readStoreClock } from './store-clock'
import { freshStoreEachTest, makeBlog, makeCheckout, makeCollection, makeMetaField, makeOrder, timestamp } from './test-support'

const { trackOrder, updateBlog } = actions

let db: StoreDatabase
let store: FakeStore

freshStoreEachTest((d, s) => ((db = d), (store = s)))

function seedOrders(count: number) {
  for (let id = 1; id <= count; id++) store.orders.set(id, makeOrder(id, id))
}

describe('first sync', () => {
  it('pages through every order with progress, and resumes after a cancel where it stopped', async () => {
    seedOrders(ORDER_PAGE_SIZE * 10 + 10)
    const controller = new AbortController()
    const reports: ProgressReport[] = []
    const run = syncResource(db, store.call, 'orders', {
      signal: controller.signal,
      onProgress: (report) => {
        reports.push(report)
        if (report.done >= ORDER_PAGE_SIZE * 2) controller.abort()
      },
    })
    await expect(run).rejects.toBeInstanceOf(SyncCancelled)
    const stopped = (await db.syncState.get('orders'))!
    expect(stopped).toMatchObject({ complete: false })
    // Everything before the cursor is written, nothing after it, and the last report said so.
    const written = await db.orders.count()
    expect(written).toBe((stopped.cursor! - 1) * ORDER_PAGE_SIZE)
    expect(written).toBeLessThan(2510)
    expect(reports.at(-1)).toEqual({ resource: 'orders', done: written, total: 2510 })

    store.log = []
    await syncResource(db, store.call, 'orders', { onProgress: (r) => reports.push(r) })
    const pages = store.sent('orders.list').map((l) => l.params.query?.page)
    expect(pages).toEqual(Array.from({ length: 11 - stopped.cursor! + 1 }, (_, i) => stopped.cursor! + i))
    expect(reports.at(-1)).toEqual({ resource: 'orders', done: 2510, total: 2510 })
    const dones = reports.map((r) => r.done)
    expect(dones).toEqual([...dones].sort((a, b) => a - b))
    expect(await db.orders.count()).toBe(2510)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: null, complete: true, watermark: timestamp(2510) })
  })

  it('the connection dropping mid-sync leaves the pages already read, and the next sync resumes', async () => {
    seedOrders(ORDER_PAGE_SIZE * 2 + 1)
    const call = store.call
    let failed = false
    const flaky = ((operation: never, params: { query?: { page?: number } }) => {
      if (params.query?.page === 2 && !failed) {
        failed = true
        return Promise.reject({ code: 'network', message: 'The store could not be reached.' })
      }
      return call(operation, params as never)
    }) as typeof call
    await expect(syncResource(db, flaky, 'orders')).rejects.toMatchObject({ code: 'network' })
    expect(await db.orders.count()).toBe(250)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: 2, complete: false })
    store.log = []
    await syncResource(db, flaky, 'orders')
    expect(store.sent('orders.list').map((l) => l.params.query?.page)).toEqual([2, 3])
    expect(await db.orders.count()).toBe(501)
  })
})

/**
 * Holds every orders.list answer until the test lets it through (or fails it), so a test
 * decides the order in which pages arrive; counts the requests waiting at once.
 */
function gatedOrderPages(call: StoreCall) {
  const held = new Map<number, { release: () => void; fail: (error: unknown) => void }>()
  let waiting = 0
  let mostWaiting = 0
  const gated = (async (operation: OperationName, params: { query?: { page?: number } }) => {
    if (operation !== 'orders.list') return call(operation, params as never)
    waiting++
    mostWaiting = Math.max(mostWaiting, waiting)
    try {
      await new Promise<void>((release, fail) => held.set(params.query!.page!, { release, fail }))
    } finally {
      waiting--
    }
    return call(operation, params as never)
  }) as StoreCall
  const requested = async (page: number) => {
    await vi.waitFor(() => expect(held.has(page)).toBe(true))
    return held.get(page)!
  }
  return {
    call: gated,
    requestedPages: () => [...held.keys()],
    mostWaiting: () => mostWaiting,
    release: async (page: number) => (await requested(page)).release(),
    fail: async (page: number, error: unknown) => (await requested(page)).fail(error),
  }
}

/** The order IDs of each page of 250 as the store lists them for the first pass. */
async function storePages(count: number): Promise<number[][]> {
  const pages: number[][] = []
  for (let page = 1; page <= Math.ceil(count / ORDER_PAGE_SIZE); page++) {
    const result = await store.call('orders.list', { query: { page, page_size: ORDER_PAGE_SIZE, sort: '-modified_date' } })
    pages.push(result.data.map((o) => o.ID))
  }
  return pages
}

describe('first sync, fetching ahead', () => {
  it('asks for a few pages ahead while it writes, and writes each page in order, in slices, moving the cursor past it', async () => {
    seedOrders(ORDER_PAGE_SIZE * 5)
    const expected = await storePages(ORDER_PAGE_SIZE * 5)
    store.log = []
    const writes: number[][] = []
    const bulkPut = db.orders.bulkPut.bind(db.orders)
    vi.spyOn(db.orders, 'bulkPut').mockImplementation(((rows: Order[]) => {
      writes.push(rows.map((o) => o.ID))
      return bulkPut(rows)
    }) as never)
    const cursors: (number | null)[] = []
    const putState = db.syncState.put.bind(db.syncState)
    vi.spyOn(db.syncState, 'put').mockImplementation(((state: SyncState) => {
      cursors.push(state.cursor)
      return putState(state)
    }) as never)
    const gate = gatedOrderPages(store.call)
    const run = syncResource(db, gate.call, 'orders')

    await gate.release(1)
    // Page 1 said there are 5 pages: 2 to 4 are asked for at once, 5 waits for room.
    await vi.waitFor(() => expect(gate.requestedPages()).toEqual([1, 2, 3, 4]))
    expect(ORDER_PAGES_AHEAD).toBe(3)
    await gate.release(4)
    await gate.release(3)
    await gate.release(2)
    await gate.release(5)
    await run

    expect(gate.mostWaiting()).toBe(ORDER_PAGES_AHEAD)
    // In page order, in slices of ORDER_WRITE_SLICE; the cursor moves past each page in turn
    // (with its last slice), then the pass is complete.
    expect(writes.flat()).toEqual(expected.flat())
    expect(writes.map((w) => w.length)).toEqual(Array(writes.length).fill(ORDER_WRITE_SLICE))
    expect(cursors).toEqual([2, 3, 4, 5, null])
    expect(await db.orders.count()).toBe(1250)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: null, complete: true, storeTotal: 1250 })
  })

  it('a write failing part way through a page leaves the cursor before that page, and the next sync writes all of it', async () => {
    seedOrders(ORDER_PAGE_SIZE * 2)
    const bulkPut = db.orders.bulkPut.bind(db.orders)
    let slices = 0
    const failing = vi.spyOn(db.orders, 'bulkPut').mockImplementation(((rows: Order[]) => {
      // Page 1 is written; page 2's second slice fails (the disk is full, say).
      if (++slices === ORDER_PAGE_SIZE / ORDER_WRITE_SLICE + 2) return Promise.reject(new Error('disk full'))
      return bulkPut(rows)
    }) as never)

    await expect(syncResource(db, store.call, 'orders')).rejects.toThrow('disk full')
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: 2, complete: false })
    expect(await db.orders.count()).toBe(ORDER_PAGE_SIZE + ORDER_WRITE_SLICE)

    failing.mockRestore()
    store.log = []
    await syncResource(db, store.call, 'orders')
    expect(store.log.filter((l) => l.operation === 'orders.list').map((l) => l.params.query?.page)).toEqual([2])
    expect(await db.orders.count()).toBe(ORDER_PAGE_SIZE * 2)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: null, complete: true })
  })

  it('a page failing while later ones arrive leaves the cursor on it; the later ones are not written, and the next sync resumes there', async () => {
    seedOrders(ORDER_PAGE_SIZE * 5)
    const expected = await storePages(ORDER_PAGE_SIZE * 5)
    const gate = gatedOrderPages(store.call)
    const reports: ProgressReport[] = []
    const run = syncResource(db, gate.call, 'orders', { onProgress: (r) => reports.push(r) })
    const outcome = expect(run).rejects.toMatchObject({ code: 'network' })

    await gate.release(1)
    await gate.release(4)
    await gate.release(2)
    await gate.fail(3, { code: 'network', message: 'The store could not be reached.' })
    await outcome
    await gate.release(5)

    const cached = new Set((await db.orders.toArray()).map((o) => o.ID))
    expect([...cached].sort((a, b) => a - b)).toEqual([...expected[0]!, ...expected[1]!].sort((a, b) => a - b))
    expect(expected[3]!.some((id) => cached.has(id))).toBe(false)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: 3, complete: false })
    expect(reports.at(-1)).toMatchObject({ done: 500 })

    store.log = []
    await syncResource(db, store.call, 'orders')
    expect(store.sent('orders.list').map((l) => l.params.query?.page)).toEqual([3, 4, 5])
    expect(await db.orders.count()).toBe(1250)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: null, complete: true })
  })

  it('follows a store that grew during the pass to its new last page', async () => {
    seedOrders(ORDER_PAGE_SIZE * 2)
    const gate = gatedOrderPages(store.call)
    const run = syncResource(db, gate.call, 'orders')
    await gate.release(1)
    await vi.waitFor(() => expect(gate.requestedPages()).toEqual([1, 2]))
    // Orders modified before every other one land on a third page.
    for (let id = 501; id <= 750; id++) store.orders.set(id, makeOrder(id, id - 1000))
    await gate.release(2)
    await gate.release(3)
    await run
    expect(await db.orders.count()).toBe(750)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: null, complete: true, storeTotal: 750 })
  })

  it('a first pass keeps an order an unsent write holds, and writes every other order', async () => {
    seedOrders(ORDER_PAGE_SIZE + 50)
    await syncResource(db, store.call, 'orders')
    await trackOrder(db, 120, { trackno: 'MINE', sendemail: false })
    for (const id of [120, 121]) store.orders.get(id)!.billing_user_name = 'Changed on the store'
    // A cache whose orders were cleared (but not the held one) starts the pass again.
    await db.syncState.delete('orders')

    await syncResource(db, store.call, 'orders')

    expect(await db.orders.get(120)).toMatchObject({ trackno: 'MINE', pending: true, billing_user_name: 'Ada Lovelace' })
    expect(await db.orders.get(121)).toMatchObject({ billing_user_name: 'Changed on the store' })
    expect(await db.orders.count()).toBe(300)
  })
})

describe('later syncs', () => {
  it('fetch orders newest-modified first and stop at the watermark', async () => {
    seedOrders(600)
    await syncResource(db, store.call, 'orders')
    store.log = []
    const changed = store.orders.get(5)!
    changed.post_modified_gmt = changed.post_modified = timestamp(10_000)
    changed.financial_status = 'refund'
    store.orders.set(601, makeOrder(601, 10_001))

    await syncResource(db, store.call, 'orders')

    expect(store.sent('orders.list')).toHaveLength(1)
    expect(store.sent('orders.list')[0]?.params.query).toMatchObject({ sort: '-modified_date', page_size: 250, page: 1 })
    expect((await db.orders.get(5))?.financial_status).toBe('refund')
    expect(await db.orders.count()).toBe(601)
    expect((await db.syncState.get('orders'))?.watermark).toBe(timestamp(10_001))
    // The Sync page's "of N on the store" is what the store reported, with the new order.
    expect((await db.syncState.get('orders'))?.storeTotal).toBe(601)
  })

  it('never overwrite an order with an unsent write', async () => {
    seedOrders(3)
    await syncResource(db, store.call, 'orders')
    await trackOrder(db, 2, { trackno: 'MINE', sendemail: false })
    store.orders.get(2)!.post_modified_gmt = timestamp(5_000)
    await syncResource(db, store.call, 'orders')
    expect(await db.orders.get(2)).toMatchObject({ trackno: 'MINE', fulfillment_status: 'fulfilled', pending: true })
  })

  it('delete posts, collections, meta fields and checkouts the store no longer has, but keep ones with unsent writes', async () => {
    for (const id of [1, 2, 3]) store.blogs.set(id, makeBlog(id))
    store.collections.set(7, { ...makeCollection(7), blogIds: [3, 1] })
    store.metaFields.set(9, makeMetaField(9))
    for (const id of [1, 2]) store.checkouts.set(id, makeCheckout(id))
    await syncAll(db, store.call)
    expect(await db.blogs.get(storeKey(1))).toMatchObject({ collectionKeys: [storeKey(7)] })
    expect((await db.collections.get(storeKey(7)))?.blogKeys).toEqual([storeKey(3), storeKey(1)])
    expect(await db.counters.get('checkouts')).toMatchObject({ count: 2 })
    // The definition's own key survives beside the row key it would otherwise collide with.
    expect(await db.metaFieldDefinitions.get(storeKey(9))).toMatchObject({ key: storeKey(9), fieldKey: 'field_9', namespace: 'custom' })

    await updateBlog(db, storeKey(2), { title: 'Kept while unsent' })
    store.blogs.delete(1)
    store.blogs.delete(2)
    store.collections.delete(7)
    store.metaFields.delete(9)
    store.checkouts.delete(1)
    await syncAll(db, store.call)

    expect((await db.blogs.toArray()).map((b) => [b.key, b.title])).toEqual([
      [storeKey(2), 'Kept while unsent'],
      [storeKey(3), 'Post 3'],
    ])
    expect(await db.collections.count()).toBe(0)
    expect(await db.metaFieldDefinitions.count()).toBe(0)
    expect((await db.checkouts.toArray()).map((c) => c.ID)).toEqual([2])
  })
})

/** Another desk's change, stamped `lag` minutes before the store's clock (a write that began then and commits now). */
function deskWrite(id: number, lag: number, name: string) {
  const stamp = timestamp(store.clock - lag)
  const order = store.orders.get(id) ?? makeOrder(id, store.clock - lag)
  store.orders.set(id, { ...order, billing_user_name: name, post_modified_gmt: stamp, post_modified: stamp })
}

/** Counts the orders each pass writes into the cache. */
function countWrites() {
  const written: number[] = []
  const bulkPut = db.orders.bulkPut.bind(db.orders)
  vi.spyOn(db.orders, 'bulkPut').mockImplementation(((rows: Order[]) => {
    written.push(...rows.map((o) => o.ID))
    return bulkPut(rows)
  }) as never)
  return written
}

/**
 * A sync (its watermark is then the store's clock), `minutes` passing, another desk's write,
 * and the next sync.
 */
async function syncAroundWrite(minutes: number, write: () => void) {
  await syncResource(db, store.call, 'orders')
  expect((await db.syncState.get('orders'))?.watermark).toBe(timestamp(store.clock))
  store.clock += minutes
  write()
  await syncResource(db, store.call, 'orders')
}

describe('the overlap: a change committed out of order is never skipped', () => {
  it('reads a change stamped before the watermark that reached the store after the last pass', async () => {
    seedOrders(300)
    deskWrite(7, 0, 'Quick desk')
    // A slow write another desk began two minutes before the quick one commits only after it was synced.
    await syncAroundWrite(1, () => deskWrite(8, 3, 'Slow desk'))
    expect(await db.orders.get(8)).toMatchObject({ billing_user_name: 'Slow desk' })
  })

  it('an idle store of 10,000 orders costs one request and no write per pass', async () => {
    seedOrders(10_000)
    store.clock = 10_000
    await syncResource(db, store.call, 'orders')
    const written = countWrites()
    const reads: number[] = []
    for (let pass = 0; pass < 3; pass++) {
      store.log = []
      await syncResource(db, store.call, 'orders', { onProgress: (r) => reads.push(r.done) })
      expect(store.sent('orders.list')).toHaveLength(1)
    }
    expect(written).toEqual([])
    // The orders of the five minutes before the watermark (one a minute here) are read again, not written.
    expect(reads).toEqual([6, 6, 6])
    // A change among them is written, and only it.
    deskWrite(9_998, 0, 'Changed')
    await syncResource(db, store.call, 'orders')
    expect(written).toEqual([9_998])
  })

  it('does not write an order an older page holds over a copy read after the page was requested', async () => {
    seedOrders(10)
    await syncResource(db, store.call, 'orders')
    deskWrite(3, 0, 'First change')
    // The pass's page is read from the store, and its answer held back while the order
    // changes again and its page opens (reading the newer copy). The store stamps the second
    // change a minute before the first: only the order of the reads says which is newer.
    let pageRead!: () => void
    const read = new Promise<void>((resolve) => (pageRead = resolve))
    let releasePage!: () => void
    const released = new Promise<void>((resolve) => (releasePage = resolve))
    const held = (async (operation: OperationName, params: never) => {
      const answer = await store.call(operation, params)
      if (operation === 'orders.list') {
        pageRead()
        await released
      }
      return answer
    }) as StoreCall
    const run = syncResource(db, held, 'orders')
    await read
    deskWrite(3, 1, 'Second change')
    await refreshOrder(db, 3, store.call)
    releasePage()
    await run
    expect(await db.orders.get(3)).toMatchObject({ billing_user_name: 'Second change' })
  })

  it('moves the watermark only when a pass completes: a pass cut short leaves the older changes for the next', async () => {
    seedOrders(600)
    await syncResource(db, store.call, 'orders')
    const before = (await db.syncState.get('orders'))!.watermark
    for (let id = 1; id <= 300; id++) {
      store.clock++
      deskWrite(id, 0, 'Changed')
    }
    let pages = 0
    const cutAfterOne = ((operation: OperationName, params: never) => (operation === 'orders.list' && ++pages === 2 ? Promise.reject({ code: 'network', message: 'offline' }) : store.call(operation, params))) as StoreCall
    await expect(syncResource(db, cutAfterOne, 'orders')).rejects.toMatchObject({ code: 'network' })
    expect((await db.syncState.get('orders'))!.watermark).toBe(before)
    await syncResource(db, store.call, 'orders')
    expect((await db.orders.toArray()).filter((o) => o.billing_user_name === 'Changed')).toHaveLength(300)
  })

  it('clamps a watermark ahead of the store\'s clock, so changes made now are not hidden until it catches up', async () => {
    seedOrders(20)
    // An order stamped a day ahead (its store's clock was wrong when it was written).
    deskWrite(5, -24 * 60, 'From the future')
    await syncAroundWrite(2, () => deskWrite(6, 0, 'Now'))
    expect(await db.orders.get(6)).toMatchObject({ billing_user_name: 'Now' })
  })

  it('widens the pass when the store\'s clock stepped back by more than the overlap', async () => {
    let local = Date.UTC(2026, 5, 1)
    const now = () => local
    seedOrders(20)
    deskWrite(1, 0, 'Before the step')
    await syncResource(db, store.call, 'orders', { now })
    // Ten minutes pass here, and the store's clock is set back by an hour.
    local += 10 * 60_000
    store.clock += 10 - 60
    deskWrite(11, 0, 'After the step')
    local += 20 * 60_000
    store.clock += 20
    await syncResource(db, store.call, 'orders', { now })
    expect(await db.orders.get(11)).toMatchObject({ billing_user_name: 'After the step' })
  })
})

describe("the store's clock", () => {
  /** An order whose local times are `offset` minutes from its GMT ones. */
  const zoned = (id: number, minute: number, offset: number) => {
    const order = makeOrder(id, minute)
    order.post_modified = timestamp(minute + offset)
    order.post_date = order.post_modified
    return order
  }

  it('keeps the offset the newest local/GMT pair tells, and follows the store into a new zone', async () => {
    for (let id = 1; id <= 300; id++) store.orders.set(id, zoned(id, id, -300))
    // An order with a pair no real zone writes changes nothing.
    store.orders.set(301, { ...zoned(301, 301, 7), post_modified: 'soon' })
    await syncResource(db, store.call, 'orders')
    expect(await readStoreClock(db)).toEqual({ utcOffsetMinutes: -300, seenGmt: timestamp(300) })

    // The merchant moves the store to UTC+05:30: orders changed since carry the new zone.
    store.orders.set(302, zoned(302, 20_000, 330))
    await syncResource(db, store.call, 'orders')
    expect(await readStoreClock(db)).toEqual({ utcOffsetMinutes: 330, seenGmt: timestamp(20_000) })
  })

  it('reads a store with no orders from its newest checkouts, and knows nothing of an empty one', async () => {
    expect(await readStoreClock(db)).toBeNull()
    await db.checkouts.bulkPut([1, 2].map((id) => ({ ...makeCheckout(id), post_modified: timestamp(id + 60) })))
    expect(await readStoreClock(db)).toEqual({ utcOffsetMinutes: 60, seenGmt: timestamp(2) })
  })
})

describe('a pair of store times', () => {
  it('tells an offset only when a real zone could have written it', () => {
    expect(clockFromPair('2026-03-01 05:00:00', '2026-03-01 10:00:00')).toEqual({ utcOffsetMinutes: -300, seenGmt: '2026-03-01 10:00:00' })
    expect(clockFromPair('2026-03-01 15:45:00', '2026-03-01T10:00:00+00:00')).toEqual({ utcOffsetMinutes: 345, seenGmt: '2026-03-01 10:00:00' })
    for (const [local, gmt] of [['2026-03-01 05:00:07', '2026-03-01 10:00:00'], ['2026-03-03 05:00:00', '2026-03-01 10:00:00'], ['0000-00-00 00:00:00', '2026-03-01 10:00:00'], ['2026-02-30 05:00:00', '2026-03-01 10:00:00'], [undefined, '2026-03-01 10:00:00']]) {
      expect(clockFromPair(local, gmt)).toBeNull()
    }
  })
})
