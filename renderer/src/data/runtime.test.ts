import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StoreRuntime } from './runtime'
import { actions } from './actions'
import { FakeStore } from './fake-store'
import { setUndoWindowSeconds, UNDO_WINDOW_STORAGE_KEY } from './undo-window'
import type { StoreCall } from './store-client'
import { makeOrder } from './test-support'

const { trackOrder } = actions

vi.mock('@/bridge', () => ({ api: {} }))

let store: FakeStore
let runtime: StoreRuntime
let offline: number
let online: number
/** What the main process's reachability would call when the store answers again. */
let storeAnswers: (() => void) | null

beforeEach(() => {
  // These tests are about when writes go; the undo window has its own (undo.test.ts).
  setUndoWindowSeconds(0)
  store = new FakeStore()
  offline = 0
  online = 0
  storeAnswers = null
  runtime = new StoreRuntime(`runtime-${Date.now()}-${Math.random()}`, store.call, {
    onOffline: () => offline++,
    onOnline: () => online++,
    watchStoreAnswers: (listener) => {
      storeAnswers = listener
      return () => (storeAnswers = null)
    },
  })
})

/** Waits until nothing the runtime started in the background still touches the database. */
async function settle(r: StoreRuntime) {
  await expect.poll(() => r.status.syncing || r.status.replaying).toBe(false)
  await r.replayNow()
}

/** A tracking number queued while the store cannot be reached, waiting out its backoff. */
async function queueWhileUnreachable(orderId: number, trackno: string) {
  store.orders.set(orderId, makeOrder(orderId, orderId))
  await runtime.db.orders.put(makeOrder(orderId, orderId))
  store.fail('orders.get', { code: 'network', message: 'The store could not be reached.' })
  await trackOrder(runtime.db, orderId, { trackno, sendemail: false })
  await runtime.replayNow()
  const [entry] = await runtime.db.outbox.toArray()
  expect(entry?.nextAttemptAt).toBeGreaterThan(Date.now())
  expect(store.orders.get(orderId)?.trackno).toBeUndefined()
}
afterEach(async () => {
  localStorage.removeItem(UNDO_WINDOW_STORAGE_KEY)
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

  it('sends writes that waited for the store as soon as the main process hears it answer, without "Send now"', async () => {
    runtime.start()
    await queueWhileUnreachable(1, 'BY-ITSELF')
    expect(storeAnswers).not.toBeNull()
    storeAnswers!()
    await expect.poll(() => store.orders.get(1)?.trackno).toBe('BY-ITSELF')
    await expect.poll(() => runtime.db.outbox.count()).toBe(0)
    await settle(runtime)
    runtime.stop()
    expect(storeAnswers).toBeNull()
  })

  it('sends writes that waited for the store once a sync succeeds', async () => {
    await queueWhileUnreachable(2, 'AFTER-SYNC')
    await runtime.syncNow()
    await expect.poll(() => store.orders.get(2)?.trackno).toBe('AFTER-SYNC')
    await settle(runtime)
  })

  it('sends writes a previous run left waiting as soon as it starts', async () => {
    await queueWhileUnreachable(3, 'ON-START')
    const next = new StoreRuntime(runtime.connectionId, store.call)
    next.start()
    await expect.poll(() => store.orders.get(3)?.trackno).toBe('ON-START')
    await settle(next)
    next.stop()
  })
  it('says nothing when a disconnect closes the database under a sync already under way', async () => {
    for (let id = 1; id <= 5; id++) store.orders.set(id, makeOrder(id, id))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const call: StoreCall = async (operation, ...args) => {
      await gate
      return store.call(operation, ...args)
    }
    const id = `runtime-closed-${Math.random()}`
    const closing = new StoreRuntime(id, call)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      closing.start()
      closing.stop()
      closing.db.close()
      release()
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
      await closing.db.delete()
    }
  })
})
