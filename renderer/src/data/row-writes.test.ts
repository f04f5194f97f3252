import { describe, expect, it } from 'vitest'
import type { StoreDatabase } from './db'
import { actions } from './actions'
import { FakeStore } from './fake-store'
import { replayOutbox } from './replayer'
import { allConflicts, outboxCount, outboxWrites, refusedWrites, writesByIds, writesOf } from './row-writes'
import { setUndoWindowSeconds } from './undo-window'
import { cacheOrder, freshStoreEachTest } from './test-support'

const { createBlog, trackOrder, updateOrderShipping } = actions

let db: StoreDatabase
let store: FakeStore
freshStoreEachTest((d, s) => ((db = d), (store = s)))

describe('the outbox as screens read it', () => {
  it('lists writes by kind, by family and refused, counts them, and finds each id with its conflict', async () => {
    setUndoWindowSeconds(0)
    const order = await cacheOrder(db, store, 1)
    const track = await trackOrder(db, 1, { trackno: 'T1', sendemail: false })
    const address = await updateOrderShipping(db, 1, { ...order.shipping_address, city: 'Leeds' }, { changed: ['city'] })
    await createBlog(db, { title: 'Spring' })
    expect((await outboxWrites(db)).map((e) => e.kind)).toEqual(['orders.track', 'orders.updateShipping', 'blogs.create'])
    expect((await writesOf(db, { family: 'orders' })).map((e) => e.id)).toEqual([track, address])
    expect((await writesOf(db, { kind: 'blogs.create' })).map((e) => e.kind)).toEqual(['blogs.create'])
    expect(await outboxCount(db)).toBe(3)

    // The tracking goes first (the others wait, as if offline); then another desk changes the
    // city, so the address write stops as a conflict, and the store refuses the post.
    const waiting = await db.outbox.where('kind').anyOf('orders.updateShipping', 'blogs.create').toArray()
    await db.outbox.bulkDelete(waiting.map((e) => e.id!))
    await replayOutbox(db, store.call, Date.now)
    await db.outbox.bulkPut(waiting)
    store.orders.get(1)!.shipping_address.city = 'York'
    store.orders.get(1)!.post_modified_gmt = store.now()
    store.fail('blogs.create', { code: 'validation_failed', message: 'Title is too long', fields: { title: ['is too long'] } })
    await replayOutbox(db, store.call, Date.now)
    expect((await refusedWrites(db)).map((e) => e.kind)).toEqual(['blogs.create'])
    expect((await allConflicts(db)).map((c) => c.id)).toEqual([address])
    const [sent, conflicting] = await writesByIds(db, [track, address])
    expect(sent).toEqual({ entry: undefined, conflict: undefined })
    expect(conflicting!.entry?.state).toBe('conflict')
    expect(conflicting!.conflict?.theirs).toMatchObject({ city: 'York' })
  })
})
