import { describe, expect, it } from 'vitest'
import type { StoreDatabase } from './db'
import { actions } from './actions'
import { discardWrite, retryWrite, undoWrite } from './outbox'
import { replayOutbox } from './replayer'
import { FakeStore } from './fake-store'
import { setUndoWindowSeconds } from './undo-window'
import { cacheOrder, freshStoreEachTest } from './test-support'

const { trackOrder, updateOrderShipping } = actions

let db: StoreDatabase
let store: FakeStore
const now = () => Date.now()

freshStoreEachTest((d, s) => ((db = d), (store = s)), { undoWindowSeconds: 0 })

const story = async (lane: string) => (await db.writeHistory.where('lanes').equals(lane).sortBy('id')).map((e) => [e.label, e.event, e.message ?? null])

describe('the history of writes made from this app', () => {
  it('keeps queued, sent and accepted for an address change after the outbox let it go', async () => {
    await cacheOrder(db, store, 1)
    await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'Leeds' })
    const [queued] = await story('orders:1')
    expect(queued?.[0]).toMatchObject({ kind: 'orders.updateShipping', action: 'address', fields: expect.arrayContaining(['city']) })
    const label = queued![0]
    expect(queued).toEqual([label, 'queued', null])
    await replayOutbox(db, store.call, now)
    expect(await db.outbox.count()).toBe(0)
    expect(await story('orders:1')).toEqual([
      [label, 'queued', null],
      [label, 'sent', null],
      [label, 'accepted', null],
    ])
    expect(await story('orders:2')).toEqual([])
  })

  it('a try that never reached the store is not "sent": the history waits for the store’s answer', async () => {
    await cacheOrder(db, store, 1)
    store.fail('orders.updateShipping', { code: 'network', message: 'The store cannot be reached.' }, { times: 1 })
    await updateOrderShipping(db, 1, { ...store.orders.get(1)!.shipping_address, city: 'York' })
    await replayOutbox(db, store.call, now)
    expect((await story('orders:1')).map(([, event]) => event)).toEqual(['queued'])
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 })
    await replayOutbox(db, store.call, now)
    expect((await story('orders:1')).map(([, event]) => event)).toEqual(['queued', 'sent', 'accepted'])
  })

  it('says what the store refused, and a retry queues and sends it again', async () => {
    await cacheOrder(db, store, 1)
    store.fail('orders.track', { code: 'validation_failed', message: 'The tracking number is not valid.' })
    const id = await trackOrder(db, 1, { trackno: 'BAD', sendemail: false })
    await replayOutbox(db, store.call, now)
    expect((await story('orders:1')).map(([, event, message]) => [event, message])).toEqual([
      ['queued', null],
      ['sent', null],
      ['failed', 'The tracking number is not valid.'],
    ])
    await retryWrite(db, id)
    await replayOutbox(db, store.call, now)
    expect((await story('orders:1')).slice(3).map(([, event]) => event)).toEqual(['queued', 'sent', 'accepted'])
  })

  it('records an undo and a discard, and nothing reaches the store', async () => {
    await cacheOrder(db, store, 1)
    setUndoWindowSeconds(30)
    const undone = await trackOrder(db, 1, { trackno: 'UNDO1', sendemail: false })
    expect(await undoWrite(db, undone)).toBe('undone')
    const discarded = await trackOrder(db, 1, { trackno: 'DROP1', sendemail: false })
    await discardWrite(db, discarded)
    const events = (await story('orders:1')).map(([label, event]) => `${/UNDO1|DROP1/.exec(JSON.stringify(label))?.[0]}: ${event}`)
    expect(events).toEqual(['UNDO1: queued', 'UNDO1: undone', 'DROP1: queued', 'DROP1: discarded'])
    expect(store.log.filter((l) => !l.operation.endsWith('.get'))).toEqual([])
  })
})
