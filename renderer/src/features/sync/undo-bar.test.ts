import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@/data'
import { countdown, isUndoKey, sentSince, undoables, type Undoable } from './undo-bar'

function entry(id: number, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id, kind: 'orders.track', write: { kind: 'orders.track', orderId: id, body: { trackno: `T${id}`, sendemail: false } }, lanes: [`orders:${id}`], state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 0, label: `Tracking T${id}`, holdUntil: 20_000, ...extra }
}

const item = (id: number, extra: Partial<Undoable> = {}): Undoable => ({ id, ids: [id], label: `Tracking T${id}`, holdUntil: 20_000, state: 'queued', ...extra })

describe('the undo bar', () => {
  it('offers held writes that have not stopped or possibly arrived, oldest first', () => {
    const entries = [
      entry(3, { holdUntil: 23_000 }),
      entry(1, { holdUntil: 21_000 }),
      entry(2, { state: 'conflict' }),
      entry(4, { holdUntil: undefined }),
      entry(5, { kind: 'blogs.update', holdUntil: 25_000 }),
      entry(6, { state: 'unconfirmed' }),
      entry(7, { state: 'sending', holdUntil: 27_000 }),
    ]
    expect(undoables(entries).map((u) => u.id)).toEqual([1, 3, 5, 7])
  })

  it('takes the writes of one action (one window end) together, under both labels', () => {
    const entries = [
      entry(1, { holdUntil: 21_000 }),
      entry(2, { kind: 'blogs.update', label: 'Changes to post “Spring”', holdUntil: 30_000 }),
      entry(3, { kind: 'blogs.batch', label: 'Show 1 post: “Spring”', holdUntil: 30_000, state: 'sending' }),
    ]
    expect(undoables(entries).map((u) => [u.ids, u.label, u.state])).toEqual([
      [[1], 'Tracking T1', 'queued'],
      [[2, 3], 'Changes to post “Spring” · Show 1 post: “Spring”', 'sending'],
    ])
  })

  it('counts down in whole seconds, then says what happens instead', () => {
    expect(countdown(item(1), 12_100)).toBe('Sending in 8 s')
    expect(countdown(item(1), 19_999)).toBe('Sending in 1 s')
    expect(countdown(item(1), 20_000)).toBe('Waiting to be sent')
    expect(countdown(item(1, { state: 'sending' }), 12_000)).toBe('Sending now')
  })

  it('takes a write gone after its window for sent, not one undone here or withdrawn elsewhere before it ended', () => {
    const before = [item(1), item(2), item(3, { holdUntil: 90_000 }), item(4, { holdUntil: 90_000, state: 'sending' })]
    expect(sentSince(before, [item(2)], new Set(), 30_000).map((u) => u.id)).toEqual([1, 4])
    expect(sentSince(before, [], new Set([1, 2]), 30_000).map((u) => u.id)).toEqual([4])
  })

  it('answers Ctrl+Z (Cmd+Z on a Mac), not Shift or the other modifier', () => {
    const key = (extra: Partial<KeyboardEvent>) => ({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra })
    expect(isUndoKey(key({ ctrlKey: true }), false)).toBe(true)
    expect(isUndoKey(key({ key: 'Z', ctrlKey: true }), false)).toBe(true)
    expect(isUndoKey(key({ ctrlKey: true, shiftKey: true }), false)).toBe(false)
    expect(isUndoKey(key({ metaKey: true }), false)).toBe(false)
    expect(isUndoKey(key({ metaKey: true }), true)).toBe(true)
    expect(isUndoKey(key({ ctrlKey: true }), true)).toBe(false)
  })
})
