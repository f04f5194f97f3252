import { afterEach, describe, expect, it } from 'vitest'
import type { StoreDatabase } from '@/data'
import { freshDatabase, makeBlog, makeOrder } from '@/data/test-support'
import { readCachedRows } from './use-cached-rows'

const opened: StoreDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

describe('the Sync page’s cached data', () => {
  it('lists every resource with the rows cached and its sync state, in one read', async () => {
    const db = freshDatabase()
    opened.push(db)
    await db.orders.bulkPut([makeOrder(1, 1), makeOrder(2, 2), makeOrder(3, 3)])
    await db.syncState.put({ resource: 'orders', lastSyncAt: null, lastError: null, watermark: null, cursor: 2, generation: 0, complete: false, storeTotal: 750 })
    // Two posts of the store's, and one created here that the store does not have yet.
    await db.blogs.bulkPut([
      { ...makeBlog(1), key: 'store:1', storeId: 1, collectionKeys: [] },
      { ...makeBlog(2), key: 'local:a', storeId: 2, collectionKeys: [] },
      { ...makeBlog(3), key: 'local:b', storeId: null, collectionKeys: [] },
    ])

    const rows = await readCachedRows(db)

    expect(rows.map((r) => [r.resource, r.cached, r.state?.storeTotal ?? null])).toEqual([
      ['orders', 3, 750],
      ['checkouts', 0, null],
      ['blogs', 2, null],
      ['collections', 0, null],
      ['metaFields', 0, null],
      ['orderMeta', 0, null],
    ])
  })
})
