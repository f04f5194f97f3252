import { describe, expect, it } from 'vitest'
import type { WriteEvent, WriteLabel } from '@/data'
import { makeOrder } from '@/data/test-support'
import { gmtMs, orderTimeline } from './order-timeline'

const at = (gmt: string) => gmtMs(gmt)!


const SHIPPING: WriteLabel = { kind: 'orders.updateShipping', action: 'address', target: { noun: 'order', name: '#1001' }, fields: ['city'] }
describe('an order’s timeline', () => {
  it('puts the store’s dates and this app’s steps together, newest first', () => {
    const order = makeOrder(1, 0, {
      post_date: '2026-03-01 09:00:00',
      post_date_gmt: '2026-03-01 14:00:00',
      paid_date: '2026-03-01 09:05:00',
      paid_date_gmt: '2026-03-01 14:05:00',
      post_modified: '2026-03-03 10:00:00',
      post_modified_gmt: '2026-03-03 15:00:00',
      order_total: 42,
      order_currency: 'USD',
      refunds: [{ refund_date: '2026-03-02 08:00:00', refund_date_gmt: '2026-03-02 13:00:00', refund_amount: 10, refund_reason: 'Damaged', refund_source: 'manual' }],
    })
    const events: WriteEvent[] = [
      { id: 1, outboxId: 7, kind: 'orders.updateShipping', label: SHIPPING, lanes: ['orders:1'], event: 'queued', at: at('2026-03-02 20:00:00') },
      { id: 2, outboxId: 7, kind: 'orders.updateShipping', label: SHIPPING, lanes: ['orders:1'], event: 'sent', at: at('2026-03-02 20:00:10') },
      { id: 3, outboxId: 7, kind: 'orders.updateShipping', label: SHIPPING, lanes: ['orders:1'], event: 'accepted', at: at('2026-03-02 20:00:10') },
    ]
    const timeline = orderTimeline(order, events)
    expect(timeline.map((e) => e.title)).toEqual([
      'Last changed on the store',
      'Shipping address change: accepted by the store',
      'Shipping address change: sent to the store',
      'Shipping address change: queued',
      'Refunded $10.00',
      'Paid $42.00',
      'Order placed',
    ])
    // Every time is on the store's clock (5 hours behind GMT here), this app's events too.
    expect(timeline.at(-1)?.when).toBe('Mar 1, 2026, 9:00 AM (store time)')
    expect(timeline[3]?.when).toBe('Mar 2, 2026, 3:00 PM (store time)')
    expect(timeline.find((e) => e.title.startsWith('Refunded'))?.detail).toBe('Damaged')
  })

  it('a cancelled order says when, as far as the store tells, and refusals are marked', () => {
    const order = makeOrder(1, 0, { post_status: 'wc-cancelled', post_modified: '2026-03-03 10:00:00', post_modified_gmt: '2026-03-03 15:00:00' })
    const timeline = orderTimeline(order, [{ id: 1, outboxId: 2, kind: 'orders.track', label: { kind: 'orders.track', action: 'track', target: { noun: 'order', name: '#1001' }, values: { trackno: 'X' } }, lanes: ['orders:1'], event: 'failed', at: at('2026-03-04 00:00:00'), message: 'The order is cancelled.' }])
    expect(timeline[0]).toMatchObject({ title: 'Tracking X: refused by the store', detail: 'The order is cancelled.', problem: true, source: 'app' })
    expect(timeline[1]).toMatchObject({ title: 'Cancelled', source: 'store' })
    expect(timeline.some((e) => e.title === 'Last changed on the store')).toBe(false)
  })

  it('says "last changed" only when it is not the time of another of the store’s events', () => {
    const order = makeOrder(1, 0, { post_date: '2026-03-01 09:00:00', post_date_gmt: '2026-03-01 14:00:00', post_modified: '2026-03-01 09:00:00', post_modified_gmt: '2026-03-01 14:00:00' })
    expect(orderTimeline(order, []).map((e) => e.title)).toEqual(['Order placed'])
  })

  it('the store’s last change that is our accepted change is not told twice', () => {
    const order = makeOrder(1, 0, { post_date_gmt: '2026-03-01 14:00:00', post_modified: '2026-03-02 15:00:05', post_modified_gmt: '2026-03-02 20:00:05' })
    const accepted: WriteEvent = { id: 3, outboxId: 7, kind: 'orders.updateShipping', label: SHIPPING, lanes: ['orders:1'], event: 'accepted', at: at('2026-03-02 20:00:06') }
    expect(orderTimeline(order, [accepted]).map((e) => e.title)).toEqual(['Shipping address change: accepted by the store', 'Order placed'])
  })

  it('leaves out dates the store has not set', () => {
    const order = makeOrder(1, 0, { paid_date: '0000-00-00 00:00:00', paid_date_gmt: '0000-00-00 00:00:00', completed_at: '0000-00-00 00:00:00', completed_at_gmt: '0000-00-00 00:00:00' })
    expect(orderTimeline(order, []).map((e) => e.title)).not.toContain('Completed')
    expect(orderTimeline(order, []).some((e) => e.title.startsWith('Paid'))).toBe(false)
  })
})
