// The customers' export read back as a spreadsheet reads it: the workbook with read-excel-file
// (phones and postcodes stay text, amounts are numbers, times are dates on the store's clock),
// the CSV with its byte order mark and formula-looking cells made harmless; and the customer
// page's addresses, contacts, refunds and timeline from their orders.
import { describe, expect, it } from 'vitest'
import { readSheet } from 'read-excel-file/universal'
import Papa from 'papaparse'
import type { CustomerSummary } from '@/data'
import { makeOrder } from '@/data/test-support'
import { customerCells, customersToCsv, customersToXlsx, exportHeaders } from './customer-export'
import { say } from '@/session/i18n'
import { addressesUsed, contactsSeen, customerTimeline, monthName, moneyList, refundsOf } from './customer-detail'

const ada: CustomerSummary = {
  key: 'email:ada@example.com',
  name: '=HYPERLINK("x")',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  orders: 3,
  paidOrders: 2,
  spent: [{ currency: 'GBP', cents: 123456 }, { currency: 'EUR', cents: 500 }],
  average: [{ currency: 'GBP', cents: 61728 }, { currency: 'EUR', cents: 500 }],
  refunded: [{ currency: 'GBP', cents: 1000 }],
  refundedOrders: 1,
  firstOrder: '2026-01-02 03:04:05',
  lastOrder: '2026-10-31 23:59:00',
}
const latest = makeOrder(7, 7, { shipping_address: { ...makeOrder(7, 7).shipping_address, postcode: '02108', address_1: '1 Road' } })

describe('the customers’ export', () => {
  it('writes a workbook where phones and postcodes are text, amounts numbers and times dates', async () => {
    const blob = await customersToXlsx([customerCells(ada, 'GBP', latest)])
    const rows = await readSheet(await blob.arrayBuffer())
    expect(rows[0]).toEqual(exportHeaders())
    expect(rows[0]!.slice(0, 3)).toEqual(['Customer', 'E-mail', 'Phone'])
    const row = Object.fromEntries(exportHeaders().map((title, i) => [title, rows[1]![i]]))
    expect(row).toMatchObject({ Customer: '=HYPERLINK("x")', Phone: '+44 20 7946 0000', Postcode: '02108', Orders: 3, Spent: 1234.56, 'Average order': 617.28, Refunded: 10, Currency: 'GBP', 'Other currencies': 'EUR spent 5.00, refunded 0.00' })
    // A spreadsheet keeps a date as a fraction of days: to the second, it is the store's wall clock.
    expect(Math.round((row['Last order (store time)'] as unknown as Date).getTime() / 1000)).toBe(Date.UTC(2026, 9, 31, 23, 59) / 1000)
  })

  it('writes a CSV a spreadsheet opens as UTF-8, with formula-looking cells quoted', () => {
    const csv = customersToCsv([customerCells(ada, 'GBP', latest), customerCells({ ...ada, name: 'Zoë', phone: '', firstOrder: '', spent: [], average: [], refunded: [] }, 'GBP', undefined)])
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const [header, first, second] = Papa.parse<string[]>(csv.slice(1)).data
    expect(header).toEqual(exportHeaders())
    expect(first!.slice(0, 7)).toEqual(["'=HYPERLINK(\"x\")", 'ada@example.com', "'+44 20 7946 0000", '3', '2', 'GBP', '1234.56'])
    expect(second!.slice(0, 7)).toEqual(['Zoë', 'ada@example.com', '', '3', '2', 'GBP', '0.00'])
    expect(second![10]).toBe('')
  })
})

describe('a customer’s page', () => {
  const base = makeOrder(1, 1)
  const orders = [
    makeOrder(1, 1, { post_date: '2026-03-01 10:00:00', paid_date: '2026-03-01 10:05:00', billing_user_name: 'Ada Lovelace' }),
    makeOrder(2, 2, { post_date: '2026-04-01 09:00:00', billing_user_name: 'ada lovelace', shipping_address: { ...base.shipping_address, address_1: '1  road' }, billing_address: { ...base.billing_address, phone: '+44 (20) 7946-0000' } }),
    makeOrder(3, 3, {
      post_date: '2026-04-02 09:00:00',
      shipping_address: { ...base.shipping_address, address_1: '9 Lane' },
      refunds: [{ refund_date: '2026-04-05 12:00:00', refund_date_gmt: '', refund_amount: 12.5, refund_reason: 'Damaged', refund_source: 'manual' }],
    }),
  ]

  it('lists each address once with its orders, each contact once, and refunds newest first', () => {
    expect(addressesUsed(orders).map((a) => [a.lines[1], a.orders])).toEqual([['1 Road', 2], ['9 Lane', 1]])
    expect(contactsSeen(orders).map((c) => `${c.kind} ${c.value} ${c.orders}`)).toEqual(['name Ada Lovelace 3', 'email ada@example.com 3', 'phone +44 20 7946 0000 3'])
    expect(refundsOf(orders)).toEqual([{ orderId: 3, number: '1003', date: '2026-04-05 12:00:00', amount: '£12.50', reason: 'Damaged' }])
  })

  it('tells what happened to their orders, newest first, by month', () => {
    const months = customerTimeline(orders)
    expect(months.map((m) => monthName(m.month))).toEqual(['April 2026', 'March 2026'])
    expect(months[0]!.events.map((e) => `${e.number} ${say(e.what)}`)).toEqual(['1003 Refunded £12.50: Damaged', '1003 Ordered £50.00', '1002 Ordered £50.00'])
    expect(months[1]!.events.map((e) => say(e.what))).toEqual(['Paid', 'Ordered £50.00'])
    expect(moneyList([{ currency: 'GBP', cents: 1050 }, { currency: 'EUR', cents: 5 }])).toBe('£10.50 · €0.05')
    expect(moneyList([])).toBe('—')
  })
})
