// The app frame as a person meets it: only Connect and Settings before a store is
// connected, a named main navigation that marks where you are, a skip link, the store and
// online/offline indicator in words, a theme that survives a reload, no motion for a person who
// asked for reduced motion, and Settings telling plainly how tokens are kept and which requests
// were made.
import type { Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { test, expect } from './support/fixtures'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const connectionStatus = (page: Page) => page.getByRole('status', { name: 'Connection' })

async function connectDemo(page: Page) {
  const consentOpened = page.context().waitForEvent('page')
  await page.getByRole('button', { name: 'Try the demo store' }).click()
  const consent = await consentOpened
  await consent.getByRole('button', { name: 'Install' }).click()
  await expect(consent.getByRole('heading', { name: 'Storedesk is connected to the store' })).toBeVisible()
  await consent.close()
  await expect(page).toHaveURL(/#\/orders$/)
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('without a store only Connect and Settings are offered, and other addresses lead to Connect', async ({ page }) => {
  await expect(page).toHaveURL(/#\/connect$/)
  await expect(page.getByRole('heading', { name: 'Connect a store', level: 1 })).toBeVisible()
  await expect(mainNav(page).getByRole('link')).toHaveText(['Connect a store', 'Settings'])
  await expect(connectionStatus(page)).toHaveText('Not connected')

  for (const path of ['/orders', '/checkouts/5', '/blogs/new', '/meta-fields', '/nowhere']) {
    await page.goto(page.url().replace(/#.*$/, `#${path}`))
    await expect(page).toHaveURL(/#\/connect$/)
  }
  await mainNav(page).getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/#\/settings$/)
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
})

test('motion follows the system setting: none for a person who asked for reduced motion', async ({ page }) => {
  const button = page.getByRole('button', { name: 'Try the demo store' })
  const longestTransition = () => button.evaluate((el) => Math.max(...getComputedStyle(el).transitionDuration.split(',').map((d) => parseFloat(d))))
  // The suite runs as a person who asked for reduced motion (support/fixtures.ts).
  expect(await longestTransition()).toBeLessThan(0.001)
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(await longestTransition()).toBeGreaterThan(0.1)
})

test('the skip link and the navigation work from the keyboard', async ({ page }) => {
  await connectDemo(page)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()

  const links = mainNav(page).getByRole('link')
  await expect(links).toHaveText(['Orders', 'Customers', 'Abandoned checkouts', 'Dashboard', 'Blogs', 'Collections', 'Calendar', 'Meta fields', 'Sync', 'Settings'])
  const checkouts = mainNav(page).getByRole('link', { name: 'Abandoned checkouts' })
  await checkouts.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/checkouts$/)
  await expect(checkouts).toHaveAttribute('aria-current', 'page')
  await expect(mainNav(page).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current', 'page')
  await expect(page).toHaveTitle('Abandoned checkouts · Storedesk')
})

test('the indicator says Offline when the store stops answering and Online when it is back', async ({ page, demoStore }) => {
  await connectDemo(page)
  await expect(connectionStatus(page)).toHaveText('Online')

  // Every request to the store now has its connection dropped; the app checks again when
  // its window regains focus.
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(connectionStatus(page)).toHaveText('Offline')

  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(connectionStatus(page)).toHaveText('Online')
})

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const light = await background()

  await page.getByRole('button', { name: 'Use dark theme' }).click()
  await expect(page.getByRole('button', { name: 'Use light theme' })).toBeVisible()
  await expect.poll(background).not.toBe(light)

  await page.reload()
  await expect(page.getByRole('button', { name: 'Use light theme' })).toBeVisible()
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await page.getByText('Same as the operating system').click()
  await expect(page.getByRole('radio', { name: 'Same as the operating system' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Use dark theme' })).toBeVisible()
  await expect.poll(background).toBe(light)
})

test('Settings tells how tokens are kept and lists the requests made, without secrets', async ({ page, demoStore }) => {
  await connectDemo(page)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByText('Browser shell', { exact: true })).toBeVisible()
  await expect(page.getByText(/access tokens and client secrets are kept in a file only your user account can read, not encrypted by the\s+operating system/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sync and storage' })).toHaveAttribute('href', '#/sync')

  await page.getByRole('button', { name: 'Refresh the request log' }).click()
  const log = page.getByRole('region', { name: 'Diagnostics: request log' })
  await expect(log).toContainText('/api/admin/app_store/oauth/token')
  const { client_secret } = (await demoStore.control('GET', '/app')) as { client_secret: string }
  await expect(page.locator('body')).not.toContainText(client_secret)
})

test('the frame, Connect and Settings pass an accessibility scan', async ({ page }) => {
  await expect(page.getByRole('button', { name: 'Try the demo store' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
})
