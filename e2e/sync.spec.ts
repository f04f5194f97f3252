// Sync end to end on the demo store: the first sync fills the cache with visible progress,
// survives the connection dropping in the middle (resuming where it stopped), a 429 storm
// still ends with the cache equal to the store, and another desk's write stamped before the
// newest change the app has seen still reaches the order list.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { shippableOrders, storeOrder } from './support/store-orders'

test.use({ demoStoreOptions: ['--seed', '42', '--orders', '1100'], allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })


async function openSync(page: Page) {
  await page.evaluate(() => (location.hash = '#/sync'))
  await expect(page.getByRole('heading', { name: 'Sync', level: 1 })).toBeVisible()
}

function cachedRow(page: Page, resource: string) {
  return page.getByRole('row', { name: new RegExp(`^${resource}`) })
}

/** Every row of one table of the app's cache, read from IndexedDB inside the page. */
async function readCacheTable<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(async (tableName) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('storedesk-'))
    if (names.length !== 1) throw new Error(`expected one store cache, found ${names.join(', ') || 'none'}`)
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(names[0]!)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      return await new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(tableName, 'readonly').objectStore(tableName).getAll()
        request.onsuccess = () => resolve(request.result as T[])
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  }, table)
}

interface OrderSnapshot {
  ID: number
  post_modified: string
  trackno?: string
  fulfillment_status: string
}

/**
 * The orders the cache holds, as the order list reads them: its index rows (the orders
 * themselves are stored compressed), the later block winning. A row is [ID, search text,
 * fulfillment, financial, status, created, modified, ...]; the search text holds the tracking
 * number.
 */
async function cachedOrders(page: Page): Promise<{ ID: number; post_modified: string; fulfillment_status: string; search: string }[]> {
  const rows = new Map<number, [number, string, string, string, string, string, string]>()
  for (const block of await readCacheTable<{ rows: [number, string, string, string, string, string, string][]; deleted: number[] }>(page, 'orderIndexBlocks')) {
    for (const row of block.rows) rows.set(row[0], row)
    for (const id of block.deleted) rows.delete(id)
  }
  return [...rows.values()].map((row) => ({ ID: row[0], search: row[1], fulfillment_status: row[2], post_modified: row[6] }))
}

async function storeOrders(demoStore: DemoStoreHandle): Promise<OrderSnapshot[]> {
  const all: OrderSnapshot[] = []
  for (let page = 1; ; page++) {
    const res = await demoStore.api(`/openapi/2025-04/orders?page=${page}&page_size=250&sort=date`)
    const body = (await res.json()) as { data: OrderSnapshot[]; meta: { last_page: number } }
    all.push(...body.data)
    if (page >= body.meta.last_page) return all
  }
}

const snapshot = (orders: Omit<OrderSnapshot, 'trackno'>[]) => orders.map((o) => ({ ID: o.ID, post_modified: o.post_modified, fulfillment_status: o.fulfillment_status })).sort((a, b) => a.ID - b.ID)

test('the first sync fills the cache and the panel says what is cached', async ({ page }) => {
  // 1,100 orders through the whole stack on a shared two-core machine.
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await openSync(page)
  await expect(cachedRow(page, 'Orders')).toContainText('1,100 of 1,100 on the store', { timeout: 90_000 })
  await expect(cachedRow(page, 'Orders')).toContainText('Complete')
  await expect(cachedRow(page, 'Blog posts')).toContainText('Complete')
})

test('the connection drops in the middle of the first sync, and the next sync resumes where it stopped', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  // Slow enough that the drop lands between pages of orders: each request waits out the latency
  // before the drop is decided, so pages already asked for are dropped too, even when the
  // panel shows the first page late on a loaded machine.
  await demoStore.control('PUT', '/faults', { latencyMs: 3000 })
  await connectDemoStore(page)
  await openSync(page)
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/250 of 1,100/, { timeout: 90_000 })
  await demoStore.control('PUT', '/faults', { latencyMs: 0, dropRate: 1 })

  await expect(cachedRow(page, 'Orders')).toContainText(/Stopped at page \d; resumes there/, { timeout: 90_000 })
  const partial = (await cachedOrders(page)).length
  expect(partial).toBeGreaterThanOrEqual(250)
  expect(partial).toBeLessThan(1100)

  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect(cachedRow(page, 'Orders')).toContainText('1,100 of 1,100 on the store', { timeout: 90_000 })
  await expect(cachedRow(page, 'Orders')).toContainText('Complete')
  expect(snapshot(await cachedOrders(page))).toEqual(snapshot(await storeOrders(demoStore)))
})

test('a storm of 429 answers still ends with the cache equal to the store', async ({ page, demoStore }) => {
  // Every throttled request waits out its Retry-After (1 s): a slow test by design.
  test.setTimeout(240_000)
  await connectDemoStore(page)
  await openSync(page)
  await expect(cachedRow(page, 'Orders')).toContainText('Complete', { timeout: 90_000 })

  // Another client changes orders on the store while every other request is throttled.
  for (const id of [1001, 1500, 2100]) {
    const res = await demoStore.api(`/openapi/2025-04/orders/${id}/track`, { method: 'POST', body: JSON.stringify({ trackno: `STORM${id}`, sendemail: false }) })
    expect(res.status).toBe(200)
  }
  await demoStore.control('PUT', '/faults', { throttleRate: 0.5 })
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled({ timeout: 60_000 })
  await demoStore.control('PUT', '/faults', { throttleRate: 0 })
  // A sync the storm cut short is finished by the next one; the cache must match the store either way.
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Up to date', { timeout: 60_000 })

  const cached = await cachedOrders(page)
  expect(snapshot(cached)).toEqual(snapshot(await storeOrders(demoStore)))
  expect(cached.filter((o) => o.search.includes('storm')).map((o) => o.ID).sort((a, b) => a - b)).toEqual([1001, 1500, 2100])
})

test('the first sync shows its progress in the frame on every screen, and the app stays usable meanwhile', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await demoStore.control('PUT', '/faults', { latencyMs: 1500 })
  await connectDemoStore(page)
  const frame = page.getByRole('complementary').getByRole('status', { name: 'Sync progress in the frame' })
  await expect(frame).toContainText(/Reading (orders|abandoned checkouts|blog posts|blog collections|meta field definitions) from the store/, { timeout: 30_000 })
  await expect(frame).toContainText(/[\d,]+ of [\d,]+/)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click()
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Blog posts' })).toBeVisible()
  await expect(frame).toBeVisible()
  // The Sync page lists what is cached so far while the sync runs.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync', exact: true }).click()
  const cached = page.getByRole('region', { name: 'Cached data' })
  await expect(cached.getByRole('rowheader', { name: 'Orders' })).toBeVisible()
  await expect(cached.getByRole('row', { name: /^Orders [\d,]+/ })).toBeVisible()
  await demoStore.control('PUT', '/faults', { latencyMs: 0 })
  await expect(frame).toBeHidden({ timeout: 90_000 })
})

/** Runs a sync from the Sync page and waits until it is done. */
async function syncNow(page: Page) {
  await openSync(page)
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Up to date', { timeout: 60_000 })
}

/** The order list searched for `text`: the rows it shows. */
async function searchOrders(page: Page, text: string) {
  await page.evaluate(() => (location.hash = '#/orders'))
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'Search orders' }).fill(text)
  return page.getByRole('grid', { name: 'Orders' }).getByRole('row')
}

test('another desk\'s write stamped 30 s before the newest change the app saw still reaches the order list and page', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await openSync(page)
  await expect(cachedRow(page, 'Orders')).toContainText('Complete', { timeout: 90_000 })
  const [quick, slow] = await shippableOrders(demoStore)

  // A quick write of another desk; the app's next sync sees it: it is now the newest change the app has.
  expect((await demoStore.api(`/openapi/2025-04/orders/${quick!.ID}/track`, { method: 'POST', body: JSON.stringify({ trackno: 'QUICKDESK1', sendemail: false }) })).status).toBe(200)
  await syncNow(page)
  await expect(await searchOrders(page, 'QUICKDESK1')).toHaveText([new RegExp(`#${quick!.number}`)])
  const newest = (await storeOrder(demoStore, quick!.ID)).post_modified_gmt

  // A slow write that began 30 s before it and commits only now: the store stamps it then.
  const skewSeconds = Math.round((Date.parse(`${newest.replace(' ', 'T')}Z`) - 30_000 - Date.now()) / 1000)
  await demoStore.control('PUT', '/clock', { skewSeconds })
  expect((await demoStore.api(`/openapi/2025-04/orders/${slow!.ID}/track`, { method: 'POST', body: JSON.stringify({ trackno: 'SLOWDESK1', sendemail: false }) })).status).toBe(200)
  await demoStore.control('PUT', '/clock', { skewSeconds: 0 })
  const stamped = (await storeOrder(demoStore, slow!.ID)).post_modified_gmt
  expect(stamped < newest, `${stamped} is before ${newest}`).toBe(true)

  await syncNow(page)
  const rows = await searchOrders(page, 'SLOWDESK1')
  await expect(rows).toHaveText([new RegExp(`#${slow!.number}`)])
  await page.evaluate((orderId) => (location.hash = `#/orders/${orderId}`), slow!.ID)
  await expect(page.getByRole('heading', { name: new RegExp(`^Order #${slow!.number}`), level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Tracking' })).toContainText('SLOWDESK1')
})
