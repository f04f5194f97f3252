// The customers' screens in the merchant's language, end to end on the demo store: in German and
// in Chinese the list (searched to nothing too), a customer's page with their orders as a list
// and as a timeline, a customer that is not there, and the export (its message and the CSV's
// header row, which a person reads in a spreadsheet) show no catalog key and no English of the
// app's own.
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { untranslatedWalk, useAppLocale, words, type TestLocale } from './support/i18n'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

/** The export's header row, as the catalog names its columns. */
const HEADER_KEYS = [
  'customers.columns.name', 'customers.file.email', 'customers.file.phone', 'customers.columns.orders', 'customers.file.paidOrders',
  'customers.file.currency', 'customers.columns.spent', 'customers.columns.average', 'customers.columns.refunded', 'customers.file.refundedOrders',
  'customers.file.firstOrder', 'customers.file.lastOrder', 'customers.file.address1', 'customers.file.address2', 'customers.file.city',
  'customers.file.state', 'customers.file.postcode', 'customers.file.country', 'customers.file.otherCurrencies',
] as const

for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
  test(`the customers list, a customer's page and the export run in ${locale} with no English and no catalog key left`, async ({ page }) => {
    test.setTimeout(180_000)
    const w = words(locale)
    await useAppLocale(page, locale)
    // The demo store's own name is the store's words, not the app's.
    const { found, check } = untranslatedWalk(page, locale, ['Demo store'])
    await connectDemoStore(page, w)
    const main = page.getByRole('main')

    await page.getByRole('navigation', { name: w('nav.main') }).getByRole('link', { name: w('nav.customers'), exact: true }).click()
    await expect(main.getByRole('heading', { level: 1, name: w('titles.customers') })).toBeVisible()
    const grid = main.getByRole('grid', { name: w('customers.gridLabel') })
    await expect(grid.getByRole('row').first()).toBeVisible({ timeout: 60_000 })
    await expect(main.getByRole('columnheader', { name: w('customers.columns.average') })).toBeVisible()
    await check('customers list')

    // Sorted by orders, most first, the top customer has a story worth telling.
    await main.getByRole('columnheader', { name: w('customers.columns.orders') }).getByRole('button').click()
    await grid.getByRole('row').first().click()
    await expect(main.getByRole('heading', { level: 2, name: w('customers.page.contacts') })).toBeVisible()
    await expect(main.getByRole('columnheader', { name: w('customers.page.fulfillment') })).toBeVisible()
    await check('customer page, orders as a list')
    // Naive UI draws its own radio over a hidden input: a person clicks the choice's words.
    await main.getByText(w('customers.page.timeline'), { exact: true }).click()
    await expect(main.getByRole('list', { name: w('customers.page.story') })).toBeVisible()
    await check('customer page, orders as a timeline')

    await page.evaluate(() => (location.hash = '#/customers/email%3Anobody%40example.invalid'))
    await expect(main.getByRole('heading', { level: 1, name: w('customers.page.notFound') })).toBeVisible()
    await check('customer not found')

    await page.evaluate(() => (location.hash = '#/customers'))
    const search = main.getByRole('textbox', { name: w('customers.search') })
    await search.fill('zzqxj-nobody')
    await expect(main.getByText(w('customers.empty.noMatchTitle'), { exact: true })).toBeVisible()
    await check('customers list, nothing found')
    await search.fill('')
    await expect(grid.getByRole('row').first()).toBeVisible()

    const download = page.waitForEvent('download')
    await main.getByRole('button', { name: w('customers.exportCsv') }).click()
    const file = await readFile(await (await download).path())
    const [header, ...rows] = Papa.parse<string[]>(file.subarray(3).toString('utf8'), { skipEmptyLines: true }).data
    expect(header).toEqual(HEADER_KEYS.map((key) => w(key)))
    await expect(page.getByText(w('customers.exported', { n: rows.length, format: 'csv' }))).toBeVisible()
    await check('export done')

    expect(found, 'catalog keys or English by screen').toEqual({})
  })
}
