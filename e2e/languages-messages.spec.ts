// Words the data layer decides, read in German and in Chinese on the Sync page and the order
// page, end to end on the demo store: a conflict the replayer found (stored as a catalog message
// with the store's field names, shown by their labels), the order's timeline entry for it, and
// a sync the store failed (each resource's stored failure said by its kind, not the main
// process's English). The work is made in English first, as a person makes it; then the store
// fails every request while the app speaks each language.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { makeAddressConflict } from './support/address-conflict'
import { setUndoWindow } from './support/undo-window'
import { untranslated, useAppLocale, words, type TestLocale } from './support/i18n'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource', 'status of 500'] })

const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash)
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function shippableOrder(demoStore: DemoStoreHandle): Promise<number> {
  const res = await demoStore.api('/openapi/2025-04/orders?filter[fulfillment_status]=unfulfilled&sort=date&page_size=50')
  const orders = ((await res.json()) as { data: { ID: number; post_status: string; financial_status: string }[] }).data
  return orders.find((o) => o.post_status !== 'wc-cancelled' && o.financial_status !== 'refund')!.ID
}

test('the data layer’s words on the Sync page and the order page speak German and Chinese', async ({ page, demoStore }) => {
  test.setTimeout(360_000)
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await go(page, '#/sync')
  await expect(page.getByRole('row', { name: /^Orders/ })).toContainText('Complete', { timeout: 90_000 })
  const id = await shippableOrder(demoStore)
  await makeAddressConflict(page, demoStore, id)

  for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
    const w = words(locale)
    await useAppLocale(page, locale)
    const found: Record<string, string[]> = {}
    const check = async (name: string) => {
      // The demo store's name, its "Gift message" meta field and the cities typed are the store's words.
      const problems = await untranslated(page, locale, ['Demo store', 'Gift message', 'Their City', 'Mine City'])
      if (problems.length > 0) found[name] = problems
    }
    const main = page.getByRole('main')

    // The order's timeline says what the replayer found, its field by the form's label (and the
    // order's notice says it with what to do).
    await go(page, `#/orders/${id}`)
    await expect(main.getByText(w('problems.changedThereEvent', { fields: w('shipping.fields.city') }), { exact: true })).toBeVisible()
    await check('order page with a conflict in its timeline')

    // Every request fails: a sync stops, and each resource keeps its failure.
    await demoStore.control('PUT', '/faults', { errorRate: 1 })
    await go(page, '#/sync')
    await expect(main.getByRole('heading', { level: 1, name: w('titles.sync') })).toBeVisible()
    await main.getByRole('button', { name: w('sync.now') }).click()
    await expect(main.getByRole('alert').filter({ hasText: w('errors.server') }).first()).toBeVisible({ timeout: 60_000 })
    await expect(main.getByRole('row', { name: new RegExp(`^${escape(w('sync.resources.orders'))} `) })).toContainText(w('errors.server'))
    await check('sync page after the store failed a sync')

    // The order page reads the store's copy, which fails too.
    await go(page, `#/orders/${id}`)
    await expect(main.getByText(w('problems.changedThereEvent', { fields: w('shipping.fields.city') }), { exact: true })).toBeVisible()
    await check('order page while the store fails')
    await demoStore.control('PUT', '/faults', { errorRate: 0 })

    expect(found, `catalog keys or English on screens in ${locale}`).toEqual({})
  }
})
