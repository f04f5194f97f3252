import { describe, expect, it } from 'vitest'
import { cacheOrder, freshStoreEachTest } from '@/data/test-support'
import { batchBlogs, createBlog, deleteCollection, setMetaFieldValue, storeKey, trackOrder, updateBlog, updateOrderShipping, type StoreDatabase, type WriteLabel } from '@/data'
import type { FakeStore } from '@/data/fake-store'
import { writeWords } from './write-words'

let db: StoreDatabase
let fake: FakeStore
freshStoreEachTest((d, s) => ((db = d), (fake = s)))

/** The label the data layer stored for the write just queued. */
async function lastLabel(): Promise<WriteLabel> {
  const entry = await db.outbox.orderBy('id').last()
  return entry!.label as WriteLabel
}

describe('a write in words', () => {
  it('says each kind as the handler labelled it, from the label alone', async () => {
    const order = await cacheOrder(db, fake, 1)
    await trackOrder(db, 1, { trackno: 'TRK1', sendemail: false }, { name: '#1001' })
    expect(writeWords(await lastLabel())).toBe('Tracking TRK1 for order #1001')
    expect(writeWords(await lastLabel(), { withTarget: false })).toBe('Tracking TRK1')
    await updateOrderShipping(db, 1, { ...order.shipping_address, city: 'Leeds' }, { changed: ['city'], name: '#1001' })
    expect(writeWords(await lastLabel())).toBe('Shipping address of order #1001')
    expect(writeWords(await lastLabel(), { withTarget: false })).toBe('Shipping address change')
    expect(await lastLabel()).toMatchObject({ fields: ['city'] })

    const key = await createBlog(db, { title: 'Spring' })
    expect(writeWords(await lastLabel())).toBe('New post “Spring”')
    await updateBlog(db, storeKey(5), { summary: 'Leaves' }, { name: 'Autumn' })
    expect(writeWords(await lastLabel())).toBe('Changes to post “Autumn”')
    await batchBlogs(db, { action: 'hide', blogKeys: [key, storeKey(5)] })
    expect(writeWords(await lastLabel())).toBe('Hide 2 posts')
    await batchBlogs(db, { action: 'show', selectAll: true, filter: { status: '1' } })
    expect(writeWords(await lastLabel())).toBe('Show all matching posts')
    await deleteCollection(db, storeKey(9), { name: 'Sale' })
    expect(writeWords(await lastLabel())).toBe('Delete collection “Sale”')
    await setMetaFieldValue(db, 'orders', 1, 3, 'gift')
    expect(writeWords(await lastLabel())).toBe('Meta field value on orders 1')
  })

  it('says an override and a changed number, and shows a label an earlier version stored as it is', () => {
    const override: WriteLabel = { kind: 'orders.track', action: 'track', target: { noun: 'order', name: '#7' }, values: { trackno: 'X1', override: 'refunded' } }
    expect(writeWords(override)).toBe('Tracking X1 (added although the order is refunded in full: confirmed by the operator) for order #7')
    const change: WriteLabel = { kind: 'orders.track', action: 'track', target: { noun: 'order' }, values: { trackno: 'B', replaces: '' } }
    expect(writeWords(change)).toBe('Tracking number changed from (none) to B for order')
    expect(writeWords('Tracking 123 for #1042')).toBe('Tracking 123 for #1042')
  })

  it('says a tag edit and a note, with and without the order', () => {
    const both: WriteLabel = { kind: 'orders.tags', action: 'tags', target: { noun: 'order', name: '#7' }, values: { add: 'fragile, VIP', remove: 'gift' } }
    expect(writeWords(both)).toBe('Tag order #7 fragile, VIP and untag gift')
    expect(writeWords(both, { withTarget: false })).toBe('Tag fragile, VIP and untag gift')
    expect(writeWords({ ...both, values: { remove: 'gift' } })).toBe('Untag order #7 gift')
    const note: WriteLabel = { kind: 'orders.note', action: 'note', target: { noun: 'order', name: '#7' } }
    expect(writeWords(note)).toBe('Note on order #7')
    expect(writeWords({ ...note, values: { cleared: 'yes' } })).toBe('Note removed from order #7')
    expect(writeWords({ ...note, values: { cleared: 'yes' } }, { withTarget: false })).toBe('Note removed')
  })
})
