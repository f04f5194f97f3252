// Sets the undo window (order changes, blog list batches, calendar moves) through Settings, as a person does, and comes back
// to where the page was. Specs about something else than the window set it to 0, so the
// store receives their order writes at once.
import { expect, type Page } from '@playwright/test'

export async function setUndoWindow(page: Page, seconds: number): Promise<void> {
  const back = await page.evaluate(() => location.hash)
  await page.evaluate(() => (location.hash = '#/settings'))
  const field = page.getByLabel('Undo window (seconds)')
  await field.fill(String(seconds))
  await field.blur()
  await expect(page.getByText(seconds === 0 ? /are sent at once/ : new RegExp(`wait ${seconds} s before they are sent`))).toBeVisible()
  await page.evaluate((hash) => (location.hash = hash), back)
}
