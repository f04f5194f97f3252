// The order page on the demo store (issue 15): actions follow the order's state and say why
// when there is none, tracking numbers link to the carrier, the timeline tells an address
// change made here step by step, the page opens offline from the cache, and at 1280x800 the
// items and the primary action are on screen with no text spilling out of its box. The
// checkout page reads through the cache the same way.
import type { Page } from '@playwright/test'
import type { Order } from '../electron/common/store-api/resources'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { setUndoWindow } from './support/undo-window'
import { shippable, storeOrder, storeOrders } from './support/store-orders'
import { waitForCachedOrders } from './support/scanner'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'], viewport: { width: 1280, height: 800 } })

async function openOrder(page: Page, id: number) {
  await page.evaluate((orderId) => (location.hash = `#/orders/${orderId}`), id)
  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
}

test('a cancelled order offers no tracking and no address change, and says why where the buttons would be', async ({ page, demoStore }) => {
  const cancelled = (await storeOrders(demoStore)).find((o) => o.post_status === 'wc-cancelled')!
  await connectDemoStore(page)
  await openOrder(page, cancelled.ID)
  await expect(page.getByText('No tracking to add: this order is cancelled.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add tracking', exact: true })).toHaveCount(0)
  // Only an explicit override, which the tracking dialog asks for on its own.
  await expect(page.getByRole('button', { name: 'Add tracking anyway…' })).toBeVisible()
  await expect(page.getByText('The shipping address cannot change: this order is cancelled.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit shipping address' })).toHaveCount(0)

  // An order still to ship offers both.
  const open = (await storeOrders(demoStore)).find(shippable)!
  await openOrder(page, open.ID)
  await expect(page.getByRole('button', { name: 'Add tracking', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit shipping address' })).toBeVisible()
})

test('a tracking number is a link to its carrier’s tracking page, kept whole with a copy button', async ({ page, demoStore }) => {
  const tracked = (await storeOrders(demoStore)).find((o) => o.trackno && o.trackname === 'UPS') ?? (await storeOrders(demoStore)).find((o) => o.trackno && o.trackname === 'USPS')!
  await connectDemoStore(page)
  await openOrder(page, tracked.ID)
  const tracking = page.getByRole('region', { name: 'Tracking' })
  const link = tracking.getByRole('link', { name: tracked.trackno! })
  const carrierPage = tracked.trackname === 'UPS' ? 'https://www.ups.com/track?tracknum=' : 'https://tools.usps.com/go/TrackConfirmAction?tLabels='
  await expect(link).toHaveAttribute('href', `${carrierPage}${tracked.trackno}`)
  // It opens outside the app: a new tab here, the system browser in Electron.
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', /noopener/)
  await expect(link).toHaveAttribute('title', tracked.trackno!)
  await expect(link).toHaveCSS('white-space', 'nowrap')
  await expect(tracking.getByRole('button', { name: 'Copy tracking number' })).toBeVisible()
  await expect(page.getByText('No tracking to add: this order is fulfilled.')).toBeVisible()
})

test('the timeline shows an address change made here: queued, sent, accepted by the store', async ({ page, demoStore }) => {
  const open = (await storeOrders(demoStore)).find(shippable)!
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  // The store cannot be reached at first: the change waits in the queue.
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await openOrder(page, open.ID)
  await page.getByRole('button', { name: 'Edit shipping address' }).click()
  const drawer = page.getByRole('dialog')
  await drawer.getByRole('textbox', { name: 'City' }).fill('Springfield')
  await drawer.getByRole('textbox', { name: 'Postcode' }).fill('62701')
  await drawer.getByRole('textbox', { name: 'Phone' }).fill('(217) 555-0123')
  await drawer.getByRole('button', { name: 'Review change' }).click()
  await drawer.getByRole('button', { name: 'Save address' }).click()

  const timeline = page.getByRole('list', { name: 'Timeline, newest first' })
  const steps = async () => (await timeline.getByRole('listitem').allTextContents()).filter((t) => /Shipping address/i.test(t)).map((t) => /: (queued|sent to the store|accepted by the store)/.exec(t)?.[1] ?? t)
  await expect.poll(steps).toEqual(['queued'])

  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  await expect.poll(async () => (await storeOrder(demoStore, open.ID)).shipping_address.city, { timeout: 45_000 }).toBe('Springfield')
  // Newest first; each step once (tries that found the store away are not news).
  await expect.poll(steps, { timeout: 15_000 }).toEqual(['accepted by the store', 'sent to the store', 'queued'])
  // The store's own events are in the same list, below this change.
  await expect(timeline.getByRole('listitem').last()).toContainText('Order placed')
})

test('the customer’s other orders are counted from the cache, and one click lists them all', async ({ page, demoStore }) => {
  const orders = await storeOrders(demoStore)
  const byEmail = new Map<string, Order[]>()
  for (const o of orders) byEmail.set(o.billing_address.email.toLowerCase(), [...(byEmail.get(o.billing_address.email.toLowerCase()) ?? []), o])
  const theirs = [...byEmail.values()].find((list) => list.length >= 3)!
  const [latest, , oldest] = [...theirs].sort((a, b) => b.post_date.localeCompare(a.post_date))
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await openOrder(page, oldest!.ID)
  const customer = page.getByRole('region', { name: 'Customer' })
  await expect(customer.getByText(`${theirs.length - 1} other orders`)).toBeVisible()
  await expect(customer.getByRole('link', { name: new RegExp(`^#${latest!.number} on`) })).toBeVisible()
  await customer.getByRole('button', { name: 'Show all their orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Search orders' })).toHaveValue(oldest!.billing_address.email)
  await expect(page.getByText(`${theirs.length} orders`, { exact: true })).toBeVisible()
})

test('the order page opens offline from the cache', async ({ page, demoStore }) => {
  const order = (await storeOrders(demoStore)).find((o) => o.transaction_id && o.line_items.length > 1)!
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await page.reload()
  // The reloaded app finishes its first navigation (to the orders list it was on) before a new one.
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await openOrder(page, order.ID)
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.number}` })).toBeVisible()
  await expect(page.getByText('Shown from this computer’s copy: the store cannot be reached right now.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('region', { name: /^Items/ }).getByRole('row')).toHaveCount(order.line_items.length + 1)
  await expect(page.getByRole('region', { name: 'Payment' }).getByText(order.transaction_id!)).toBeVisible()
})

test('an abandoned checkout read once opens offline with its full detail, from the cache', async ({ page, demoStore }) => {
  const [checkout] = ((await (await demoStore.api('/openapi/2021-08/checkouts?page_size=1')).json()) as { data: { ID: number; number: string }[] }).data
  await connectDemoStore(page)
  await page.evaluate((id) => (location.hash = `#/checkouts/${id}`), checkout!.ID)
  const registered = page.getByRole('region', { name: 'Customer' }).getByText('Registered')
  await expect(registered).toBeVisible({ timeout: 30_000 })

  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await page.reload()
  // The reload stays on the checkout's page, now read from the cache.
  await expect(page.getByRole('heading', { level: 1, name: `Abandoned checkout #${checkout!.number}` })).toBeVisible()
  // The customer profile comes only with the detail form: it was kept in the cache.
  await expect(registered).toBeVisible()
})

/** Elements whose own text is wider than their box, other than a long identifier cut on purpose (ellipsis, full value in its title). */
async function overflowingText(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: /^Order #/ }).evaluate((root) => {
    const out: string[] = []
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')
      // Visually hidden text (a 1 px box for screen readers) is not seen at all.
      if (!ownText || el.clientWidth <= 1) continue
      const style = getComputedStyle(el)
      if (style.display === 'inline') continue
      const cut = style.textOverflow === 'ellipsis' && el.title === el.textContent!.trim()
      if (el.scrollWidth > el.clientWidth + 1 && !cut) out.push(`${el.tagName.toLowerCase()}.${el.className}: “${el.textContent!.trim().slice(0, 60)}” ${el.scrollWidth} > ${el.clientWidth}`)
    }
    return out
  })
}

test('at 1280x800 the items and the primary action are on screen, and no text overflows its box', async ({ page, demoStore }) => {
  const orders = await storeOrders(demoStore)
  const open = orders.find((o) => shippable(o) && o.line_items.length <= 4)!
  await connectDemoStore(page)
  await openOrder(page, open.ID)
  const inViewport = async (what: ReturnType<Page['getByRole']>) => {
    const box = (await what.boundingBox())!
    return box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280
  }
  await expect(page.getByRole('button', { name: 'Add tracking' })).toBeVisible()
  expect(await inViewport(page.getByRole('button', { name: 'Add tracking' }))).toBe(true)
  const rows = page.getByRole('region', { name: /^Items/ }).getByRole('row')
  await expect(rows).toHaveCount(open.line_items.length + 1)
  for (const row of await rows.all()) expect(await inViewport(row as never)).toBe(true)

  // Every kind of order: to ship, tracked (long tracking numbers, transaction ids), cancelled, refunded.
  const kinds = [open, orders.find((o) => o.trackno && o.transaction_id), orders.find((o) => o.post_status === 'wc-cancelled'), orders.find((o) => o.financial_status === 'partial-refund')]
  for (const order of kinds) {
    await openOrder(page, order!.ID)
    await expect(page.getByRole('list', { name: 'Timeline, newest first' })).toBeVisible()
    expect(await overflowingText(page), `order #${order!.number}`).toEqual([])
  }
})
