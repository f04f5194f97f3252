// Who placed an order, as the customers' grouping sees it: the customer key an order belongs to
// and the compact row (one per cached order, ~100 bytes) the customer index aggregates. The
// cache writes these rows beside every write to orders, one block per write in the same
// transaction (order-index/order-index-blocks.ts), so the Customers screen never reads the
// orders themselves to list 100,000 of them.
//
// The grouping rule, in order (the first that applies names the customer):
// 1. the billing e-mail, normalised: trimmed, lower case, Unicode NFC ("Ada@Example.com " and
//    "ada@example.com" are one customer);
// 2. else a phone's digits (billing, else shipping), when it has at least MIN_PHONE_DIGITS:
//    "+44 20 7946 0000" and "+44 (20) 7946-0000" are one customer;
// 3. else the name and the address, folded as the order search folds them (case, accents,
//    apostrophes, spaces): name, first address line, postcode and country of the billing
//    address (else the shipping address);
// 4. else (a guest order without any of them) the order alone: it is a customer of its own.
// Every order therefore belongs to exactly one customer (customer-index.test.ts checks it).
// A change to what this row holds needs a cache schema version that rebuilds the blocks
// (data/db.ts, SCHEMA_V9).
import type { Order } from '@common/store-api/resources'
import { digitsOf, fold } from '../order-index/order-search'

/** The table of customer row blocks (one per write to `orders`, keyed by `seq` in write order). */
export const CUSTOMER_ROW_BLOCKS = 'customerRowBlocks'
/** The table the customer index keeps its snapshot in (customer-index.ts): emptied with the blocks. */
export const CUSTOMER_SNAPSHOTS = 'customerSnapshots'

/** Fewer digits than this are a fragment ("0", "123"), not a phone that names one person. */
export const MIN_PHONE_DIGITS = 7

/** Financial states of an order whose money was taken (refunds are counted apart). */
const PAID_STATES = new Set(['paid', 'partial-refund', 'refund'])

/** A tuple, not an object: 100,000 rows are cloned out of IndexedDB without 100,000 copies of each field name. */
export type CustomerRow = [
  ID: number,
  key: string,
  name: string,
  email: string,
  phone: string,
  currency: string,
  totalCents: number,
  refundCents: number,
  paid: 0 | 1,
  postDate: string,
]

/** An e-mail as the grouping compares it, or '' when it is not one. */
export function normaliseEmail(email: string | undefined): string {
  const trimmed = (email ?? '').trim().normalize('NFC').toLowerCase()
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? trimmed : ''
}

/** A phone as the grouping compares it (its digits), or '' when it has too few to name anyone. */
export function normalisePhone(phone: string | undefined): string {
  const digits = digitsOf(phone ?? '')
  return digits.length >= MIN_PHONE_DIGITS ? digits : ''
}

type Address = Order['billing_address'] | Order['shipping_address']

function personName(address: Address | undefined): string {
  return `${address?.first_name ?? ''} ${address?.last_name ?? ''}`.trim()
}

/** The customer key of an order (header): `email:…`, `phone:…`, `name:…` or `order:<ID>`. */
export function customerKeyOf(order: Order): string {
  const email = normaliseEmail(order.billing_address?.email)
  if (email) return `email:${email}`
  const phone = normalisePhone(order.billing_address?.phone) || normalisePhone(order.shipping_address?.phone)
  if (phone) return `phone:${phone}`
  for (const address of [order.billing_address, order.shipping_address]) {
    const name = fold(personName(address) || (address === order.billing_address ? (order.billing_user_name ?? '') : ''))
    const street = fold(address?.address_1 ?? '')
    if (name && street) return `name:${name}|${street}|${fold(address?.postcode ?? '')}|${fold(address?.country ?? '')}`
  }
  return `order:${order.ID}`
}

/** An amount in whole cents (amounts arrive as numbers or numeric strings); 0 when it is not a number. */
export function cents(amount: unknown): number {
  const n = Math.round(Number(amount ?? 0) * 100)
  return Number.isFinite(n) ? n : 0
}

/** What was refunded on an order: its refunds, else its refund amount. */
export function refundCentsOf(order: Order): number {
  const refunds = order.refunds ?? []
  return refunds.length > 0 ? refunds.reduce((sum, r) => sum + cents(r.refund_amount), 0) : cents(order.refund_amount)
}

/** The name an order shows for its customer: the billing user name, else a name on an address. */
export function customerNameOf(order: Order): string {
  return (order.billing_user_name ?? '').trim() || personName(order.billing_address) || personName(order.shipping_address)
}

export function customerRow(order: Order): CustomerRow {
  return [
    order.ID,
    customerKeyOf(order),
    customerNameOf(order),
    (order.billing_address?.email ?? '').trim(),
    (order.billing_address?.phone || order.shipping_address?.phone || '').trim(),
    order.order_currency || '',
    cents(order.order_total),
    refundCentsOf(order),
    PAID_STATES.has(order.financial_status) ? 1 : 0,
    order.post_date ?? '',
  ]
}
