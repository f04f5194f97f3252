// Moving about the app as a spec does once it is connected: straight to a screen by its
// address (`#/orders/12`), and waiting on the Sync page until the first sync has the orders.
import { expect, type Page } from '@playwright/test'

export async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash)
}

export async function waitForFirstSync(page: Page): Promise<void> {
  await go(page, '#/sync')
  await expect(page.getByRole('row', { name: /^Orders/ })).toContainText('Complete', { timeout: 90_000 })
}
