// Customers and order tags end to end on the demo store (issue 31): the customer with the most
// orders shows the count and the money the store's own orders add up to, and their page lists
// every one of them; tags put on three selected orders reach the store for exactly those three,
// and a second desk on the same store shows them after its sync and filters by them; a tag
// added offline arrives once when the store answers; a note is on the order and, when asked,
// on the pick list; an undone tag never reaches the store.
import type { Page } from '@playwright/test'
import type { Order } from '../electron/common/store-api/resources'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { setUndoWindow } from './support/undo-window'
import { storeOrders } from './support/store-orders'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

interface MetaValue {
  meta_field_id: string
  namespace: string
  key: string
  value: string | null
}

async function go(page: Page, hash: string) {
  await page.evaluate((h) => (location.hash = h), hash)
}

/** Waits until the app's first sync has read every resource (tags and notes last). */
async function waitForSync(page: Page) {
  await go(page, '#/sync')
  for (const name of [/^Orders/, /^Order tags and notes/]) await expect(page.getByRole('row', { name })).toContainText('Complete', { timeout: 90_000 })
}

async function orderValues(demoStore: DemoStoreHandle, id: number): Promise<MetaValue[]> {
  for (;;) {
    const res = await demoStore.api(`/openapi/2021-08/orders/${id}/meta_fields`)
    // This test's own reads share the store's rate limit (40 at once, 4 a second): wait as told.
    if (res.status === 429) await new Promise((wait) => setTimeout(wait, Number(res.headers.get('retry-after') ?? 1) * 1000))
    else return ((await res.json()) as { data: MetaValue[] }).data
  }
}

/** The order's value of the app's field (storedesk.<key>), as another client of the store reads it. */
async function appValue(demoStore: DemoStoreHandle, id: number, key: 'tags' | 'note'): Promise<string | null> {
  return (await orderValues(demoStore, id)).find((v) => v.namespace === 'storedesk' && v.key === key)?.value ?? null
}

async function valueWrites(demoStore: DemoStoreHandle): Promise<{ resourceId: number; value: string }[]> {
  return ((await demoStore.control('GET', '/meta-field-writes')) as { data: { resourceId: number; value: string }[] }).data
}

const cents = (n: number | string | undefined) => Math.round(Number(n ?? 0) * 100)
const dollars = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

const grid = (page: Page) => page.getByRole('grid', { name: 'Orders' })
const orderRow = (page: Page, number: string) => grid(page).getByRole('row', { name: new RegExp(`Order #${number}\\b`) })

test('the customer with the most orders shows their count and what they spent, and their page lists every order', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await waitForSync(page)

  // Computed here from the store's own orders: grouped by e-mail, spent = paid orders less refunds.
  const orders = await storeOrders(demoStore)
  const byEmail = new Map<string, Order[]>()
  for (const o of orders) byEmail.set(o.billing_address.email.trim().toLowerCase(), [...(byEmail.get(o.billing_address.email.trim().toLowerCase()) ?? []), o])
  const [email, theirs] = [...byEmail.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0]!
  expect(theirs.length).toBeGreaterThan(1)
  const refunded = (o: Order) => ((o.refunds ?? []).length > 0 ? o.refunds!.reduce((sum, r) => sum + cents(r.refund_amount), 0) : cents(o.refund_amount))
  const spent = theirs.filter((o) => o.financial_status !== 'unpaid').reduce((sum, o) => sum + cents(o.order_total) - refunded(o), 0)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  // Sorted by orders, most first: theirs is the top row.
  await page.getByRole('columnheader', { name: 'Orders' }).getByRole('button').click()
  const customers = page.getByRole('grid', { name: 'Customers' })
  const top = customers.getByRole('row').first()
  await expect(top).toContainText(email)
  await expect(top.getByRole('gridcell').nth(1)).toHaveText(String(theirs.length))
  await expect(top.getByRole('gridcell').nth(2)).toHaveText(dollars(spent))

  // Found by search too, then opened.
  await page.getByRole('textbox', { name: 'Search customers' }).fill(email.toUpperCase())
  await expect(customers.getByRole('row')).toHaveCount(1)
  await customers.getByRole('row').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const listed = page.getByRole('table').filter({ hasText: 'Order' }).getByRole('link', { name: /^#\d+$/ })
  await expect(listed).toHaveCount(theirs.length)
  expect((await listed.allTextContents()).sort()).toEqual(theirs.map((o) => `#${o.number}`).sort())
  await expect(page.getByRole('definition').filter({ hasText: dollars(spent) }).first()).toBeVisible()

  // From one of their orders, back to the customer page.
  await page.getByRole('link', { name: `#${theirs[0]!.number}` }).first().click()
  await expect(page.getByRole('heading', { name: `Order #${theirs[0]!.number}` })).toBeVisible()
  await page.getByRole('link', { name: 'Customer page' }).click()
  await expect(page.getByRole('table').filter({ hasText: 'Order' }).getByRole('link', { name: /^#\d+$/ })).toHaveCount(theirs.length)
})

test('tags three selected orders; the store has them on exactly those, and another desk shows and filters by them after its sync', async ({ page, demoStore, otherDesk }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForSync(page)

  // Back while the app asks to add its field: the question goes with the page, and nothing changes.
  const [first] = await storeOrders(demoStore)
  await go(page, `#/orders/${first!.ID}`)
  const card = page.getByRole('region', { name: 'Tags and note' })
  await card.getByRole('combobox', { name: 'Add a tag' }).fill('fragile')
  await card.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('dialog').filter({ hasText: 'Keep order tags on the store?' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Sync', level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const fields = (await (await demoStore.api('/openapi/2021-08/meta_fields')).json()) as { data: { namespace: string }[] }
  expect(fields.data.filter((f) => f.namespace === 'storedesk')).toEqual([])

  await go(page, '#/orders')
  const rows = grid(page).getByRole('row')
  await expect(rows.first()).toBeVisible()
  const numbers = (await rows.locator('.order-row__number').allTextContents()).slice(0, 3).map((t) => t.replace('#', '').trim())
  for (const number of numbers) await page.getByRole('checkbox', { name: `Select order #${number}` }).click()
  const bulk = page.getByRole('region', { name: 'Selected orders' })
  await expect(bulk).toContainText('3 selected')
  await bulk.getByRole('button', { name: 'Tags…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tags for the selected orders' })
  await dialog.getByRole('combobox', { name: 'Tag to add' }).fill('fragile')
  await dialog.getByRole('button', { name: 'Choose' }).click()
  await dialog.getByRole('button', { name: 'Add to 3 orders' }).click()
  // The first tag on this store: the app asks before it adds its field there.
  const consent = page.getByRole('dialog').filter({ hasText: 'Keep order tags on the store?' })
  await expect(consent).toContainText('storedesk.tags')
  await consent.getByRole('button', { name: 'Add the field' }).click()
  await expect(page.getByText('Tagged 3 orders “fragile”')).toBeVisible()
  for (const number of numbers) await expect(orderRow(page, number).getByRole('list', { name: 'Tags' })).toHaveText('fragile')

  // On the store: exactly those three orders carry the tag.
  const all = await storeOrders(demoStore)
  const tagged = async () => {
    const found: string[] = []
    for (const o of all) if ((await appValue(demoStore, o.ID, 'tags')) === 'fragile') found.push(o.number)
    return found.sort()
  }
  await expect.poll(tagged, { timeout: 60_000 }).toEqual([...numbers].sort())
  const field = (await orderValues(demoStore, all[0]!.ID)).find((v) => v.namespace === 'storedesk' && v.key === 'tags')
  expect(field).toMatchObject({ key: 'tags', namespace: 'storedesk' })

  // Another desk on the same store: its first sync brings the tags; its filter finds those three.
  const other = otherDesk.page
  await connectDemoStore(other)
  await waitForSync(other)
  await go(other, '#/orders')
  await other.getByRole('combobox', { name: 'Tags' }).click()
  await other.getByRole('option', { name: 'fragile' }).click()
  await other.keyboard.press('Escape')
  await expect(other).toHaveURL(/tags=fragile/)
  const filtered = grid(other).getByRole('row')
  await expect(filtered).toHaveCount(3)
  expect((await filtered.locator('.order-row__number').allTextContents()).map((t) => t.replace('#', '').trim()).sort()).toEqual([...numbers].sort())
  for (const number of numbers) await expect(orderRow(other, number).getByRole('list', { name: 'Tags' })).toHaveText('fragile')
})

/** The app's tags field, made on the store by another client before the app connects: the app uses it as it is. */
async function tagsFieldOnStore(demoStore: DemoStoreHandle) {
  const res = await demoStore.api('/openapi/2021-08/meta_fields', {
    method: 'POST',
    body: JSON.stringify({ key: 'tags', namespace: 'storedesk', name: 'Order tags', resource_type: 'order', type: 'text', status: 'enabled' }),
  })
  expect(res.status).toBe(201)
}

test('a tag added offline shows at once and arrives once when the store answers', async ({ page, demoStore }) => {
  await tagsFieldOnStore(demoStore)
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForSync(page)
  const [order] = await storeOrders(demoStore)
  await go(page, `#/orders/${order!.ID}`)
  await expect(page.getByRole('heading', { name: `Order #${order!.number}` })).toBeVisible()

  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  const card = page.getByRole('region', { name: 'Tags and note' })
  await card.getByRole('combobox', { name: 'Add a tag' }).fill('Gift wrap')
  await card.getByRole('button', { name: 'Add', exact: true }).click()
  // The field already on the store is used: no question asked.
  await expect(card.getByRole('list', { name: `Tags of order #${order!.number}` })).toHaveText('Gift wrap')
  await expect(card.getByRole('status')).toHaveText('Not yet sent')
  await page.waitForTimeout(1500)
  expect(await valueWrites(demoStore)).toEqual([])

  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  await expect.poll(() => appValue(demoStore, order!.ID, 'tags'), { timeout: 45_000 }).toBe('Gift wrap')
  await expect(card.getByRole('status')).toHaveCount(0, { timeout: 30_000 })
  // Later passes of the replayer and the sync send nothing more.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await page.waitForTimeout(3000)
  expect((await valueWrites(demoStore)).filter((w) => w.resourceId === order!.ID)).toEqual([expect.objectContaining({ value: 'Gift wrap' })])
})

test('a note is kept on the order and printed on the pick list when asked; an undone tag never reaches the store', async ({ page, demoStore }) => {
  await tagsFieldOnStore(demoStore)
  await connectDemoStore(page)
  await waitForSync(page)
  const [order] = await storeOrders(demoStore)
  await go(page, `#/orders/${order!.ID}`)
  const card = page.getByRole('region', { name: 'Tags and note' })

  // The undo window (10 s by default): undone, nothing is sent.
  await card.getByRole('combobox', { name: 'Add a tag' }).fill('VIP')
  await card.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(card.getByRole('list', { name: `Tags of order #${order!.number}` })).toHaveText('VIP')
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(card.getByText('No tags yet.')).toBeVisible()

  // The note: the first one asks to add the app's note field.
  await setUndoWindow(page, 0)
  await card.getByRole('textbox', { name: 'Internal note' }).fill('Leave at the back door.\nRing twice.')
  await card.getByRole('button', { name: 'Save note' }).click()
  await page.getByRole('dialog').filter({ hasText: 'Keep order internal notes on the store?' }).getByRole('button', { name: 'Add the field' }).click()
  await expect.poll(() => appValue(demoStore, order!.ID, 'note'), { timeout: 30_000 }).toBe('Leave at the back door.\nRing twice.')
  expect(await appValue(demoStore, order!.ID, 'tags')).toBeNull()
  expect((await valueWrites(demoStore)).map((w) => w.value)).toEqual(['Leave at the back door.\nRing twice.'])

  await go(page, `#/orders/print?kind=pick&ids=${order!.ID}`)
  const sheet = page.getByRole('article', { name: 'Pick list' })
  await expect(sheet).toBeVisible()
  await expect(sheet.getByRole('region', { name: 'Order notes' })).toHaveCount(0)
  await page.getByRole('switch', { name: 'Print the orders’ internal notes under the pick list' }).click()
  await expect(sheet.getByRole('region', { name: 'Order notes' })).toContainText(`#${order!.number}`)
  await expect(sheet.getByRole('region', { name: 'Order notes' })).toContainText('Leave at the back door.')
})
