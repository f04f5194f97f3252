// Scanner mode's logic, apart from the screen: a queue of unfulfilled orders, one tracking
// number per order (Enter submits and moves on), and undo of the last one. Writing and
// withdrawing go through injected functions (the outbox in the app, fakes in tests), so
// the rules here (what moves, what undo may do) are tested on their own.
import { trackBody, trackingNumberError } from './tracking'

export interface ScannerOrder {
  ID: number
  number: string
  customer: string
}

export interface ScannerDeps {
  /** Queues the write; resolves with a handle that `withdraw` understands. */
  track(orderId: number, body: ReturnType<typeof trackBody>, subject: string): Promise<number>
  /** Withdraws a queued write: 'withdrawn', or 'already-sent' when it has left the outbox. */
  withdraw(handle: number): Promise<'withdrawn' | 'already-sent'>
}

export interface ScannedEntry {
  order: ScannerOrder
  trackno: string
  carrier: string
  handle: number
}

export type SubmitResult = { ok: true; entry: ScannedEntry } | { ok: false; message: string }
export type UndoResult = { ok: true; order: ScannerOrder } | { ok: false; message: string }

export class ScannerSession {
  private readonly queue: ScannerOrder[]
  private position = 0
  readonly done: ScannedEntry[] = []

  constructor(
    orders: readonly ScannerOrder[],
    private readonly deps: ScannerDeps,
  ) {
    this.queue = [...orders]
  }

  get current(): ScannerOrder | null {
    return this.queue[this.position] ?? null
  }

  get remaining(): number {
    return this.queue.length - this.position
  }

  get total(): number {
    return this.queue.length
  }

  /** Passes over the current order without tracking it (it goes to the end of the queue). */
  skip(): void {
    const order = this.current
    if (!order || this.remaining < 2) return
    this.queue.splice(this.position, 1)
    this.queue.push(order)
  }

  async submit(raw: string, carrier: string, sendEmail: boolean): Promise<SubmitResult> {
    const order = this.current
    if (!order) return { ok: false, message: 'No orders are left to ship.' }
    const problem = trackingNumberError(raw)
    if (problem) return { ok: false, message: problem }
    const body = trackBody({ trackno: raw, carrier, sendEmail })
    const handle = await this.deps.track(order.ID, body, `#${order.number}`)
    const entry: ScannedEntry = { order, trackno: body.trackno, carrier: body.logistics_company ?? '', handle }
    this.done.push(entry)
    this.position++
    return { ok: true, entry }
  }

  /** Undoes the last submission: the order comes back as the current one if its write was not sent yet. */
  async undo(): Promise<UndoResult> {
    const last = this.done[this.done.length - 1]
    if (!last) return { ok: false, message: 'Nothing to undo.' }
    const outcome = await this.deps.withdraw(last.handle)
    if (outcome === 'already-sent') {
      return { ok: false, message: `Tracking for #${last.order.number} was already sent to the store; it cannot be undone here.` }
    }
    this.done.pop()
    this.position--
    this.queue.splice(this.position, 1, last.order)
    return { ok: true, order: last.order }
  }
}

/** A short confirmation beep through WebAudio (optional; silent where audio is unavailable). */
export function beep(ok: boolean): void {
  const Ctx = globalThis.AudioContext
  if (!Ctx) return
  try {
    const ctx = new Ctx()
    const osc = ctx.createOscillator()
    const gain = ctx.createGain()
    osc.frequency.value = ok ? 880 : 220
    gain.gain.value = 0.08
    osc.connect(gain).connect(ctx.destination)
    osc.start()
    osc.stop(ctx.currentTime + (ok ? 0.08 : 0.25))
    osc.onended = () => void ctx.close()
  } catch {
    // Audio is a nicety: the visual confirmation carries the same information.
  }
}
