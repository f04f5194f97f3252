import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StoreRuntime } from './runtime'
import { trackOrder } from './actions'
import { FakeStore } from './fake-store'
import type { StoreCall } from './store-client'
import { makeOrder } from './test-support'

vi.mock('@/bridge', () => ({ api: {} }))

let store: FakeStore
let runtime: StoreRuntime
let offline: number
let online: number

beforeEach(() => {
  store = new FakeStore()
  offline = 0
  online = 0
  runtime = new StoreRuntime(`runtime-${Date.now()}-${Math.random()}`, store.call, { onOffline: () => offline++, onOnline: () => online++ })
})
afterEach(async () => {
  runtime.stop()
  await runtime.db.delete()
})

describe('the store runtime', () => {
  it('reports progress per resource and how the sync ended', async () => {
    for (let id = 1; id <= 300; id++) store.orders.set(id, makeOrder(id, id))
    await runtime.syncNow()
    expect(runtime.status).toMatchObject({ syncing: false, outcome: 'done', lastError: null })
    expect(runtime.status.progress.orders).toEqual({ done: 300, total: 300 })
    expect(online).toBe(1)
  })

  it('says the store could not be reached and tells the frame it is offline', async () => {
    store.fail('orders.list', { code: 'network', message: 'The store could not be reached.' })
    await runtime.syncNow()
    expect(runtime.status).toMatchObject({ outcome: 'offline', lastError: 'The store could not be reached.' })
    expect(offline).toBe(1)
  })

  it('sends queued writes on request without waiting for their backoff', async () => {
    store.orders.set(1, makeOrder(1, 1))
    await runtime.db.orders.put(makeOrder(1, 1))
    store.fail('orders.get', { code: 'server', message: 'Internal error' })
    await trackOrder(runtime.db, 1, { trackno: 'NOW', sendemail: false })
    await runtime.replayNow()
    expect((await runtime.db.outbox.toArray())[0]?.nextAttemptAt).toBeGreaterThan(Date.now())

    await runtime.sendNow()
    expect(store.orders.get(1)?.trackno).toBe('NOW')
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('a cancelled sync says so and the next one resumes from its cursor', async () => {
    for (let id = 1; id <= 600; id++) store.orders.set(id, makeOrder(id, id))
    const call = store.call
    // The user presses Cancel while the first page of orders is on its way.
    const cancellingCall: StoreCall = async (operation, params) => {
      const result = await call(operation, params)
      if (operation === 'orders.list') cancelling.cancelSync()
      return result
    }
    const cancelling = new StoreRuntime(runtime.connectionId, cancellingCall)
    await cancelling.syncNow()
    expect(cancelling.status.outcome).toBe('cancelled')
    expect(await runtime.db.orders.count()).toBe(250)

    await runtime.syncNow()
    expect(await runtime.db.orders.count()).toBe(600)
    expect(store.sent('orders.list').map((l) => l.params.query?.page)).toEqual([1, 2, 3])
  })
})
