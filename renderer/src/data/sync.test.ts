import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storeKey, type StoreDatabase } from './db'
import { trackOrder, updateBlog } from './actions'
import { ORDER_PAGE_SIZE, SyncCancelled, syncAll, syncResource, type ProgressReport } from './sync'
import { FakeStore } from './fake-store'
import { freshDatabase, makeBlog, makeCheckout, makeCollection, makeMetaField, makeOrder, timestamp } from './test-support'

let db: StoreDatabase
let store: FakeStore

beforeEach(() => {
  db = freshDatabase()
  store = new FakeStore()
})
afterEach(async () => {
  await db.delete()
})

function seedOrders(count: number) {
  for (let id = 1; id <= count; id++) store.orders.set(id, makeOrder(id, id))
}

describe('first sync', () => {
  it('pages through every order with progress, and resumes after a cancel where it stopped', async () => {
    seedOrders(ORDER_PAGE_SIZE * 3 + 10)
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
    expect(reports.map((r) => [r.done, r.total])).toEqual([
      [250, 760],
      [500, 760],
    ])
    expect(await db.orders.count()).toBe(500)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: 3, complete: false })

    store.log = []
    await syncResource(db, store.call, 'orders', { onProgress: (r) => reports.push(r) })
    expect(store.sent('orders.list').map((l) => l.params.query?.page)).toEqual([3, 4])
    expect(reports.slice(2).map((r) => r.done)).toEqual([750, 760])
    expect(await db.orders.count()).toBe(760)
    expect(await db.syncState.get('orders')).toMatchObject({ cursor: null, complete: true, watermark: timestamp(760) })
  })

  it('the connection dropping mid-sync leaves the pages already read, and the next sync resumes', async () => {
    seedOrders(ORDER_PAGE_SIZE * 2 + 1)
    const requests: number[] = []
    const call = store.call
    let failed = false
    const flaky = ((operation: never, params: { query?: { page?: number } }) => {
      requests.push(params.query?.page ?? 0)
      if (params.query?.page === 2 && !failed) {
        failed = true
        return Promise.reject({ code: 'network', message: 'The store could not be reached.' })
      }
      return call(operation, params as never)
    }) as typeof call
    await expect(syncResource(db, flaky, 'orders')).rejects.toMatchObject({ code: 'network' })
    expect(await db.orders.count()).toBe(250)
    await syncResource(db, flaky, 'orders')
    expect(requests).toEqual([1, 2, 2, 3])
    expect(await db.orders.count()).toBe(501)
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
