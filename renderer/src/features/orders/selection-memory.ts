// The order list's selection outlives the list: the print view, an order page or Settings
// unmount it, and "← Back" brings the same orders back selected (the slips for the pick list
// just printed need no selecting again). Kept in memory for this window, per store and for the
// filter it was made under (another filter picks other orders, so it does not come back there).
import { sameFilter, type OrderSelection } from './order-selection'
import { type OrderQuery } from '@/data'

const kept = new Map<string, { query: OrderQuery; selection: OrderSelection }>()

export function keepSelection(storeId: string | null, query: OrderQuery, selection: OrderSelection): void {
  if (storeId) kept.set(storeId, { query: { ...query }, selection })
}

/** The selection kept for this store under the same filter, or null. */
export function keptSelection(storeId: string | null, query: OrderQuery): OrderSelection | null {
  const entry = storeId ? kept.get(storeId) : undefined
  return entry && sameFilter(entry.query, query) ? entry.selection : null
}
