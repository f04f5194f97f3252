// Every change lands on the order the operator sees (issue 25), on the demo store, each checked
// through the store's API as another client would read it: a write dialog bound to its order
// (Back with the confirm open touches no other order), one tracking policy (a duplicate number
// named), a scanner that re-reads the order before queueing and follows each write to the store
// (fulfilled elsewhere: stopped and said; the summary after an undo and a skip), the list's
// status badges, the gift message and the store's own name on the slip, the selection kept after
// the print view, an address edit that keeps the phone exactly, and a corrected tracking number.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { setUndoWindow } from './support/undo-window'
import { shippable, storeOrder, storeOrders } from './support/store-orders'
import { openNextOrder, openScanner, s10, scanAllItems, scanTracking, status, waitForCachedOrders } from './support/scanner'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'], viewport: { width: 1280, height: 800 } })

async function openOrder(page: Page, id: number, number?: string) {
  await page.evaluate((orderId) => (location.hash = `#/orders/${orderId}`), id)
  await expect(page.getByRole('heading', { level: 1, name: number ? `Order #${number}` : /^Order #/ })).toBeVisible()
}

/** Another desk tracks an order through the store's API. */
async function trackElsewhere(demoStore: DemoStoreHandle, id: number, trackno: string) {
  const res = await demoStore.api(`/openapi/2025-04/orders/${id}/track`, { method: 'POST', body: JSON.stringify({ trackno, sendemail: false, logistics_company: 'USPS' }) })
  expect(res.ok).toBe(true)
}

test('Back with the tracking confirm open asks, and Discard closes it: neither order is tracked', async ({ page, demoStore }) => {
  const all = await storeOrders(demoStore)
  const fulfilled = all.find((o) => o.fulfillment_status === 'fulfilled' && o.post_status !== 'wc-cancelled')!
  const open = all.find(shippable)!
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await openOrder(page, fulfilled.ID, fulfilled.number)
  await expect(page.getByText('No tracking to add: this order is fulfilled.')).toBeVisible()
  await openOrder(page, open.ID, open.number)

  await page.getByRole('button', { name: 'Add tracking', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Add tracking to #${open.number}` })
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText(`for order #${open.number} and mark it fulfilled`)).toBeVisible()

  await page.goBack()
  // The number typed is the person's: Back asks first (e2e/unsaved-dialogs.spec.ts walks the question).
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order #${fulfilled.number}` })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Confirm tracking' })).toHaveCount(0)
  await page.waitForTimeout(1500)
  expect((await storeOrder(demoStore, fulfilled.ID)).trackno).toBe(fulfilled.trackno)
  expect((await storeOrder(demoStore, fulfilled.ID)).post_modified).toBe(fulfilled.post_modified)
  expect((await storeOrder(demoStore, open.ID)).trackno ?? '').toBe('')
})

test('the order page warns that a number is already on another order, naming it; a wrong check digit in its own words', async ({ page, demoStore }) => {
  const all = await storeOrders(demoStore)
  const other = all.find((o) => o.trackno && /^\d{12}$/.test(o.trackno))!
  const open = all.find(shippable)!
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await openOrder(page, open.ID, open.number)
  await page.getByRole('button', { name: 'Add tracking', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Add tracking to #${open.number}` })
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(other.trackno!)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText(`${other.trackno} is already the tracking number of order #${other.number}. Use it for #${open.number} too?`)).toBeVisible()

  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456785')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText(/^The check digit is wrong: 1Z999AA10123456785 has the format of a UPS number/)).toBeVisible()
  await expect(dialog.getByText(/No carrier uses this format/)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('ZZ-NOT-A-NUMBER')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText('No carrier uses this format: ZZ-NOT-A-NUMBER. Compare it with the label.')).toBeVisible()
  expect((await storeOrder(demoStore, open.ID)).trackno ?? '').toBe('')
})

/** Opens scanner mode with this undo window and packs the next order; its number and id. */
async function packNextInScanner(page: Page, demoStore: DemoStoreHandle, undoSeconds: number): Promise<{ number: string; id: number }> {
  await connectDemoStore(page)
  await setUndoWindow(page, undoSeconds)
  await waitForCachedOrders(page)
  await openScanner(page)
  const number = await openNextOrder(page)
  const id = (await storeOrders(demoStore)).find((o) => o.number === number)!.ID
  await scanAllItems(page)
  return { number, id }
}

test('scanner: an order fulfilled elsewhere while open is not tracked again, and the scanner says so', async ({ page, demoStore }) => {
  const { number, id } = await packNextInScanner(page, demoStore, 0)
  await trackElsewhere(demoStore, id, s10(45_000_001))

  await scanTracking(page, s10(45_000_002))
  await expect(status(page)).toContainText(`#${number} was fulfilled elsewhere since you opened it: ${s10(45_000_001)}. Nothing was queued.`)
  await expect(page.locator('.n-notification').getByText(`#${number} was fulfilled elsewhere since you opened it`)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Stopped' })).toContainText(`#${number} was fulfilled elsewhere`)
  await page.waitForTimeout(1000)
  expect((await storeOrder(demoStore, id)).trackno).toBe(s10(45_000_001))
})

test('scanner: fulfilled elsewhere during the undo window, the write stops before sending and shows on that order at once', async ({ page, demoStore }) => {
  const { number, id } = await packNextInScanner(page, demoStore, 3)
  await scanTracking(page, s10(46_000_002))
  await expect(status(page)).toContainText(`Tracking ${s10(46_000_002)} queued for #${number}`)
  await expect(page.getByRole('list', { name: 'Waiting to be sent' })).toContainText(`#${number}: ${s10(46_000_002)}`)
  await trackElsewhere(demoStore, id, s10(46_000_001))

  const stopped = page.getByRole('list', { name: 'Stopped' })
  await expect(stopped).toContainText(`#${number} was fulfilled elsewhere since you opened it: ${s10(46_000_001)}. Yours was not sent.`, { timeout: 20_000 })
  await expect(page.locator('.n-notification').getByText(`#${number} was fulfilled elsewhere since you opened it`)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Shipped (accepted by the store)' })).toHaveCount(0)
  expect((await storeOrder(demoStore, id)).trackno).toBe(s10(46_000_001))
})

test('scanner summary after a skip and an undo: only what the store accepted is shipped', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 2)
  await waitForCachedOrders(page)
  await openScanner(page)
  const ids = new Map((await storeOrders(demoStore)).map((o) => [o.number, o.ID]))

  // A: items not checked, then passed over with "Next in queue".
  const a = await openNextOrder(page)
  await page.getByRole('button', { name: 'Ship without checking items' }).click()
  await page.getByRole('button', { name: 'Ship without checking', exact: true }).click()
  // B: shipped.
  const b = await openNextOrder(page)
  expect(b).not.toBe(a)
  await scanAllItems(page)
  await scanTracking(page, s10(47_000_002))
  await expect(status(page)).toContainText(`Tracking ${s10(47_000_002)} queued for #${b}`)
  // C (the queue comes back to A, passed over): shipped, then undone within its window.
  const c = await openNextOrder(page)
  await scanAllItems(page)
  await scanTracking(page, s10(47_000_003))
  await expect(status(page)).toContainText(`Tracking ${s10(47_000_003)} queued for #${c}`)
  await page.getByRole('dialog', { name: 'Scanner mode' }).getByRole('button', { name: 'Undo last' }).click()
  await expect(status(page)).toContainText(`Undone: the tracking of #${c} was withdrawn`)
  await page.getByRole('button', { name: 'Close order' }).click()

  const shipped = page.getByRole('list', { name: 'Shipped (accepted by the store)' })
  await expect(shipped).toContainText(`#${b}: ${s10(47_000_002)}`, { timeout: 15_000 })
  await expect(shipped.getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Undone' })).toContainText(`#${c}: ${s10(47_000_003)} undone`)
  await expect(page.getByRole('region', { name: 'This session' })).not.toContainText('items not checked')
  await expect(page.getByText('1 shipped, 1 undone.')).toBeVisible()
  expect((await storeOrder(demoStore, ids.get(b)!)).trackno).toBe(s10(47_000_002))
  expect((await storeOrder(demoStore, ids.get(a)!)).trackno ?? '').toBe('')
  expect((await storeOrder(demoStore, ids.get(c)!)).trackno ?? '').toBe('')
})

test('cancelled orders say Cancelled in the list, muted, with the order page’s words; the status filter offers it and the refunded ones', async ({ page, demoStore }) => {
  const cancelled = (await storeOrders(demoStore, 'filter[status]=wc-cancelled')).slice(0, 2)
  expect(cancelled.length).toBe(2)
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  for (const order of cancelled) {
    await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${order.number}`)
    const row = page.getByRole('row', { name: new RegExp(`Order #${order.number}\\b`) })
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(row.getByRole('gridcell').first()).toBeVisible()
  }
  await page.getByRole('textbox', { name: 'Search orders' }).fill('')
  await page.getByRole('combobox', { name: 'Status' }).click()
  for (const words of ['Cancelled', 'On hold', 'Awaiting payment', 'Refunded', 'Partially refunded']) await expect(page.getByRole('option', { name: words, exact: true })).toBeVisible()
  await page.getByRole('option', { name: 'Refunded', exact: true }).click()
  const refunded = await storeOrders(demoStore, 'filter[financial_status]=refund')
  expect(refunded.length).toBeGreaterThan(0)
  await expect(page.getByRole('combobox', { name: 'Payment' })).toContainText('Refunded')
  await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${refunded[0]!.number}`)
  await expect(page.getByRole('row', { name: new RegExp(`Order #${refunded[0]!.number}\\b`) }).getByText('Refunded', { exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: 'Search orders' }).fill('')
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'Cancelled' }).click()
  await expect(page.getByRole('combobox', { name: 'Payment' })).not.toContainText('Refunded')
  await expect(page.getByRole('row', { name: new RegExp(`Order #${cancelled[0]!.number}\\b`) }).getByText('Cancelled', { exact: true })).toBeVisible()

  await openOrder(page, cancelled[0]!.ID, cancelled[0]!.number)
  await expect(page.locator('.order-detail__heading').getByText('Cancelled', { exact: true })).toBeVisible()
})

test('the packing slip prints the gift message and the store’s name from Settings, never host and port', async ({ page, demoStore }) => {
  const order = (await storeOrders(demoStore)).find((o) => o.line_items.length > 0)!
  const definitions = ((await (await demoStore.api('/openapi/2021-08/meta_fields?filter[resource_type]=order')).json()) as { data: { id: number; key: string }[] }).data
  const gift = definitions.find((d) => d.key === 'gift_message')!
  const set = await demoStore.api(`/openapi/2021-08/orders/${order.ID}/meta_fields`, { method: 'PUT', body: JSON.stringify({ meta_field_id: String(gift.id), value: 'Happy birthday, Sam!' }) })
  expect(set.ok).toBe(true)

  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await page.evaluate(() => (location.hash = '#/settings'))
  const name = page.getByRole('textbox', { name: 'Name on printouts' })
  await expect(name).toHaveAttribute('placeholder', 'Demo store')
  await name.fill('Paper & Co')
  await name.blur()
  const returnAddress = page.getByRole('textbox', { name: 'Return address' })
  await returnAddress.fill('1 Mill Lane, Leeds LS1 1AA')
  await returnAddress.blur()

  await page.evaluate((id) => (location.hash = `#/orders/print?kind=slips&ids=${id}&paper=a4`), order.ID)
  const slip = page.getByRole('article', { name: `Packing slip for order #${order.number}` })
  await expect(slip.getByRole('region', { name: 'Gift message' })).toContainText('Happy birthday, Sam!')
  const dir = mkdtempSync(join(tmpdir(), 'storedesk-slip-'))
  try {
    const file = join(dir, 'slip.pdf')
    await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true })
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    expect(text).toContain('Happy birthday, Sam!')
    expect(text).toContain('Paper & Co')
    expect(text).toContain('1 Mill Lane, Leeds LS1 1AA')
    expect(text).not.toMatch(/127\.0\.0\.1:\d+/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the selection is still 3 after Back from the pick list', async ({ page }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  const boxes = page.getByRole('checkbox', { name: /^Select order #/ })
  const chosen: string[] = []
  for (let i = 0; i < 3; i++) {
    const box = boxes.nth(i)
    chosen.push((await box.getAttribute('aria-label'))!)
    await box.click()
  }
  await expect(page.getByText('3 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Print pick list' }).click()
  await expect(page.getByRole('heading', { name: 'Pick list', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: '← Back' }).click()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await expect(page.getByText('3 selected')).toBeVisible()
  for (const label of chosen) await expect(page.getByRole('checkbox', { name: label })).toBeChecked()
  await page.getByRole('button', { name: 'Print packing slips' }).click()
  await expect(page.getByRole('article', { name: /^Packing slip for order #/ })).toHaveCount(3)
})

test('changing only the city keeps the phone exactly as the store has it', async ({ page, demoStore }) => {
  const order = (await storeOrders(demoStore)).find((o) => shippable(o) && /\s/.test(o.shipping_address.phone))!
  const before = order.shipping_address
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await openOrder(page, order.ID, order.number)
  await page.getByRole('button', { name: 'Edit shipping address' }).click()
  const drawer = page.getByRole('dialog', { name: `Shipping address of #${order.number}` })
  await drawer.getByRole('textbox', { name: 'City', exact: true }).fill('Queens')
  await drawer.getByRole('button', { name: 'Review change' }).click()
  await expect(drawer.getByRole('row', { name: /^Phone/ })).not.toContainText('(changed)')
  await drawer.getByRole('button', { name: 'Save address' }).click()
  await expect.poll(async () => (await storeOrder(demoStore, order.ID)).shipping_address.city).toBe('Queens')
  const after = (await storeOrder(demoStore, order.ID)).shipping_address
  expect(after.phone).toBe(before.phone)
  expect(after).toMatchObject({ country: before.country, state: before.state, postcode: before.postcode })
})

test('a tracking number is corrected after its undo window, and the timeline says so', async ({ page, demoStore }) => {
  const order = (await storeOrders(demoStore)).find(shippable)!
  await trackElsewhere(demoStore, order.ID, s10(48_000_001))
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await openOrder(page, order.ID, order.number)
  await expect(page.getByText('No tracking to add: this order is fulfilled.')).toBeVisible()
  await page.getByRole('button', { name: 'Change tracking number' }).click()
  const dialog = page.getByRole('dialog', { name: `Change the tracking number of #${order.number}` })
  await expect(dialog.getByText(`Now: ${s10(48_000_001)}`)).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(s10(48_000_002))
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Confirm new number' }).click()
  await expect.poll(async () => (await storeOrder(demoStore, order.ID)).trackno).toBe(s10(48_000_002))
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(`Tracking number changed from ${s10(48_000_001)} to ${s10(48_000_002)}: accepted by the store`)
})
