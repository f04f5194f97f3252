// Export of orders for a spreadsheet, as CSV or as an Excel workbook (.xlsx), in one of two
// shapes: one row per order, or one row per line item with the order's columns repeated on each
// (so a sheet can be filtered by SKU and still show whose order it was). Statuses are the words
// the app shows (labels.ts), never the store's codes; the shipping address is split into its
// parts. Each cell is typed once (exportTable): text, a store date, money in the order's currency,
// a count.
// - CSV (RFC 4180: CRLF line ends, fields with commas, quotes or line breaks quoted, quotes
//   doubled), UTF-8, optionally starting with a byte order mark, without which Excel reads "José"
//   as "JosÃ©". The data is written exactly as the store holds it: no apostrophe prefixes. A
//   spreadsheet opening a CSV guesses types itself (a tracking number becomes 1.23E+11), which
//   is what the workbook is for; after a CSV download the app says how many cells a spreadsheet
//   could take for a formula (formulaLikeCells).
// - The workbook (write-excel-file): order numbers, tracking numbers, postcodes, phones and every
//   other text as text cells (never a formula, never a number), dates as dates on the store's
//   wall clock, money as numbers in the currency's format, counts as numbers.
// The words are the merchant's, the values are the machine's: the header row (and the statuses,
// which are the app's words already) are in the app's language, since a spreadsheet is read by
// the people who chose it; the values never are. Dates stay ISO "2026-03-04 14:05:09" in the
// CSV and real dates in the workbook, money and counts are plain numbers with a point (a real
// number cell in the workbook, shown by the spreadsheet in its own locale's format), so another
// system, or a German Excel, reads every value the same whatever language exported it.
import Papa from 'papaparse'
import type { Order, OrderLineItem } from '@common/store-api/resources'
import { FULFILLMENT_LABELS, labelOf, ORDER_STATUS_LABELS, PAYMENT_LABELS } from '@/ui/labels'
import { wallClock } from '@/ui/dates'
import { t } from '@/session/i18n'
import { checkOrderTotals, fromCents, toCents } from './order-totals'
import { quantityOf, variantOf } from './print/pick-list'

export type ExportShape = 'orders' | 'items'

/** The byte order mark that tells a spreadsheet the file is UTF-8. */
export const BOM = '\uFEFF'

/** The order columns, in file order (their headers: `orderExport.column.*`). */
export const EXPORT_ORDER_COLUMNS = [
  'number',
  'date',
  'paidDate',
  'customer',
  'email',
  'phone',
  'status',
  'payment',
  'fulfillment',
  'shipName',
  'shipCompany',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'country',
  'subtotal',
  'shipping',
  'tax',
  'discounts',
  'refunded',
  'total',
  'currency',
  'items',
  'carrier',
  'trackno',
  'channel',
] as const

export const EXPORT_ITEM_COLUMNS = ['sku', 'product', 'variant', 'quantity', 'price', 'lineTotal'] as const

/** The header row, in the app's language. */
export function exportColumns(shape: ExportShape): string[] {
  const columns = shape === 'items' ? [...EXPORT_ORDER_COLUMNS, ...EXPORT_ITEM_COLUMNS] : [...EXPORT_ORDER_COLUMNS]
  return columns.map((column) => t(`orderExport.column.${column}`))
}

/** One cell of the export, typed: how the CSV writes it and what cell the workbook makes of it. */
export type ExportCell =
  | { kind: 'text'; value: string }
  /** A store time as the store wrote it ("2026-03-04 14:05:09", its wall clock); '' when not set. */
  | { kind: 'date'; value: string }
  | { kind: 'money'; cents: number; currency: string }
  | { kind: 'count'; value: number }
  | { kind: 'empty' }

const text = (value: unknown): ExportCell => ({ kind: 'text', value: value === null || value === undefined ? '' : String(value) })
const EMPTY: ExportCell = { kind: 'empty' }

/** A store time as the store wrote it, on its wall clock; empty for the store's zero date ("not set"). */
function storeTime(value: string | undefined): ExportCell {
  return { kind: 'date', value: wallClock(value) ? value!.trim().slice(0, 19).replace('T', ' ') : '' }
}

function orderCells(o: Order): ExportCell[] {
  const ship = o.shipping_address
  const bill = o.billing_address
  const totals = checkOrderTotals(o)
  const customer = o.billing_user_name || `${bill?.first_name ?? ''} ${bill?.last_name ?? ''}`.trim()
  const money = (cents: number): ExportCell => ({ kind: 'money', cents, currency: o.order_currency })
  return [
    text(o.number),
    storeTime(o.post_date),
    storeTime(o.paid_date),
    text(customer),
    text(bill?.email),
    text(bill?.phone || ship?.phone),
    text(labelOf(ORDER_STATUS_LABELS, o.post_status, 'order status')),
    text(labelOf(PAYMENT_LABELS, o.financial_status, 'payment status')),
    text(labelOf(FULFILLMENT_LABELS, o.fulfillment_status, 'fulfillment status')),
    text(`${ship?.first_name ?? ''} ${ship?.last_name ?? ''}`.trim()),
    text(ship?.company),
    text(ship?.address_1),
    text(ship?.address_2),
    text(ship?.city),
    text(ship?.state),
    text(ship?.postcode),
    text(ship?.country),
    money(totals.itemsCents),
    money(totals.shippingCents),
    money(totals.taxCents),
    money(totals.discountsCents),
    money(toCents(o.refund_amount ?? 0)),
    money(toCents(o.order_total)),
    text(o.order_currency),
    { kind: 'count', value: Number(o.number_of_products) || 0 },
    text(o.trackname),
    text(o.trackno),
    text(o.sales_channel),
  ]
}

function itemCells(item: OrderLineItem, currency: string): ExportCell[] {
  return [
    text(item.sku),
    text(item.order_item_name),
    text(variantOf(item.properties ?? [])),
    { kind: 'count', value: quantityOf(item) },
    { kind: 'money', cents: toCents(item.price), currency },
    { kind: 'money', cents: toCents(item.line_total), currency },
  ]
}

/** The export's rows (without the header): per order, or per line item (an order without items still gets its row). */
export function exportTable(orders: Iterable<Order>, shape: ExportShape): ExportCell[][] {
  const rows: ExportCell[][] = []
  for (const o of orders) {
    const cells = orderCells(o)
    if (shape === 'orders') rows.push(cells)
    else if ((o.line_items ?? []).length === 0) rows.push([...cells, ...EXPORT_ITEM_COLUMNS.map(() => EMPTY)])
    else for (const item of o.line_items) rows.push([...cells, ...itemCells(item, o.order_currency)])
  }
  return rows
}

/** The digits after the point the currency is written with (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

function csvValue(cell: ExportCell): string {
  switch (cell.kind) {
    case 'text':
    case 'date':
      return cell.value
    case 'money':
      return fromCents(cell.cents).toFixed(currencyDigits(cell.currency))
    case 'count':
      return String(cell.value)
    case 'empty':
      return ''
  }
}

export interface CsvOptions {
  /** Start with the UTF-8 byte order mark Excel needs to read the file as UTF-8. */
  bom: boolean
}

/** The CSV file's text (RFC 4180): header row, one row per order or per item, CRLF line ends, the data exactly as held. */
export function ordersToCsv(orders: Iterable<Order>, shape: ExportShape = 'orders', options: CsvOptions = { bom: true }): string {
  const data = exportTable(orders, shape).map((row) => row.map(csvValue))
  return (options.bom ? BOM : '') + Papa.unparse({ fields: exportColumns(shape), data }, { newline: '\r\n' })
}

/** Text cells a spreadsheet opening the CSV could take for a formula (they start with = + - @). */
export function formulaLikeCells(orders: Iterable<Order>, shape: ExportShape): number {
  let n = 0
  for (const row of exportTable(orders, shape)) for (const cell of row) if (cell.kind === 'text' && /^[=+\-@]/.test(cell.value)) n++
  return n
}
