import { describe, expect, it } from 'vitest'
import { ScannerSession, type ScannerDeps, type ScannerOrder } from './scanner'

function fakeOutbox() {
  const queued = new Map<number, { orderId: number; body: unknown }>()
  const sent = new Set<number>()
  let next = 1
  const deps: ScannerDeps = {
    track: async (orderId, body) => {
      queued.set(next, { orderId, body })
      return next++
    },
    withdraw: async (handle) => {
      if (sent.has(handle)) return 'already-sent'
      queued.delete(handle)
      return 'withdrawn'
    },
  }
  return { deps, queued, sent }
}

const orders: ScannerOrder[] = [1, 2, 3].map((ID) => ({ ID, number: String(1000 + ID), customer: `C${ID}` }))

describe('scanner mode', () => {
  it('tracks the queue in order, one number per order', async () => {
    const outbox = fakeOutbox()
    const session = new ScannerSession(orders, outbox.deps)
    for (const n of ['AAA1111', 'BBB2222', 'CCC3333']) expect((await session.submit(n, '', false)).ok).toBe(true)
    expect(session.current).toBeNull()
    expect([...outbox.queued.values()]).toEqual([
      { orderId: 1, body: { trackno: 'AAA1111', sendemail: false } },
      { orderId: 2, body: { trackno: 'BBB2222', sendemail: false } },
      { orderId: 3, body: { trackno: 'CCC3333', sendemail: false } },
    ])
  })

  it('refuses an empty scan and stays on the same order', async () => {
    const outbox = fakeOutbox()
    const session = new ScannerSession(orders, outbox.deps)
    const result = await session.submit('  ', 'UPS', true)
    expect(result).toEqual({ ok: false, message: 'Tracking number is required.' })
    expect(session.current?.ID).toBe(1)
    expect(outbox.queued.size).toBe(0)
  })

  it('undo withdraws the last unsent write and returns to that order', async () => {
    const outbox = fakeOutbox()
    const session = new ScannerSession(orders, outbox.deps)
    await session.submit('AAA1111', 'UPS', true)
    await session.submit('BBB2222', 'UPS', true)
    const undone = await session.undo()
    expect(undone).toEqual({ ok: true, order: orders[1] })
    expect(session.current?.ID).toBe(2)
    expect([...outbox.queued.values()].map((q) => q.orderId)).toEqual([1])
    await session.submit('BBB9999', 'UPS', true)
    expect([...outbox.queued.values()].map((q) => q.orderId)).toEqual([1, 2])
    expect(session.current?.ID).toBe(3)
  })

  it('undo of a write already sent says so and changes nothing', async () => {
    const outbox = fakeOutbox()
    const session = new ScannerSession(orders, outbox.deps)
    const first = await session.submit('AAA1111', '', false)
    if (!first.ok) throw new Error('submit failed')
    outbox.sent.add(first.entry.handle)
    const result = await session.undo()
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.message).toMatch(/already sent/)
    expect(session.current?.ID).toBe(2)
    expect(outbox.queued.size).toBe(1)
  })

  it('skip moves the current order to the end', async () => {
    const session = new ScannerSession(orders, fakeOutbox().deps)
    session.skip()
    expect(session.current?.ID).toBe(2)
    await session.submit('BBB2222', '', false)
    await session.submit('CCC3333', '', false)
    expect(session.current?.ID).toBe(1)
  })
})
