// The pick list: every item the selected orders need, one row per SKU and bin (summed over the
// orders, with the order numbers that need it), in the order a picker walks the warehouse: rows
// with a bin first, by bin, then the rest by SKU. An item's bin is the one set on its order (a
// warehouse bin meta field or attribute, order-extras.ts), else its SKU's in the bin table. Items without a SKU cannot be told apart
// by code, so they are grouped by product + variant and come last, marked "No SKU".
import type { Order, OrderLineItem } from '@common/store-api/resources'

export interface PickRow {
  /** The SKU, or null for items that have none (grouped by product + variant instead). */
  sku: string | null
  product: string
  /** "Colour: Red, Size: M"; empty when the item has no variant. */
  variant: string
  quantity: number
  /** Order numbers (as the store writes them, no "#") needing this item, in the selection's order. */
  orders: string[]
  bin: string | null
}

/** "Colour: Red, Size: M" from a line item's properties (the store's `{ name, value }` pairs). */
export function variantOf(properties: readonly unknown[]): string {
  return properties
    .map((p) => (p && typeof p === 'object' && 'name' in p && 'value' in p ? `${String((p as { name: unknown }).name)}: ${String((p as { value: unknown }).value)}` : ''))
    .filter(Boolean)
    .join(', ')
}

/** A line item's quantity: the store sends it as a string; anything unreadable counts as 0 rather than NaN. */
export function quantityOf(item: Pick<OrderLineItem, 'qty'>): number {
  const n = Number(item.qty)
  return Number.isFinite(n) && n > 0 ? n : 0
}

// Natural order ("A-2" before "A-10"), the same on every machine.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export function comparePickRows(a: PickRow, b: PickRow): number {
  if ((a.sku === null) !== (b.sku === null)) return a.sku === null ? 1 : -1
  if (a.sku === null || b.sku === null) return collator.compare(a.product, b.product) || collator.compare(a.variant, b.variant)
  if ((a.bin === null) !== (b.bin === null)) return a.bin === null ? 1 : -1
  return (a.bin !== null && b.bin !== null ? collator.compare(a.bin, b.bin) : 0) || collator.compare(a.sku, b.sku)
}

/**
 * Aggregates the orders' line items by SKU and bin; `bins` maps SKU to bin location (the user's
 * table), `orderBin` gives the bin set on an order, which wins for that order's items.
 */
export function buildPickList(
  orders: readonly Pick<Order, 'ID' | 'number' | 'line_items'>[],
  bins: ReadonlyMap<string, string>,
  orderBin: (order: Pick<Order, 'ID'>) => string | null = () => null,
): PickRow[] {
  const rows = new Map<string, PickRow>()
  for (const order of orders) {
    const own = orderBin(order)
    for (const item of order.line_items) {
      const sku = item.sku.trim() || null
      const variant = variantOf(item.properties)
      const bin = own ?? (sku !== null ? (bins.get(sku) ?? null) : null)
      const key = sku !== null ? `sku\u0000${sku}\u0000${bin ?? ''}` : `none\u0000${item.order_item_name}\u0000${variant}\u0000${bin ?? ''}`
      let row = rows.get(key)
      if (!row) {
        row = { sku, product: item.order_item_name, variant, quantity: 0, orders: [], bin }
        rows.set(key, row)
      }
      row.quantity += quantityOf(item)
      if (!row.orders.includes(order.number)) row.orders.push(order.number)
    }
  }
  return [...rows.values()].sort(comparePickRows)
}
