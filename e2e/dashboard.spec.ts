// The dashboard end to end: charts from the cache with text summaries and data tables, and
// each day leading to the list it counts (compared with the store's answer for that filter).
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })


test('the dashboard summarises the cache and each day opens the orders it counts', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  // Let the first sync fill the cache (the orders list says so once it no longer asks the store).
  await page.evaluate(() => (location.hash = '#/orders'))
  await expect(page.getByText(/^\s*[1-9][\d,]* orders\s*$/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/from the store/)).toHaveCount(0, { timeout: 30_000 })

  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Orders and revenue per paid day/ })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Fulfillment backlog/ })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Abandoned checkouts per day/ })).toBeVisible()

  const ordersCard = page.getByRole('region', { name: /^Orders and revenue per day, \w{3} \d+ to \w{3} \d+/ })
  await ordersCard.getByRole('button', { name: 'Show data table' }).click()
  const busyRow = ordersCard.getByRole('row').filter({ hasNot: page.getByRole('cell', { name: '0', exact: true }) }).nth(1)
  // The link names the day in words ("Oct 24"); its address carries the store's date.
  const day = /paid=(\d{4}-\d{2}-\d{2})/.exec(decodeURIComponent((await busyRow.getByRole('link').getAttribute('href')) ?? ''))![1]!
  expect((await busyRow.getByRole('link').textContent())!.trim()).toMatch(/^\w{3} \d{1,2}(, \d{4})?$/)
  const shown = Number((await busyRow.getByRole('cell').nth(1).textContent())!.trim())
  const res = await demoStore.api(`/openapi/2025-04/orders?filter[date]=${day},${day}&page_size=1`)
  const { meta } = (await res.json()) as { meta: { total: number } }
  expect(shown).toBe(meta.total)

  await busyRow.getByRole('link').click()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await expect(page.getByText(`${meta.total} ${meta.total === 1 ? 'order' : 'orders'}`, { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Dashboard' }).click()
  const toShip = (await (await demoStore.api('/openapi/2025-04/orders?filter[fulfillment_status]=unfulfilled&filter[financial_status]=paid&page_size=250')).json()) as { data: { post_status: string }[] }
  const backlog = toShip.data.filter((o) => o.post_status !== 'wc-cancelled').length
  await expect(page.getByRole('button', { name: `${backlog} ${backlog === 1 ? 'order' : 'orders'} to ship` })).toBeVisible()
  // The backlog chart agrees with that number: its bars (older ones in the first) add up to it.
  const backlogCard = page.getByRole('region', { name: 'Fulfillment backlog' })
  await backlogCard.getByRole('button', { name: 'Show data table' }).click()
  const counts = await backlogCard.getByRole('row').locator('td:nth-child(2)').allTextContents()
  expect(counts.reduce((n, c) => n + Number(c), 0)).toBe(backlog)
})
