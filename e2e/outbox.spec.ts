// The outbox end to end on the demo store: writes made while the store cannot be reached are
// shown at once and go out by themselves within seconds of the store answering again (after a
// reload, and after the whole app restarted), with nobody pressing "Send now"; a reload in the
// middle of sending loses nothing and sends nothing twice; a change the store's copy moved under
// is stopped and shown with both versions.
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

async function storePostsTitled(demoStore: DemoStoreHandle, title: string) {
  const response = await demoStore.api(`/openapi/2021-08/blogs?filter[key]=${encodeURIComponent(title)}`)
  return ((await response.json()) as { data: { title: string }[] }).data.filter((b) => b.title === title)
}

async function writePost(page: Page, title: string) {
  await go(page, '#/blogs')
  await page.getByRole('button', { name: 'New post' }).click()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Post content' }).click()
  await page.keyboard.type('Written while the store could not be reached.')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
}

/** Two tracking numbers (customer e-mailed) and a new post, queued while every connection to the store is dropped. */
async function queueWhileStoreIsAway(page: Page, demoStore: DemoStoreHandle, tag: string) {
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await addTracking(page, 1001, `${tag}1001`)
  await addTracking(page, 1002, `${tag}1002`)
  await writePost(page, `${tag} post`)
  await go(page, '#/sync')
  await expectQueued(page, tag)
  // The writes have been tried and found the store away: they wait on their backoff.
  const unsent = page.getByRole('list', { name: 'Changes not yet sent' }).getByRole('listitem')
  await expect(unsent.filter({ hasText: /Next try in/ }).first()).toBeVisible({ timeout: 30_000 })
}

async function expectQueued(page: Page, tag: string) {
  const unsent = page.getByRole('list', { name: 'Changes not yet sent' }).getByRole('listitem')
  for (const label of [`Tracking ${tag}1001`, `Tracking ${tag}1002`, `New post “${tag} post”`]) await expect(unsent.filter({ hasText: label })).toHaveCount(1)
}

/** Within 10 s of the store answering, it holds each write exactly once. */
async function expectDeliveredOnce(demoStore: DemoStoreHandle, tag: string) {
  const restoredAt = Date.now()
  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  const emails = async () => ((await demoStore.control('GET', '/emails')) as { data: { orderId: number; trackno: string }[] }).data
  const delivered = async () => {
    const sent = await emails()
    const tracked = await Promise.all([1001, 1002].map(async (id) => (await storeOrder(demoStore, id)).trackno === `${tag}${id}`))
    return tracked.every(Boolean) && (await storePostsTitled(demoStore, `${tag} post`)).length === 1 && sent.filter((e) => e.trackno.startsWith(tag)).length === 2
  }
  await expect.poll(delivered, { timeout: 10_000, intervals: [250] }).toBe(true)
  expect(Date.now() - restoredAt).toBeLessThan(10_000)
  // And nothing arrives a second time afterwards.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  const sent = await emails()
  for (const id of [1001, 1002]) expect(sent.filter((e) => e.orderId === id && e.trackno === `${tag}${id}`)).toHaveLength(1)
  expect(await storePostsTitled(demoStore, `${tag} post`)).toHaveLength(1)
}

test('queued writes go out by themselves within 10 s of the store answering again, after a reload', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  await queueWhileStoreIsAway(page, demoStore, 'AUTO')
  await page.reload()
  await go(page, '#/sync')
  await expectQueued(page, 'AUTO')
  await expectDeliveredOnce(demoStore, 'AUTO')
  await expect(page.getByText('Every change has reached the store.')).toBeVisible()
})

test('queued writes go out by themselves after the whole app restarted while the store was away', async ({ storedesk, demoStore }) => {
  test.setTimeout(180_000)
  let page = storedesk.page
  await connectDemoStore(page)
  await waitForFirstSync(page)
  await queueWhileStoreIsAway(page, demoStore, 'BOOT')
  page = await storedesk.restart()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await expectDeliveredOnce(demoStore, 'BOOT')
})

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

  // The store answers again, slowly: the app notices by itself; reload while a write is on its way.
  await demoStore.control('PUT', '/faults', { dropRate: 0, latencyMs: 1500 })
  await expect(unsent.filter({ has: page.getByText('Sending', { exact: true }) })).toHaveCount(1, { timeout: 15_000 })
  await page.reload()
  await go(page, '#/sync')
  await demoStore.control('PUT', '/faults', { latencyMs: 0 })
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
