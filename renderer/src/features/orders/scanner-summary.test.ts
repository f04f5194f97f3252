import { describe, expect, it } from 'vitest'
import type { ConflictRecord, OutboxEntry, WriteEvent } from '@/data'
import { sessionSummary, summaryCounts, writeOutcome, type WriteOutcome } from './scanner-summary'
import type { ScannedEntry } from './scanner'

const entry = (over: Partial<OutboxEntry>): OutboxEntry =>
  ({ id: 1, kind: 'orders.track', write: { kind: 'orders.track', orderId: 1, body: { trackno: 'A', sendemail: false } }, lanes: ['orders:1'], state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 0, base: null, label: '', ...over }) as OutboxEntry
const event = (e: WriteEvent['event']): WriteEvent => ({ outboxId: 1, kind: 'orders.track', label: '', lanes: ['orders:1'], event: e, at: 0 })
const scanned = (handle: number, number: string, overridden = false): ScannedEntry => ({
  order: { ID: handle, number, customer: '', items: [], state: {}, trackno: '' },
  trackno: `RR${handle}US`,
  carrier: '',
  handle,
  packed: [],
  overridden,
})

describe('a scanner write’s outcome', () => {
  it('is waiting in its undo window, queued after it, shipped once accepted, undone once withdrawn', () => {
    expect(writeOutcome(entry({ holdUntil: 2000 }), [], undefined, '1001', 1000)).toEqual({ kind: 'waiting', until: 2000 })
    expect(writeOutcome(entry({ holdUntil: 500 }), [], undefined, '1001', 1000)).toEqual({ kind: 'queued' })
    expect(writeOutcome(entry({ state: 'sending' }), [], undefined, '1001', 1000)).toEqual({ kind: 'queued' })
    expect(writeOutcome(undefined, [event('queued'), event('sent'), event('accepted')], undefined, '1001', 1000)).toEqual({ kind: 'shipped' })
    expect(writeOutcome(undefined, [event('queued'), event('undone')], undefined, '1001', 1000)).toEqual({ kind: 'undone' })
  })

  it('is stopped with the other desk’s number when the store’s order was fulfilled elsewhere', () => {
    const conflict = { id: 1, kind: 'orders.track', label: '', mine: {}, base: {}, theirs: { trackno: 'RR999US', fulfillment_status: 'fulfilled' }, theirsUpdatedAt: null, detectedAt: 0 } satisfies ConflictRecord
    expect(writeOutcome(entry({ state: 'conflict' }), [], conflict, '1017', 0)).toEqual({ kind: 'stopped', message: '#1017 was fulfilled elsewhere since you opened it: RR999US. Yours was not sent.' })
    expect(writeOutcome(entry({ state: 'failed', lastError: { code: 'bad_request', message: 'No.' } }), [], undefined, '1017', 0)).toEqual({ kind: 'stopped', message: '#1017: not accepted by the store: No.' })
  })
})

describe('the session summary', () => {
  it('lists an order as shipped only once the store accepted it; undone and skipped orders never', () => {
    const outcomes = new Map<number, WriteOutcome>([
      [1, { kind: 'shipped' }],
      [2, { kind: 'waiting', until: 1 }],
      [3, { kind: 'stopped', message: '#1003 was fulfilled elsewhere since you opened it: X. Yours was not sent.' }],
    ])
    const summary = sessionSummary(
      { done: [scanned(1, '1001', true), scanned(2, '1002'), scanned(3, '1003')], undone: [scanned(4, '1053')], skipped: ['Skipped #1059: it was fulfilled since the queue was built.'], stopped: [] },
      outcomes,
    )
    expect(summary.shipped.map((l) => l.text)).toEqual(['#1001: RR1US, items not checked'])
    expect(summary.waiting.map((l) => l.text)).toEqual(['#1002: RR2US, in its undo window'])
    expect(summary.stopped.map((l) => l.number)).toEqual(['1003'])
    expect(summary.undone.map((l) => l.text)).toEqual(['#1053: RR4US undone'])
    expect(summary.skipped.map((l) => l.text)).toEqual(['Skipped #1059: it was fulfilled since the queue was built.'])
    expect(summaryCounts(summary)).toBe('1 shipped, 1 waiting, 1 stopped, 1 undone, 1 skipped')
  })
})
