import { afterEach, describe, expect, it } from 'vitest'
import { storeKey, type StoreDatabase } from './db'
import { actions } from './actions'
import { discardWrite } from './outbox'
import { moveKeys } from './writes'
import { freshDatabase, makeBlog, makeOrder } from './test-support'

const { createBlog, createMetaField, deleteBlog, reorderCollection, trackOrder, updateBlog } = actions

let db: StoreDatabase
afterEach(async () => {
  await db?.delete()
})

describe('enqueueing a write', () => {
  it('marks the order fulfilled with its tracking number and queues the write in one go', async () => {
    db = freshDatabase()
    await db.orders.put(makeOrder(7, 1))
    await trackOrder(db, 7, { trackno: '1Z999', sendemail: true, logistics_company: 'UPS' })

    const order = await db.orders.get(7)
    expect(order).toMatchObject({ fulfillment_status: 'fulfilled', trackno: '1Z999', trackname: 'UPS', pending: true })
    expect(order?.server?.fulfillment_status).toBe('unfulfilled')
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ kind: 'orders.track', state: 'queued', lanes: ['orders:7'] })
  })

  it('keeps a new meta field’s own key beside the local row key it is cached under', async () => {
    db = freshDatabase()
    const key = await createMetaField(db, { name: 'Reading time', namespace: 'custom', key: 'reading_time', type: 'integer', resource_type: 'blog', status: 'enabled' })
    expect(await db.metaFieldDefinitions.get(key)).toMatchObject({ key, fieldKey: 'reading_time', storeId: null, pending: true })
  })

  it('writes nothing when the transaction fails', async () => {
    db = freshDatabase()
    await db.orders.put(makeOrder(7, 1))
    await db.outbox.hook('creating', () => {
      throw new Error('disk full')
    })
    await expect(trackOrder(db, 7, { trackno: 'X', sendemail: false })).rejects.toThrow('disk full')
    expect((await db.orders.get(7))?.fulfillment_status).toBe('unfulfilled')
  })

  it('folds an edit of an unsent new post into its create, and a delete removes both', async () => {
    db = freshDatabase()
    const key = await createBlog(db, { title: 'Draft', content: '<p>a</p>', seo_slug: 'draft' })
    await updateBlog(db, key, { content: '<p>b</p>' })
    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    expect(entries[0]?.write).toMatchObject({ kind: 'blogs.create', body: { title: 'Draft', content: '<p>b</p>' } })
    expect((await db.blogs.get(key))?.content).toBe('<p>b</p>')

    await deleteBlog(db, key)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.blogs.get(key)).toBeUndefined()
  })

  it('refers to a post by its store id once it has one, so later writes share its lane', async () => {
    db = freshDatabase()
    await db.blogs.put({ ...makeBlog(42), key: 'local:abc', storeId: 42, collectionKeys: [] })
    await updateBlog(db, 'local:abc', { title: 'Renamed' }, { baseUpdatedAt: '2026-01-01 00:00:00' })
    const [entry] = await db.outbox.toArray()
    expect(entry?.write).toMatchObject({ kind: 'blogs.update', key: storeKey(42) })
    expect(entry?.lanes).toEqual(['blogs:store:42'])
    expect(entry?.base).toEqual({ updatedAt: '2026-01-01 00:00:00', fields: { title: 'Post 42' } })
  })

  it('discarding a write puts the row back to the store’s copy and keeps later writes applied', async () => {
    db = freshDatabase()
    await db.blogs.put({ ...makeBlog(5), key: storeKey(5), storeId: 5, collectionKeys: [] })
    const first = await updateBlog(db, storeKey(5), { title: 'First' })
    await updateBlog(db, storeKey(5), { summary: 'Second' })
    await discardWrite(db, first)
    const blog = await db.blogs.get(storeKey(5))
    expect(blog).toMatchObject({ title: 'Post 5', summary: 'Second', pending: true })
  })

  it('reorders a collection locally the way sort_blogs_manual does', async () => {
    expect(moveKeys(['a', 'b', 'c', 'd'], ['d'], 1)).toEqual(['d', 'a', 'b', 'c'])
    expect(moveKeys(['a', 'b', 'c', 'd'], ['a', 'b'], 3)).toEqual(['c', 'd', 'a', 'b'])
    expect(moveKeys(['a', 'b', 'c', 'd'], ['c', 'a'], 2)).toEqual(['b', 'c', 'a', 'd'])
    db = freshDatabase()
    await db.collections.put({ key: storeKey(1), storeId: 1, title: 'C', blogKeys: ['store:1', 'store:2', 'store:3'] })
    await reorderCollection(db, storeKey(1), ['store:3'], 1)
    expect((await db.collections.get(storeKey(1)))?.blogKeys).toEqual(['store:3', 'store:1', 'store:2'])
  })
})
