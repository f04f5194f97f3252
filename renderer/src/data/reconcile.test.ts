// Each write kind's rule for a write whose outcome is unknown (its handler's `reconcile`): the
// store applied the request and the answer was lost (a 5xx after applying, or the app's host
// dying on the way back), the write is `unconfirmed`, and on the next pass the store is asked
// before anything is sent again. After it: exactly one resource on the store, in the state the
// user left it in, the write's request sent once, one customer e-mail, nothing left waiting.
import { describe, expect, it } from 'vitest'
import type { OperationName } from '@common/store-api/operations'
import { storeKey, type StoreDatabase } from './db'
import { actions } from './actions'
import { replayOutbox } from './replayer'
import { syncResource } from './sync'
import { FakeStore } from './fake-store'
import { cacheOrder, freshStoreEachTest, makeBlog, makeCollection, makeMetaField } from './test-support'

const {
  batchBlogs, batchCollection, createBlog, createCollection, createMetaField, deleteBlog, deleteCollection, deleteMetaField, reorderCollection, setMetaFieldValue, trackOrder, updateBlog,
  updateCollection, updateMetaField, updateOrderShipping,
} = actions

let db: StoreDatabase
let store: FakeStore
let clock = 1_000_000
const now = () => clock

freshStoreEachTest((d, s) => ((db = d), (store = s)), { undoWindowSeconds: 0 })

/** The store applies the next `operation`, and its answer is lost: a 500 on the way back. */
function answerLost(operation: OperationName) {
  store.fail(operation, { code: 'server', message: 'The store had a problem (error 500). Try again later.' }, { afterEffect: true })
}

/** The browser shell's host dies after passing the request on: the store applied it, the window hears nothing. */
function hostDied(operation: OperationName) {
  store.fail(operation, { code: 'internal', message: 'Storedesk’s local host is not answering.', uncertain: true }, { afterEffect: true })
}

/** One pass that loses the answer, then (past any backoff) the pass that settles it. */
async function loseThenSettle() {
  await replayOutbox(db, store.call, now)
  expect((await db.outbox.toArray()).map((e) => e.state)).toContain('unconfirmed')
  clock += 60_000
  await replayOutbox(db, store.call, now)
}

async function cacheBlog(id: number, extra = {}) {
  const blog = makeBlog(id, extra)
  store.blogs.set(id, structuredClone(blog))
  await db.blogs.put({ ...blog, key: storeKey(id), storeId: id, collectionKeys: [] })
}

async function cacheCollection(id: number, blogIds: number[]) {
  const collection = makeCollection(id, { sort_type: 'manual' })
  store.collections.set(id, { ...collection, blogIds })
  await db.collections.put({ ...collection, key: storeKey(id), storeId: id, blogKeys: blogIds.map(storeKey) })
}

const postsTitled = (title: string) => [...store.blogs.values()].filter((b) => b.title === title)

describe('a post create whose answer was lost', () => {
  it('is found on the store by the slug it was sent with, adopted once, and the hide queued behind it goes to that post', async () => {
    answerLost('blogs.create')
    const key = await createBlog(db, { title: 'Spring picnic', seo_slug: 'spring-picnic', content: '<p>Bring a blanket.</p>' })
    await batchBlogs(db, { action: 'hide', blogKeys: [key] })

    await loseThenSettle()

    const [post] = postsTitled('Spring picnic')
    expect(postsTitled('Spring picnic')).toHaveLength(1)
    expect(post).toMatchObject({ seo_slug: 'spring-picnic', status: 1 })
    expect(store.sent('blogs.create')).toHaveLength(1)
    expect(store.sent('blogs.batch')[0]?.params.body).toMatchObject({ ids: [post!.id], operate: { action: 'hide' } })
    expect(await db.outbox.count()).toBe(0)
    expect(await db.blogs.get(key)).toMatchObject({ storeId: post!.id, status: 1 })
    expect((await db.blogs.get(key))?.pending).toBeFalsy()
  })

  it('is adopted even when a sync put the store’s copy in the cache first: the post is listed once, under its own key', async () => {
    hostDied('blogs.create')
    const key = await createBlog(db, { title: 'Autumn walk', seo_slug: 'autumn-walk', content: '<p>Leaves.</p>' })
    await replayOutbox(db, store.call, now)
    await syncResource(db, store.call, 'blogs')
    expect(await db.blogs.count()).toBe(2)

    clock += 60_000
    await replayOutbox(db, store.call, now)

    expect(store.sent('blogs.create')).toHaveLength(1)
    const rows = await db.blogs.toArray()
    expect(rows.map((r) => [r.key, r.storeId])).toEqual([[key, postsTitled('Autumn walk')[0]!.id]])
    expect(await db.outbox.count()).toBe(0)
  })

  it('is sent again when the store does not have it', async () => {
    store.fail('blogs.create', { code: 'server', message: 'The store had a problem (error 500).' })
    await createBlog(db, { title: 'Never arrived', seo_slug: 'never-arrived' })
    await loseThenSettle()
    expect(store.sent('blogs.create')).toHaveLength(2)
    expect(postsTitled('Never arrived')).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('is sent again, and refused, when its slug turned out to be another post’s', async () => {
    store.fail('blogs.create', { code: 'server', message: 'The store had a problem (error 500).' })
    await createBlog(db, { title: 'Mine', seo_slug: 'shared-slug' })
    await replayOutbox(db, store.call, now)
    store.blogs.set(77, makeBlog(77, { title: 'Theirs', seo_slug: 'shared-slug' }))
    clock += 60_000
    await replayOutbox(db, store.call, now)
    expect(postsTitled('Mine')).toHaveLength(0)
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'failed', lastError: { fields: { seo_slug: ['is already taken'] } } })
  })

  it('always carries a slug, made from the title and unique among the posts this device knows', async () => {
    await cacheBlog(1, { seo_slug: 'market-day' })
    await createBlog(db, { title: 'Market day' })
    await createBlog(db, { title: '!!!' })
    const [first, second] = await db.outbox.toArray()
    expect(first?.write).toMatchObject({ body: { seo_slug: 'market-day-2' } })
    expect(second?.write).toMatchObject({ body: { seo_slug: expect.stringMatching(/^post-[0-9a-f]{8}$/) } })
  })
})

describe('a post update whose answer was lost', () => {
  it('is not sent again when the store holds it', async () => {
    await cacheBlog(1)
    answerLost('blogs.update')
    await updateBlog(db, storeKey(1), { title: 'Renamed', summary: 'Short' })
    await loseThenSettle()
    expect(store.sent('blogs.update')).toHaveLength(1)
    expect(store.blogs.get(1)).toMatchObject({ title: 'Renamed', summary: 'Short' })
    expect(await db.outbox.count()).toBe(0)
  })

  it('sends only what the store does not hold yet', async () => {
    await cacheBlog(1)
    store.fail('blogs.update', { code: 'server', message: 'The store had a problem (error 500).' })
    await updateBlog(db, storeKey(1), { title: 'Renamed', summary: 'Short' })
    await replayOutbox(db, store.call, now)
    store.blogs.get(1)!.title = 'Renamed'
    clock += 60_000
    await replayOutbox(db, store.call, now)
    expect(store.sent('blogs.update').map((l) => l.params.body)).toEqual([{ title: 'Renamed', summary: 'Short' }, { summary: 'Short' }])
    expect(store.blogs.get(1)).toMatchObject({ title: 'Renamed', summary: 'Short' })
  })
})

describe('a post delete whose answer was lost', () => {
  it('is sent again, and the 404 means done', async () => {
    await cacheBlog(1)
    answerLost('blogs.delete')
    const key = storeKey(1)
    await deleteBlog(db, key)
    await loseThenSettle()
    expect(store.blogs.has(1)).toBe(false)
    expect(await db.blogs.get(key)).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a batch on posts whose answer was lost', () => {
  it('is not sent again to posts that already show it', async () => {
    await cacheBlog(1)
    await cacheBlog(2)
    answerLost('blogs.batch')
    await batchBlogs(db, { action: 'hide', blogKeys: [storeKey(1), storeKey(2)] })
    await loseThenSettle()
    expect(store.sent('blogs.batch')).toHaveLength(1)
    expect([1, 2].map((id) => store.blogs.get(id)!.status)).toEqual([1, 1])
    expect(await db.outbox.count()).toBe(0)
  })

  it('a delete is not sent again for posts already gone (the store would refuse the batch)', async () => {
    await cacheBlog(1)
    await cacheBlog(2)
    answerLost('blogs.batch')
    await batchBlogs(db, { action: 'delete', blogKeys: [storeKey(1), storeKey(2)] })
    await loseThenSettle()
    expect(store.sent('blogs.batch')).toHaveLength(1)
    expect(store.blogs.size).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a collection create whose answer was lost', () => {
  it('is found by its slug (made from the title when none was given) and adopted once', async () => {
    await cacheBlog(1)
    answerLost('collections.create')
    const key = await createCollection(db, { title: 'Weekend reads' }, [storeKey(1)])
    await updateCollection(db, key, { description: 'For slow Sundays' })
    await loseThenSettle()
    const made = [...store.collections.values()].filter((c) => c.title === 'Weekend reads')
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ seo_slug: 'weekend-reads', description: 'For slow Sundays', blogIds: [1] })
    expect(store.sent('collections.create')).toHaveLength(1)
    expect(await db.collections.get(key)).toMatchObject({ storeId: made[0]!.id })
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a collection update whose answer was lost', () => {
  it('is not sent again when the store holds it', async () => {
    await cacheCollection(9, [])
    hostDied('collections.update')
    await updateCollection(db, storeKey(9), { title: 'Slow Sundays', description: 'Long reads' })
    await loseThenSettle()
    expect(store.sent('collections.update')).toHaveLength(1)
    expect(store.collections.get(9)).toMatchObject({ title: 'Slow Sundays', description: 'Long reads' })
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a collection reorder whose answer was lost', () => {
  it('is not sent again when the posts are already in that order', async () => {
    for (const id of [1, 2, 3]) await cacheBlog(id)
    await cacheCollection(9, [1, 2, 3])
    answerLost('collections.batch')
    await reorderCollection(db, storeKey(9), [storeKey(3)], 1)
    await loseThenSettle()
    expect(store.sent('collections.batch')).toHaveLength(1)
    expect(store.collections.get(9)!.blogIds).toEqual([3, 1, 2])
    expect((await db.collections.get(storeKey(9)))?.blogKeys).toEqual([3, 1, 2].map(storeKey))
    expect(await db.outbox.count()).toBe(0)
  })

  it('is sent again when the order is not there yet', async () => {
    for (const id of [1, 2, 3]) await cacheBlog(id)
    await cacheCollection(9, [1, 2, 3])
    store.fail('collections.batch', { code: 'server', message: 'The store had a problem (error 500).' })
    await reorderCollection(db, storeKey(9), [storeKey(3)], 1)
    await loseThenSettle()
    expect(store.sent('collections.batch')).toHaveLength(2)
    expect(store.collections.get(9)!.blogIds).toEqual([3, 1, 2])
  })

  it('a removal is sent again only for the posts still in the collection', async () => {
    for (const id of [1, 2, 3]) await cacheBlog(id)
    await cacheCollection(9, [1, 2, 3])
    store.fail('collections.batch', { code: 'server', message: 'The store had a problem (error 500).' })
    await batchCollection(db, storeKey(9), { operate: 'remove_from_collection', blogKeys: [storeKey(1), storeKey(2)] })
    await replayOutbox(db, store.call, now)
    store.collections.get(9)!.blogIds = [2, 3]
    clock += 60_000
    await replayOutbox(db, store.call, now)
    expect(store.sent('collections.batch').map((l) => l.params.body?.ids)).toEqual([[1, 2], [2]])
    expect(store.collections.get(9)!.blogIds).toEqual([3])
  })
})

describe('a collection delete whose answer was lost', () => {
  it('is sent again, and the 404 means done', async () => {
    await cacheCollection(9, [])
    hostDied('collections.delete')
    await deleteCollection(db, storeKey(9))
    await loseThenSettle()
    expect(store.collections.has(9)).toBe(false)
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a meta field definition create whose answer was lost', () => {
  const body = { namespace: 'custom', key: 'reading_time', name: 'Reading time', type: 'integer', resource_type: 'blog', status: 'enabled' } as const

  it('is found by namespace + key + resource type and adopted once; an update queued behind it goes to it', async () => {
    answerLost('metaFields.create')
    const key = await createMetaField(db, body)
    await updateMetaField(db, key, { description: 'Minutes' })
    await loseThenSettle()
    const made = [...store.metaFields.values()].filter((f) => f.key === 'reading_time')
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ description: 'Minutes' })
    expect(store.sent('metaFields.create')).toHaveLength(1)
    expect(await db.metaFieldDefinitions.get(key)).toMatchObject({ storeId: made[0]!.id })
  })

  it('is sent again, and refused, when the key there is another desk’s field of another type', async () => {
    store.fail('metaFields.create', { code: 'server', message: 'The store had a problem (error 500).' })
    await createMetaField(db, body)
    await replayOutbox(db, store.call, now)
    store.metaFields.set(55, makeMetaField(55, { key: 'reading_time', type: 'text', name: 'Reading time' }))
    clock += 60_000
    await replayOutbox(db, store.call, now)
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'failed', lastError: { code: 'conflict' } })
    expect(store.metaFields.size).toBe(1)
  })
})

describe('a meta field definition update whose answer was lost', () => {
  it('is not sent again when the store holds it', async () => {
    store.metaFields.set(5, makeMetaField(5))
    await db.metaFieldDefinitions.put({ ...makeMetaField(5), key: storeKey(5), fieldKey: 'field_5', storeId: 5 })
    answerLost('metaFields.update')
    await updateMetaField(db, storeKey(5), { name: 'Renamed' })
    await loseThenSettle()
    expect(store.sent('metaFields.update')).toHaveLength(1)
    expect(store.metaFields.get(5)!.name).toBe('Renamed')
  })
})

describe('a meta field definition delete whose answer was lost', () => {
  it('is sent again, and the 404 means done', async () => {
    store.metaFields.set(5, makeMetaField(5))
    await db.metaFieldDefinitions.put({ ...makeMetaField(5), key: storeKey(5), fieldKey: 'field_5', storeId: 5 })
    answerLost('metaFields.delete')
    await deleteMetaField(db, storeKey(5))
    await loseThenSettle()
    expect(store.metaFields.has(5)).toBe(false)
    expect(await db.metaFieldDefinitions.get(storeKey(5))).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a meta field value whose answer was lost', () => {
  it('is not sent again when the record already holds it', async () => {
    store.metaFields.set(5, makeMetaField(5, { resource_type: 'order' }))
    await cacheOrder(db, store, 1)
    answerLost('metaFieldValues.set')
    await setMetaFieldValue(db, 'orders', 1, 5, 'gift wrap')
    await loseThenSettle()
    expect(store.sent('metaFieldValues.set')).toHaveLength(1)
    expect(store.values.get('orders/1/5')?.value).toBe('gift wrap')
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a shipping address whose answer was lost', () => {
  it('is not sent again when the order already has it (as the store trimmed it)', async () => {
    await cacheOrder(db, store, 1)
    answerLost('orders.updateShipping')
    await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'Leeds' })
    await loseThenSettle()
    expect(store.sent('orders.updateShipping')).toHaveLength(1)
    expect(store.orders.get(1)!.shipping_address.city).toBe('Leeds')
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a tracking number whose answer was lost', () => {
  it('is not sent again when the order has it: the customer gets one e-mail', async () => {
    await cacheOrder(db, store, 1)
    hostDied('orders.track')
    await trackOrder(db, 1, { trackno: '1Z999', sendemail: true })
    await loseThenSettle()
    expect(store.sent('orders.track')).toHaveLength(1)
    expect(store.emails).toEqual([{ orderId: 1, trackno: '1Z999' }])
    expect((await db.orders.get(1))?.trackno).toBe('1Z999')
    expect(await db.outbox.count()).toBe(0)
  })

  it('is sent (and e-mailed) once when it never arrived', async () => {
    await cacheOrder(db, store, 1)
    store.fail('orders.track', { code: 'server', message: 'The store had a problem (error 500).' })
    await trackOrder(db, 1, { trackno: '1Z998', sendemail: true })
    await loseThenSettle()
    expect(store.sent('orders.track')).toHaveLength(2)
    expect(store.emails).toEqual([{ orderId: 1, trackno: '1Z998' }])
  })
})

describe('what makes a write unconfirmed', () => {
  it('only an unknown outcome of a write that was sent: a refusal stops it, a 429 or a failed read before sending leaves it queued', async () => {
    await cacheOrder(db, store, 1)
    await cacheOrder(db, store, 2)
    await cacheOrder(db, store, 3)
    store.fail('orders.track', { code: 'rate_limited', message: 'Slow down', retryAfter: 5 })
    store.fail('orders.get', { code: 'server', message: 'The store had a problem (error 500).' })
    const limited = await trackOrder(db, 1, { trackno: 'A', sendemail: false })
    const unread = await trackOrder(db, 2, { trackno: 'B', sendemail: false })
    await replayOutbox(db, store.call, now)
    expect((await db.outbox.bulkGet([limited, unread])).map((e) => e?.state)).toEqual(['queued', 'queued'])
  })

  it('stays unconfirmed while the store cannot answer, never failed; a refusal after the check stops it', async () => {
    await cacheOrder(db, store, 1)
    hostDied('orders.updateShipping')
    const id = await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'York' })
    await replayOutbox(db, store.call, now)
    store.fail('orders.get', { code: 'server', message: 'The store had a problem (error 500).' }, { times: 3 })
    for (let pass = 0; pass < 3; pass++) {
      clock += 60_000
      await replayOutbox(db, store.call, now)
      expect((await db.outbox.get(id))?.state).toBe('unconfirmed')
    }
    expect(store.sent('orders.updateShipping')).toHaveLength(1)
    clock += 60_000
    await replayOutbox(db, store.call, now)
    expect(await db.outbox.count()).toBe(0)
  })
})
