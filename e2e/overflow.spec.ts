// "No text overflows its box" (issue 15) on the order list and the abandoned checkouts page at
// the smaller window the app is made for, 1280x800: every element holding text, alone or beside
// other elements, is compared (scrollWidth against clientWidth) by voice.ts's overflow check.
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { waitForCachedOrders } from './support/scanner'
import { overflowProblems } from './support/voice'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

test('no text on the order list or the checkouts page overflows its box at 1280x800', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  const found: Record<string, string[]> = {}
  const check = async (screen: string) => {
    const problems = await overflowProblems(page, { mixed: true })
    if (problems.length > 0) found[screen] = problems
  }

  await check('order list')
  // A search adds the "matched …" notes to the rows: the longest text a row shows.
  await page.getByRole('textbox', { name: 'Search orders' }).fill('example')
  await expect(page.getByText(/^matched e-mail/).first()).toBeVisible()
  await check('order list, searched')
  await page.getByRole('textbox', { name: 'Search orders' }).fill('')
  await page.getByRole('button', { name: 'Export…' }).click()
  await expect(page.getByRole('dialog', { name: 'Export orders' })).toBeVisible()
  await check('export dialog')
  await page.getByRole('dialog', { name: 'Export orders' }).getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('link', { name: 'Abandoned checkouts', exact: true }).click()
  await expect(page.getByRole('row', { name: /^Checkout #/ }).first()).toBeVisible()
  await check('abandoned checkouts')

  expect(found, 'text wider than its box, or cut off with no way to read it, by screen').toEqual({})
})
