import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@/data'
import { rowWait, waitingForWords } from './write-state'

const entry = (id: number, lanes: string[], over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id, kind: 'orders.track', write: { kind: 'orders.track', orderId: 1, body: { trackno: 'T', sendemail: false } }, lanes, state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 0, label: `Tracking T${id} for order #1057`, ...over,
})

describe('the words for a write that waits', () => {
  it('names what it waits for, and whether the store refused it or it is in conflict', () => {
    expect(waitingForWords({ label: 'Shipping address of order #1057', state: 'failed' })).toBe('Waiting for shipping address of order #1057, which the store refused')
    expect(waitingForWords({ label: 'Changes to post “Spring”', state: 'conflict' })).toBe('Waiting for changes to post “Spring”, which is in conflict with the store’s copy')
    expect(waitingForWords({ label: 'SKU list', state: 'failed' })).toBe('Waiting for SKU list, which the store refused')
  })

  it('finds a row’s first write behind a refused one, and its unconfirmed write', () => {
    const refused = entry(1, ['orders:1'], { kind: 'orders.updateShipping', state: 'failed' })
    const all = [refused, entry(2, ['orders:1'], { state: 'unconfirmed' }), entry(3, ['orders:1']), entry(4, ['orders:2'])]
    expect(rowWait(all, all.slice(0, 3))).toEqual({ blocked: { entry: all[1], blocker: refused }, unconfirmed: all[1] })
    expect(rowWait(all, [all[3]!])).toEqual({ blocked: null, unconfirmed: null })
  })
})
