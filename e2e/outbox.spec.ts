// The outbox end to end on the demo store: writes made while the store cannot be reached are
// shown at once and sent later; a reload in the middle of sending loses nothing and sends
// nothing twice; a change the store's copy moved under is stopped and shown with both versions.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })


async function go(page: Page, hash: string) {
  await page.evaluate((h) => (location.hash = h), hash)
}

async function waitForFirstSync(page: Page) {
  await go(page, '#/sync')
  await expect(page.getByRole('row', { name: /^Orders/ })).toContainText('Complete', { timeout: 90_000 })
}

async function addTracking(page: Page, orderId: number, trackno: string) {
  await go(page, `#/orders/${orderId}`)
  await page.getByRole('button', { name: 'Add tracking' }).click()
  await page.getByRole('textbox', { name: 'Tracking number' }).fill(trackno)
  const email = page.getByRole('switch', { name: 'E-mail the customer' })
  if ((await email.getAttribute('aria-checked')) !== 'true') await email.click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Confirm tracking' }).click()
  await expect(page.getByText('Changes to this order are not yet sent to the store')).toBeVisible()
}

async function storeOrder(demoStore: DemoStoreHandle, id: number) {
  return ((await (await demoStore.api(`/openapi/2025-04/orders/${id}`)).json()) as { data: { trackno?: string; shipping_address: { city: string } } }).data
}

const ORDERS = [1001, 1002, 1003]

test('a reload in the middle of sending delivers every queued write exactly once', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)

  // The store cannot be reached: the writes are queued and shown at once.
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  for (const id of ORDERS) await addTracking(page, id, `ONCE${id}`)
  await go(page, '#/sync')
  const unsent = page.getByRole('list', { name: 'Changes not yet sent' }).getByRole('listitem')
  await expect(unsent.filter({ hasText: 'ONCE' })).toHaveCount(3)

  // The store answers again, slowly: reload while the first write is on its way.
  await demoStore.control('PUT', '/faults', { dropRate: 0, latencyMs: 1500 })
  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(unsent.filter({ hasText: 'Sending' })).toHaveCount(1)
  await page.reload()
  await go(page, '#/sync')
  await demoStore.control('PUT', '/faults', { latencyMs: 0 })
  await page.getByRole('button', { name: 'Send now' }).click({ timeout: 5_000 }).catch(() => undefined)
  await expect(page.getByText('Every change has reached the store.')).toBeVisible({ timeout: 60_000 })

  const emails = (await demoStore.control('GET', '/emails')) as { data: { orderId: number; trackno: string }[] }
  for (const id of ORDERS) {
    expect((await storeOrder(demoStore, id)).trackno).toBe(`ONCE${id}`)
    expect(emails.data.filter((e) => e.orderId === id && e.trackno === `ONCE${id}`)).toHaveLength(1)
  }
})

test('a shipping address changed on the store meanwhile is not overwritten: both versions are shown and the user chooses', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  const before = await storeOrder(demoStore, 1004)

  // Another operator changes the address on the store after this app cached it. The app does
  // not sync again for minutes, so its copy (and the base of its edit) stays the one it cached;
  // changing the store first means the app's queued write cannot slip through before it.
  const theirs = { ...before.shipping_address, city: 'Their City' } as Record<string, string>
  const res = await demoStore.api('/openapi/2025-04/orders/1004/shipping', {
    method: 'POST',
    body: JSON.stringify({ shipping: Object.fromEntries(['country', 'state', 'city', 'first_name', 'last_name', 'address_1', 'address_2', 'phone', 'postcode'].map((k) => [k, theirs[k] ?? ''])) }),
  })
  expect(res.status).toBe(200)

  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await go(page, '#/orders/1004')
  await expect(page.getByText(before.shipping_address.city).first()).toBeVisible()
  await page.getByRole('button', { name: 'Edit shipping address' }).click()
  await page.getByRole('textbox', { name: 'City' }).fill('Mine City')
  await page.getByRole('button', { name: 'Review change' }).click()
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('Changes to this order are not yet sent to the store')).toBeVisible()
  await demoStore.control('PUT', '/faults', { dropRate: 0 })

  await go(page, '#/sync')
  await page.getByRole('button', { name: 'Send now' }).click()
  const conflict = page.getByRole('article', { name: /^Conflict:/ })
  await expect(conflict).toBeVisible({ timeout: 90_000 })
  const cityRow = conflict.getByRole('row', { name: /^city/ })
  await expect(cityRow).toContainText(before.shipping_address.city)
  await expect(cityRow).toContainText('Their City')
  await expect(cityRow).toContainText('Mine City')
  expect((await storeOrder(demoStore, 1004)).shipping_address.city).toBe('Their City')

  await conflict.getByRole('button', { name: /^Keep mine/ }).click()
  await expect(page.getByText('Every change has reached the store.')).toBeVisible({ timeout: 90_000 })
  expect((await storeOrder(demoStore, 1004)).shipping_address.city).toBe('Mine City')
})

test('disconnecting warns with the unsent changes listed, and then deletes the store’s cache and outbox', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await addTracking(page, 1005, 'UNSENT1005')

  const disconnect = async () => {
    await go(page, '#/settings')
    await page.getByRole('button', { name: /^Disconnect Demo store/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect', exact: true }).click()
    const warning = page.getByRole('dialog').filter({ hasText: 'has not reached the store' })
    await expect(warning).toContainText('1 change has not reached the store')
    await expect(warning).toContainText('UNSENT1005')
    return warning
  }

  const kept = await disconnect()
  await kept.getByRole('button', { name: 'Keep the store connected' }).click()
  await expect(kept).toBeHidden()
  await expect(page.getByRole('status', { name: 'Connection' })).not.toContainText('Not connected')
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith('storedesk-')))
  expect(await databases()).toHaveLength(1)

  await (await disconnect()).getByRole('button', { name: 'Disconnect and lose them' }).click()
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText('Not connected')
  await expect.poll(databases).toEqual([])
  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  expect((await storeOrder(demoStore, 1005)).trackno ?? '').not.toBe('UNSENT1005')
})
