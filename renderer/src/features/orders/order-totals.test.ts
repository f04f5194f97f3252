import { describe, expect, it } from 'vitest'
import type { Order } from '@common/store-api/resources'
import { makeOrder, seededRandom } from '@/data/order-index/order-fixtures'
import { checkOrderTotals } from './order-totals'

// Orders built from integer cents first, then written the way the store writes amounts
// (numbers for some fields, strings for others), so the true total is known exactly.
function orderFromCents(id: number, random: () => number, skewCents: number): { order: Order; totalCents: number } {
  const cents = (max: number) => Math.floor(random() * max)
  const base = makeOrder(id, random)
  const items = base.line_items.map((li) => ({ ...li, line_total: cents(20000) / 100 }))
  const itemsCents = items.reduce((s, li) => s + Math.round(li.line_total * 100), 0)
  const shipping = cents(1500)
  const tax = cents(900)
  const shippingTax = cents(200)
  const fee = cents(700)
  const discount = cents(Math.min(itemsCents, 3000))
  const totalCents = itemsCents + shipping + tax + shippingTax + fee - discount
  const order: Order = {
    ...base,
    line_items: items,
    order_shipping: shipping / 100,
    order_tax: tax / 100,
    order_shipping_tax: shippingTax / 100,
    fees: [{ order_item_id: 1, order_item_name: 'Shipping Insurance', order_item_type: 'fee', order_id: id, line_total: fee / 100, fee_amount: fee / 100, tax_class: '', line_tax: 0, rate: 0, tax_status: 'none' }],
    discount_record: discount ? [{ code: 'SAVE', amount: (discount / 100).toFixed(2) }] : [],
    order_total: (totalCents + skewCents) / 100,
  }
  return { order, totalCents }
}

describe('the order totals check', () => {
  it('agrees for orders whose parts add up, however the amounts are written', () => {
    const random = seededRandom(5)
    for (let id = 1; id <= 300; id++) {
      const { order, totalCents } = orderFromCents(id, random, 0)
      const check = checkOrderTotals(order)
      expect(check.expectedCents).toBe(totalCents)
      expect(check.agrees).toBe(true)
    }
  })

  it('reports the exact difference when the total is off', () => {
    const random = seededRandom(9)
    for (let id = 1; id <= 100; id++) {
      const skew = (id % 2 ? 1 : -1) * (1 + Math.floor(random() * 500))
      const { order } = orderFromCents(id, random, skew)
      const check = checkOrderTotals(order)
      expect(check.agrees).toBe(false)
      expect(check.differenceCents).toBe(skew)
    }
  })

  it('reads a single discount object the same as a one-element list', () => {
    const random = seededRandom(2)
    const { order } = orderFromCents(1, random, 0)
    const asObject = { ...order, discount_record: Array.isArray(order.discount_record) ? (order.discount_record[0] ?? {}) : order.discount_record }
    expect(checkOrderTotals(asObject).expectedCents).toBe(checkOrderTotals(order).expectedCents)
  })
})
