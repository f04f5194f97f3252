// The order desk in the merchant's language, end to end on the demo store: in German and in
// Chinese the order page (its cards, the tracking dialog through its confirm step, the shipping
// address drawer through its review), the scanner (its queue, an open order, a wrong item, its
// settings and session summary) and the bulk tags dialog show no catalog key and no English of
// the app's own.
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { untranslated, useAppLocale, words, type TestLocale } from './support/i18n'
import { s10 } from './support/scanner'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

type DemoStore = { api(path: string, init?: RequestInit): Promise<Response> }
interface StoreOrder {
  ID: number
  number: string
  post_status: string
}

/** An order the scanner and the tracking dialog take: paid, not yet shipped, not cancelled or held. */
async function shippableOrder(demoStore: DemoStore): Promise<StoreOrder> {
  const res = await demoStore.api('/openapi/2025-04/orders?filter[fulfillment_status]=unfulfilled&filter[financial_status]=paid&sort=date&page_size=50')
  const { data } = (await res.json()) as { data: StoreOrder[] }
  return data.find((o) => !['wc-cancelled', 'wc-pending', 'wc-on-hold'].includes(o.post_status))!
}

const openOrder = (page: Page, id: number) => page.evaluate((orderId) => (location.hash = `#/orders/${orderId}`), id)

for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
  test(`the order page, the scanner and their dialogs run in ${locale} with no English and no catalog key left`, async ({ page, demoStore }) => {
    test.setTimeout(180_000)
    const w = words(locale)
    await useAppLocale(page, locale)
    const found: Record<string, string[]> = {}
    const check = async (name: string) => {
      // The order page's meta fields panel is the meta-fields feature's (catalogued on its own);
      // this walk covers the order desk's words, so the panel is left out while it is checked.
      const showPanel = (shown: boolean) => page.evaluate((on) => document.querySelectorAll<HTMLElement>('.meta-panel').forEach((el) => (el.style.display = on ? '' : 'none')), shown)
      await showPanel(false)
      // The demo store's name and its "Gift message" meta field are the store's words.
      const problems = await untranslated(page, locale, ['Demo store', 'Gift message'])
      await showPanel(true)
      if (problems.length > 0) found[name] = problems
    }
    await connectDemoStore(page, w)
    const order = await shippableOrder(demoStore)

    await openOrder(page, order.ID)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: w('order.title', { number: order.number }) })).toBeVisible()
    await expect(main.getByRole('heading', { name: w('order.timeline.title') })).toBeVisible()
    await check('order page')

    await main.getByRole('button', { name: w('order.addTracking'), exact: true }).click()
    const tracking = page.getByRole('dialog', { name: w('order.addTrackingTo', { number: order.number }) })
    await expect(tracking).toBeVisible()
    await tracking.getByRole('button', { name: w('tracking.dialog.continue') }).click()
    await expect(tracking.getByText(w('tracking.required'))).toBeVisible()
    await check('tracking dialog with a missing number')
    await tracking.getByRole('textbox', { name: w('tracking.number') }).fill(s10(90210))
    await tracking.getByRole('button', { name: w('tracking.dialog.continue') }).click()
    await expect(tracking.getByRole('button', { name: w('tracking.dialog.confirmAdd') })).toBeVisible()
    await check('tracking dialog, confirm step')
    await page.keyboard.press('Escape')
    const discard = page.getByRole('dialog', { name: w('unsavedChanges.title') })
    await expect(discard.getByRole('button', { name: w('unsavedChanges.keep') })).toBeFocused()
    await check('discard question over the tracking dialog')
    await discard.getByRole('button', { name: w('unsavedChanges.discard') }).click()
    await expect(tracking).toBeHidden()

    await main.getByRole('button', { name: w('order.editShipping') }).click()
    const drawer = page.getByRole('dialog').filter({ hasText: w('order.shippingOf', { number: order.number }) })
    await expect(drawer).toBeVisible()
    await drawer.getByRole('textbox', { name: w('shipping.fields.city') }).fill('Leipzig')
    await drawer.getByRole('textbox', { name: w('shipping.fields.postcode') }).fill('?')
    await drawer.getByRole('button', { name: w('shipping.reviewButton') }).click()
    await check('shipping address drawer with a wrong postcode')
    await drawer.getByRole('button', { name: w('common.cancel') }).click()
    await expect(drawer).toBeHidden()

    await main.getByRole('button', { name: w('tags.input.add'), exact: true }).click()
    await expect(main.getByText(w('tags.problem.empty'))).toBeVisible()
    await check('tags card with a problem')

    await main.getByRole('button', { name: `← ${w('order.back')}` }).click()
    await expect(page.getByRole('grid', { name: w('orders.gridLabel') }).getByRole('row').first()).toBeVisible()
    await page.getByRole('button', { name: w('orders.scannerMode') }).click()
    await expect(page.getByText(w.pattern('scanner.progressFilter'))).toBeVisible({ timeout: 30_000 })
    await check('scanner queue')
    const orderField = page.getByRole('textbox', { name: w('scanner.orderNumber') })
    await orderField.fill(order.number)
    await orderField.press('Enter')
    await expect(page.getByRole('heading', { name: w('scanner.toPack', { number: order.number }) })).toBeVisible()
    const sku = page.getByRole('textbox', { name: w('scanner.sku') })
    await sku.fill('NO-SUCH-SKU')
    await sku.press('Enter')
    await expect(page.getByText(w('scanner.says.wrongItem', { sku: 'NO-SUCH-SKU', number: order.number }))).toBeVisible()
    await page.getByText(w('scanner.settings.title')).click()
    await check('scanner with an open order and a wrong item')
    await page.getByRole('button', { name: w('scanner.override.ask') }).click()
    await page.getByRole('button', { name: w('scanner.override.confirm') }).click()
    const trackingField = page.getByRole('textbox', { name: w('tracking.number') })
    await trackingField.fill('ZZ1')
    await trackingField.press('Enter')
    await expect(page.getByText(w('tracking.shape'))).toBeVisible()
    await trackingField.fill(s10(90211))
    await trackingField.press('Enter')
    await expect(page.getByRole('heading', { name: w('scanner.summary.title') })).toBeVisible()
    await check('scanner after a tracking number, with its session summary')
    await page.getByRole('button', { name: w('scanner.close') }).click()

    await page.getByRole('checkbox', { name: w('orders.selected.selectScreen') }).click()
    await page.getByRole('region', { name: w('orders.selected.label') }).getByRole('button', { name: w('orders.selected.tags') }).click()
    await expect(page.getByRole('radio', { name: w('tags.bulk.add') })).toBeVisible()
    await check('bulk tags dialog')

    expect(found, 'catalog keys or English on screens in the chosen language').toEqual({})
  })
}
