// One cached order as the order list's index needs it: the lower-cased search text and the
// values every filter and sort of order-query.ts reads, nothing else (a full order is ~4 KB,
// this row ~200 bytes). The cache writes the rows of every write to orders beside it, as one
// block in the same transaction (renderer/src/data/db.ts), so the list loads 100,000 of them
// without reading the orders.
// A change to what this row holds needs a new cache schema version that rebuilds the rows.
import type { Order } from '@common/store-api/resources'

/**
 * Separates the searchable fields in `search`: a needle without it can only match inside
 * one field, as order-query.ts's search semantics say.
 */
export const SEARCH_FIELD_SEPARATOR = '\u0000'

/** A tuple, not an object: 100,000 rows are cloned out of IndexedDB without 100,000 copies of each field name. */
export type OrderIndexRow = [
  ID: number,
  search: string,
  fulfillment: string | undefined,
  financial: string | undefined,
  status: string | undefined,
  postDate: string | undefined,
  postModified: string | undefined,
  paidDate: string | undefined,
  total: number | string | undefined,
]

/** The order's searchable fields (order-query.ts's header), each lower-cased on its own. */
export function orderSearchText(order: Order): string {
  const fields: string[] = []
  const add = (s: string | undefined) => {
    if (s) fields.push(s.toLowerCase())
  }
  add(order.number)
  add(order.transaction_id)
  add(order.billing_address?.email)
  for (const item of order.line_items ?? []) {
    add(item.order_item_name)
    add(item.sku)
  }
  return fields.join(SEARCH_FIELD_SEPARATOR)
}

export function orderIndexRow(order: Order): OrderIndexRow {
  return [
    order.ID,
    orderSearchText(order),
    order.fulfillment_status ?? undefined,
    order.financial_status ?? undefined,
    order.post_status ?? undefined,
    order.post_date ?? undefined,
    order.post_modified ?? undefined,
    order.paid_date ?? undefined,
    order.order_total ?? undefined,
  ]
}
