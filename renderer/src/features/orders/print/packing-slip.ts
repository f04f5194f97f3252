// What one packing slip says about an order: the ship-to address as lines, the date in the
// store's own time (ui/store-time.ts: the store's wall clock, never re-zoned), the items with SKU,
// variant and quantity (prices only when the user turned them on), the customer's note and the
// gift message (an order meta field or attribute, order-extras.ts).
import type { Order } from '@common/store-api/resources'
import { formatMoney, formatStoreDay } from '@/ui/store-time'
import { quantityOf, variantOf } from './pick-list'

export interface SlipItem {
  sku: string
  product: string
  variant: string
  quantity: number
  /** Shown only with prices on. */
  price: string
  total: string
}

export interface PackingSlip {
  orderId: number
  number: string
  date: string
  shipTo: string[]
  items: SlipItem[]
  note: string
  giftMessage: string
  orderTotal: string
}

export function shipToLines(address: Partial<Order['shipping_address']>): string[] {
  const s = (value: unknown) => String(value ?? '').trim()
  return [
    `${s(address.first_name)} ${s(address.last_name)}`.trim(),
    s(address.company),
    s(address.address_1),
    s(address.address_2),
    [s(address.city), s(address.state), s(address.postcode)].filter(Boolean).join(' '),
    s(address.country),
    s(address.phone),
  ].filter(Boolean)
}

export function packingSlip(order: Order, giftMessage = ''): PackingSlip {
  const money = (n: number | string) => formatMoney(n, order.order_currency)
  return {
    orderId: order.ID,
    number: order.number,
    date: formatStoreDay(order.post_date),
    shipTo: shipToLines(order.shipping_address),
    items: order.line_items.map((item) => ({
      sku: item.sku.trim(),
      product: item.order_item_name,
      variant: variantOf(item.properties),
      quantity: quantityOf(item),
      price: money(item.price),
      total: money(item.line_total),
    })),
    note: (order.note ?? '').trim(),
    giftMessage: giftMessage.trim(),
    orderTotal: money(order.order_total),
  }
}
