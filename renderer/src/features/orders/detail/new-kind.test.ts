// A new write kind is its row of the contract and its handler (with its action): registered
// beside the app's kinds, a throwaway one (new-kind-fixtures.ts) is queued through the door
// screens use ('@/data' `actions`, with no line of actions.ts naming it), waits in the outbox
// under the undo bar's words, reaches the fake store and is told on the order's timeline, with
// nothing else written for it. The type checks below are the other half: a kind missing a
// phase, a table missing a kind, the fake store missing a kind's operation, or a screen calling
// an action no family registers does not type-check (an unneeded @ts-expect-error fails
// `npm run typecheck`).
import { describe, expect, it, vi } from 'vitest'
import type { Order } from '@common/store-api/resources'
import { actions, historyFor, outboxWrites, type StoreDatabase } from '@/data'
import { FakeStore, type FakeStoreWrites } from '@/data/fake-store'
import { replayOutbox } from '@/data/replayer'
import { cacheOrder, freshStoreEachTest } from '@/data/test-support'
import type { Actions, Bound, HandlerFor, WriteHandlers } from '@/data/writes/handler'
import { HANDLERS } from '@/data/writes/kinds'
import { undoables } from '@/features/sync/testing'
import { phoneActions, phoneHandler, type PhoneWrite } from './new-kind-fixtures'
import { orderTimeline } from './order-timeline'

// The registration, as its family's file makes it through kinds.ts: the kind's handler joins the
// table the outbox and the replayer look kinds up in, its action the table '@/data' `actions` is
// bound from.
vi.mock('@/data/writes/kinds', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('@/data/writes/kinds')>()
  const { phoneHandler: handler, phoneActions: action } = await import('./new-kind-fixtures')
  return { ...shipped, HANDLERS: { ...shipped.HANDLERS, 'orders.phone': handler }, ACTIONS: { ...shipped.ACTIONS, ...action } }
})

let db: StoreDatabase
let store: FakeStore
freshStoreEachTest((d, s) => ((db = d), (store = s)), { undoWindowSeconds: 10 })

// The door's type is read off the shipped table, which a test cannot widen without editing a
// shipped file (a kind the app ships widens it by its family's actions object), so the test says
// what the registration adds; the function called is the door's own.
const { setOrderPhone } = actions as typeof actions & { setOrderPhone: Bound<typeof phoneActions.setOrderPhone> }

describe('a write kind added as its contract row and its handler', () => {
  it('is queued, held for undo, sent to the store and told on the order’s timeline', async () => {
    await cacheOrder(db, store, 1)
    const queuedAt = Date.now()
    await setOrderPhone(db, 1, '+1 555 0100', { name: '#1001' })

    // The outbox: one held write in the order's lane, labelled by the kind's handler, and the
    // cached order changed at once, marked "not yet sent".
    const [entry] = await outboxWrites(db)
    expect(entry).toMatchObject({ kind: 'orders.phone', lanes: ['orders:1'], state: 'queued', label: { kind: 'orders.phone', action: 'address', fields: ['phone'] } })
    expect(entry!.holdUntil).toBeGreaterThanOrEqual(queuedAt + 10_000)
    expect(await db.orders.get(1)).toMatchObject({ pending: true, shipping_address: { phone: '+1 555 0100' } })

    // The undo bar offers it, in the words every screen uses for the label.
    expect(undoables(await outboxWrites(db)).map((item) => item.label)).toEqual(['Shipping address of order #1001'])

    // Nothing goes before the window ends; then the fake store receives it.
    await replayOutbox(db, store.call)
    expect(store.sent('orders.updateShipping')).toHaveLength(0)
    await replayOutbox(db, store.call, () => entry!.holdUntil! + 1)
    expect(store.sent('orders.updateShipping')).toHaveLength(1)
    expect(store.orders.get(1)!.shipping_address?.phone).toBe('+1 555 0100')
    expect(await outboxWrites(db)).toEqual([])

    // The order's timeline tells each step in the same words, without the order (its own page).
    // (The replayer's clock was moved past the window, so the steps are compared as a set.)
    const titles = orderTimeline(store.orders.get(1) as Order, await historyFor(db, { family: 'orders', id: 1 })).filter((e) => e.source === 'app').map((e) => e.title)
    expect(titles.sort()).toEqual(['Shipping address change: accepted by the store', 'Shipping address change: queued', 'Shipping address change: sent to the store'])
  })

  it('is taken back by Undo while it waits, and the cached order is the store’s again', async () => {
    await cacheOrder(db, store, 1)
    const before = (await db.orders.get(1))!.shipping_address?.phone
    const { undoWrite } = await import('@/data')
    const id = await setOrderPhone(db, 1, '+1 555 0199')
    expect(await undoWrite(db, id)).toBe('undone')
    expect((await db.orders.get(1))!.shipping_address?.phone).toBe(before)
    await replayOutbox(db, store.call, () => Date.now() + 60_000)
    expect(store.sent('orders.updateShipping')).toHaveLength(0)
  })
})

// ---------------------------------------------------------------- what fails to type-check

type OrderAnswer = { data: Order }

/** A handler of the kind without its `revert` phase. */
const { revert: _revert, ...withoutRevert } = phoneHandler
// @ts-expect-error: a handler without a phase (revert) is not a handler
export const missingPhase: HandlerFor<PhoneWrite, OrderAnswer> = withoutRevert

/** The app's table without one of its kinds. */
const { 'orders.track': _track, ...withoutTrack } = HANDLERS
// @ts-expect-error: a table missing a kind's handler is not the table of the contract's kinds
export const missingKind: WriteHandlers = withoutTrack

/** The fake store's behaviour without the operation that carries orders.updateShipping (and this kind). */
const { 'orders.updateShipping': _shipping, ...withoutShipping } = new FakeStore().writes
// @ts-expect-error: a kind whose operation the fake store does not serve fails here, not in a test run
export const missingBehaviour: FakeStoreWrites = withoutShipping

// @ts-expect-error: a screen cannot call an action no family registers (the shipped door has no setOrderPhone)
export const unregistered = actions.setOrderPhone

// @ts-expect-error: a family's action queues its own kinds only (an order action cannot queue a post's delete)
export const wrongFamily = { deletePost: ({ enqueue }, key: string) => enqueue({ kind: 'blogs.delete', key }) } satisfies Actions<'orders.track'>
