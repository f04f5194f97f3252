// The few fields of an order that the order list filters and sorts on, kept for every order
// (a full order is built only when someone reads or changes it).
import type { Order } from '../../common/store-api/resources'

/** What the order list filters and sorts on, small enough to keep for 100,000 orders. */
export interface OrderSummary {
  id: number
  createdGmt: string
  modifiedGmt: string
  /** Store-local day of post_modified, `YYYY-MM-DD` (filter[modified_date]). */
  modifiedDay: string
  /** Empty for unpaid orders, which therefore sort as the oldest by paid date. */
  paidGmt: string
  /** Store-local day of paid_date, `YYYY-MM-DD` (filter[date]); empty when unpaid. */
  paidDay: string
  total: number
  status: string
  financial: string
  fulfillment: string
  /** Billing e-mail, for the generator's per-customer totals. */
  email: string
  /** Lower-cased number, product names, SKUs, transaction id and customer e-mail. */
  search: string
}

export function summarizeOrder(order: Order): OrderSummary {
  return {
    id: order.ID,
    createdGmt: order.post_date_gmt,
    modifiedGmt: order.post_modified_gmt,
    modifiedDay: order.post_modified.slice(0, 10),
    paidGmt: order.paid_date_gmt ?? '',
    paidDay: order.paid_date ? order.paid_date.slice(0, 10) : '',
    total: order.order_total,
    status: order.post_status,
    financial: order.financial_status,
    fulfillment: order.fulfillment_status,
    email: order.billing_address.email,
    search: [order.number, ...order.line_items.flatMap((l) => [l.order_item_name, l.sku]), order.transaction_id ?? '', order.billing_address.email]
      .join('\n').toLowerCase(),
  }
}
