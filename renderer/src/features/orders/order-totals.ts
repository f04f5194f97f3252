// The totals check of an order's detail: Σ line_total + order_shipping + Σ fees.line_total
// + order_tax + order_shipping_tax − Σ discount_record.amount must equal order_total. Amounts arrive as numbers or numeric strings (the reference mixes
// both); every sum is done in integer cents so 0.1 + 0.2 never produces a false alarm.
import type { Order } from '@common/store-api/resources'

/** Cents of a store amount; anything not numeric counts as zero (and is reported). */
export function toCents(amount: unknown): number {
  const n = typeof amount === 'number' ? amount : typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : NaN
  return Number.isFinite(n) ? Math.round(n * 100) : 0
}

export function fromCents(cents: number): number {
  return cents / 100
}

export interface OrderTotalsCheck {
  /** Σ line_items.line_total (the store's formula, docs/demo-store.md). */
  itemsCents: number
  shippingCents: number
  feesCents: number
  taxCents: number
  discountsCents: number
  expectedCents: number
  actualCents: number
  /** order_total − expected: 0 when the order adds up. */
  differenceCents: number
  agrees: boolean
}

function discountRecords(order: Order): { amount?: string }[] {
  const record = order.discount_record
  return Array.isArray(record) ? record : record && Object.keys(record).length > 0 ? [record] : []
}

export function checkOrderTotals(order: Order): OrderTotalsCheck {
  const itemsCents = order.line_items.reduce((sum, item) => sum + toCents(item.line_total), 0)
  const shippingCents = toCents(order.order_shipping)
  const feesCents = order.fees.reduce((sum, fee) => sum + toCents(fee.line_total), 0)
  const taxCents = toCents(order.order_tax) + toCents(order.order_shipping_tax)
  const discountsCents = discountRecords(order).reduce((sum, d) => sum + toCents(d.amount), 0)
  const expectedCents = itemsCents + shippingCents + feesCents + taxCents - discountsCents
  const actualCents = toCents(order.order_total)
  const differenceCents = actualCents - expectedCents
  return { itemsCents, shippingCents, feesCents, taxCents, discountsCents, expectedCents, actualCents, differenceCents, agrees: differenceCents === 0 }
}
