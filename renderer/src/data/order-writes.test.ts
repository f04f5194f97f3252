// The order-specific write rules (writes/orders.ts): no tracking on a cancelled, refunded or
// fulfilled order without the operator's recorded override, checked on the cache when queued
// and on the store's copy when sent; a change of tracking number; an address write that
// writes only the fields the operator changed.
import { describe, expect, it } from 'vitest'
import type { StoreDatabase } from './db'
import { actions } from './actions'
import { replayOutbox } from './replayer'
import { say } from '@/session/i18n'
import type { FakeStore } from './fake-store'
import { cacheOrder, freshStoreEachTest } from './test-support'

const { trackOrder, updateOrderShipping } = actions

let db: StoreDatabase
let store: FakeStore
freshStoreEachTest((d, s) => ((db = d), (store = s)), { undoWindowSeconds: 0 })

describe('tracking on a closed order', () => {
  it('is refused when queued on a cancelled, refunded or fulfilled order, and nothing is queued', async () => {
    await cacheOrder(db, store, 1)
    await db.orders.update(1, { post_status: 'wc-cancelled' })
    await expect(trackOrder(db, 1, { trackno: 'A', sendemail: false })).rejects.toThrow('Order #1001 is cancelled: tracking was not added')
    await db.orders.update(1, { post_status: 'wc-processing', financial_status: 'refund' })
    await expect(trackOrder(db, 1, { trackno: 'A', sendemail: false })).rejects.toThrow('refunded in full')
    await db.orders.update(1, { financial_status: 'paid', fulfillment_status: 'fulfilled' })
    await expect(trackOrder(db, 1, { trackno: 'A', sendemail: false })).rejects.toThrow('is fulfilled')
    expect(await db.outbox.count()).toBe(0)
  })

  it('goes with the operator’s override, and the override is in its label (the timeline’s words)', async () => {
    await cacheOrder(db, store, 1)
    await db.orders.update(1, { post_status: 'wc-cancelled' })
    store.orders.get(1)!.post_status = 'wc-cancelled'
    const id = await trackOrder(db, 1, { trackno: 'OVER', sendemail: false }, { override: 'cancelled', name: '#1001' })
    expect((await db.outbox.get(id))!.label).toEqual({ kind: 'orders.track', action: 'track', target: { noun: 'order', name: '#1001' }, values: { trackno: 'OVER', override: 'cancelled' } })
    await replayOutbox(db, store.call)
    expect(store.orders.get(1)!.trackno).toBe('OVER')
  })

  it('is stopped before sending when the store’s copy is closed and the write has no override for it', async () => {
    await cacheOrder(db, store, 1)
    const id = await trackOrder(db, 1, { trackno: 'LATE', sendemail: true })
    // The store's order was refunded without a change of the fields the write watches.
    store.orders.get(1)!.financial_status = 'refund'
    await replayOutbox(db, store.call)
    expect(store.sent('orders.track')).toHaveLength(0)
    const entry = await db.outbox.get(id)
    // Stored as a catalog message, said in the language of the screen that shows it.
    expect(entry).toMatchObject({ state: 'failed', lastError: { code: 'bad_request', words: { key: 'problems.closed', params: { number: '1001', state: 'refunded' } } } })
    expect(entry?.lastError?.message).toBeUndefined()
    expect(say(entry!.lastError!.words!)).toBe('Order #1001 is refunded in full: tracking was not added. To add it anyway, confirm that on the order page.')
  })

  it('changes a fulfilled order’s tracking number, and only a fulfilled one', async () => {
    await cacheOrder(db, store, 1)
    await trackOrder(db, 1, { trackno: 'FIRST', sendemail: false })
    await replayOutbox(db, store.call)
    const id = await trackOrder(db, 1, { trackno: 'SECOND', sendemail: false }, { replaces: 'FIRST', name: '#1001' })
    expect((await db.outbox.get(id))!.label).toEqual({ kind: 'orders.track', action: 'track', target: { noun: 'order', name: '#1001' }, values: { trackno: 'SECOND', replaces: 'FIRST' } })
    await replayOutbox(db, store.call)
    expect(store.orders.get(1)!.trackno).toBe('SECOND')

    await cacheOrder(db, store, 2)
    await expect(trackOrder(db, 2, { trackno: 'X', sendemail: false }, { replaces: '' })).rejects.toThrow('has no tracking number to change')
  })

  it('a change of tracking number stops as a conflict when another desk changed the number meanwhile', async () => {
    await cacheOrder(db, store, 1)
    await trackOrder(db, 1, { trackno: 'FIRST', sendemail: false })
    await replayOutbox(db, store.call)
    const id = await trackOrder(db, 1, { trackno: 'MINE', sendemail: false }, { replaces: 'FIRST' })
    Object.assign(store.orders.get(1)!, { trackno: 'THEIRS', post_modified_gmt: store.now() })
    await replayOutbox(db, store.call)
    expect(store.orders.get(1)!.trackno).toBe('THEIRS')
    expect(await db.outbox.get(id)).toMatchObject({ state: 'conflict' })
  })
})

describe('an address write with the changed fields', () => {
  it('writes those fields and sends every other field exactly as the store holds it when it goes', async () => {
    await cacheOrder(db, store, 1)
    store.orders.get(1)!.shipping_address.phone = '+1 718 457 7716'
    await db.orders.update(1, { shipping_address: { ...store.orders.get(1)!.shipping_address } })
    const before = store.orders.get(1)!.shipping_address
    await updateOrderShipping(db, 1, { country: 'GB', state: 'LND', city: 'Leeds', first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Road', phone: '+17184577716', postcode: 'N1 1AA' }, { changed: ['city'] })
    expect((await db.orders.get(1))!.shipping_address).toMatchObject({ city: 'Leeds', phone: '+1 718 457 7716' })
    // Another desk changes the postcode meanwhile: not a conflict (we did not change it), and kept.
    Object.assign(store.orders.get(1)!, { shipping_address: { ...before, postcode: 'N1 9GU' }, post_modified_gmt: store.now() })

    await replayOutbox(db, store.call)

    expect(store.sent('orders.updateShipping')[0]!.params.body).toEqual({
      shipping: { country: 'GB', state: 'LND', city: 'Leeds', first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Road', phone: '+1 718 457 7716', postcode: 'N1 9GU' },
    })
    expect(store.orders.get(1)!.shipping_address).toMatchObject({ city: 'Leeds', phone: '+1 718 457 7716', postcode: 'N1 9GU' })
  })

  it('stops as a conflict when another desk changed a field the operator changed too', async () => {
    await cacheOrder(db, store, 1)
    const id = await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'Leeds' }, { changed: ['city'] })
    Object.assign(store.orders.get(1)!, { shipping_address: { ...store.orders.get(1)!.shipping_address, city: 'York' }, post_modified_gmt: store.now() })
    await replayOutbox(db, store.call)
    expect(await db.outbox.get(id)).toMatchObject({ state: 'conflict' })
    expect(store.orders.get(1)!.shipping_address.city).toBe('York')
  })
})
