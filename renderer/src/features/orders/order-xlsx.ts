// The orders export as an Excel workbook (write-excel-file), from the same typed cells as the
// CSV (order-export.ts exportTable): every text (order numbers, tracking numbers, postcodes,
// phones, names, notes) a text cell, so a spreadsheet never turns 1Z… into a formula, a
// 12-digit tracking number into 1.23E+11 or the postcode 02108 into 2108; store dates as dates
// on the store's wall clock; money as numbers shown in the order's currency; counts as numbers.
// The library is loaded when a workbook is asked for, not with the order list.
import type { Order } from '@common/store-api/resources'
import { t } from '@/session/i18n'
import { currencyDigits, exportColumns, exportTable, type ExportCell, type ExportShape } from './order-export'
import { fromCents } from './order-totals'

/** Excel's number format for an amount in this currency: `"$"#,##0.00`, `#,##0 "JPY"`. */
export function moneyFormat(currency: string): string {
  const digits = currencyDigits(currency)
  const number = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0'
  let symbol = currency
  try {
    symbol = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency
  } catch {
    // An unknown code: its letters name it.
  }
  const quoted = `"${symbol.replace(/"/g, '')}"`
  return /^[A-Z]{3}$/.test(symbol) ? `${number} ${quoted}` : `${quoted}${number}`
}

/** A store wall-clock time as the date a spreadsheet shows: the same day and time, no zone moved. */
function wallClockDate(value: string): Date {
  const [day = '', time = '00:00:00'] = value.split(' ')
  const [y, m, d] = day.split('-').map(Number)
  const [hh, mm, ss] = time.split(':').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!, hh ?? 0, mm ?? 0, ss ?? 0))
}

type XlsxCell = { value: string | number | Date; type: StringConstructor | NumberConstructor | DateConstructor; format?: string } | null

function xlsxCell(cell: ExportCell): XlsxCell {
  switch (cell.kind) {
    case 'text':
      return cell.value ? { value: cell.value, type: String } : null
    case 'date':
      return cell.value ? { value: wallClockDate(cell.value), type: Date, format: 'yyyy-mm-dd hh:mm:ss' } : null
    case 'money':
      return { value: fromCents(cell.cents), type: Number, format: moneyFormat(cell.currency) }
    case 'count':
      return { value: cell.value, type: Number, format: '0' }
    case 'empty':
      return null
  }
}

/** The workbook's file: one sheet named "Orders" in the app's language, a bold header row kept in view. */
export async function ordersToXlsx(orders: Iterable<Order>, shape: ExportShape): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser')
  const header = exportColumns(shape).map((name) => ({ value: name, type: String, fontWeight: 'bold' as const }))
  const rows = exportTable(orders, shape).map((row) => row.map(xlsxCell))
  return writeXlsxFile([header, ...rows], { sheet: t('orderExport.sheet'), stickyRowsCount: 1, columns: header.map((h) => ({ width: Math.max(10, Math.min(40, h.value.length + 2)) })) }).toBlob()
}
