// The order list's export as a spreadsheet reads it (issues 15, 25): a UTF-8 CSV with its byte
// order mark and the data exactly as the store has it (no apostrophe prefixes), statuses in
// words, the shipping address in separate columns, a choice of one row per order or one row
// per item with the order's columns repeated; and an .xlsx workbook read back by a reader
// library, whose order numbers, tracking numbers, postcodes and phones are text cells. The
// expected cells come from the demo store's own copy of the order, read as another client would.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import readXlsxFile from 'read-excel-file/node'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { waitForCachedOrders } from './support/scanner'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

interface StoreOrder {
  number: string
  post_date: string
  post_status: string
  financial_status: string
  fulfillment_status: string
  billing_user_name: string
  order_total: number
  order_currency: string
  trackname?: string
  trackno?: string
  billing_address: { email: string; phone: string }
  shipping_address: { first_name: string; last_name: string; address_1: string; address_2: string; city: string; state: string; postcode: string; country: string }
  line_items: { sku: string; order_item_name: string; qty: string; price: number; properties: { name: string; value: string }[] }[]
}

const STATUS_WORDS: Record<string, string> = { 'wc-completed': 'Completed', 'wc-pending': 'Awaiting payment', 'wc-processing': 'Processing', 'wc-on-hold': 'On hold', 'wc-cancelled': 'Cancelled' }

/** Exports the list through the dialog with the chosen format and rows; the file as saved. */
async function exportList(page: Page, rows: 'Orders only' | 'One row per item', format: 'CSV (UTF-8)' | 'Excel workbook (.xlsx)' = 'CSV (UTF-8)'): Promise<Buffer> {
  await page.getByRole('button', { name: 'Export…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export orders' })
  // Naive UI draws its own radio over a hidden input: a person clicks the choice's words.
  await dialog.getByText(format, { exact: true }).click()
  await dialog.getByText(rows, { exact: true }).click()
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${rows}`) })).toBeChecked()
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: format === 'CSV (UTF-8)' ? 'Download CSV' : 'Download .xlsx' }).click()
  const file = await readFile(await (await download).path())
  await expect(dialog).toHaveCount(0)
  return file
}

function readBack(file: Buffer): Record<string, string>[] {
  // The byte order mark spreadsheets need to read UTF-8 ("Müller", not "MÃ¼ller").
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const parsed = Papa.parse<Record<string, string>>(file.subarray(3).toString('utf8'), { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  return parsed.data
}

test('exports one row per item with the order columns repeated, and one row per order', async ({ page, demoStore }) => {
  const all = ((await (await demoStore.api('/openapi/2025-04/orders?page_size=250')).json()) as { data: StoreOrder[]; meta: { total: number } })
  // A tracked order with a variant among several items: every kind of cell has a value.
  const known = all.data.find((o) => o.trackno && o.line_items.length > 1 && o.line_items.some((l) => l.properties.length > 0))!
  expect(known).toBeDefined()

  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${known.number}`)
  await expect(page.getByText('1 order', { exact: true })).toBeVisible()

  const rows = readBack(await exportList(page, 'One row per item'))
  const ship = known.shipping_address
  expect(rows).toHaveLength(known.line_items.length)
  rows.forEach((row, i) => {
    const item = known.line_items[i]!
    expect(row).toEqual(
      expect.objectContaining({
        'Order number': known.number,
        'Order date (store time)': known.post_date,
        Customer: known.billing_user_name,
        'E-mail': known.billing_address.email,
        // Exactly as the store has it: no apostrophe in front of a phone.
        Phone: known.billing_address.phone,
        Status: STATUS_WORDS[known.post_status],
        Payment: { paid: 'Paid', 'partial-refund': 'Partially refunded', refund: 'Refunded', unpaid: 'Unpaid' }[known.financial_status],
        Fulfillment: known.fulfillment_status === 'fulfilled' ? 'Fulfilled' : 'Unfulfilled',
        'Ship to name': `${ship.first_name} ${ship.last_name}`,
        'Address line 1': ship.address_1,
        'Address line 2': ship.address_2,
        City: ship.city,
        'State or province': ship.state,
        Postcode: ship.postcode,
        Country: ship.country,
        Total: known.order_total.toFixed(2),
        Currency: known.order_currency,
        Carrier: known.trackname ?? '',
        'Tracking number': known.trackno,
        SKU: item.sku,
        Product: item.order_item_name,
        Variant: item.properties.map((p) => `${p.name}: ${p.value}`).join(', '),
        Quantity: String(Number(item.qty)),
        Price: item.price.toFixed(2),
      }),
    )
  })
  await expect(page.getByText(`Exported 1 order as ${known.line_items.length} rows, one per item.`)).toBeVisible()

  // The whole list, one row per order: every order once, no item columns.
  await page.getByRole('textbox', { name: 'Search orders' }).fill('')
  await expect(page.getByText(`${all.meta.total} orders`, { exact: true })).toBeVisible()
  const orders = readBack(await exportList(page, 'Orders only'))
  expect(orders.map((r) => r['Order number']).sort()).toEqual(all.data.map((o) => o.number).sort())
  expect(Object.keys(orders[0]!)).not.toContain('SKU')
  expect(new Set(orders.map((r) => r.Status))).toEqual(new Set(all.data.map((o) => STATUS_WORDS[o.post_status])))
})

test('the .xlsx export keeps order numbers, tracking numbers, postcodes and phones as text', async ({ page, demoStore }) => {
  const all = ((await (await demoStore.api('/openapi/2025-04/orders?page_size=250')).json()) as { data: StoreOrder[] }).data
  // A FedEx or DHL number is all digits: a spreadsheet would turn it into 1.23E+11.
  const known = all.find((o) => o.trackno && /^\d+$/.test(o.trackno))!
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${known.number}`)
  await expect(page.getByText('1 order', { exact: true })).toBeVisible()
  const file = await exportList(page, 'Orders only', 'Excel workbook (.xlsx)')

  const [sheet] = await readXlsxFile(file)
  const [header, row] = sheet!.data as unknown[][]
  const cell = (name: string) => row![(header as string[]).indexOf(name)]
  expect(cell('Order number')).toBe(known.number)
  expect(cell('Tracking number')).toBe(known.trackno)
  expect(cell('Postcode')).toBe(known.shipping_address.postcode)
  expect(cell('Phone')).toBe(known.billing_address.phone)
  expect(cell('Total')).toBe(known.order_total)
  expect(cell('Order date (store time)')).toBeInstanceOf(Date)
  await expect(page.getByText('Exported 1 order.')).toBeVisible()
})

test('a CSV cell a spreadsheet could run as a formula is kept as the store has it, and the export says so', async ({ page, demoStore }) => {
  const all = ((await (await demoStore.api('/openapi/2025-04/orders?page_size=250')).json()) as { data: (StoreOrder & { ID: number })[] }).data
  const target = all.find((o) => o.line_items.length > 0)!
  const formula = '=HYPERLINK("https://example.invalid","Click")'
  const a = target.shipping_address
  const set = await demoStore.api(`/openapi/2025-04/orders/${target.ID}/shipping`, {
    method: 'POST',
    body: JSON.stringify({ shipping: { country: a.country, state: a.state, city: a.city, first_name: a.first_name, last_name: a.last_name, address_1: a.address_1, address_2: formula, phone: target.billing_address.phone, postcode: a.postcode } }),
  })
  expect(set.ok).toBe(true)
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${target.number}`)
  await expect(page.getByText('1 order', { exact: true })).toBeVisible()
  const [row] = readBack(await exportList(page, 'Orders only'))
  expect(Object.values(row!)).toContain(formula)
  // The count is of the file's own cells (a phone written +1 … counts too: a spreadsheet reads it as a sum).
  const risky = Object.values(row!).filter((cell) => /^[=+\-@]/.test(cell)).length
  expect(risky).toBeGreaterThanOrEqual(1)
  const words = risky === 1 ? '1 cell in this CSV starts with = + - or @, which a spreadsheet may run as a formula. The Excel workbook keeps it as text.' : `${risky} cells in this CSV start with = + - or @, which a spreadsheet may run as a formula. The Excel workbook keeps them as text.`
  await expect(page.getByText(words)).toBeVisible()
})
