// The order desk end to end on the demo store: the list answers like the store, addresses
// and tracking reach the store (with and without the customer e-mail), scanner mode, CSV
// bulk tracking, and all of it again offline with each write arriving once; sorting from the
// column headers, selecting rows (ranges, all matching a filter), bulk export, and density.
// Writes here go without an undo window (set to 0): the window has its own spec, undo.spec.ts.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { setUndoWindow } from './support/undo-window'
import { sentEmails, shippableOrders, storeOrder } from './support/store-orders'
import { openOrders, openScanner, s10, shipNext, waitForCachedOrders } from './support/scanner'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })


async function visibleOrderNumbers(page: Page, count: number): Promise<string[]> {
  const options = page.getByRole('grid', { name: 'Orders' }).getByRole('row')
  await expect(options.first()).toContainText('#')
  const texts = await options.allTextContents()
  return texts.slice(0, count).map((t) => /#(\d+)/.exec(t)?.[1] ?? '?')
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  // Naive UI's select menu gives its options no role: find them by text inside the open menu.
  await page.locator('.n-base-select-menu').getByText(option, { exact: true }).click()
}

test('filters and sorts the list and shows the orders the store returns for the same query', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await openOrders(page)
  await pickOption(page, 'Fulfillment', 'Unfulfilled')
  await pickOption(page, 'Payment', 'Paid')
  await pickOption(page, 'Sort', 'Highest total')
  const res = await demoStore.api('/openapi/2025-04/orders?filter[fulfillment_status]=unfulfilled&filter[financial_status]=paid&sort=-total_sales&page_size=8')
  const expected = ((await res.json()) as { data: { number: string }[]; meta: { total: number } })
  await expect.poll(() => visibleOrderNumbers(page, 8)).toEqual(expected.data.map((o) => o.number))
  await expect(page.getByText(`${expected.meta.total.toLocaleString('en-US')} orders`)).toBeVisible()

  await page.getByRole('textbox', { name: 'Search orders' }).fill(expected.data[0]!.number)
  const searched = (await (await demoStore.api(`/openapi/2025-04/orders?filter[search]=${expected.data[0]!.number}&filter[fulfillment_status]=unfulfilled&filter[financial_status]=paid&sort=-total_sales&page_size=8`)).json()) as { data: { number: string }[] }
  await expect.poll(() => visibleOrderNumbers(page, 8)).toEqual(searched.data.map((o) => o.number))
})

test('finds a customer typed last name first, in lower case, without the apostrophe, and marks the name', async ({ page }) => {
  await connectDemoStore(page)
  // Names are searched in the cache (the store's own search knows none): wait for its first sync.
  await waitForCachedOrders(page)
  await page.getByRole('textbox', { name: 'Search orders' }).fill('obrien nina')
  // Seed 42's Nina O'Brien placed orders 1056, 1027 and 1019.
  await expect.poll(() => visibleOrderNumbers(page, 10)).toEqual(['1056', '1027', '1019'])
  await expect(page.getByText('3 orders', { exact: true })).toBeVisible()
  const first = page.getByRole('grid', { name: 'Orders' }).getByRole('row').first()
  await expect(first).toContainText("Nina O'Brien")
  // Both words are marked, the apostrophe with its name.
  await expect(first.locator('mark')).toHaveText(['Nina', "O'Brien"])
})

// ---------------------------------------------------------------- helpers

async function openOrder(page: Page, id: number) {
  await page.evaluate((orderId) => (location.hash = `#/orders/${orderId}`), id)
  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
}

async function changeShippingAddress(page: Page, id: number, city: string) {
  await openOrder(page, id)
  await page.getByRole('button', { name: 'Edit shipping address' }).click()
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('textbox', { name: 'City' }).fill(city)
  await drawer.getByRole('textbox', { name: 'Postcode' }).fill('62701')
  await drawer.getByRole('textbox', { name: 'Phone' }).fill('(217) 555-0123')
  await drawer.getByRole('button', { name: 'Review change' }).click()
  await expect(drawer.getByRole('row', { name: new RegExp(`City .* ${city} \\(changed\\)`) })).toBeVisible()
  await drawer.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText(`${city} IL`).or(page.getByText(new RegExp(`${city} \\w+ 62701`))).first()).toBeVisible()
}

async function addTracking(page: Page, id: number, trackno: string, email: boolean) {
  await openOrder(page, id)
  await page.getByRole('button', { name: 'Add tracking' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(trackno)
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill('UPS')
  const emailSwitch = dialog.getByRole('switch', { name: 'E-mail the customer' })
  if ((await emailSwitch.getAttribute('aria-checked')) !== String(email)) await emailSwitch.click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText(email ? 'The customer will be e-mailed.' : 'The customer will not be e-mailed.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Confirm tracking' }).click()
  // The order shows fulfilled at once, whether or not the store has it yet.
  await expect(page.getByRole('region', { name: /^Order #/ }).getByText('Fulfilled', { exact: true }).first()).toBeVisible()
}

/** Ships the next three orders of scanner mode's queue; resolves with their numbers and tracking numbers. */
async function scanThree(page: Page, serialBase: number): Promise<{ numbers: string[]; tracknos: string[] }> {
  await waitForCachedOrders(page)
  await openScanner(page)
  const tracknos = [0, 1, 2].map((i) => s10(serialBase + i))
  const numbers = await shipNext(page, tracknos)
  await page.getByRole('button', { name: 'Close scanner' }).click()
  return { numbers, tracknos }
}

async function importCsv(page: Page, rows: string[]) {
  await openOrders(page)
  await page.getByRole('button', { name: 'Import tracking CSV' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'CSV content' }).fill(['Order number,Tracking number,Carrier,E-mail', ...rows].join('\n'))
  await dialog.getByRole('button', { name: 'Check rows' }).click()
  await expect(dialog.getByText(/ready, .*0 skipped, 1 with problems\./)).toBeVisible()
  await expect(dialog.getByText('No order #999999 in this store.')).toBeVisible()
  // An unpaid order is a warning of the tracking policy: imported once the operator says so.
  const warnings = dialog.getByRole('checkbox', { name: /^Also import the (row|\d+ rows) with warnings/ })
  if (await warnings.isVisible()) await warnings.click()
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click()
  await expect(dialog.getByText('2 queued, 0 skipped, 1 not imported.')).toBeVisible()
  await expect(dialog.getByRole('cell', { name: 'No order #999999 in this store.' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Done', exact: true }).click()
}

test('changes a shipping address and the store shows it', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const [order] = await shippableOrders(demoStore)
  await changeShippingAddress(page, order!.ID, 'Springfield')
  await expect.poll(async () => (await storeOrder(demoStore, order!.ID)).shipping_address).toMatchObject({ city: 'Springfield', postcode: '62701', phone: '+12175550123' })
})

test('adds tracking with the e-mail on and off, and the store records both', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const [a, b] = await shippableOrders(demoStore)
  await addTracking(page, a!.ID, 'E2EMAILON1', true)
  await addTracking(page, b!.ID, 'E2EMAILOFF1', false)
  await expect.poll(async () => (await storeOrder(demoStore, b!.ID)).trackno).toBe('E2EMAILOFF1')
  await expect.poll(async () => (await storeOrder(demoStore, a!.ID)).trackno).toBe('E2EMAILON1')
  expect((await storeOrder(demoStore, a!.ID)).fulfillment_status).toBe('fulfilled')
  expect((await storeOrder(demoStore, a!.ID)).trackname).toBe('UPS')
  const emails = await sentEmails(demoStore)
  expect(emails.filter((e) => e.orderId === a!.ID).map((e) => e.trackno)).toEqual(['E2EMAILON1'])
  expect(emails.filter((e) => e.orderId === b!.ID)).toEqual([])
})

test('scanner mode tracks three orders in a row', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const { numbers, tracknos } = await scanThree(page, 31_000_000)
  expect(new Set(numbers).size).toBe(3)
  for (const [i, number] of numbers.entries()) {
    await expect.poll(async () => (await storeOrder(demoStore, Number(number))).trackno).toBe(tracknos[i])
  }
})

test('a CSV with a bad row imports the good rows and reports the bad one', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const [a, b] = await shippableOrders(demoStore)
  await importCsv(page, [`${a!.number},${s10(33_000_001)},UPS,yes`, `999999,${s10(33_000_003)},UPS,no`, `${b!.number},${s10(33_000_002)},DHL,no`])
  await expect.poll(async () => (await storeOrder(demoStore, a!.ID)).trackno).toBe(s10(33_000_001))
  await expect.poll(async () => (await storeOrder(demoStore, b!.ID)).trackno).toBe(s10(33_000_002))
  expect((await sentEmails(demoStore)).filter((e) => e.orderId === a!.ID).length).toBe(1)
})

test('offline: every write queues, and arrives exactly once when the store is back', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const queue = await shippableOrders(demoStore)
  // The scanner and the offline edits read the cache: wait for its first sync.
  await waitForCachedOrders(page)
  await demoStore.control('PUT', '/faults', { dropRate: 1 })

  await changeShippingAddress(page, queue[0]!.ID, 'Shelbyville')
  await addTracking(page, queue[0]!.ID, 'OFFMAILON', true)
  await addTracking(page, queue[1]!.ID, 'OFFMAILOFF', false)
  await expect(page.getByText('Not yet sent').first()).toBeVisible()
  const { numbers: scanned, tracknos: scannedTracking } = await scanThree(page, 32_000_000)
  const left = queue.filter((o) => ![queue[0]!.number, queue[1]!.number, ...scanned].includes(o.number))
  await importCsv(page, [`${left[0]!.number},${s10(33_000_004)},UPS,yes`, `999999,${s10(33_000_006)},UPS,no`, `${left[1]!.number},${s10(33_000_005)},DHL,no`])

  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  // Writes to different orders come in no promised order (each waits out its own backoff; one
  // order's writes keep theirs): wait for each one.
  const tracking = async (id: number) => (await storeOrder(demoStore, id)).trackno
  await expect.poll(() => tracking(left[1]!.ID), { timeout: 45_000 }).toBe(s10(33_000_005))
  await expect.poll(() => tracking(queue[0]!.ID), { timeout: 30_000 }).toBe('OFFMAILON')
  // The address went before the tracking queued after it on the same order.
  expect((await storeOrder(demoStore, queue[0]!.ID)).shipping_address).toMatchObject({ city: 'Shelbyville', phone: '+12175550123' })
  await expect.poll(() => tracking(queue[1]!.ID), { timeout: 30_000 }).toBe('OFFMAILOFF')
  // The demo store's order IDs are their numbers.
  for (const [i, number] of scanned.entries()) await expect.poll(() => tracking(Number(number)), { timeout: 30_000 }).toBe(scannedTracking[i])
  await expect.poll(() => tracking(left[0]!.ID), { timeout: 30_000 }).toBe(s10(33_000_004))

  // Each write arrived once: one e-mail per tracking sent with the e-mail switch on, none otherwise.
  const emails = await sentEmails(demoStore)
  expect(emails.filter((e) => e.orderId === queue[0]!.ID).map((e) => e.trackno)).toEqual(['OFFMAILON'])
  expect(emails.filter((e) => e.orderId === left[0]!.ID).map((e) => e.trackno)).toEqual([s10(33_000_004)])
  expect(emails.filter((e) => e.orderId === queue[1]!.ID)).toEqual([])
  await expect(page.getByText('Not yet sent')).toHaveCount(0, { timeout: 30_000 })
})

// ---------------------------------------------------------------- headers, selection, bulk actions, density

const grid = (page: Page) => page.getByRole('grid', { name: 'Orders' })
const bulkBar = (page: Page) => page.getByRole('region', { name: 'Selected orders' })

async function storeList(demoStore: Pick<DemoStoreHandle, 'api'>, params: string): Promise<{ data: { number: string }[]; meta: { total: number } }> {
  return (await (await demoStore.api(`/openapi/2025-04/orders?${params}`)).json()) as { data: { number: string }[]; meta: { total: number } }
}

test('a column header sorts the list by click and by keyboard, as the store sorts', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  const total = page.getByRole('columnheader', { name: 'Total' })
  await expect(total).toHaveAttribute('aria-sort', 'none')
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending')

  await total.getByRole('button').click()
  const highest = await storeList(demoStore, 'sort=-total_sales&page_size=3')
  await expect.poll(() => visibleOrderNumbers(page, 3)).toEqual(highest.data.map((o) => o.number))
  await expect(total).toHaveAttribute('aria-sort', 'descending')
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'none')

  // From the keyboard: Enter on the focused header flips the direction, Space flips it back.
  await total.getByRole('button').focus()
  await page.keyboard.press('Enter')
  const lowest = await storeList(demoStore, 'sort=total_sales&page_size=3')
  await expect.poll(() => visibleOrderNumbers(page, 3)).toEqual(lowest.data.map((o) => o.number))
  await expect(total).toHaveAttribute('aria-sort', 'ascending')
  await page.keyboard.press('Space')
  await expect.poll(() => visibleOrderNumbers(page, 3)).toEqual(highest.data.map((o) => o.number))
  // The sort is list state: it is in the address, so a reload keeps it.
  await page.reload()
  await expect.poll(() => visibleOrderNumbers(page, 3), { timeout: 20_000 }).toEqual(highest.data.map((o) => o.number))
})

test('selects three orders by shift-click and exports exactly those to CSV', async ({ page }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  const numbers = await visibleOrderNumbers(page, 6)
  await grid(page).getByRole('checkbox', { name: `Select order #${numbers[1]}` }).click()
  await expect(bulkBar(page).getByText('1 selected')).toBeVisible()
  await grid(page).getByRole('checkbox', { name: `Select order #${numbers[3]}` }).click({ modifiers: ['Shift'] })
  await expect(bulkBar(page).getByText('3 selected')).toBeVisible()
  for (const [i, number] of numbers.entries()) {
    const box = grid(page).getByRole('checkbox', { name: `Select order #${number}` })
    if (i >= 1 && i <= 3) await expect(box).toBeChecked()
    else await expect(box).not.toBeChecked()
  }
  // Clicking a box selected it without opening the order.
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()

  // The keyboard carries on from the clicked row: Shift+ArrowDown extends, Space toggles.
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('Shift+ArrowDown')
  await expect(bulkBar(page).getByText('4 selected')).toBeVisible()
  await expect(grid(page).getByRole('checkbox', { name: `Select order #${numbers[4]}` })).toBeChecked()
  await page.keyboard.press('Space')
  await expect(bulkBar(page).getByText('3 selected')).toBeVisible()
  await expect(grid(page).getByRole('checkbox', { name: `Select order #${numbers[4]}` })).not.toBeChecked()

  const download = page.waitForEvent('download')
  await bulkBar(page).getByRole('button', { name: 'Export selected' }).click()
  await page.getByRole('dialog', { name: 'Export orders' }).getByRole('button', { name: 'Download CSV' }).click()
  const csv = await readFile(await (await download).path(), 'utf8')
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data
  expect(rows.map((r) => r['Order number'])).toEqual(numbers.slice(1, 4))

  // Escape on the list clears the selection.
  await grid(page).focus()
  await page.keyboard.press('Escape')
  await expect(bulkBar(page)).toHaveCount(0)
})

test('selects all orders matching a filter, beyond the rows on screen', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await pickOption(page, 'Fulfillment', 'Unfulfilled')
  const { total } = (await storeList(demoStore, 'filter[fulfillment_status]=unfulfilled&page_size=1')).meta
  await expect(page.getByText(`${total} orders`, { exact: true })).toBeVisible()

  await page.getByRole('checkbox', { name: 'Select the orders on screen' }).click()
  const onScreen = Number(/^(\d+)/.exec((await bulkBar(page).getByText(/^[\d,]+ selected$/).textContent()) ?? '')?.[1])
  expect(onScreen).toBeGreaterThan(3)
  expect(onScreen).toBeLessThan(total)
  await expect(page.getByText(`All ${onScreen} orders on screen are selected.`)).toBeVisible()
  await page.getByRole('button', { name: `Select all ${total} orders matching this filter` }).click()
  await expect(bulkBar(page).getByText(`${total} selected`)).toBeVisible()
  await expect(page.getByText(`All ${total} orders matching this filter are selected.`)).toBeVisible()

  // One unticked row is an exception to "all matching"; the export takes the others, off screen too.
  const [first] = await visibleOrderNumbers(page, 1)
  await grid(page).getByRole('checkbox', { name: `Select order #${first}` }).click()
  await expect(bulkBar(page).getByText(`${total - 1} selected`)).toBeVisible()
  const download = page.waitForEvent('download')
  await bulkBar(page).getByRole('button', { name: 'Export selected' }).click()
  await page.getByRole('dialog', { name: 'Export orders' }).getByRole('button', { name: 'Download CSV' }).click()
  const csv = await readFile(await (await download).path(), 'utf8')
  const exported = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data.map((r) => r['Order number'])
  expect(exported).toHaveLength(total - 1)
  expect(exported).not.toContain(first)

  // Another filter picks other orders: the selection goes.
  await pickOption(page, 'Fulfillment', 'Fulfilled')
  await expect(bulkBar(page)).toHaveCount(0)
})

test('compact density shows at least 15 orders at 1280x800', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await connectDemoStore(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByText('Compact: more orders on screen').click()
  await expect(page.getByRole('radio', { name: /^Compact/ })).toBeChecked()
  await waitForCachedOrders(page)
  const fullyVisible = () =>
    grid(page).evaluate((el) => {
      const box = el.getBoundingClientRect()
      const bottom = Math.min(box.bottom, window.innerHeight)
      return [...el.querySelectorAll('[role="row"]')].filter((row) => {
        const r = row.getBoundingClientRect()
        return r.top >= box.top && r.bottom <= bottom + 0.5 && row.textContent?.includes('#')
      }).length
    })
  await expect.poll(fullyVisible).toBeGreaterThanOrEqual(15)
  // The choice is kept: after a reload the list is still compact.
  await page.reload()
  await expect.poll(fullyVisible, { timeout: 20_000 }).toBeGreaterThanOrEqual(15)
})

test('the selection goes to the scanner queue and limits a tracking import to its orders', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForCachedOrders(page)
  await pickOption(page, 'Fulfillment', 'Unfulfilled')
  await pickOption(page, 'Sort', 'Oldest first')
  const oldest = (await storeList(demoStore, 'filter[fulfillment_status]=unfulfilled&sort=date&page_size=8')).data.map((o) => o.number)
  await expect.poll(() => visibleOrderNumbers(page, 8)).toEqual(oldest)
  // The filter lists cancelled and unpaid orders too; the scanner's queue leaves them out: pick two it takes.
  const shipping = new Set((await shippableOrders(demoStore)).map((o) => o.number))
  const listed = oldest.filter((n) => shipping.has(n))
  const [outsider, ...picked] = listed.slice(0, 3) as [string, string, string]
  for (const number of picked) await grid(page).getByRole('checkbox', { name: `Select order #${number}` }).click()
  await expect(bulkBar(page).getByText('2 selected')).toBeVisible()

  await bulkBar(page).getByRole('button', { name: 'Send to scanner queue' }).click()
  const scanner = page.getByRole('dialog')
  await expect(scanner.getByText('0 tracked · 2 orders to ship in this queue (from the selected orders, oldest first)')).toBeVisible()
  await scanner.getByRole('button', { name: 'Next in queue' }).click()
  await expect(scanner.getByRole('heading', { name: `Order #${picked[0]} to pack` })).toBeVisible()
  await scanner.getByRole('button', { name: 'Close scanner' }).click()

  await bulkBar(page).getByRole('button', { name: 'Import tracking for selection' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('For the 2 selected orders only')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'CSV content' }).fill([`${picked[0]},${s10(33_000_007)},UPS,no`, `${outsider},${s10(33_000_008)},UPS,no`].join('\n'))
  await dialog.getByRole('button', { name: 'Check rows' }).click()
  await expect(dialog.getByText('1 ready, 0 skipped, 1 with problems.')).toBeVisible()
  await expect(dialog.getByRole('cell', { name: `Order #${outsider} is not one of the 2 selected orders.` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Import 1 row' }).click()
  await expect(dialog.getByText('1 queued, 0 skipped, 1 not imported.')).toBeVisible()
  await expect.poll(async () => (await storeOrder(demoStore, Number(picked[0]))).trackno).toBe(s10(33_000_007))
  expect((await storeOrder(demoStore, Number(outsider))).trackno).toBeFalsy()
})
