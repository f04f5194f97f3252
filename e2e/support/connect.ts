// Connects the app to the test's demo store the way a person does: "Try the demo store",
// approve Storedesk on the store's consent page (a new tab), and wait until the app says
// it is connected. Shared by every spec that needs a connected store.
import { expect, type Page } from '@playwright/test'
import { words, type Words } from './i18n'

/** `w`: the words of the app's language (English unless the spec chose another). */
export async function connectDemoStore(page: Page, w: Words = words('en')): Promise<void> {
  // Listen before clicking: the consent tab can open before a listener added afterwards.
  const consentOpened = page.context().waitForEvent('page')
  await page.getByRole('button', { name: w('connect.demoButton') }).click()
  const consent = await consentOpened
  await consent.waitForLoadState()
  await consent.getByRole('button', { name: /^install/i }).click()
  await expect(consent.getByText(/connected/i).first()).toBeVisible()
  await consent.close()
  await expect(page.getByRole('navigation', { name: w('nav.main') })).toBeVisible()
  // The app lands on Orders after connecting; a spec that navigates before that landing
  // would have its navigation overridden by it.
  await expect(page).toHaveURL(/#\/orders/)
  await expect(page.getByRole('heading', { name: w('titles.orders'), level: 1 })).toBeVisible()
}
