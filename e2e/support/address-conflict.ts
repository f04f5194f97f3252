// A conflict made as a person meets one: an order's city changed on the store after the app
// cached the order, then changed here while the store could not be reached; once it answers, the
// replayer finds the store's copy moved and holds the change on the Sync page. Driven in English.
import { expect, type Page } from '@playwright/test'
import type { DemoStoreHandle } from './fixtures'
import { storeOrder } from './store-orders'

const ADDRESS_FIELDS = ['country', 'state', 'city', 'first_name', 'last_name', 'address_1', 'address_2', 'phone', 'postcode'] as const

/** Leaves the app on the Sync page with the conflict shown: "Their City" on the store, "Mine City" here. */
export async function makeAddressConflict(page: Page, demoStore: DemoStoreHandle, id: number): Promise<void> {
  const before = await storeOrder(demoStore, id)
  const theirs: Record<string, string> = { ...(before.shipping_address as Record<string, string>), city: 'Their City' }
  const res = await demoStore.api(`/openapi/2025-04/orders/${id}/shipping`, { method: 'POST', body: JSON.stringify({ shipping: Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, theirs[k] ?? ''])) }) })
  expect(res.status).toBe(200)
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await page.evaluate((hash) => (location.hash = hash), `#/orders/${id}`)
  // The app still shows the city it cached: the store's change has not reached it.
  await expect(page.getByText(before.shipping_address.city).first()).toBeVisible()
  await page.getByRole('button', { name: 'Edit shipping address' }).click()
  await page.getByRole('textbox', { name: 'City' }).fill('Mine City')
  await page.getByRole('button', { name: 'Review change' }).click()
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('Changes to this order are not yet sent to the store')).toBeVisible()
  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  await page.evaluate(() => (location.hash = '#/sync'))
  await expect(page.getByRole('article', { name: /^Conflict:/ })).toBeVisible({ timeout: 90_000 })
}
