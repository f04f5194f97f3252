// The order desk's invariants, tested as invariants: fast-check drives the real modules (the
// write binding and its dialogs, the tracking policy, the outbox and replayer on fake-indexeddb,
// the scanner session and its summary, the in-memory fake store) through generated sequences
// of what operators and the world do: open an order, open a write dialog, navigate, Back,
// confirm, undo, the scanner shipping and undoing, another desk's change on the store, a store
// refusal, going offline and back, the replayer sending what is due. After every step it checks:
// - binding: a navigation leaves no write dialog open;
// - each tracking write that reaches the store targets the order the operator confirmed it on;
// - no tracking lands on a cancelled, refunded or fulfilled order without a recorded override;
// - nothing is sent twice;
// - the scanner's summary equals the store's state: shipped exactly when the store received it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { StoreDatabase } from '@/data/db'
import { FakeStore } from '@/data/fake-store'
import { makeOrder } from '@/data/test-support'
import { replayOutbox } from '@/data/replayer'
import { refreshOrder } from '@/data/sync'
import type { StoreCall } from '@/data/store-client'
import { closedStateOf, setUndoWindowSeconds, undoWrite, actions, historyFor } from '@/data'
import { writeWords } from '@/features/sync'
import { WriteDialogs, confirmTracking, reviewTracking, type BindingReads } from './write-binding'
import { findingKey } from './tracking-policy'
import { ScannerSession, scannerOrder, type ScannerDeps } from './scanner'
import { sessionSummary, writeOutcome, type WriteOutcome } from './scanner-summary'

vi.mock('@/bridge', () => ({ api: {} }))

/** A valid UPU S10 number for a serial: a carrier format, so the number itself asks nothing. */
function s10(serial: number): string {
  const digits = String(serial).padStart(8, '0')
  const sum = [8, 6, 4, 2, 3, 5, 9, 7].reduce((n, w, i) => n + w * Number(digits[i]), 0)
  const check = 11 - (sum % 11)
  return `RR${digits}${check === 10 ? 0 : check === 11 ? 5 : check}US`
}

const ORDER_IDS = [1, 2, 3, 4, 5]

interface Sent {
  orderId: number
  trackno: string
  /** closedStateOf the store's order just before it received the write. */
  closedBefore: ReturnType<typeof closedStateOf>
}

/** The system under test: one desk (cache, outbox, dialogs, scanner) and the store other desks share. */
class Desk {
  readonly db = new StoreDatabase(`model-${Date.now()}-${Math.random()}`)
  readonly store = new FakeStore()
  readonly dialogs = new WriteDialogs()
  route: number | null = null
  readonly history: number[] = []
  online = true
  private serial = 1
  /** Every orders.track the store received from this desk. */
  readonly sent: Sent[] = []
  /** Confirmed writes by tracking number: the order confirmed on, and the override the operator gave. */
  readonly confirmed = new Map<string, { orderId: number; outboxId: number; override: string | undefined; replaces: boolean }>()
  readonly scanner: ScannerSession

  constructor() {
    for (const id of ORDER_IDS) {
      const order = makeOrder(id, id, id === 4 ? { fulfillment_status: 'fulfilled', trackno: s10(90_000_000 + id) } : id === 5 ? { post_status: 'wc-cancelled' } : {})
      this.store.orders.set(id, structuredClone(order))
    }
    this.scanner = new ScannerSession([1, 2, 3], this.scannerDeps(), () => ({ rules: { allowedPayments: [] }, itemCheck: false }))
  }

  async init() {
    await this.db.orders.bulkPut([...this.store.orders.values()].map((o) => structuredClone(o)))
  }

  nextNumber(): string {
    return s10(10_000_000 + this.serial++)
  }

  /** The store as this desk reaches it: nothing while offline; each track it receives is recorded. */
  readonly call: StoreCall = (async (operation: string, params?: { path?: { id?: number }; body?: { trackno?: string } }) => {
    if (!this.online) throw { code: 'network', message: 'offline' }
    const id = Number(params?.path?.id)
    const before = operation === 'orders.track' ? this.store.orders.get(id) : undefined
    const closedBefore = before ? closedStateOf(before) : null
    const answer = await (this.store.call as (o: string, p?: unknown) => Promise<unknown>)(operation, params)
    // Received: the store took it (a refusal changes nothing).
    if (before) this.sent.push({ orderId: id, trackno: String(params?.body?.trackno), closedBefore })
    return answer
  }) as StoreCall

  readonly reads: BindingReads = {
    cached: async (id) => (await this.db.orders.get(id)) ?? null,
    store: async (id) => {
      if (!this.online) return { order: null, checked: false }
      try {
        return { order: await refreshOrder(this.db, id, this.call), checked: true }
      } catch {
        return { order: null, checked: false }
      }
    },
    othersUsing: async (trackno, exceptId) => (await this.db.orders.toArray()).filter((o) => o.ID !== exceptId && o.trackno === trackno).map((o) => ({ ID: o.ID, number: o.number })),
  }

  private scannerDeps(): ScannerDeps {
    return {
      track: async (orderId, body, subject) => {
        const outboxId = await actions.trackOrder(this.db, orderId, body, { name: subject })
        this.confirmed.set(body.trackno, { orderId, outboxId, override: undefined, replaces: false })
        return outboxId
      },
      withdraw: async (handle) => ((await undoWrite(this.db, handle)) === 'undone' ? 'withdrawn' : 'already-sent'),
      findByNumber: async (number) => {
        const row = await this.db.orders.where('number').equals(number).first()
        return row ? scannerOrder(row) : null
      },
      recheck: async (id) => {
        const fresh = await this.reads.store(id)
        const cached = await this.db.orders.get(id)
        return { order: cached ? scannerOrder(cached) : null, fromStore: fresh.order ? scannerOrder(fresh.order) : null, storeChecked: fresh.checked }
      },
      ordersUsingTracking: (trackno, exceptId) => this.reads.othersUsing(trackno, exceptId),
      recordOverride: () => undefined,
    }
  }

  navigate(to: number) {
    if (this.route !== null) this.history.push(this.route)
    this.route = to
    this.dialogs.navigated()
  }

  back() {
    this.route = this.history.pop() ?? null
    this.dialogs.navigated()
  }

  /** What the scanner's summary says of each write it made, from the outbox and the history. */
  async scannerOutcomes(): Promise<Map<number, WriteOutcome>> {
    const map = new Map<number, WriteOutcome>()
    for (const d of this.scanner.done) {
      const history = (await historyFor(this.db, { family: 'orders', id: d.order.ID })).filter((e) => e.outboxId === d.handle)
      map.set(d.handle, writeOutcome(await this.db.outbox.get(d.handle), history, await this.db.conflicts.get(d.handle), d.order.number, Date.now()))
    }
    return map
  }

  async close() {
    this.db.close()
    await this.db.delete()
  }
}

type Model = { confirms: number }
type Command = fc.AsyncCommand<Model, Desk>

const command = (name: string, run: (desk: Desk) => Promise<void> | void): Command => ({
  check: () => true,
  run: async (_model, desk) => {
    await run(desk)
    await checkInvariants(desk)
  },
  toString: () => name,
})

async function checkInvariants(desk: Desk) {
  // Nothing sent twice (every confirmed number is new), and each to the order it was confirmed on.
  const numbers = desk.sent.map((s) => s.trackno)
  expect(new Set(numbers).size, 'a tracking number was sent twice').toBe(numbers.length)
  for (const sent of desk.sent) {
    const confirmed = desk.confirmed.get(sent.trackno)
    expect(confirmed, `${sent.trackno} reached the store without being confirmed`).toBeDefined()
    expect(sent.orderId, `${sent.trackno} reached another order than the one it was confirmed on`).toBe(confirmed!.orderId)
    // No tracking on a closed order without the override recorded for that state.
    if (sent.closedBefore && !(sent.closedBefore === 'fulfilled' && confirmed!.replaces)) expect(confirmed!.override, `${sent.trackno} landed on a ${sent.closedBefore} order`).toBe(sent.closedBefore)
    if (confirmed!.override) {
      const entry = (await historyFor(desk.db, { family: 'orders', id: sent.orderId })).find((e) => e.outboxId === confirmed!.outboxId)
      expect(entry && writeWords(entry.label), 'the override is on the timeline').toContain('confirmed by the operator')
    }
  }
  // A navigation closes the write dialog: an open one is always bound to the order on screen.
  if (desk.dialogs.open) expect(desk.dialogs.open.binding.id).toBe(desk.route)
  // The scanner's summary equals the store's state: shipped exactly when the store received it.
  const outcomes = await desk.scannerOutcomes()
  const summary = sessionSummary(desk.scanner, outcomes)
  const received = new Set(desk.sent.map((s) => `${s.orderId}|${s.trackno}`))
  const shipped = new Set(desk.scanner.done.filter((d) => outcomes.get(d.handle)?.kind === 'shipped').map((d) => `${d.order.ID}|${d.trackno}`))
  for (const d of desk.scanner.done) expect(shipped.has(`${d.order.ID}|${d.trackno}`), `#${d.order.number} ${d.trackno}: summary says ${outcomes.get(d.handle)?.kind}`).toBe(received.has(`${d.order.ID}|${d.trackno}`))
  for (const u of desk.scanner.undone) expect(received.has(`${u.order.ID}|${u.trackno}`), `undone ${u.trackno} reached the store`).toBe(false)
  expect(summary.shipped).toHaveLength(shipped.size)
}

const orderId = fc.constantFrom(...ORDER_IDS)

const baseCommands: fc.Arbitrary<Command>[] = [
  orderId.map((id) => command(`open #${id}`, (desk) => desk.navigate(id))),
  fc.constant(command('Back', (desk) => desk.back())),
  fc.constant(
    command('open Add tracking', async (desk) => {
      const order = desk.route === null ? undefined : await desk.db.orders.get(desk.route)
      if (order) desk.dialogs.openFor('tracking', order)
    }),
  ),
  fc.boolean().map((override) =>
    command(`Confirm${override ? ' (confirming every warning, override too)' : ''}`, async (desk) => {
      const open = desk.dialogs.open
      if (!open) return
      const trackno = desk.nextNumber()
      const review = await reviewTracking(desk.reads, open.binding, { trackno, change: null })
      const confirmed = override ? review.findings.map(findingKey) : review.findings.filter((f) => f.kind !== 'closed').map(findingKey)
      const outcome = await confirmTracking(desk.db, desk.reads, open.binding, { trackno, carrier: '', sendEmail: false, confirmed, change: null }).catch((e: Error) => ({ ok: false as const, refused: e.message }))
      if (outcome.ok) {
        const entry = await desk.db.outbox.get(outcome.outboxId)
        const write = entry!.write
        desk.confirmed.set(trackno, { orderId: open.binding.id, outboxId: outcome.outboxId, override: write.kind === 'orders.track' ? write.override : undefined, replaces: false })
        desk.dialogs.close()
      }
    }),
  ),
  fc.constant(
    command('Undo the last confirmed', async (desk) => {
      const last = [...desk.confirmed.values()].pop()
      if (last) await undoWrite(desk.db, last.outboxId)
    }),
  ),
  orderId.map((id) =>
    command(`scanner: ship #${1000 + id}`, async (desk) => {
      const opened = await desk.scanner.open(String(1000 + id))
      if (!opened.ok) return
      const trackno = desk.nextNumber()
      const first = await desk.scanner.submit(trackno, '', false)
      if (!first.ok && first.confirm) await desk.scanner.submit(trackno, '', false, first.confirm.map(findingKey))
    }),
  ),
  fc.constant(command('scanner: Undo last', async (desk) => void (await desk.scanner.undo()))),
  fc.tuple(fc.constantFrom(1, 2, 3), fc.constantFrom('fulfil', 'cancel', 'refund')).map(([id, change]) =>
    command(`another desk: ${change} #${1000 + id}`, (desk) => {
      const order = desk.store.orders.get(id)!
      if (change === 'fulfil') Object.assign(order, { trackno: `THEIRS${desk.nextNumber()}`, fulfillment_status: 'fulfilled' })
      if (change === 'cancel') order.post_status = 'wc-cancelled'
      if (change === 'refund') order.financial_status = 'refund'
      order.post_modified_gmt = order.post_modified = desk.store.now()
    }),
  ),
  fc.constant(command('the store refuses the next tracking', (desk) => desk.store.fail('orders.track', { code: 'validation_failed', message: 'Refused.' }))),
  fc.constant(command('offline', (desk) => void (desk.online = false))),
  fc.constant(command('online', (desk) => void (desk.online = true))),
  fc.constant(command('the replayer sends what is due (after the undo window)', async (desk) => void (await replayOutbox(desk.db, desk.call, () => Date.now() + 120_000)))),
]

/** The commands, those that make the interesting interleavings (confirm, ship, another desk, send) twice as likely. */
const commands = [...baseCommands, baseCommands[3]!, baseCommands[5]!, baseCommands[7]!, baseCommands[11]!]

describe('the order desk, as a model', () => {
  beforeEach(() => setUndoWindowSeconds(10))
  afterEach(() => localStorage.clear())

  it('keeps every write on the order it was confirmed on, closed orders overridden on record, the scanner truthful, nothing twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
        const desk = new Desk()
        await desk.init()
        try {
          await fc.asyncModelRun(() => ({ model: { confirms: 0 }, real: desk }), cmds)
          // Finally everything due goes, online: the invariants hold at the end too.
          desk.online = true
          await replayOutbox(desk.db, desk.call, () => Date.now() + 120_000)
          await checkInvariants(desk)
        } finally {
          await desk.close()
        }
      }),
      { numRuns: 100 },
    )
  }, 60_000)

  it('a dialog left open across Back never writes to the order the route shows next', async () => {
    const desk = new Desk()
    await desk.init()
    try {
      desk.navigate(4)
      desk.navigate(1)
      desk.dialogs.openFor('tracking', (await desk.db.orders.get(1))!)
      desk.back()
      expect(desk.dialogs.open).toBeNull()
      await replayOutbox(desk.db, desk.call, () => Date.now() + 120_000)
      expect(desk.sent).toEqual([])
      expect(desk.store.orders.get(4)!.trackno).toBe(s10(90_000_004))
    } finally {
      await desk.close()
    }
  })
})
