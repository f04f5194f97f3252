// The order list's columns and what a click on a sortable header does. A header sorts only by a
// key both the store's `orders.list` and the cache's order index answer (order-query.ts's sort
// keys), so the sorted list is the same while the first sync still asks the store and after.
import type { OrderSort, OrderSortKey } from './order-query'
import { parseSort } from './order-query'

export interface OrderColumn {
  id: 'number' | 'date' | 'customer' | 'tags' | 'status' | 'total' | 'items' | 'channel'
  label: string
  /** The sort key a click on the header sorts by; none for a column neither sort answers. */
  sortKey?: OrderSortKey
}

export const ORDER_COLUMNS: readonly OrderColumn[] = [
  { id: 'number', label: 'Order' },
  { id: 'date', label: 'Date', sortKey: 'date' },
  { id: 'customer', label: 'Customer' },
  { id: 'tags', label: 'Tags' },
  { id: 'status', label: 'Payment and fulfillment' },
  { id: 'total', label: 'Total', sortKey: 'total_sales' },
  { id: 'items', label: 'Items' },
  { id: 'channel', label: 'Channel' },
]

/**
 * The sort after a click on the header of `key`: the other direction when the list is already
 * sorted by it, else newest or highest first (what an operator looks for first).
 */
export function headerSort(current: OrderSort, key: OrderSortKey): OrderSort {
  const { key: currentKey, descending } = parseSort(current)
  if (currentKey === key) return (descending ? key : `-${key}`) as OrderSort
  return `-${key}` as OrderSort
}

/** The header's aria-sort for the current sort. */
export function ariaSort(current: OrderSort, key: OrderSortKey | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!key) return undefined
  const { key: currentKey, descending } = parseSort(current)
  if (currentKey !== key) return 'none'
  return descending ? 'descending' : 'ascending'
}
