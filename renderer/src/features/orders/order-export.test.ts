import { describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { makeOrders } from './order-fixtures'
import { EXPORT_COLUMNS, ordersToCsv } from './order-export'

describe('CSV export of orders', () => {
  it('writes one row per order that reads back to the same values', () => {
    const orders = makeOrders(25, 4)
    const back = Papa.parse<string[]>(ordersToCsv(orders), { skipEmptyLines: true }).data
    expect(back[0]).toEqual([...EXPORT_COLUMNS])
    expect(back.slice(1).map((r) => [r[0], r[7], r[9]])).toEqual(orders.map((o) => [o.number, o.order_total.toFixed(2), String(o.number_of_products)]))
  })

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const [order] = makeOrders(1, 4)
    const evil = { ...order!, billing_user_name: '=HYPERLINK("http://x","y")', sales_channel: '+1+1', trackno: '@SUM(A1)', trackname: '-2' }
    const row = Papa.parse<string[]>(ordersToCsv([evil]), { skipEmptyLines: true }).data[1]!
    expect(row[2]).toBe(`'=HYPERLINK("http://x","y")`)
    expect(row[10]).toBe(`'+1+1`)
    expect(row[11]).toBe(`'-2`)
    expect(row[12]).toBe(`'@SUM(A1)`)
  })
})
