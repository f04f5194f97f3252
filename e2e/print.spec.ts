// Pick lists and packing slips end to end: three orders the store holds, printed from the print
// view to PDF (Playwright's page.pdf renders the page in print media, as a printer gets it) and
// read back with pdftotext: the SKUs, quantities and order numbers are on paper, prices only once
// turned on, one slip per page, and bin locations imported in Settings order the pick list.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { expectNoSeriousA11yViolations } from './support/axe'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

interface StoreOrder {
  ID: number
  number: string
  note?: string
  line_items: { sku: string; qty: string; price: number; order_item_name: string }[]
}

let workDir: string
test.beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'storedesk-print-'))
})
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }))

/** Three orders with items, two of them sharing a SKU (so the pick list sums across orders). */
async function threeOrders(api: (path: string) => Promise<Response>): Promise<StoreOrder[]> {
  const { data } = (await (await api('/openapi/2025-04/orders?page_size=100')).json()) as { data: StoreOrder[] }
  const withItems = data.filter((o) => o.line_items.length > 0 && o.line_items.every((l) => l.sku))
  for (const a of withItems) {
    const b = withItems.find((o) => o !== a && o.line_items.some((l) => a.line_items.some((m) => m.sku === l.sku)))
    if (!b) continue
    const c = withItems.find((o) => o !== a && o !== b && o.note) ?? withItems.find((o) => o !== a && o !== b)
    if (c) return [a, b, c]
  }
  throw new Error('The demo store has no two orders sharing a SKU')
}

/** SKU → total quantity over the orders, and the order numbers needing it. */
function expectedPick(orders: StoreOrder[]): Map<string, { qty: number; orders: string[] }> {
  const rows = new Map<string, { qty: number; orders: string[] }>()
  for (const order of orders) {
    for (const item of order.line_items) {
      const row = rows.get(item.sku) ?? { qty: 0, orders: [] }
      row.qty += Number(item.qty)
      if (!row.orders.includes(order.number)) row.orders.push(order.number)
      rows.set(item.sku, row)
    }
  }
  return rows
}

async function waitForCachedOrders(page: Page) {
  await expect(page.getByText(/^\s*[1-9][\d,]* orders\s*$/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/from the store/)).toHaveCount(0, { timeout: 30_000 })
}

async function openPrint(page: Page, query: string) {
  await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), query)
  await expect(page.getByRole('toolbar')).toBeVisible()
  await expect(page.locator('.sheet').first()).toBeVisible()
}

/** The page as printed, read back as text: one string per page. */
async function printedPages(page: Page, name: string): Promise<string[]> {
  const file = join(workDir, `${name}.pdf`)
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true })
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  return text.split('\f').filter((p) => p.trim())
}

/** The printed line naming `sku` (the pick list prints one row per SKU). */
function lineOf(text: string, sku: string): string {
  const line = text.split('\n').find((l) => new RegExp(`(^|\\s)${sku}(\\s|$)`).test(l))
  if (!line) throw new Error(`${sku} is not on the page:\n${text}`)
  return line
}

const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n)

test('prints a pick list and packing slips of three orders to PDF, prices only when turned on', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  const orders = await threeOrders((path) => demoStore.api(path))
  const ids = orders.map((o) => o.ID).join(',')
  const expected = expectedPick(orders)

  await openPrint(page, `kind=pick&ids=${ids}&paper=a4`)
  await expect(page.getByRole('heading', { name: 'Pick list', level: 2 })).toBeVisible()
  const pick = (await printedPages(page, 'pick')).join('\n')
  // Only the sheet prints: not the toolbar, nor the "Connected" toast still showing.
  expect(pick).not.toContain('Save as PDF')
  expect(pick).not.toContain('Connected to')
  for (const [sku, row] of expected) {
    const line = lineOf(pick, sku)
    expect(line).toMatch(new RegExp(`\\s${row.qty}\\s`))
    for (const number of row.orders) expect(line).toContain(`#${number}`)
  }
  // At least one SKU is summed across two orders.
  expect([...expected.values()].some((row) => row.orders.length > 1)).toBe(true)
  // Without bins the list runs by SKU.
  const skus = [...expected.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  expect(skus.map((sku) => pick.indexOf(sku))).toEqual(skus.map((sku) => pick.indexOf(sku)).sort((a, b) => a - b))

  await openPrint(page, `kind=slips&ids=${ids}&paper=letter`)
  await expect(page.getByRole('img', { name: `Barcode of order ${orders[0]!.number}` })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'packing slips print view')
  // Dark, the toolbar's title and switch words stay readable on its dark bar.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('.print-view__toolbar')).toHaveCSS('background-color', /rgb\((\d|[1-5]\d),/)
  await expectNoSeriousA11yViolations(page, 'packing slips print view, dark')
  await page.emulateMedia({ colorScheme: 'light' })
  // The browser shell prints the page itself; Save as PDF says how the browser does it.
  await page.evaluate(() => (window.print = () => document.body.setAttribute('data-printed', 'yes')))
  await page.getByRole('button', { name: 'Print', exact: true }).click()
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes')
  await page.getByRole('button', { name: 'Save as PDF' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'use Print and choose “Save as PDF”' })).toBeVisible()
  const slips = await printedPages(page, 'slips')
  // One slip per page, in the selection's order.
  expect(slips).toHaveLength(3)
  orders.forEach((order, i) => {
    expect(slips[i]).toContain(`Order #${order.number}`)
    for (const item of order.line_items) expect(lineOf(slips[i]!, item.sku)).toMatch(new RegExp(`\\s${Number(item.qty)}$`))
    if (order.note) expect(slips[i]).toContain(order.note)
    expect(slips[i]).not.toContain('$')
    expect(slips[i]).not.toContain('Price')
  })

  await page.getByRole('switch', { name: 'Show prices on packing slips' }).click()
  const priced = await printedPages(page, 'slips-priced')
  orders.forEach((order, i) => {
    expect(priced[i]).toContain('Price')
    for (const item of order.line_items) expect(lineOf(priced[i]!, item.sku)).toContain(money(item.price))
  })

  // The choice is remembered: the next print view shows prices again.
  await page.getByRole('button', { name: '← Back' }).click()
  await openPrint(page, `kind=slips&ids=${orders[2]!.ID}&paper=4x6`)
  await expect(page.getByRole('switch', { name: 'Show prices on packing slips' })).toHaveAttribute('aria-checked', 'true')
  expect((await printedPages(page, 'label'))[0]).toContain(money(orders[2]!.line_items[0]!.price))

  // A long pick list runs over pages, its column headings on each one.
  const { data } = (await (await demoStore.api('/openapi/2025-04/orders?page_size=80')).json()) as { data: StoreOrder[] }
  await openPrint(page, `kind=pick&ids=${data.map((o) => o.ID).join(',')}&paper=4x6`)
  const long = await printedPages(page, 'pick-long')
  expect(long.length).toBeGreaterThan(1)
  for (const sheet of long) expect(sheet).toMatch(/Bin\s+SKU\s+Product\s+Qty\s+Orders/)
})

test('bin locations imported in Settings order the pick list', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  const orders = await threeOrders((path) => demoStore.api(path))
  const skus = [...expectedPick(orders).keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  // Bins in the reverse of SKU order (the last SKU in the first aisle); the first SKU gets none.
  const binned = skus.slice(1).reverse()
  const csv = ['SKU,Bin', ...binned.map((sku, i) => `${sku},A-${i + 2}`), `${binned[0]},Z-99`, ',B-1'].join('\n')
  const file = join(workDir, 'bins.csv')
  writeFileSync(file, csv)

  await page.evaluate(() => (location.hash = '#/settings'))
  await expect(page.getByText('No bin locations loaded.')).toBeVisible()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import bin locations (CSV)…' }).click()
  await (await chooser).setFiles(file)
  const preview = page.getByRole('region', { name: 'Bin import preview' })
  await expect(preview).toContainText(`${binned.length} SKUs ready to import from ${binned.length + 2} rows. 1 duplicate SKU. 1 row without a SKU.`)
  await expect(preview).toContainText(`Line ${binned.length + 2}: SKU ${binned[0]} is already in bin A-2 on line 2; this row (bin Z-99) is skipped.`)
  await expect(preview).toContainText(`Line ${binned.length + 3}: The SKU is empty.`)
  await expectNoSeriousA11yViolations(page, 'settings with a bin import preview')
  await preview.getByRole('button', { name: `Apply ${binned.length} bin locations` }).click()
  await expect(page.getByText(`${binned.length} bin locations loaded.`)).toBeVisible()

  await openPrint(page, `kind=pick&ids=${orders.map((o) => o.ID).join(',')}`)
  const pick = (await printedPages(page, 'pick-bins')).join('\n')
  // Binned SKUs in bin order (A-2, A-3, …), then the one without a bin.
  const walked = [...binned, skus[0]!]
  expect(walked.map((sku) => pick.indexOf(sku))).toEqual(walked.map((sku) => pick.indexOf(sku)).sort((a, b) => a - b))
  expect(lineOf(pick, binned[0]!)).toContain('A-2')

  // Cleared after a confirmation: the list runs by SKU again.
  await page.getByRole('button', { name: '← Back' }).click()
  await expect(page.getByText(`${binned.length} bin locations loaded.`)).toBeVisible()
  await page.getByRole('button', { name: 'Clear bin locations…' }).click()
  await page.getByRole('button', { name: 'Clear bin locations', exact: true }).click()
  await expect(page.getByText('No bin locations loaded.')).toBeVisible()
})

test('a print link that names no kind or unreadable orders says so and prints nothing', async ({ page }) => {
  await connectDemoStore(page)
  for (const [query, message] of [
    ['kind=labels&ids=1001', 'This print link does not say whether to print a pick list or packing slips.'],
    ['kind=pick&ids=1001,abc', 'This print link names orders Storedesk cannot read. Select the orders again in the order list.'],
  ] as const) {
    await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), query)
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing to print' })).toContainText(message)
    // Not called a pick list or packing slips: nothing of the kind is printed.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print')
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save as PDF' })).toBeDisabled()
  }
})
