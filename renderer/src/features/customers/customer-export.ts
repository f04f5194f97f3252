// Export of customers for a spreadsheet, as CSV or as an Excel workbook (.xlsx), one row per
// customer, in the list's order: who they are (name, e-mail, phone and the shipping address of
// their latest order), their orders, and their money in the store's main currency (amounts in
// other currencies, rare, in one text column beside). Store times as the store wrote them.
// In the workbook phones and postcodes are text cells (a spreadsheet would drop "+" and leading
// zeros of a number), amounts numbers, times dates. In the CSV, as the order export does, the
// file starts with a byte order mark (Excel reads it as UTF-8) and a cell a spreadsheet would
// run as a formula gets a quote first (papaparse's escapeFormulae). The headers, the sheet's
// name and the other-currencies text are in the app's language: a person reads them.
import Papa from 'papaparse'
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/browser'
import type { Order } from '@common/store-api/resources'
import type { CustomerSummary, Money } from '@/data'
import { t, type MessageKey } from '@/session/i18n'
import { wallClock } from '@/ui/dates'

export type ExportFormat = 'csv' | 'xlsx'

type Kind = 'text' | 'count' | 'money' | 'time'

export const CUSTOMER_EXPORT_COLUMNS: readonly { title: MessageKey; kind: Kind; width: number }[] = [
  { title: 'customers.columns.name', kind: 'text', width: 24 },
  { title: 'customers.file.email', kind: 'text', width: 30 },
  { title: 'customers.file.phone', kind: 'text', width: 18 },
  { title: 'customers.columns.orders', kind: 'count', width: 8 },
  { title: 'customers.file.paidOrders', kind: 'count', width: 11 },
  { title: 'customers.file.currency', kind: 'text', width: 9 },
  { title: 'customers.columns.spent', kind: 'money', width: 12 },
  { title: 'customers.columns.average', kind: 'money', width: 13 },
  { title: 'customers.columns.refunded', kind: 'money', width: 11 },
  { title: 'customers.file.refundedOrders', kind: 'count', width: 15 },
  { title: 'customers.file.firstOrder', kind: 'time', width: 20 },
  { title: 'customers.file.lastOrder', kind: 'time', width: 20 },
  { title: 'customers.file.address1', kind: 'text', width: 24 },
  { title: 'customers.file.address2', kind: 'text', width: 14 },
  { title: 'customers.file.city', kind: 'text', width: 14 },
  { title: 'customers.file.state', kind: 'text', width: 16 },
  { title: 'customers.file.postcode', kind: 'text', width: 10 },
  { title: 'customers.file.country', kind: 'text', width: 8 },
  { title: 'customers.file.otherCurrencies', kind: 'text', width: 28 },
]

/** The header row in the app's language. */
export function exportHeaders(): string[] {
  return CUSTOMER_EXPORT_COLUMNS.map((c) => t(c.title))
}

/** One cell's value before it is written: text, a whole count, an amount in cents, a store time. */
type Value = string | number | null

function amountIn(list: readonly Money[], currency: string): number {
  return list.find((m) => m.currency === currency)?.cents ?? 0
}

/** The customer's cells (header order); `latest` is their latest order, for the address. */
export function customerCells(c: CustomerSummary, mainCurrency: string, latest: Order | undefined): Value[] {
  const currency = c.spent[0]?.currency ?? c.refunded[0]?.currency ?? mainCurrency
  const others = [...new Set([...c.spent, ...c.refunded].map((m) => m.currency))].filter((cur) => cur !== currency)
  const other = others.map((cur) => t('customers.file.otherCurrency', { currency: cur, spent: (amountIn(c.spent, cur) / 100).toFixed(2), refunded: (amountIn(c.refunded, cur) / 100).toFixed(2) })).join('; ')
  const ship = latest?.shipping_address
  return [
    c.name,
    c.email,
    c.phone,
    c.orders,
    c.paidOrders,
    currency,
    amountIn(c.spent, currency),
    amountIn(c.average, currency),
    amountIn(c.refunded, currency),
    c.refundedOrders,
    c.firstOrder || null,
    c.lastOrder || null,
    ship?.address_1 ?? '',
    ship?.address_2 ?? '',
    ship?.city ?? '',
    ship?.state ?? '',
    ship?.postcode ?? '',
    ship?.country ?? '',
    other,
  ]
}

function csvValue(value: Value, kind: Kind): string | number {
  if (value === null) return ''
  if (kind === 'money') return ((value as number) / 100).toFixed(2)
  return value
}

/** The CSV file's text: byte order mark, header row, one row per customer, CRLF line ends. */
export function customersToCsv(rows: readonly Value[][]): string {
  const data = rows.map((row) => row.map((value, i) => csvValue(value, CUSTOMER_EXPORT_COLUMNS[i]!.kind)))
  return '\uFEFF' + Papa.unparse({ fields: exportHeaders(), data }, { escapeFormulae: true, newline: '\r\n' })
}

/** A store time as a spreadsheet date: its wall-clock fields as UTC, which the workbook writes as they are. */
function sheetDate(value: string): Date | null {
  const d = wallClock(value)
  return d ? new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds())) : null
}

function xlsxCell(value: Value, kind: Kind): Cell {
  if (value === null) return null
  if (kind === 'money') return { value: (value as number) / 100, type: Number, format: '#,##0.00' }
  if (kind === 'count') return { value: value as number, type: Number }
  if (kind === 'time') {
    const date = sheetDate(value as string)
    return date ? { value: date, type: Date, format: 'yyyy-mm-dd hh:mm:ss' } : { value: String(value), type: String }
  }
  return { value: String(value), type: String }
}

/** The workbook: one sheet ("Customers"), the header row bold and kept in view. */
export function customersToXlsx(rows: readonly Value[][]): Promise<Blob> {
  const header: Cell[] = exportHeaders().map((title) => ({ value: title, type: String, fontWeight: 'bold' }))
  const data: SheetData = [header, ...rows.map((row) => row.map((value, i) => xlsxCell(value, CUSTOMER_EXPORT_COLUMNS[i]!.kind)))]
  return writeXlsxFile(data, { sheet: t('customers.file.sheet'), stickyRowsCount: 1, columns: CUSTOMER_EXPORT_COLUMNS.map((c) => ({ width: c.width })) }).toBlob()
}
