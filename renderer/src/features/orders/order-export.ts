// Export of the current filtered order list to CSV. Cells that a spreadsheet would run as
// a formula (= + - @, tab, carriage return at the start) are prefixed with a quote by
// papaparse's escapeFormulae, so an order note or name cannot become a formula (CSV injection).
import Papa from 'papaparse'
import type { Order } from '@common/store-api/resources'

export const EXPORT_COLUMNS = [
  'Order number',
  'Date (store local)',
  'Customer',
  'Customer e-mail',
  'Status',
  'Financial status',
  'Fulfillment status',
  'Total',
  'Currency',
  'Items',
  'Sales channel',
  'Carrier',
  'Tracking number',
  'Ship to country',
] as const

export function orderExportRow(o: Order): (string | number)[] {
  return [
    o.number,
    o.post_date,
    o.billing_user_name,
    o.billing_address?.email ?? '',
    o.post_status,
    o.financial_status,
    o.fulfillment_status,
    o.order_total.toFixed(2),
    o.order_currency,
    o.number_of_products,
    o.sales_channel,
    o.trackname ?? '',
    o.trackno ?? '',
    o.shipping_address?.country ?? '',
  ]
}

export function ordersToCsv(orders: Iterable<Order>): string {
  const data = Array.from(orders, orderExportRow)
  return Papa.unparse({ fields: [...EXPORT_COLUMNS], data }, { escapeFormulae: true, newline: '\r\n' })
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
