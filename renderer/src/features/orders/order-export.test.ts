import { describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import type { Order } from '@common/store-api/resources'
import { makeOrder, makeOrders, seededRandom } from '@/data/order-index/order-fixtures'
import { applyLocale } from '@/session/i18n'
import { BOM, exportColumns, formulaLikeCells, ordersToCsv } from './order-export'

/** The header row as an English reader sees it. */
const ORDER_HEADERS = [
  'Order number', 'Order date (store time)', 'Paid date (store time)', 'Customer', 'E-mail', 'Phone', 'Status', 'Payment', 'Fulfillment', 'Ship to name', 'Ship to company',
  'Address line 1', 'Address line 2', 'City', 'State or province', 'Postcode', 'Country', 'Items subtotal', 'Shipping', 'Tax', 'Discounts', 'Refunded', 'Total', 'Currency',
  'Items', 'Carrier', 'Tracking number', 'Sales channel',
] as const
const ITEM_HEADERS = ['SKU', 'Product', 'Variant', 'Quantity', 'Price', 'Line total'] as const

/** Parses an export as a spreadsheet would, checking and dropping the byte order mark first. */
function readBack(csv: string): Record<string, string>[] {
  expect(csv.startsWith(BOM)).toBe(true)
  const parsed = Papa.parse<Record<string, string>>(csv.slice(BOM.length), { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  return parsed.data
}

/** An order whose every exported field is known, with the awkward characters real orders have. */
function knownOrder(): Order {
  const base = makeOrder(7, seededRandom(1))
  return {
    ...base,
    number: '1057',
    post_date: '2026-03-04 14:05:09',
    paid_date: '2026-03-04 14:06:00',
    post_status: 'wc-processing',
    financial_status: 'partial-refund',
    fulfillment_status: 'unfulfilled',
    billing_user_name: "Zoë O'Brien",
    billing_address: { ...base.billing_address, first_name: 'Zoë', last_name: "O'Brien", email: 'zoe.obrien@example.com', phone: '+1 (217) 555-0107' },
    shipping_address: {
      ...base.shipping_address,
      first_name: 'José',
      last_name: 'Müller',
      company: 'Studio "North", LLC',
      address_1: '12 Rue de l’Église',
      address_2: 'Apt 3\nBack door',
      city: 'Montréal',
      state: 'QC',
      postcode: 'H2X 1Y4',
      country: 'CA',
      phone: '514 555 0199',
    },
    line_items: [
      { ...base.line_items[0]!, sku: 'SD-015-MER-3', order_item_name: 'Merino Wool Socks - L', properties: [{ name: 'Size', value: 'L' }], qty: '2', price: 12.5, line_total: 25 },
      { ...base.line_items[0]!, order_item_id: 2, sku: 'SD-003-WAL', order_item_name: 'Walnut Serving Board', properties: [], qty: '1', price: 48, line_total: 48 },
    ],
    order_shipping: 7.5,
    order_tax: 5.84,
    order_shipping_tax: 0.6,
    discount_record: [{ code: 'WELCOME', amount: '10.00' }],
    refund_amount: 12.5,
    order_total: 76.94,
    order_currency: 'CAD',
    number_of_products: 3,
    trackname: 'Canada Post',
    trackno: '1234567890123456',
    sales_channel: 'Online Store',
  }
}

const ORDER_CELLS: Record<(typeof ORDER_HEADERS)[number], string> = {
  'Order number': '1057',
  'Order date (store time)': '2026-03-04 14:05:09',
  'Paid date (store time)': '2026-03-04 14:06:00',
  Customer: "Zoë O'Brien",
  'E-mail': 'zoe.obrien@example.com',
  // Exactly as the store has it: no apostrophe (the workbook keeps it text).
  Phone: '+1 (217) 555-0107',
  Status: 'Processing',
  Payment: 'Partially refunded',
  Fulfillment: 'Unfulfilled',
  'Ship to name': 'José Müller',
  'Ship to company': 'Studio "North", LLC',
  'Address line 1': '12 Rue de l’Église',
  'Address line 2': 'Apt 3\nBack door',
  City: 'Montréal',
  'State or province': 'QC',
  Postcode: 'H2X 1Y4',
  Country: 'CA',
  'Items subtotal': '73.00',
  Shipping: '7.50',
  Tax: '6.44',
  Discounts: '10.00',
  Refunded: '12.50',
  Total: '76.94',
  Currency: 'CAD',
  Items: '3',
  Carrier: 'Canada Post',
  'Tracking number': '1234567890123456',
  'Sales channel': 'Online Store',
}

describe('CSV export of orders', () => {
  it('reads back every column of a known order, one row per order', () => {
    const rows = readBack(ordersToCsv([knownOrder()], 'orders'))
    expect(rows).toEqual([ORDER_CELLS])
  })

  it('reads back one row per line item with the order columns repeated', () => {
    const csv = ordersToCsv([knownOrder()], 'items')
    expect(Papa.parse<string[]>(csv.slice(BOM.length)).data[0]).toEqual([...ORDER_HEADERS, ...ITEM_HEADERS])
    expect(readBack(csv)).toEqual([
      { ...ORDER_CELLS, SKU: 'SD-015-MER-3', Product: 'Merino Wool Socks - L', Variant: 'Size: L', Quantity: '2', Price: '12.50', 'Line total': '25.00' },
      { ...ORDER_CELLS, SKU: 'SD-003-WAL', Product: 'Walnut Serving Board', Variant: '', Quantity: '1', Price: '48.00', 'Line total': '48.00' },
    ])
  })

  it('keeps an order without items as one row, and leaves a date the store has not set empty', () => {
    const order = { ...knownOrder(), line_items: [], paid_date: '0000-00-00 00:00:00' }
    const [row, ...rest] = readBack(ordersToCsv([order], 'items'))
    expect(rest).toEqual([])
    expect(row).toEqual({ ...ORDER_CELLS, 'Paid date (store time)': '', 'Items subtotal': '0.00', SKU: '', Product: '', Variant: '', Quantity: '', Price: '', 'Line total': '' })
  })

  it('writes statuses in words for every status the store sends', () => {
    const orders = makeOrders(40, 4)
    const rows = readBack(ordersToCsv(orders))
    expect(rows.map((r) => r['Order number'])).toEqual(orders.map((o) => o.number))
    for (const row of rows) {
      expect(row.Status).toMatch(/^(Completed|Awaiting payment|Processing|On hold|Cancelled|Refunded|Failed)$/)
      expect(row.Payment).toMatch(/^(Paid|Partially refunded|Refunded|Unpaid)$/)
      expect(row.Fulfillment).toMatch(/^(Fulfilled|Unfulfilled)$/)
    }
    expect(new Set(rows.map((r) => r.Status)).size).toBeGreaterThan(3)
    expect(exportColumns('orders')).toEqual([...ORDER_HEADERS])
  })

  it('writes the data exactly as held, no apostrophe prefixes, and counts what a spreadsheet could take for a formula', () => {
    const [order] = makeOrders(1, 4)
    const evil = { ...order!, billing_user_name: '=HYPERLINK("http://x","y")', sales_channel: '+1+1', trackno: '@SUM(A1)', trackname: '-2' }
    const [row] = readBack(ordersToCsv([evil]))
    expect(row!.Customer).toBe('=HYPERLINK("http://x","y")')
    expect(row!['Sales channel']).toBe('+1+1')
    expect(row!.Carrier).toBe('-2')
    expect(row!['Tracking number']).toBe('@SUM(A1)')
    expect(formulaLikeCells([evil], 'orders')).toBeGreaterThanOrEqual(4)
    expect(formulaLikeCells([{ ...knownOrder(), billing_address: { ...knownOrder().billing_address, phone: '217 555 0107' } }], 'orders')).toBe(0)
  })

  it('is RFC 4180: CRLF line ends, quoted fields with commas, quotes or line breaks, doubled quotes; a byte order mark only when asked', () => {
    const csv = ordersToCsv([knownOrder()], 'orders', { bom: false })
    expect(csv.startsWith(BOM)).toBe(false)
    expect(csv.startsWith('Order number,')).toBe(true)
    const lines = csv.split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(',"Studio ""North"", LLC",')
    expect(lines[1]).toContain(',"Apt 3\nBack door",')
    expect(ordersToCsv([knownOrder()], 'orders', { bom: true }).startsWith(BOM)).toBe(true)
  })

  it('names its columns in the app’s language and keeps the values machine-readable', () => {
    applyLocale('de')
    try {
      const csv = ordersToCsv([knownOrder()], 'items', { bom: false })
      const [header, row] = Papa.parse<string[]>(csv).data
      expect(header!.slice(0, 3)).toEqual(['Bestellnummer', 'Bestelldatum (Shopzeit)', 'Bezahlt am (Shopzeit)'])
      expect(header!.at(-1)).toBe('Positionssumme')
      const cell = (name: string) => row![header!.indexOf(name)]
      expect(cell('Bestelldatum (Shopzeit)')).toBe('2026-03-04 14:05:09')
      expect(cell('Summe')).toBe('76.94')
      expect(cell('Status')).toBe('In Bearbeitung')
    } finally {
      applyLocale('en')
    }
  })
})
