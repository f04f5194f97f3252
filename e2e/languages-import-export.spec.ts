// The tracking CSV import and the order export in the merchant's language, end to end on the demo
// store: in German and in Chinese the import dialog (a file in that language's own column names
// and yes/no, with rows it refuses, its preview and its results) and the export dialog show no
// catalog key and no English of the app's own, and the exported file is named and headed in the
// same language while its values stay as the store has them.
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { untranslated, useAppLocale, words, type TestLocale, type Words } from './support/i18n'
import { s10 } from './support/scanner'
import { sentEmails, shippableOrders, storeOrder } from './support/store-orders'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

const YES_NO: Record<'de' | 'zh-CN', [string, string]> = { de: ['ja', 'vielleicht'], 'zh-CN': ['是', '也许'] }

/** A file as a merchant writes it after reading the dialog: its column names and yes/no in their language. */
function trackingFile(w: Words, locale: 'de' | 'zh-CN', number: string, trackno: string): string {
  const [yes, unsure] = YES_NO[locale]
  const separator = locale === 'de' ? ';' : ','
  const header = [w('bulkTracking.column.orderNumber'), w('bulkTracking.column.trackno'), w('bulkTracking.column.carrier'), w('bulkTracking.column.email')]
  return [header, [number, trackno, 'Deutsche Post', yes], ['999999', 'RR000000014US', '', yes], [number, 'RR000000022US', '', unsure]].map((row) => row.join(separator)).join('\n')
}

const dialogWith = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title }).last()

for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
  test(`the tracking import and the order export run in ${locale} with no English and no catalog key left`, async ({ page, demoStore }) => {
    test.setTimeout(180_000)
    const w = words(locale)
    await useAppLocale(page, locale)
    const found: Record<string, string[]> = {}
    const check = async (name: string, storeWords: string[] = []) => {
      const problems = await untranslated(page, locale, ['Demo store', ...storeWords])
      if (problems.length > 0) found[name] = problems
    }
    await connectDemoStore(page, w)
    const order = (await shippableOrders(demoStore))[0]!
    const trackno = s10(40_000_000 + Number(order.number))
    await page.getByRole('navigation', { name: w('nav.main') }).getByRole('link', { name: w('nav.orders'), exact: true }).click()
    await expect(page.getByRole('grid', { name: w('orders.gridLabel') }).getByRole('row').first()).toBeVisible()

    await page.getByRole('button', { name: w('orders.importCsv') }).click()
    const importDialog = dialogWith(page, w('orders.importTitle'))
    await expect(importDialog).toBeVisible()
    await check('import dialog')
    await importDialog.getByRole('textbox', { name: w('bulkTracking.content') }).fill(trackingFile(w, locale, order.number, trackno))
    await importDialog.getByRole('button', { name: w('bulkTracking.check') }).click()
    await expect(importDialog.getByText(w('bulkTracking.summary', { ready: 1, skip: 0, invalid: 2 }))).toBeVisible()
    await expect(importDialog.getByRole('cell', { name: w('bulkTracking.problem.noOrder', { number: '999999' }) })).toBeVisible()
    await expect(importDialog.getByText(w('bulkTracking.problem.notYesNo', { value: YES_NO[locale][1] }))).toBeVisible()
    await check('import preview with refused rows', ['Deutsche Post', YES_NO[locale][1]])

    await importDialog.getByRole('button', { name: w('bulkTracking.import', { n: 1 }) }).click()
    await expect(importDialog.getByText(w('bulkTracking.resultSummary', { queued: 1, skipped: 0, failed: 2 }))).toBeVisible()
    await expect(importDialog.getByRole('cell', { name: w('bulkTracking.result.queued') })).toBeVisible()
    await check('import results')
    await importDialog.getByRole('button', { name: w('bulkTracking.done'), exact: true }).click()
    await expect(importDialog).toBeHidden()
    // The row went to the store as the file said: the number, and the customer e-mailed ("ja", "是").
    await expect.poll(async () => (await storeOrder(demoStore, order.ID)).trackno, { timeout: 60_000 }).toBe(trackno)
    expect(await sentEmails(demoStore)).toContainEqual(expect.objectContaining({ orderId: order.ID, trackno }))

    await page.getByRole('button', { name: w('orders.export') }).click()
    const exportDialog = dialogWith(page, w('orderExport.title'))
    await expect(exportDialog).toBeVisible()
    await exportDialog.getByText(w('orderExport.csv'), { exact: true }).click()
    await exportDialog.getByText(w('orderExport.perOrder'), { exact: true }).click()
    await check('export dialog')
    const download = page.waitForEvent('download')
    await exportDialog.getByRole('button', { name: w('orderExport.download', { format: 'csv' }) }).click()
    const saved = await download
    // The count is the list's; the sentence around it is the language's.
    const exported = w('orderExport.exported', { n: 424_242 }).split(/424\D?242/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\d.,]+')
    await expect(page.getByText(new RegExp(`^${exported}$`))).toBeVisible()
    await check('export done')
    expect(saved.suggestedFilename()).toMatch(new RegExp(`^${w('orderExport.fileName', { which: 'listed', shape: 'orders', date: '0000-00-00' }).replace('0000-00-00', '\\d{4}-\\d\\d-\\d\\d')}\\.csv$`))
    const rows = Papa.parse<Record<string, string>>((await readFile(await saved.path())).toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data
    const row = rows.find((r) => r[w('orderExport.column.number')] === order.number)!
    expect(row[w('orderExport.column.trackno')]).toBe(trackno)
    expect(row[w('orderExport.column.date')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect(row[w('orderExport.column.total')]).toMatch(/^\d+\.\d\d$/)

    expect(found, 'English or catalog keys on the import and export dialogs').toEqual({})
  })
}
