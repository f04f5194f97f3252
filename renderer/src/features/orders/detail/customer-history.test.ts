import { describe, expect, it } from 'vitest'
import type { Order } from '@common/store-api/resources'
import { makeOrder } from '@/data/test-support'
import { customerHistory } from './customer-history'

const withEmail = (id: number, email: string, extra: Partial<Order> = {}) => {
  const o = makeOrder(id, id, extra)
  return { ...o, billing_address: { ...o.billing_address, email } }
}

describe('the customer’s other orders', () => {
  it('counts the other orders of the same e-mail in any case, what was paid and kept, and the latest', () => {
    const order = withEmail(1, 'ava@example.com', { order_total: 50 })
    const others = [
      withEmail(2, 'AVA@example.com', { order_total: 30, post_date: '2026-02-01 10:00:00', post_date_gmt: '2026-02-01 15:00:00' }),
      withEmail(3, 'ava@example.com', { order_total: 20, financial_status: 'partial-refund', refund_amount: 5, post_date: '2026-01-01 10:00:00', post_date_gmt: '2026-01-01 15:00:00' }),
      withEmail(4, 'ava@example.com', { order_total: 99, financial_status: 'unpaid', post_status: 'wc-cancelled' }),
      withEmail(5, 'nava@example.com', { order_total: 1000 }),
    ]
    expect(customerHistory(order, [order, ...others])).toEqual({
      email: 'ava@example.com',
      others: 3,
      spentCents: 5000 + 3000 + 1500,
      last: { id: 2, number: '1002', date: '2026-02-01 10:00:00' },
    })
  })

  it('a first order has no others; an order without an e-mail has no history', () => {
    const order = withEmail(1, 'new@example.com', { order_total: 12.5 })
    expect(customerHistory(order, [order])).toEqual({ email: 'new@example.com', others: 0, spentCents: 1250, last: null })
    expect(customerHistory(withEmail(1, ''), [])).toBeNull()
  })
})
