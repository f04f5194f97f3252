// A customer's page from their orders: the addresses used with their counts, the contact details
// seen, their refunds and their timeline, as the page shows them.
import { describe, expect, it } from 'vitest'
import type { Order } from '@common/store-api/resources'
import { makeOrder } from '@/data/test-support'
import { say } from '@/session/i18n'
import { addressesUsed, contactsSeen, customerTimeline, monthName, moneyList, refundsOf } from './customer-detail'

const refund = (date: string, amount: number, reason = '') => ({ refund_date: date, refund_date_gmt: date, refund_amount: amount, refund_reason: reason, refund_source: 'manual' })

function order(id: number, date: string, extra: Partial<Order> = {}): Order {
  return { ...makeOrder(id, id), post_date: date, ...extra }
}

describe('a customer page', () => {
  it('lists each shipping address once however it was written, most used first, with its count', () => {
    const a = order(1, '2026-03-01 10:00:00')
    const b = order(2, '2026-04-01 10:00:00', { shipping_address: { ...a.shipping_address, address_1: '1 ROAD ', city: 'london' } })
    const c = order(3, '2026-05-01 10:00:00', { shipping_address: { ...a.shipping_address, address_1: '9 Lane' } })
    const used = addressesUsed([a, b, c])
    expect(used.map((u) => [u.lines[1], u.orders, u.last])).toEqual([
      ['1 Road', 2, '2026-04-01 10:00:00'],
      ['9 Lane', 1, '2026-05-01 10:00:00'],
    ])
  })

  it('shows every name, e-mail and phone once (phones by their digits), with how many orders carry it', () => {
    const a = order(1, '2026-03-01 10:00:00')
    const b = order(2, '2026-04-01 10:00:00', { billing_address: { ...a.billing_address, phone: '+44 (20) 7946-0000', email: 'ADA@example.com' } })
    const c = order(3, '2026-05-01 10:00:00', { billing_user_name: 'Ada King', billing_address: { ...a.billing_address, first_name: 'Ada', last_name: 'King' } })
    expect(contactsSeen([a, b, c]).map((s) => `${s.kind} ${s.value} ×${s.orders}`)).toEqual([
      'name Ada Lovelace ×2',
      'name Ada King ×1',
      'email ada@example.com ×3',
      'phone +44 20 7946 0000 ×3',
    ])
  })

  it('lists refunds newest first, an order that only says its refunded amount included', () => {
    const a = order(1, '2026-03-01 10:00:00', { refunds: [refund('2026-03-05 09:00:00', 5, 'Damaged')] })
    const b = order(2, '2026-04-01 10:00:00', { refunds: [refund('2026-04-02 09:00:00', 12.5)] })
    const c = order(3, '2026-05-01 10:00:00', { refunds: [], refund_amount: 3 })
    expect(refundsOf([a, b, c]).map((r) => [r.number, r.date, r.amount, r.reason])).toEqual([
      ['1002', '2026-04-02 09:00:00', '£12.50', ''],
      ['1001', '2026-03-05 09:00:00', '£5.00', 'Damaged'],
      ['1003', '', '£3.00', ''],
    ])
  })

  it('tells their story newest first by month: placed, paid, shipped and refunded', () => {
    const a = order(1, '2026-03-31 22:00:00', { paid_date: '2026-04-01 08:00:00', track_date: '2026-04-02 12:00:00', trackno: '1Z999', refunds: [refund('2026-04-10 09:00:00', 5, 'Damaged')] })
    const months = customerTimeline([a])
    expect(months.map((m) => [monthName(m.month), m.events.map((e) => say(e.what))])).toEqual([
      ['April 2026', ['Refunded £5.00: Damaged', 'Shipped, tracking 1Z999', 'Paid']],
      ['March 2026', ['Ordered £50.00']],
    ])
  })

  it('writes money per currency on one line, the dash for none', () => {
    expect(moneyList([])).toBe('—')
    expect(moneyList([{ currency: 'USD', cents: 123400 }, { currency: 'EUR', cents: 5600 }])).toBe('$1,234.00 · €56.00')
  })
})
