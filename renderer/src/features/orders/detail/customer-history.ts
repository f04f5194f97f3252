// The customer's other orders in the cache, found by the billing e-mail (the one thing a
// guest checkout and an account share): how many, what they spent, and their latest order.
// Spent counts what was paid and kept: paid orders, less what was refunded.
import type { Order } from '@common/store-api/resources'

export interface CustomerHistory {
  email: string
  /** Other orders of the same e-mail (this one not counted). */
  others: number
  /** Paid less refunded, over every order of the e-mail this one included, in cents. */
  spentCents: number
  /** The latest of the other orders, or null. */
  last: { id: number; number: string; date: string } | null
}

const cents = (n: number | string | undefined) => Math.round(Number(n ?? 0) * 100) || 0

export function sameCustomer(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase()
}

export function customerHistory(order: Order, candidates: readonly Order[]): CustomerHistory | null {
  const email = order.billing_address.email?.trim()
  if (!email) return null
  const mine = new Map<number, Order>([[order.ID, order]])
  for (const o of candidates) if (sameCustomer(o.billing_address.email, email)) mine.set(o.ID, o)
  const others = [...mine.values()].filter((o) => o.ID !== order.ID)
  const paid = [...mine.values()].filter((o) => o.financial_status === 'paid' || o.financial_status === 'partial-refund')
  const spentCents = paid.reduce((sum, o) => sum + cents(o.order_total) - cents(o.refund_amount), 0)
  const latest = others.reduce<Order | null>((best, o) => (!best || o.post_date_gmt > best.post_date_gmt ? o : best), null)
  return { email, others: others.length, spentCents, last: latest ? { id: latest.ID, number: latest.number, date: latest.post_date } : null }
}
