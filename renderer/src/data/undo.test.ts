// The undo window (issue 14): an order write waits in the outbox, is never sent before its
// window ends (nor after an undo), survives a restart, and an undo reverts the order; and two
// desks on one store: a tracking number stops as a conflict when the order changed meanwhile.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { closeStoreDatabase, deleteStoreDatabase, type StoreDatabase } from './db'
import { actions } from './actions'
import { resolveConflict, undoWrite } from './outbox'
import { releaseOfflineWaits, replayOutbox } from './replayer'
import { StoreRuntime } from './runtime'
import { FakeStore } from './fake-store'
import type { StoreCall } from './store-client'
import { cacheOrder, freshStoreEachTest } from './test-support'
import { setUndoWindowSeconds, UNDO_WINDOW_STORAGE_KEY, undoWindowSeconds } from './undo-window'

const { trackOrder, updateOrderShipping } = actions

vi.mock('@/bridge', () => ({ api: {} }))

let db: StoreDatabase
let store: FakeStore

freshStoreEachTest((d, s) => ((db = d), (store = s)))

const trackCalls = () => store.sent('orders.track').length

describe('the undo window', () => {
  it('is 10 s unless set, takes whole seconds from 0 to 60 and refuses anything else', () => {
    expect(undoWindowSeconds()).toBe(10)
    setUndoWindowSeconds(0)
    expect(undoWindowSeconds()).toBe(0)
    setUndoWindowSeconds(60)
    expect(undoWindowSeconds()).toBe(60)
    expect(() => setUndoWindowSeconds(61)).toThrow('from 0 to 60')
    expect(() => setUndoWindowSeconds(2.5)).toThrow('from 0 to 60')
    localStorage.setItem(UNDO_WINDOW_STORAGE_KEY, 'soon')
    expect(undoWindowSeconds()).toBe(10)
  })

  it('holds an order write until its window ends, then sends it once', async () => {
    await cacheOrder(db, store, 1)
    const before = Date.now()
    const id = await trackOrder(db, 1, { trackno: 'HELD-1', sendemail: true })
    const entry = await db.outbox.get(id)
    expect(entry!.holdUntil).toBeGreaterThanOrEqual(before + 10_000)
    // The order shows the change at once.
    expect(await db.orders.get(1)).toMatchObject({ trackno: 'HELD-1', fulfillment_status: 'fulfilled', pending: true })

    const early = await replayOutbox(db, store.call, () => entry!.holdUntil! - 1)
    expect(early).toMatchObject({ sent: 0, nextAttemptAt: entry!.holdUntil })
    expect(store.log).toEqual([])

    // Neither the store answering again nor the retry release cuts it short.
    await releaseOfflineWaits(db, entry!.holdUntil! - 1)
    expect((await replayOutbox(db, store.call, () => entry!.holdUntil! - 1)).sent).toBe(0)
    expect(trackCalls()).toBe(0)

    expect((await replayOutbox(db, store.call, () => entry!.holdUntil!)).sent).toBe(1)
    expect(store.orders.get(1)!.trackno).toBe('HELD-1')
    expect((await replayOutbox(db, store.call, () => entry!.holdUntil! + 60_000)).sent).toBe(0)
    expect(trackCalls()).toBe(1)
  })

  it('sends at once when the window is 0, and only order writes wait', async () => {
    setUndoWindowSeconds(0)
    await cacheOrder(db, store, 1)
    const id = await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'Leeds' })
    expect((await db.outbox.get(id))!.holdUntil).toBeUndefined()
    expect((await replayOutbox(db, store.call, Date.now)).sent).toBe(1)
    expect(store.orders.get(1)!.shipping_address.city).toBe('Leeds')
  })

  it('undo within the window puts the order back and nothing reaches the store', async () => {
    await cacheOrder(db, store, 1)
    const id = await trackOrder(db, 1, { trackno: 'OOPS', sendemail: true })
    expect(await undoWrite(db, id)).toBe('undone')

    const order = await db.orders.get(1)
    expect(order).toMatchObject({ fulfillment_status: 'unfulfilled', pending: false })
    expect(order!.trackno).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
    await replayOutbox(db, store.call, () => Date.now() + 120_000)
    expect(store.log).toEqual([])
    expect(store.orders.get(1)!.trackno).toBeUndefined()
  })

  it('undo of one of two writes to an order keeps the other shown and sent', async () => {
    await cacheOrder(db, store, 1)
    await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'Leeds' }, { undoWindowSeconds: 0 })
    const tracking = await trackOrder(db, 1, { trackno: 'OOPS', sendemail: false })
    expect(await undoWrite(db, tracking)).toBe('undone')
    expect(await db.orders.get(1)).toMatchObject({ fulfillment_status: 'unfulfilled', shipping_address: { city: 'Leeds' }, pending: true })
    await replayOutbox(db, store.call, Date.now)
    expect(store.orders.get(1)).toMatchObject({ fulfillment_status: 'unfulfilled', shipping_address: { city: 'Leeds' } })
    expect(trackCalls()).toBe(0)
  })

  it('undo after the write was sent is refused and changes nothing', async () => {
    await cacheOrder(db, store, 1)
    const id = await trackOrder(db, 1, { trackno: 'GONE', sendemail: false }, { undoWindowSeconds: 0 })
    await replayOutbox(db, store.call, Date.now)
    expect(await undoWrite(db, id)).toBe('too-late')
    expect(store.orders.get(1)!.trackno).toBe('GONE')
    expect(await db.orders.get(1)).toMatchObject({ trackno: 'GONE', fulfillment_status: 'fulfilled' })
  })

  it('undo while the write is on its way is refused, and the write arrives once', async () => {
    await cacheOrder(db, store, 1)
    const id = await trackOrder(db, 1, { trackno: 'RACE', sendemail: false }, { undoWindowSeconds: 0 })
    // The store is slow to answer the check before sending: the user presses Undo meanwhile.
    let undone: Promise<string> | null = null
    const slow: StoreCall = (async (operation: Parameters<StoreCall>[0], params: never) => {
      if (operation === 'orders.get' && !undone) undone = undoWrite(db, id)
      if (undone) await undone
      return store.call(operation, params)
    }) as StoreCall
    expect((await replayOutbox(db, slow, Date.now)).sent).toBe(1)
    expect(await undone).toBe('too-late')
    expect(store.orders.get(1)!.trackno).toBe('RACE')
    expect(trackCalls()).toBe(1)
  })

  it('a write whose earlier attempt may have arrived cannot be undone', async () => {
    await cacheOrder(db, store, 1)
    const id = await trackOrder(db, 1, { trackno: 'MAYBE', sendemail: false }, { undoWindowSeconds: 0 })
    store.fail('orders.track', { code: 'timeout', message: 'The store did not answer in time.', uncertain: true }, { afterEffect: true })
    await replayOutbox(db, store.call, Date.now)
    expect(await db.outbox.get(id)).toMatchObject({ state: 'unconfirmed' })
    expect(await undoWrite(db, id)).toBe('too-late')
    expect(await db.outbox.get(id)).toBeDefined()
  })

  it('survives a restart: a new runtime on the same database still holds it, then sends it when the window ends', async () => {
    const connectionId = `undo-${Date.now()}-${Math.random()}`
    const first = new StoreRuntime(connectionId, store.call)
    await cacheOrder(first.db, store, 1)
    const id = await trackOrder(first.db, 1, { trackno: 'REOPEN', sendemail: true }, { undoWindowSeconds: 1 })
    // The app closes: its database is closed, and opened afresh by the next start.
    first.stop()
    closeStoreDatabase(connectionId)

    const second = new StoreRuntime(connectionId, store.call)
    expect(second.db).not.toBe(first.db)
    try {
      second.start()
      // Still waiting (and undoable) right after the restart...
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(trackCalls()).toBe(0)
      expect((await second.db.outbox.get(id))!.holdUntil).toBeGreaterThan(Date.now())
      // ...and sent by the runtime's own timer once the window ends.
      await expect.poll(() => store.orders.get(1)!.trackno, { timeout: 3_000 }).toBe('REOPEN')
      expect(trackCalls()).toBe(1)
      // "Send now" does not cut a window short either.
      const next = await trackOrder(second.db, 1, { trackno: 'NOT-YET', sendemail: false }, { replaces: 'REOPEN' })
      await second.sendNow()
      expect(trackCalls()).toBe(1)
      expect(await undoWrite(second.db, next)).toBe('undone')
    } finally {
      second.stop()
      await deleteStoreDatabase(connectionId)
    }
  })
})

describe('two desks, one store: a tracking number', () => {
  beforeEach(() => setUndoWindowSeconds(0))

  it('stops with both versions when another desk added tracking to the order meanwhile', async () => {
    await cacheOrder(db, store, 1)
    const id = await trackOrder(db, 1, { trackno: 'MINE', sendemail: true })
    Object.assign(store.orders.get(1)!, { trackno: 'THEIRS', fulfillment_status: 'fulfilled', post_modified_gmt: store.now() })

    await replayOutbox(db, store.call, Date.now)

    expect(trackCalls()).toBe(0)
    expect(store.orders.get(1)!.trackno).toBe('THEIRS')
    expect(await db.outbox.get(id)).toMatchObject({ state: 'conflict' })
    const conflict = await db.conflicts.get(id)
    expect(conflict).toMatchObject({
      mine: { trackno: 'MINE', fulfillment_status: 'fulfilled' },
      theirs: { trackno: 'THEIRS', fulfillment_status: 'fulfilled' },
      base: { trackno: '', fulfillment_status: 'unfulfilled' },
    })

    // Keeping mine sends it over theirs, once, as a change of the order's tracking number.
    await resolveConflict(db, id, 'mine')
    expect((await db.outbox.get(id))!.write).toMatchObject({ replaces: 'THEIRS' })
    await replayOutbox(db, store.call, Date.now)
    expect(store.orders.get(1)!.trackno).toBe('MINE')
    expect(trackCalls()).toBe(1)
  })

  it('stops when the order was cancelled or its ship-to address changed meanwhile', async () => {
    await cacheOrder(db, store, 1)
    await cacheOrder(db, store, 2)
    const cancelled = await trackOrder(db, 1, { trackno: 'C1', sendemail: false })
    const moved = await trackOrder(db, 2, { trackno: 'M2', sendemail: false })
    Object.assign(store.orders.get(1)!, { post_status: 'wc-cancelled', post_modified_gmt: store.now() })
    const order2 = store.orders.get(2)!
    Object.assign(order2, { shipping_address: { ...order2.shipping_address, city: 'Leeds' }, post_modified_gmt: store.now() })

    await replayOutbox(db, store.call, Date.now)

    expect(trackCalls()).toBe(0)
    expect(await db.conflicts.get(cancelled)).toMatchObject({ theirs: { post_status: 'wc-cancelled' }, mine: { post_status: 'wc-processing' } })
    expect((await db.conflicts.get(moved))!.theirs.ship_to).toContain('Leeds')
    // Keeping theirs drops the write and shows the store's order.
    await resolveConflict(db, cancelled, 'theirs')
    expect(await db.orders.get(1)).toMatchObject({ fulfillment_status: 'unfulfilled', pending: false })
  })

  it('is sent when the order changed in ways that do not matter to it, and not again when another desk made the same change', async () => {
    await cacheOrder(db, store, 1)
    await cacheOrder(db, store, 2)
    await trackOrder(db, 1, { trackno: 'OK1', sendemail: false })
    await trackOrder(db, 2, { trackno: 'SAME2', sendemail: true })
    store.orders.get(1)!.post_modified_gmt = store.now()
    Object.assign(store.orders.get(2)!, { trackno: 'SAME2', fulfillment_status: 'fulfilled', post_modified_gmt: store.now() })

    expect((await replayOutbox(db, store.call, Date.now)).sent).toBe(2)

    expect(store.sent('orders.track').map((l) => l.params.path?.id)).toEqual([1])
    expect(store.orders.get(1)!.trackno).toBe('OK1')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.conflicts.count()).toBe(0)
  })

  it('a tracking number queued behind an address change of the same order is not taken for another desk’s change', async () => {
    await cacheOrder(db, store, 1)
    await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'Leeds' })
    await trackOrder(db, 1, { trackno: 'AFTER', sendemail: false })
    // Something else on the order moves its updated time after our address arrives.
    const call: StoreCall = (async (operation: Parameters<StoreCall>[0], params: never) => {
      const answer = await store.call(operation, params)
      if (operation === 'orders.updateShipping') store.orders.get(1)!.post_modified_gmt = store.now()
      return answer
    }) as StoreCall

    expect((await replayOutbox(db, call, Date.now)).sent).toBe(2)
    expect(store.orders.get(1)).toMatchObject({ trackno: 'AFTER', shipping_address: { city: 'Leeds' } })
  })
})
