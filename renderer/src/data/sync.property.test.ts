// The incremental sync's rule as an invariant over generated sequences: other desks' writes
// stamped up to four minutes before they commit (inside the five-minute overlap), time
// passing, the store's clock stepping back or forward (by more than the overlap too), syncs,
// and this desk's own edits (queued, or sent). After every sync the cache holds every order
// the store holds, each equal to the store's copy, except an order a queued edit holds, which
// keeps that edit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Order } from '@common/store-api/resources'
import { StoreDatabase } from './db'
import { actions } from './actions'
import { replayOutbox } from './replayer'
import { syncResource } from './sync'
import { FakeStore } from './fake-store'
import { DROPPED_ORDER_FIELDS } from './order-store/compact-order'
import { freshDatabase, makeOrder, timestamp } from './test-support'
import { setUndoWindowSeconds, UNDO_WINDOW_STORAGE_KEY } from './undo-window'

const { trackOrder } = actions

/** The orders the sequences touch: 1–4 exist from the start, 5 and 6 are made by another desk. */
const ORDER_IDS = [1, 2, 3, 4, 5, 6]
const SEEDED = [1, 2, 3, 4]
/** Where the store's clock starts (minutes, test-support's `timestamp`) and this computer's. */
const START_MINUTE = 100_000
const LOCAL_START = Date.UTC(2026, 5, 1)

interface Real {
  db: StoreDatabase
  store: FakeStore
  /** Minutes of real time since the start (both clocks move by it). */
  elapsed: number
  /** How far the store's clock is off real time, in minutes. */
  skew: number
  next: number
}

interface Model {
  /** Which orders wait for an edit of this desk, and the tracking number the operator typed. */
  edits: Map<number, string>
  /** Whether the store's clock stepped back since the last sync. */
  steppedBack: boolean
}

/** The store's clock follows real time and its skew. */
const setStoreClock = (real: Real) => (real.store.clock = START_MINUTE + real.elapsed + real.skew)

/** An order's store fields, as the cache keeps them. */
function storeFields(order: object): Record<string, unknown> {
  const local = new Set<string>([...DROPPED_ORDER_FIELDS, 'pending', 'seen', 'server'])
  return Object.fromEntries(Object.entries(order).filter(([field]) => !local.has(field)))
}

async function checkCacheMatchesStore(model: Model, real: Real, after: string): Promise<void> {
  const queued = new Set((await real.db.outbox.toArray()).map((e) => e.lanes).flat().filter((l) => l.startsWith('orders:')).map((l) => Number(l.slice('orders:'.length))))
  const cached = new Map((await real.db.orders.toArray()).map((o) => [o.ID, o]))
  expect([...cached.keys()].sort(), `${after}: the orders cached`).toEqual([...real.store.orders.keys()].sort())
  for (const [id, order] of real.store.orders) {
    const row = cached.get(id)!
    if (queued.has(id)) {
      expect(row, `${after}: order ${id} keeps the edit waiting to be sent`).toMatchObject({ pending: true, trackno: model.edits.get(id) })
    } else {
      expect(storeFields(row), `${after}: order ${id} as the store has it`).toEqual(storeFields(order))
    }
  }
}

type Command = fc.AsyncCommand<Model, Real>

class DeskWrite implements Command {
  constructor(readonly orderId: number, readonly lag: number) {}
  check = () => true
  async run(_model: Model, real: Real) {
    setStoreClock(real)
    const minute = real.store.clock - this.lag
    const stamp = timestamp(minute)
    const order: Order = real.store.orders.get(this.orderId) ?? makeOrder(this.orderId, minute)
    real.store.orders.set(this.orderId, { ...order, billing_user_name: `Desk ${++real.next}`, post_modified: stamp, post_modified_gmt: stamp })
  }
  toString = () => `DeskWrite(order ${this.orderId}, stamped ${this.lag} min before it commits)`
}

class Wait implements Command {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(_model: Model, real: Real) {
    real.elapsed += this.minutes
    setStoreClock(real)
  }
  toString = () => `Wait(${this.minutes} min)`
}

/**
 * The store's clock set back or forward. Forward only when it did not step back since the last
 * sync: a clock set back and then forward again before the next pass shows that pass only the
 * net move, and a change stamped in the dip is out of order by more than the overlap it sees
 * (sync.ts's rule names what a pass can see: the store's clock as each pass begins).
 */
class ClockStep implements Command {
  constructor(readonly minutes: number) {}
  check = (model: Readonly<Model>) => this.minutes < 0 || !model.steppedBack
  async run(model: Model, real: Real) {
    if (this.minutes < 0) model.steppedBack = true
    real.skew += this.minutes
    setStoreClock(real)
  }
  toString = () => `ClockStep(${this.minutes > 0 ? '+' : ''}${this.minutes} min)`
}

class Sync implements Command {
  check = () => true
  async run(model: Model, real: Real) {
    setStoreClock(real)
    await syncResource(real.db, real.store.call, 'orders', { now: () => LOCAL_START + real.elapsed * 60_000 })
    model.steppedBack = false
    await checkCacheMatchesStore(model, real, 'after a sync')
  }
  toString = () => 'Sync'
}

class LocalEdit implements Command {
  constructor(readonly orderId: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const order = (await real.db.orders.get(this.orderId))!
    const trackno = `MINE${++real.next}`
    // A second number for an order is a change of its tracking number, named as such.
    await trackOrder(real.db, this.orderId, { trackno, sendemail: false }, order.fulfillment_status === 'fulfilled' ? { replaces: order.trackno ?? '' } : {})
    model.edits.set(this.orderId, trackno)
  }
  toString = () => `LocalEdit(order ${this.orderId})`
}

class SendEdits implements Command {
  check = () => true
  async run(model: Model, real: Real) {
    setStoreClock(real)
    await replayOutbox(real.db, real.store.call, () => LOCAL_START + real.elapsed * 60_000 + 3_600_000)
    // Each write the store took moved its clock a minute (FakeStore.now): real time went with it.
    real.elapsed = real.store.clock - START_MINUTE - real.skew
    if ((await real.db.outbox.count()) === 0) model.edits.clear()
  }
  toString = () => 'SendEdits'
}

const commands = [
  fc.tuple(fc.constantFrom(...ORDER_IDS), fc.integer({ min: 0, max: 4 })).map(([id, lag]) => new DeskWrite(id, lag)),
  fc.integer({ min: 1, max: 20 }).map((m) => new Wait(m)),
  fc.oneof(fc.integer({ min: -90, max: -1 }), fc.integer({ min: 1, max: 30 })).map((m) => new ClockStep(m)),
  fc.constant(new Sync()),
  fc.constantFrom(...SEEDED).map((id) => new LocalEdit(id)),
  fc.constant(new SendEdits()),
]

describe('the incremental sync, over generated writes, clocks and edits', () => {
  let real: Real

  beforeEach(() => setUndoWindowSeconds(0))
  afterEach(async () => {
    localStorage.removeItem(UNDO_WINDOW_STORAGE_KEY)
    real.db.close()
    await real.db.delete()
  })

  it('leaves the cache equal to the store after every sync, a queued edit kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        if (real) {
          real.db.close()
          await real.db.delete()
        }
        const store = new FakeStore()
        store.clock = START_MINUTE
        for (const id of SEEDED) store.orders.set(id, makeOrder(id, START_MINUTE - 10 + id))
        real = { db: freshDatabase(), store, elapsed: 0, skew: 0, next: 0 }
        await syncResource(real.db, store.call, 'orders', { now: () => LOCAL_START })
        const model: Model = { edits: new Map(), steppedBack: false }
        await fc.asyncModelRun(() => ({ model, real }), cmds)
        await new Sync().run(model, real)
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
