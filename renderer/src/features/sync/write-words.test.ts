import { afterEach, describe, expect, it } from 'vitest'
import { applyLocale } from '@/session/i18n'
import { cacheOrder, freshStoreEachTest } from '@/data/test-support'
import { actions, storeKey, type StoreDatabase, type WriteLabel } from '@/data'
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
    await actions.trackOrder(db, 1, { trackno: 'TRK1', sendemail: false }, { name: '#1001' })
    expect(writeWords(await lastLabel())).toBe('Tracking TRK1 for order #1001')
    expect(writeWords(await lastLabel(), { withTarget: false })).toBe('Tracking TRK1')
    await actions.updateOrderShipping(db, 1, { ...order.shipping_address, city: 'Leeds' }, { changed: ['city'], name: '#1001' })
    expect(writeWords(await lastLabel())).toBe('Shipping address of order #1001')
    expect(writeWords(await lastLabel(), { withTarget: false })).toBe('Shipping address change')
    expect(await lastLabel()).toMatchObject({ fields: ['city'] })

    const key = await actions.createBlog(db, { title: 'Spring' })
    expect(writeWords(await lastLabel())).toBe('New post “Spring”')
    await actions.updateBlog(db, storeKey(5), { summary: 'Leaves' }, { name: 'Autumn' })
    expect(writeWords(await lastLabel())).toBe('Changes to post “Autumn”')
    await actions.batchBlogs(db, { action: 'hide', blogKeys: [key, storeKey(5)] })
    expect(writeWords(await lastLabel())).toBe('Hide 2 posts')
    await actions.batchBlogs(db, { action: 'show', selectAll: true, filter: { status: '1' } })
    expect(writeWords(await lastLabel())).toBe('Show all matching posts')
    await actions.deleteCollection(db, storeKey(9), { name: 'Sale' })
    expect(writeWords(await lastLabel())).toBe('Delete collection “Sale”')
    await actions.setMetaFieldValue(db, 'orders', 1, 3, 'gift')
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

describe('a write in the app’s language', () => {
  afterEach(() => applyLocale('en'))

  it('says every kind in German, nouns in their gender and counts in their plural, the store’s words as they are', () => {
    applyLocale('de')
    const order = { kind: 'orders.track', target: { noun: 'order', name: '#7' } } as const
    expect(writeWords({ ...order, action: 'track', values: { trackno: 'X1' } })).toBe('Sendungsnummer X1 für Bestellung #7')
    expect(writeWords({ ...order, action: 'track', values: { trackno: 'X1', override: 'refunded' } }, { withTarget: false })).toBe('Sendungsnummer X1 (hinzugefügt, obwohl die Bestellung vollständig erstattet ist; vom Bearbeiter bestätigt)')
    expect(writeWords({ ...order, action: 'tags', values: { add: 'fragile', remove: 'gift' } })).toBe('Tags für Bestellung #7 hinzufügen: fragile; entfernen: gift')
    expect(writeWords({ kind: 'blogs.create', action: 'create', target: { noun: 'post', name: 'Spring' } })).toBe('Neuer Beitrag „Spring“')
    expect(writeWords({ kind: 'collections.create', action: 'create', target: { noun: 'collection', name: 'Sale' } })).toBe('Neue Sammlung „Sale“')
    expect(writeWords({ kind: 'blogs.batch', action: 'batch', target: { noun: 'post', count: 1 }, values: { operation: 'hide' } })).toBe('1 Beitrag ausblenden')
    expect(writeWords({ kind: 'blogs.batch', action: 'batch', target: { noun: 'post', count: 3 }, values: { operation: 'hide' } })).toBe('3 Beiträge ausblenden')
    expect(writeWords({ kind: 'collections.batch', action: 'batch', target: { noun: 'collection', name: 'Sale' }, values: { operation: 'sort_blogs_manual' } })).toBe('Sammlung „Sale“ neu ordnen')
  })

  it('says them in Chinese, and changes language without being asked again', () => {
    const label: WriteLabel = { kind: 'orders.updateShipping', action: 'address', target: { noun: 'order', name: '#7' } }
    applyLocale('zh-CN')
    expect(writeWords(label)).toBe('订单 #7 的收货地址')
    expect(writeWords({ kind: 'blogs.batch', action: 'batch', target: { noun: 'post', all: true }, values: { operation: 'show' } })).toBe('显示所有匹配的文章')
    applyLocale('en')
    expect(writeWords(label)).toBe('Shipping address of order #7')
  })
})
