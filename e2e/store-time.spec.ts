// "A store time is read and picked in the store's zone" end to end, on a demo store whose clock
// is five hours behind this machine's (ahead where that zone does not exist): the Visible from
// picker's Now fills the store's time and a post published at Now is visible on the store at
// once; the app follows the store into another zone; and the order list's Today shortcut on the
// paid date finds the demo store's orders paid today (its data is dated to the day it started);
// and on a computer in a zone of its own, the calendar's times of day are the store's.
import type { Page } from '@playwright/test'
import { parse } from 'date-fns'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { waitForCachedOrders, openOrders } from './support/scanner'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

/** This machine's offset from UTC in minutes now (the browser runs in the same zone). */
const machineOffset = -new Date().getTimezoneOffset()
/** Five hours behind, so a "Now" on this computer's clock would schedule five hours late. */
const storeOffset = machineOffset - 300 >= -720 ? machineOffset - 300 : machineOffset + 300
const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`

test.use({ demoStoreOptions: ['--seed', '42', `--utc-offset=${offsetText(storeOffset)}`] })

interface StoreClock {
  utcOffsetMinutes: number
  now: string
  day: string
}

const storeClock = async (demoStore: DemoStoreHandle) => (await demoStore.control('GET', '/clock')) as StoreClock
/** A store-local `YYYY-MM-DD HH:MM:SS` as the instant it names, read as UTC (a wall clock). */
const wallMs = (stamp: string) => Date.parse(`${stamp.replace(' ', 'T')}Z`)

/** The Visible from field of a new post, filled by its Now; resolves with what it shows. */
async function pickNow(page: Page): Promise<string> {
  const field = page.getByRole('textbox', { name: 'Visible from (store time)' })
  await field.click()
  await page.getByRole('button', { name: 'Now', exact: true }).click()
  await expect(field).not.toHaveValue('')
  return field.inputValue()
}

/** The field's text as a wall clock: "2026-11-22 3:04:05 PM" or "2026-11-22 15:04:05". */
function shownWall(text: string): number {
  const d = parse(text, /[AP]M$/.test(text) ? 'yyyy-MM-dd h:mm:ss a' : 'yyyy-MM-dd HH:mm:ss', new Date())
  expect(Number.isNaN(d.getTime()), `a time in the field: “${text}”`).toBe(false)
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds())
}

async function newPost(page: Page, title: string) {
  await page.evaluate(() => (location.hash = '#/blogs'))
  await page.getByRole('button', { name: 'New post' }).click()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Post content' }).click()
  await page.keyboard.type('Open from today.')
}

test("Now is the store's now: a post published at Now is visible on the store at once", async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  expect((await storeClock(demoStore)).utcOffsetMinutes).toBe(storeOffset)
  await connectDemoStore(page)
  // The app learns the store's offset from the orders it syncs.
  await waitForCachedOrders(page)

  await newPost(page, 'Open today')
  const shown = shownWall(await pickNow(page))
  const storeNow = wallMs((await storeClock(demoStore)).now)
  expect(Math.abs(shown - storeNow), 'Now fills the store’s clock').toBeLessThan(120_000)
  const machineWall = Date.now() + machineOffset * 60_000
  expect(Math.abs(shown - machineWall), 'not this computer’s clock').toBeGreaterThan(4 * 3_600_000)

  await page.getByRole('radio', { name: 'Visible' }).check({ force: true })
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('status', { name: 'Post state' })).toHaveText(/^Published /, { timeout: 30_000 })

  // On the store: visible, from a time that has already come on its clock.
  const { data } = (await (await demoStore.api('/openapi/2021-08/blogs?filter[key]=Open%20today&filter[status]=2')).json()) as { data: { title: string; status: number; visible_at: string }[] }
  const post = data.find((p) => p.title === 'Open today')
  expect(post, 'the post is listed among the store’s visible posts').toBeDefined()
  expect(wallMs(post!.visible_at)).toBeLessThanOrEqual(wallMs((await storeClock(demoStore)).now))
})

test('the app follows the store into another zone', async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  await connectDemoStore(page)
  await waitForCachedOrders(page)

  // The merchant moves the store 3 hours east; the next change to an order is written in the new zone.
  const moved = storeOffset + 180 <= 840 ? storeOffset + 180 : storeOffset - 180
  await demoStore.control('PUT', '/clock', { utcOffsetMinutes: moved })
  const orders = (await (await demoStore.api('/openapi/2025-04/orders?filter[fulfillment_status]=unfulfilled&page_size=1')).json()) as { data: { ID: number }[] }
  const tracked = await demoStore.api(`/openapi/2025-04/orders/${orders.data[0]!.ID}/track`, { method: 'POST', body: JSON.stringify({ trackno: 'ZONE0001', sendemail: false }) })
  expect(tracked.status).toBe(200)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync', exact: true }).click()
  await page.getByRole('button', { name: 'Sync now' }).click()
  await newPost(page, 'After the move')
  await expect.poll(async () => {
    const field = page.getByRole('textbox', { name: 'Visible from (store time)' })
    await field.fill('')
    return Math.abs(shownWall(await pickNow(page)) - wallMs((await storeClock(demoStore)).now))
  }, { timeout: 30_000, message: 'Now fills the store’s clock in its new zone' }).toBeLessThan(120_000)
})

test("paid today finds the demo store's orders paid today", async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  const today = (await storeClock(demoStore)).day
  const res = await demoStore.api(`/openapi/2025-04/orders?filter[date]=${today},${today}&page_size=250`)
  const { data, meta } = (await res.json()) as { data: { number: string }[]; meta: { total: number } }
  expect(meta.total, 'the demo store has orders paid today').toBeGreaterThan(0)

  await openOrders(page)
  await page.getByRole('textbox', { name: 'Paid from' }).click()
  await page.getByRole('button', { name: 'Today', exact: true }).click()
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`paid=${today},${today}`)
  await expect(page.getByText(`${meta.total} ${meta.total === 1 ? 'order' : 'orders'}`, { exact: true })).toBeVisible()
  const grid = page.getByRole('grid', { name: 'Orders' })
  for (const order of data) await expect(grid.getByRole('gridcell', { name: `Order #${order.number}`, exact: true })).toBeVisible()
})

test.describe('on a computer in a zone of its own', () => {
  // A wall clock formatted on this computer's clock shifts by the computer's offset from UTC:
  // the browser shell runs this computer's window in Tokyo (UTC+09:00), so a shift shows.
  test.use({ timezoneId: 'Asia/Tokyo' })

  test("the calendar gives a post's time of day on the store's clock", async ({ page, demoStore }) => {
    await connectDemoStore(page)
    await waitForCachedOrders(page)
    const { day } = await storeClock(demoStore)
    const { data } = (await (await demoStore.api('/openapi/2021-08/blogs?page_size=250')).json()) as { data: { title: string; visible_at: string | null }[] }
    const post = data.find((p) => p.visible_at?.startsWith(day.slice(0, 7)))
    expect(post, 'the demo store has a post visible from this month').toBeDefined()
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const storeTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(wallMs(post!.visible_at!))

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Content calendar' })).toBeVisible()
    // The chip starts with the time of day (its state, said to screen readers, follows the title).
    await expect(page.getByRole('main').getByRole('button', { name: post!.title }).first()).toHaveText(new RegExp(`^${escaped(storeTime)}\\s*${escaped(post!.title)}`))
  })
})
