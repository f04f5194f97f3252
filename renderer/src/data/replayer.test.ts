import { describe, expect, it } from 'vitest'
import { storeKey, type StoreDatabase } from './db'
import { actions } from './actions'
import { resolveConflict, retryWrite, updateWriteBody } from './outbox'
import { backoffDelay, MAX_BACKOFF_MS, releaseOfflineWaits, replayOutbox } from './replayer'
import { FakeStore } from './fake-store'
import { cacheOrder, freshStoreEachTest, makeBlog } from './test-support'

const { createBlog, createCollection, reorderCollection, trackOrder, updateBlog, updateOrderShipping } = actions

let db: StoreDatabase
let store: FakeStore
let clock = 1_000_000
const now = () => clock

freshStoreEachTest((d, s) => ((db = d), (store = s)), { undoWindowSeconds: 0 })

async function cacheBlog(id: number) {
  const blog = makeBlog(id)
  store.blogs.set(id, structuredClone(blog))
  await db.blogs.put({ ...blog, key: storeKey(id), storeId: id, collectionKeys: [] })
}

/** Orders 1 and 2 cached; tracking `trackno` queued for order 1 and tried once while the store could not be reached. */
async function trackedWhileUnreachable(trackno: string): Promise<number> {
  await cacheOrder(db, store, 1)
  await cacheOrder(db, store, 2)
  store.fail('orders.get', { code: 'network', message: 'offline' })
  const waiting = await trackOrder(db, 1, { trackno, sendemail: false })
  await replayOutbox(db, store.call, now)
  return waiting
}

describe('replaying the outbox', () => {
  it('sends writes to one order in the order they were made and clears the pending mark', async () => {
    await cacheOrder(db, store, 1)
    await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'Leeds' })
    await trackOrder(db, 1, { trackno: 'TRACK-1', sendemail: false })

    const result = await replayOutbox(db, store.call, now)

    expect(result.sent).toBe(2)
    expect(store.log.filter((l) => !l.operation.endsWith('.get')).map((l) => l.operation)).toEqual(['orders.updateShipping', 'orders.track'])
    expect(store.orders.get(1)).toMatchObject({ trackno: 'TRACK-1', fulfillment_status: 'fulfilled', shipping_address: { city: 'Leeds' } })
    expect(await db.outbox.count()).toBe(0)
    const cached = await db.orders.get(1)
    expect(cached).toMatchObject({ trackno: 'TRACK-1', fulfillment_status: 'fulfilled' })
    expect(cached?.pending).toBeFalsy()
  })

  it('a write the store refuses stops with its message and holds back only later writes to the same order', async () => {
    await cacheOrder(db, store, 1)
    await cacheOrder(db, store, 2)
    store.fail('orders.updateShipping', { code: 'validation_failed', message: 'The postcode is not valid.', fields: { 'shipping.postcode': ['Not a postcode'] } })
    const refused = await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, postcode: '???' })
    await trackOrder(db, 1, { trackno: 'LATER', sendemail: false })
    await trackOrder(db, 2, { trackno: 'OTHER', sendemail: false })

    await replayOutbox(db, store.call, now)

    expect(await db.outbox.get(refused)).toMatchObject({ state: 'failed', lastError: { message: 'The postcode is not valid.', fields: { 'shipping.postcode': ['Not a postcode'] } } })
    expect(store.orders.get(1)!.trackno).toBeUndefined()
    expect(store.orders.get(2)!.trackno).toBe('OTHER')

    await updateWriteBody(db, refused, { shipping: { ...store.orders.get(1)!.shipping_address, postcode: 'LS1 1AA' } })
    await replayOutbox(db, store.call, now)
    expect(store.orders.get(1)).toMatchObject({ trackno: 'LATER', shipping_address: { postcode: 'LS1 1AA' } })
    expect(await db.outbox.count()).toBe(0)
  })

  it('retries a rate-limited write after Retry-After, and stops at once when the store is unreachable', async () => {
    await cacheOrder(db, store, 1)
    await cacheOrder(db, store, 2)
    store.fail('orders.track', { code: 'rate_limited', message: 'Slow down', retryAfter: 30 })
    await trackOrder(db, 1, { trackno: 'A', sendemail: false })

    const first = await replayOutbox(db, store.call, now)
    expect(first).toMatchObject({ sent: 0, nextAttemptAt: clock + 30_000 })
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'queued', attempts: 1 })

    clock += 30_000
    expect((await replayOutbox(db, store.call, now)).sent).toBe(1)

    store.fail('orders.get', { code: 'network', message: 'offline' }, { times: 5 })
    await trackOrder(db, 2, { trackno: 'B', sendemail: false })
    expect(await replayOutbox(db, store.call, now)).toMatchObject({ sent: 0, stoppedBy: 'offline' })
    expect(store.orders.get(2)!.trackno).toBeUndefined()
  })

  it('gives a post created offline its store id and rewrites the queued writes that named it', async () => {
    await cacheBlog(1)
    const collectionKey = await createCollection(db, { title: 'Travel', seo_slug: 'travel' }, [storeKey(1)])
    const postKey = await createBlog(db, { title: 'Lisbon', seo_slug: 'lisbon', content: '<p>Trams</p>' }, [collectionKey])
    await reorderCollection(db, collectionKey, [postKey], 1)

    await replayOutbox(db, store.call, now)

    const post = await db.blogs.get(postKey)
    const collection = await db.collections.get(collectionKey)
    expect(post?.storeId).toBeGreaterThan(0)
    expect(collection?.storeId).toBeGreaterThan(0)
    expect(store.sent('blogs.create')[0]?.params.body).toMatchObject({ title: 'Lisbon', collection_ids: [collection!.storeId] })
    expect(store.sent('collections.batch')[0]?.params).toMatchObject({ path: { id: collection!.storeId }, body: { operate: 'sort_blogs_manual', ids: [post!.storeId], end_position: 1 } })
    expect(store.collections.get(collection!.storeId!)!.blogIds).toEqual([post!.storeId, 1])
  })

  it('never creates a post twice when the answer to its create was lost', async () => {
    store.fail('blogs.create', { code: 'timeout', message: 'The store did not answer in time.', uncertain: true }, { afterEffect: true })
    const key = await createBlog(db, { title: 'Once', seo_slug: 'once-only', content: '<p>x</p>' })

    expect((await replayOutbox(db, store.call, now)).sent).toBe(0)
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'unconfirmed' })
    clock += 10 * 60_000
    expect((await replayOutbox(db, store.call, now)).sent).toBe(1)

    expect([...store.blogs.values()].filter((b) => b.title === 'Once')).toHaveLength(1)
    expect(store.sent('blogs.create')).toHaveLength(1)
    expect((await db.blogs.get(key))?.storeId).toBe([...store.blogs.values()].find((b) => b.title === 'Once')!.id)
  })

  it('treats a write left "sending" by a reload as unconfirmed and does not repeat a tracking number already recorded', async () => {
    await cacheOrder(db, store, 1)
    const id = await trackOrder(db, 1, { trackno: 'ONCE', sendemail: true })
    // The window died after the store recorded it but before the answer was stored.
    await store.call('orders.track', { path: { id: 1 }, body: { trackno: 'ONCE', sendemail: true } })
    await db.outbox.update(id, { state: 'sending', attempts: 1 })

    await replayOutbox(db, store.call, now)

    expect(store.sent('orders.track')).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('stops an update whose post changed on the store, records both versions, and settles it either way', async () => {
    await cacheBlog(1)
    await cacheBlog(2)
    await updateBlog(db, storeKey(1), { title: 'My title' })
    await updateBlog(db, storeKey(2), { title: 'Mine again' })
    store.blogs.get(1)!.title = 'Their title'
    store.blogs.get(1)!.updated_at = store.now()
    store.blogs.get(2)!.title = 'Theirs again'
    store.blogs.get(2)!.updated_at = store.now()

    await replayOutbox(db, store.call, now)

    expect(store.sent('blogs.update')).toHaveLength(0)
    const conflicts = await db.conflicts.toArray()
    expect(conflicts.map((c) => [c.mine.title, c.theirs.title, c.base.title])).toEqual([
      ['My title', 'Their title', 'Post 1'],
      ['Mine again', 'Theirs again', 'Post 2'],
    ])
    expect(await db.outbox.where('state').equals('conflict').count()).toBe(2)
    // Why, as catalog messages naming the store's fields, never as English: a screen says them in its language.
    expect((await db.outbox.get(conflicts[0]!.id))?.lastError).toEqual({ code: 'conflict', words: { key: 'problems.changedThere', params: { fields: 'title' } } })
    const found = (await db.writeHistory.toArray()).filter((e) => e.event === 'conflict')
    expect(found.map((e) => [e.words, e.message])).toEqual([
      [{ key: 'problems.changedThereEvent', params: { fields: 'title' } }, undefined],
      [{ key: 'problems.changedThereEvent', params: { fields: 'title' } }, undefined],
    ])

    const [first, second] = conflicts.map((c) => c.id)
    await resolveConflict(db, first!, 'mine')
    await resolveConflict(db, second!, 'theirs')
    await replayOutbox(db, store.call, now)
    expect(store.blogs.get(1)!.title).toBe('My title')
    expect(store.blogs.get(2)!.title).toBe('Theirs again')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.conflicts.count()).toBe(0)
  })

  it('sends an update when the store changed other fields only, and chains our own updates without a false conflict', async () => {
    await cacheBlog(1)
    await updateBlog(db, storeKey(1), { title: 'One' })
    await updateBlog(db, storeKey(1), { title: 'Two' })
    store.blogs.get(1)!.summary = 'Edited elsewhere'
    store.blogs.get(1)!.updated_at = store.now()

    await replayOutbox(db, store.call, now)

    expect(store.sent('blogs.update').map((l) => l.params.body)).toEqual([{ title: 'One' }, { title: 'Two' }])
    expect(store.blogs.get(1)).toMatchObject({ title: 'Two', summary: 'Edited elsewhere' })
    const cached = await db.blogs.get(storeKey(1))
    expect(cached).toMatchObject({ title: 'Two', summary: 'Edited elsewhere' })
    expect(cached?.pending).toBeFalsy()
  })

  it('retries a refused write when asked', async () => {
    await cacheOrder(db, store, 1)
    store.fail('orders.track', { code: 'forbidden', message: 'Missing scope write_orders' })
    const id = await trackOrder(db, 1, { trackno: 'R', sendemail: false })
    await replayOutbox(db, store.call, now)
    expect(await db.outbox.get(id)).toMatchObject({ state: 'failed', lastError: { code: 'forbidden' } })
    await retryWrite(db, id)
    await replayOutbox(db, store.call, now)
    expect(store.orders.get(1)!.trackno).toBe('R')
  })
})

describe('the retry schedule', () => {
  const offline = { code: 'network', message: 'The store could not be reached.' } as const

  it('backs off exponentially with jitter, never beyond 30 s, and honours Retry-After', () => {
    expect(backoffDelay(1, offline, () => 0)).toBe(500)
    expect(backoffDelay(1, offline, () => 0.999)).toBeLessThan(1000)
    expect(backoffDelay(4, offline, () => 0)).toBe(4000)
    for (const attempts of [6, 10, 50, 1000]) {
      expect(backoffDelay(attempts, offline, () => 0.999)).toBeLessThanOrEqual(MAX_BACKOFF_MS)
      expect(backoffDelay(attempts, offline, () => 0)).toBe(MAX_BACKOFF_MS / 2)
    }
    expect(backoffDelay(1, { code: 'rate_limited', message: 'Slow down', retryAfter: 90 })).toBe(90_000)
  })

  it('after an unreachable store, says when to try again instead of waiting for someone', async () => {
    await cacheOrder(db, store, 1)
    store.fail('orders.get', { code: 'network', message: 'offline' }, { times: 100 })
    await trackOrder(db, 1, { trackno: 'LATER', sendemail: false })

    for (let attempt = 1; attempt <= 12; attempt++) {
      const result = await replayOutbox(db, store.call, now)
      expect(result.stoppedBy).toBe('offline')
      expect(result.nextAttemptAt).toBeGreaterThan(clock)
      expect(result.nextAttemptAt).toBeLessThanOrEqual(clock + MAX_BACKOFF_MS)
      clock = result.nextAttemptAt!
    }
  })

  it('releases writes that waited for the store as soon as it answers, but not those waiting out a Retry-After', async () => {
    const waiting = await trackedWhileUnreachable('W')
    store.fail('orders.track', { code: 'rate_limited', message: 'Slow down', retryAfter: 60 })
    const limited = await trackOrder(db, 2, { trackno: 'L', sendemail: false })
    await replayOutbox(db, store.call, now)
    expect((await db.outbox.get(waiting))!.nextAttemptAt).toBeGreaterThan(clock)

    expect(await releaseOfflineWaits(db, clock)).toBe(1)
    expect((await db.outbox.get(waiting))!.nextAttemptAt).toBe(clock)
    expect((await db.outbox.get(limited))!.nextAttemptAt).toBe(clock + 60_000)

    await replayOutbox(db, store.call, now)
    expect(store.orders.get(1)!.trackno).toBe('W')
    expect(store.orders.get(2)!.trackno).toBeUndefined()
  })

  it('sends a write that found the store unreachable in the same pass as a later write that gets through', async () => {
    const waiting = await trackedWhileUnreachable('A')
    expect((await db.outbox.get(waiting))!.nextAttemptAt).toBeGreaterThan(clock)

    // A write made later is sent before the first one falls due, and the store answers it.
    await trackOrder(db, 2, { trackno: 'B', sendemail: false })
    const result = await replayOutbox(db, store.call, now)
    expect(result).toMatchObject({ sent: 2, nextAttemptAt: null })
    expect([1, 2].map((id) => store.orders.get(id)!.trackno)).toEqual(['A', 'B'])
  })
})

describe('a write the store refused, fixed and published again', () => {
  it('replaces the refused create where it stands, so one accepted write reaches the store', async () => {
    store.fail('blogs.create', { code: 'validation_failed', message: 'The request is not valid. seo_slug: use lower-case letters', fields: { seo_slug: ['use lower-case letters'] } })
    const key = await createBlog(db, { title: 'Picnic', seo_slug: 'Plastic Free Picnic!!', content: '<p>Bring a blanket.</p>' })
    await replayOutbox(db, store.call, now)
    const [refused] = await db.outbox.toArray()
    expect(refused).toMatchObject({ state: 'failed', lastError: { fields: { seo_slug: ['use lower-case letters'] } } })

    await updateBlog(db, key, { seo_slug: 'plastic-free-picnic' })
    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ id: refused!.id, kind: 'blogs.create', state: 'queued', write: { body: { title: 'Picnic', seo_slug: 'plastic-free-picnic', content: '<p>Bring a blanket.</p>' } } })
    expect(entries[0]!.lastError).toBeUndefined()

    expect((await replayOutbox(db, store.call, now)).sent).toBe(1)
    expect(store.sent('blogs.create')).toHaveLength(2)
    const created = [...store.blogs.values()].filter((b) => b.title === 'Picnic')
    expect(created).toHaveLength(1)
    expect(created[0]!.seo_slug).toBe('plastic-free-picnic')
    expect(await db.outbox.count()).toBe(0)
  })

  it('merges a fix into a refused update, keeping what it already changed', async () => {
    await cacheBlog(1)
    store.fail('blogs.update', { code: 'conflict', message: 'Another blog already uses the seo_slug "taken".', fields: { seo_slug: ['is already taken'] } })
    await updateBlog(db, storeKey(1), { title: 'New title', seo_slug: 'taken' })
    await replayOutbox(db, store.call, now)
    await updateBlog(db, storeKey(1), { seo_slug: 'free' })
    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    expect(entries[0]!.write).toMatchObject({ body: { title: 'New title', seo_slug: 'free' } })
    await replayOutbox(db, store.call, now)
    expect(store.blogs.get(1)).toMatchObject({ title: 'New title', seo_slug: 'free' })
  })
})

