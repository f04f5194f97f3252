// The workbook read back by a reader library, as a spreadsheet would see it.
import { describe, expect, it } from 'vitest'
import readXlsxFile from 'read-excel-file/browser'
import { makeOrders } from '@/data/order-index/order-fixtures'
import { applyLocale } from '@/session/i18n'
import { exportColumns } from './order-export'
import { moneyFormat, ordersToXlsx } from './order-xlsx'

describe('the .xlsx export', () => {
  it('keeps numbers that are text as text, dates as dates and money as numbers', async () => {
    const [base] = makeOrders(1, 9)
    const order = {
      ...base!,
      number: '1057',
      post_date: '2026-03-04 14:05:09',
      order_total: 1234.5,
      trackno: '123456789012',
      shipping_address: { ...base!.shipping_address, postcode: '02108', phone: '+1 718 457 7716' },
      billing_address: { ...base!.billing_address, phone: '+1 718 457 7716' },
      billing_user_name: '=HYPERLINK("http://x","y")',
    }
    const blob = await ordersToXlsx([order], 'orders')
    const [sheet] = await readXlsxFile(blob)
    expect(sheet!.sheet).toBe('Orders')
    const rows = sheet!.data
    const header = rows[0] as string[]
    const row = rows[1]!
    const cell = (name: string) => row[header.indexOf(name)]
    expect(header).toEqual(exportColumns('orders'))
    expect(header.slice(0, 2)).toEqual(['Order number', 'Order date (store time)'])
    expect(cell('Order number')).toBe('1057')
    expect(cell('Tracking number')).toBe('123456789012')
    expect(cell('Postcode')).toBe('02108')
    expect(cell('Phone')).toBe('+1 718 457 7716')
    expect(cell('Customer')).toBe('=HYPERLINK("http://x","y")')
    expect(cell('Order date (store time)')).toEqual(new Date(Date.UTC(2026, 2, 4, 14, 5, 9)))
    expect(cell('Total')).toBe(1234.5)
  })

  it('names its sheet and columns in the app’s language, dates still dates', async () => {
    const [order] = makeOrders(1, 9)
    applyLocale('zh-CN')
    try {
      const [sheet] = await readXlsxFile(await ordersToXlsx([{ ...order!, post_date: '2026-03-04 14:05:09' }], 'orders'))
      expect(sheet!.sheet).toBe('订单')
      const [header, row] = sheet!.data as unknown[][]
      expect((header as string[]).slice(0, 2)).toEqual(['订单号', '下单时间（店铺时间）'])
      expect(row![1]).toEqual(new Date(Date.UTC(2026, 2, 4, 14, 5, 9)))
    } finally {
      applyLocale('en')
    }
  })

  it('writes money in the currency’s own format', () => {
    expect(moneyFormat('USD')).toBe('"$"#,##0.00')
    expect(moneyFormat('JPY')).toBe('"¥"#,##0')
    expect(moneyFormat('CHF')).toBe('#,##0.00 "CHF"')
  })
})
