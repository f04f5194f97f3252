// Abandoned checkouts end to end on the demo store: the filtered list shows what the store
// returns for the same filters, the count comes from /checkouts/count, and a recovered
// checkout's detail shows its reminder timeline (unset dates as "not set") and leads to its order.
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })


interface StoreCheckout {
  ID: number
  number: string
  order_id: number | null
  country_or_region: string
  checkout_emails: { is_sent: number; send_time_gmt: string }[]
}

async function storeCheckouts(demoStore: { api(path: string): Promise<Response> }, query: string): Promise<StoreCheckout[]> {
  return ((await (await demoStore.api(`/openapi/2021-08/checkouts?page_size=250${query}`)).json()) as { data: StoreCheckout[] }).data
}

/** The rows the virtual table has rendered must be the start of the store's answer, and the count all of it. */
async function expectShown(page: Page, expected: string[]) {
  await expect(page.getByText(`${expected.length} shown`)).toBeVisible()
  await expect
    .poll(async () => {
      const shown = await shownNumbers(page)
      return { enough: shown.length >= Math.min(expected.length, 10), shown, expected: expected.slice(0, shown.length) }
    })
    .toEqual(expect.objectContaining({ enough: true }))
  const shown = await shownNumbers(page)
  expect(shown).toEqual(expected.slice(0, shown.length))
}

async function shownNumbers(page: Page): Promise<string[]> {
  const rows = page.getByRole('row', { name: /^Checkout #/ })
  return (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((label) => label.replace('Checkout #', ''))
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  // Naive UI's select menu gives its options no role: find them by text inside the open menu.
  await page.locator('.n-base-select-menu').getByText(option, { exact: true }).click()
}

test('filters the abandoned checkouts like the store and shows the store count', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await page.getByRole('link', { name: 'Abandoned checkouts' }).click()
  await expect(page.getByRole('heading', { name: 'Abandoned checkouts', level: 1 })).toBeVisible()
  const { count } = (await (await demoStore.api('/openapi/2021-08/checkouts/count')).json()) as { count: number }
  await expect(page.getByText(`${count} in the store`)).toBeVisible()

  const all = await storeCheckouts(demoStore, '')
  await expectShown(page, all.map((c) => c.number))

  await pickOption(page, 'Recalled', 'Recalled')
  await pickOption(page, 'Reminder e-mail', 'E-mail sent')
  const filtered = await storeCheckouts(demoStore, '&filter[recall_status]=1&filter[email_status]=1')
  expect(filtered.length).toBeGreaterThan(0)
  expect(filtered.length).toBeLessThan(all.length)
  await expectShown(page, filtered.map((c) => c.number))

  const country = all[0]!.country_or_region
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await page.getByRole('combobox', { name: 'Country or region' }).click()
  await page.keyboard.type(`(${country})`)
  await page.locator('.n-base-select-menu').getByText(new RegExp(`\\(${country}\\)$`)).first().click()
  const byCountry = await storeCheckouts(demoStore, `&filter[country_or_region]=${country}`)
  await expectShown(page, byCountry.map((c) => c.number))
})

test('a recovered checkout shows its reminder timeline and leads to the order it became', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  const all = await storeCheckouts(demoStore, '')
  const recovered = all.find((c) => c.order_id !== null && c.checkout_emails.some((e) => e.is_sent === 0))
  expect(recovered).toBeDefined()
  await page.evaluate((id) => (location.hash = `#/checkouts/${id}`), recovered!.ID)
  await expect(page.getByRole('heading', { name: `Abandoned checkout #${recovered!.number}`, level: 1 })).toBeVisible()
  const timeline = page.getByRole('region', { name: 'Reminder e-mails' }).getByRole('listitem')
  await expect(timeline).toHaveCount(recovered!.checkout_emails.length)
  await expect(timeline.filter({ hasText: 'not set' }).first()).toBeVisible()
  await expect(page.getByText(/\b0000\b/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Copy recovery link' })).toBeEnabled()
  await page.getByRole('button', { name: 'Open the order it became' }).click()
  await expect(page.getByRole('heading', { name: /^Order #/, level: 1 })).toBeVisible()
  expect(page.url()).toContain(`#/orders/${recovered!.order_id}`)
})
