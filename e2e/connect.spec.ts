// Connecting stores from a fresh profile, through the demo store's real consent page:
// the happy path, every kind of bad callback refused with a clear message (and nothing
// stored), switching between two stores, disconnecting, and staying connected on reload.
import type { Page } from '@playwright/test'
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect, type DemoStoreHandle } from './support/fixtures'

/** Clicks "Try the demo store" and returns the consent tab it opens. */
async function openDemoConsent(page: Page): Promise<Page> {
  const consentOpened = page.context().waitForEvent('page')
  await page.getByRole('button', { name: 'Try the demo store' }).click()
  const consent = await consentOpened
  await expect(consent.getByRole('button', { name: 'Install' })).toBeVisible()
  return consent
}

/**
 * Approves on the consent page but keeps the store's redirect from reaching Storedesk, so
 * the test holds a genuine callback URL it can alter or deliver later. The demo store
 * accepts any loopback port for the callback (as a desktop app's loopback redirect needs),
 * so the consent tab is sent to a catcher of the test's own; the callback is then aimed
 * back at Storedesk's real redirect address with its parameters untouched. `scope` asks the
 * store for other permissions than the app did, as someone else's consent could.
 */
async function captureCallback(consent: Page, options: { scope?: string } = {}): Promise<URL> {
  const catcher = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' })
    response.end('held back by the test')
  })
  await new Promise<void>((listening) => catcher.listen(0, '127.0.0.1', listening))
  const catcherPort = String((catcher.address() as AddressInfo).port)
  try {
    const authorize = new URL(consent.url())
    const storedeskRedirect = new URL(authorize.searchParams.get('redirect_uri') ?? '')
    authorize.searchParams.set('redirect_uri', `http://127.0.0.1:${catcherPort}/oauth/callback`)
    if (options.scope !== undefined) authorize.searchParams.set('scope', options.scope)
    await consent.goto(authorize.href)
    await consent.getByRole('button', { name: 'Install' }).click()
    await consent.waitForURL((url) => url.port === catcherPort)
    const callback = new URL(consent.url())
    callback.host = storedeskRedirect.host
    return callback
  } finally {
    await consent.close()
    catcher.close()
  }
}

/** Opens a callback URL in a tab of its own, as the store's redirect would. */
async function deliver(page: Page, url: URL): Promise<Page> {
  const tab = await page.context().newPage()
  await tab.goto(url.href)
  return tab
}

/** The demo store's signature over the callback's other parameters (docs/demo-store.md). */
function sign(url: URL, clientSecret: string): URL {
  const signed = new URL(url.href)
  signed.searchParams.delete('hmac')
  const message = [...signed.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  signed.searchParams.set('hmac', createHmac('sha256', clientSecret).update(message).digest('hex'))
  return signed
}

async function demoCredentials(demoStore: DemoStoreHandle) {
  return (await demoStore.control('GET', '/app')) as { client_id: string; client_secret: string; shop: string }
}

const storeSwitcher = (page: Page) => page.getByRole('combobox', { name: 'Active store' })
const refusalAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'refused' })

async function connectDemo(page: Page) {
  const consent = await openDemoConsent(page)
  await consent.getByRole('button', { name: 'Install' }).click()
  await expect(consent.getByRole('heading', { name: 'Storedesk is connected to the store' })).toBeVisible()
  await consent.close()
  await expect(page).toHaveURL(/#\/orders$/)
}

test('connects the demo store through its consent page and lands on Orders', async ({ page }) => {
  await expect(page).toHaveURL(/#\/connect$/)
  await expect(storeSwitcher(page)).toContainText('No store connected')

  const consent = await openDemoConsent(page)
  await expect(page.getByText('Waiting for you to approve Storedesk in the store’s page…')).toBeVisible()
  await consent.getByRole('button', { name: 'Install' }).click()
  await expect(consent.getByRole('heading', { name: 'Storedesk is connected to the store' })).toBeVisible()

  await expect(page).toHaveURL(/#\/orders$/)
  await expect(storeSwitcher(page)).toContainText('Demo store')
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Online')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
})

test.describe('declined and bad callbacks are refused with a clear message and change nothing', () => {
  // The host answers a refused callback with 400, which Chromium logs as a console error.
  test.use({ allowedConsoleErrors: ['status of 400'] })

  test('the Cancel button on the consent page', async ({ page }) => {
    const consent = await openDemoConsent(page)
    await consent.getByRole('button', { name: 'Cancel' }).click()
    await expect(refusalAlert(page)).toContainText('You cancelled the installation')
    await expect(storeSwitcher(page)).toContainText('No store connected')
    await expect(page.getByRole('button', { name: 'Try the demo store' })).toBeEnabled()
  })

  test('a tampered hmac', async ({ page }) => {
    const callback = await captureCallback(await openDemoConsent(page))
    const hmac = callback.searchParams.get('hmac') ?? ''
    callback.searchParams.set('hmac', hmac.slice(0, -1) + (hmac.endsWith('0') ? '1' : '0'))

    const tab = await deliver(page, callback)
    await expect(tab.getByRole('heading', { name: 'Storedesk did not connect' })).toBeVisible()
    await expect(refusalAlert(page)).toContainText('signature (hmac) does not match')
    await expect(page.getByText('No store is connected yet.')).toBeVisible()
    await expect(storeSwitcher(page)).toContainText('No store connected')
  })

  test('a callback from a foreign shop, even correctly signed', async ({ page, demoStore }) => {
    const { client_secret } = await demoCredentials(demoStore)
    const callback = await captureCallback(await openDemoConsent(page))
    callback.searchParams.set('shop', 'evil.example.com')

    await deliver(page, sign(callback, client_secret))
    await expect(refusalAlert(page)).toContainText('came from a different store (evil.example.com)')
    await expect(page.getByText('No store is connected yet.')).toBeVisible()
  })

  test('a stale callback, for an attempt the user cancelled', async ({ page }) => {
    const callback = await captureCallback(await openDemoConsent(page))
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByText('Waiting for you to approve Storedesk in the store’s page…')).toBeHidden()

    await deliver(page, callback)
    await expect(refusalAlert(page)).toContainText('This connect attempt was cancelled')
    await expect(page.getByText('No store is connected yet.')).toBeVisible()
  })

  test('a store-signed callback without state, while reconnecting, leaves the connection as it was', async ({ page, demoStore }) => {
    await connectDemo(page)
    const { client_secret } = await demoCredentials(demoStore)
    await storeSwitcher(page).click()
    await page.getByText('Add a store…').click()
    // An attempt for the same shop is pending while a callback the app did not ask for arrives:
    // genuinely signed by the store, granting fewer permissions, and carrying no state.
    const callback = await captureCallback(await openDemoConsent(page), { scope: 'read_orders' })
    callback.searchParams.delete('state')

    const tab = await deliver(page, sign(callback, client_secret))
    await expect(tab.getByRole('heading', { name: 'Storedesk did not connect' })).toBeVisible()
    await expect(tab.getByRole('status')).toContainText('carries no state')
    await expect(refusalAlert(page)).toContainText('carries no state')

    await page.getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('button', { name: /^Disconnect / })).toHaveCount(1)
    // Each permission in words, its code beside it in the connection's details.
    for (const [code, words] of <[string, string][]>[['read_orders', 'See orders and abandoned checkouts'], ['write_orders', 'Fix shipping addresses'], ['read_content', 'See blog posts'], ['write_content', 'Write, publish and organise']]) {
      await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^\\s*${words}[^]*${code}\\s*$`) })).toBeVisible()
    }
  })

  test('a replayed callback is refused and exchanges its code once', async ({ page }) => {
    const callback = await captureCallback(await openDemoConsent(page))
    const first = await deliver(page, callback)
    await expect(first.getByRole('heading', { name: 'Storedesk is connected to the store' })).toBeVisible()
    await expect(page).toHaveURL(/#\/orders$/)

    const replay = await deliver(page, callback)
    await expect(replay.getByRole('heading', { name: 'Storedesk did not connect' })).toBeVisible()
    await expect(refusalAlert(page)).toContainText('already used')

    await page.getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('button', { name: /^Disconnect / })).toHaveCount(1)
  })
})

test('switches between two stores and disconnects one after confirming', async ({ page, demoStore }) => {
  await connectDemo(page)
  const { client_id, client_secret, shop } = await demoCredentials(demoStore)

  // A second connection to the same store, made through the form as for a real store.
  await storeSwitcher(page).click()
  await page.getByText('Add a store…').click()
  await expect(page).toHaveURL(/#\/connect$/)
  await page.getByLabel('Store address').fill(demoStore.url)
  await page.getByLabel('Client ID').fill(client_id)
  await page.getByLabel('Client secret').fill(client_secret)
  for (const scope of ['read_orders', 'write_orders', 'read_content', 'write_content']) {
    await expect(page.getByRole('checkbox', { name: new RegExp(scope) })).toBeChecked()
  }
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  // The browser shell cannot encrypt secrets: the form says so and asks first.
  const consentOpened = page.context().waitForEvent('page')
  await page.getByRole('button', { name: 'Connect anyway' }).click()
  const consent = await consentOpened
  await consent.getByRole('button', { name: 'Install' }).click()
  await expect(page).toHaveURL(/#\/orders$/)
  await expect(storeSwitcher(page)).toContainText(shop)
  await expect(storeSwitcher(page)).not.toContainText('Demo store')

  // Switch back to the demo connection from the switcher, with the keyboard.
  await storeSwitcher(page).focus()
  await page.keyboard.press('Enter')
  await page.getByText(`Demo store (${shop})`).click()
  await expect(storeSwitcher(page)).toContainText('Demo store')

  await page.getByRole('link', { name: 'Settings' }).click()
  const disconnectButtons = page.getByRole('button', { name: /^Disconnect / })
  await expect(disconnectButtons).toHaveCount(2)
  await page.getByRole('button', { name: `Disconnect Demo store (${shop})` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('deletes this store’s access token')
  await dialog.getByRole('button', { name: 'Keep connected' }).click()
  await expect(disconnectButtons).toHaveCount(2)

  await page.getByRole('button', { name: `Disconnect Demo store (${shop})` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
  await expect(disconnectButtons).toHaveCount(1)
  await expect(page.getByRole('button', { name: `Disconnect Demo store (${shop})` })).toHaveCount(0)
})

test('where secrets cannot be encrypted, connecting a store says so first, and Cancel starts nothing', async ({ page, demoStore }) => {
  const { client_id, client_secret } = await demoCredentials(demoStore)
  await page.getByLabel('Store address').fill(demoStore.url)
  await page.getByLabel('Client ID').fill(client_id)
  await page.getByLabel('Client secret').fill(client_secret)
  let tabsOpened = 0
  page.context().on('page', () => tabsOpened++)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()

  const notice = page.getByRole('alert').filter({ hasText: 'will not be encrypted' })
  await expect(notice).toContainText('kept in a file only your user account can read')
  await expect(notice.getByRole('button', { name: 'Connect anyway' })).toBeVisible()
  await notice.getByRole('button', { name: 'Cancel' }).click()
  await expect(notice).toBeHidden()
  await expect(page.getByText('Waiting for you to approve Storedesk in the store’s page…')).toBeHidden()
  expect(tabsOpened).toBe(0)
  await expect(storeSwitcher(page)).toContainText('No store connected')

  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Secrets are not encrypted' })).toContainText('only your user account can read')
})

test('disconnecting the last store leads back to Connect', async ({ page }) => {
  await connectDemo(page)
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: /^Disconnect Demo store/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByText('No store is connected yet.')).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connect a store' }).click()
  await expect(page).toHaveURL(/#\/connect$/)
  await page.goto(page.url().replace(/#.*$/, '#/orders'))
  await expect(page).toHaveURL(/#\/connect$/)
})

test('stays connected after a reload', async ({ page }) => {
  await connectDemo(page)
  await page.reload()
  await expect(page).toHaveURL(/#\/orders$/)
  await expect(storeSwitcher(page)).toContainText('Demo store')
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Online')
})

test('a store address that is only a word, or where nothing answers, is said at once and opens no tab', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Connect a store', level: 1 })).toBeVisible()
  let tabs = 0
  page.context().on('page', () => tabs++)
  await page.getByLabel('Store address').fill('acme')
  await page.getByLabel('Client ID').fill('client')
  await page.getByLabel('Client secret').fill('secret')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(page.getByText('That is only part of an address. Enter the whole domain, for example acme.example.com.')).toBeVisible()

  // Port 1 on this computer: nothing listens there.
  await page.getByLabel('Store address').fill('http://127.0.0.1:1')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await page.getByRole('button', { name: 'Connect anyway' }).click()
  await expect(page.getByRole('alert')).toContainText('Nothing answered at 127.0.0.1:1. Check the store’s address and your connection, then try again.')
  await expect(page.getByText('Waiting for you to approve Storedesk')).toBeHidden()
  expect(tabs).toBe(0)
})
