// Export of orders to CSV for a spreadsheet, in one of two shapes: one row per order, or one
// row per line item with the order's columns repeated on each (so a sheet can be filtered by
// SKU and still show whose order it was). Statuses are the words the app shows (labels.ts),
// never the store's codes; the shipping address is split into its parts; the file starts with
// a UTF-8 byte order mark, without which Excel reads "José" as "JosÃ©". Cells a spreadsheet
// would run as a formula (= + - @, tab, carriage return at the start) are prefixed with a quote
// by papaparse's escapeFormulae, so an order note or name cannot become a formula (CSV injection);
// an international phone ("+1 617…") gets the quote too, which keeps it text in a spreadsheet.
import Papa from 'papaparse'
import type { Order, OrderLineItem } from '@common/store-api/resources'
import { FULFILLMENT_LABELS, labelOf, ORDER_STATUS_LABELS, PAYMENT_LABELS } from '@/ui/labels'
import { wallClock } from '@/ui/dates'
import { checkOrderTotals, fromCents, toCents } from './order-totals'
import { quantityOf, variantOf } from './print/pick-list'

export type ExportShape = 'orders' | 'items'

/** The byte order mark that tells a spreadsheet the file is UTF-8. */
export const BOM = '\uFEFF'

export const EXPORT_ORDER_COLUMNS = [
  'Order number',
  'Order date (store time)',
  'Paid date (store time)',
  'Customer',
  'E-mail',
  'Phone',
  'Status',
  'Payment',
  'Fulfillment',
  'Ship to name',
  'Ship to company',
  'Address line 1',
  'Address line 2',
  'City',
  'State or province',
  'Postcode',
  'Country',
  'Items subtotal',
  'Shipping',
  'Tax',
  'Discounts',
  'Refunded',
  'Total',
  'Currency',
  'Items',
  'Carrier',
  'Tracking number',
  'Sales channel',
] as const

export const EXPORT_ITEM_COLUMNS = ['SKU', 'Product', 'Variant', 'Quantity', 'Price', 'Line total'] as const

export function exportColumns(shape: ExportShape): string[] {
  return shape === 'items' ? [...EXPORT_ORDER_COLUMNS, ...EXPORT_ITEM_COLUMNS] : [...EXPORT_ORDER_COLUMNS]
}

const money = (amount: unknown) => fromCents(toCents(amount)).toFixed(2)

/**
 * A store time as a spreadsheet reads a date: "2026-03-04 14:05:00", on the store's wall clock
 * as the store wrote it; empty for the store's zero date ("not set").
 */
function sheetTime(value: string | undefined): string {
  return wallClock(value) ? value!.trim().slice(0, 19).replace('T', ' ') : ''
}

function orderCells(o: Order): (string | number)[] {
  const ship = o.shipping_address
  const bill = o.billing_address
  const totals = checkOrderTotals(o)
  const customer = o.billing_user_name || `${bill?.first_name ?? ''} ${bill?.last_name ?? ''}`.trim()
  return [
    o.number,
    sheetTime(o.post_date),
    sheetTime(o.paid_date),
    customer,
    bill?.email ?? '',
    bill?.phone || ship?.phone || '',
    labelOf(ORDER_STATUS_LABELS, o.post_status, 'order status'),
    labelOf(PAYMENT_LABELS, o.financial_status, 'payment status'),
    labelOf(FULFILLMENT_LABELS, o.fulfillment_status, 'fulfillment status'),
    `${ship?.first_name ?? ''} ${ship?.last_name ?? ''}`.trim(),
    ship?.company ?? '',
    ship?.address_1 ?? '',
    ship?.address_2 ?? '',
    ship?.city ?? '',
    ship?.state ?? '',
    ship?.postcode ?? '',
    ship?.country ?? '',
    fromCents(totals.itemsCents).toFixed(2),
    fromCents(totals.shippingCents).toFixed(2),
    fromCents(totals.taxCents).toFixed(2),
    fromCents(totals.discountsCents).toFixed(2),
    money(o.refund_amount ?? 0),
    money(o.order_total),
    o.order_currency,
    o.number_of_products,
    o.trackname ?? '',
    o.trackno ?? '',
    o.sales_channel,
  ]
}

function itemCells(item: OrderLineItem): (string | number)[] {
  return [item.sku, item.order_item_name, variantOf(item.properties ?? []), quantityOf(item), money(item.price), money(item.line_total)]
}

/** The export's rows (without the header): per order, or per line item (an order without items still gets its row). */
export function exportRows(orders: Iterable<Order>, shape: ExportShape): (string | number)[][] {
  const rows: (string | number)[][] = []
  for (const o of orders) {
    const cells = orderCells(o)
    if (shape === 'orders') rows.push(cells)
    else if ((o.line_items ?? []).length === 0) rows.push([...cells, ...EXPORT_ITEM_COLUMNS.map(() => '')])
    else for (const item of o.line_items) rows.push([...cells, ...itemCells(item)])
  }
  return rows
}

/** The CSV file's text: byte order mark, header row, one row per order or per item, CRLF line ends. */
export function ordersToCsv(orders: Iterable<Order>, shape: ExportShape = 'orders'): string {
  return BOM + Papa.unparse({ fields: exportColumns(shape), data: exportRows(orders, shape) }, { escapeFormulae: true, newline: '\r\n' })
}

/** Hands text to the user as a file download (the browser's or Electron's save flow). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
