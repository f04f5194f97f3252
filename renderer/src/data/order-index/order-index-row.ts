// One cached order as the order list's index needs it: the folded search text (order-search.ts) and the
// values every filter and sort of data/order-index/order-query.ts reads, nothing else (a full order is ~4 KB,
// this row ~200 bytes). The cache writes the rows of every write to orders beside it, as one
// block in the same transaction (order-index-blocks.ts), so the list loads 100,000 of them
// without reading the orders.
// A change to what this row holds (the search text's fields or folding included) needs a new
// cache schema version that rebuilds the rows (data/db.ts, SCHEMA_V5).
import type { Order } from '@common/store-api/resources'
import { orderSearchText } from './order-search'

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
