// Undo for order changes end to end on the demo store (issue 14): a tracking number waits out
// the undo window with a countdown; Undo (the button or Ctrl+Z) within it leaves the store
// unchanged, a write after it arrives once and can no longer be undone, and a window still
// running when the app closes carries on after it reopens. Another desk's tracking number added
// meanwhile stops ours with both versions shown.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { setUndoWindow } from './support/undo-window'
import { sentEmails, shippableOrders, storeOrder } from './support/store-orders'
import { go, waitForFirstSync } from './support/navigate'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

/** The tracking numbers the store e-mailed for this order. */
async function emails(demoStore: DemoStoreHandle, orderId: number): Promise<string[]> {
  return (await sentEmails(demoStore)).filter((e) => e.orderId === orderId).map((e) => e.trackno)
}

async function addTracking(page: Page, orderId: number, trackno: string) {
  await go(page, `#/orders/${orderId}`)
  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
  await page.getByRole('button', { name: 'Add tracking' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(trackno)
  const email = dialog.getByRole('switch', { name: 'E-mail the customer' })
  if ((await email.getAttribute('aria-checked')) !== 'true') await email.click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Confirm tracking' }).click()
  await expect(dialog).toBeHidden()
}

const undoBar = (page: Page) => page.getByRole('region', { name: 'Undo changes' })

/** The order page shows the order as the store has it: no tracking, nothing waiting. */
async function expectUntracked(page: Page) {
  await expect(page.getByRole('region', { name: 'Tracking' })).toHaveText(/^\s*Tracking\s*No tracking yet\.\s*$/)
  await expect(page.getByText('Changes to this order are not yet sent to the store')).toHaveCount(0)
}

test('Undo within the window leaves the store unchanged; a write after it arrives once and can no longer be undone', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  const [first, second] = await shippableOrders(demoStore)

  // The default window: a countdown and Undo.
  await addTracking(page, first!.ID, 'UNDOBUTTON1')
  const bar = undoBar(page)
  await expect(bar).toContainText(`Tracking UNDOBUTTON1 for order #${first!.number}`)
  await expect(bar).toContainText(/Sending in (10|9|8|7) s/)
  await bar.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(bar.getByRole('status')).toContainText(`Undone: Tracking UNDOBUTTON1`)
  await expectUntracked(page)

  // Ctrl+Z, outside a text field, undoes the last one.
  await addTracking(page, second!.ID, 'UNDOKEY2')
  await expect(bar).toContainText('Sending in')
  await page.getByRole('heading', { level: 1, name: /^Order #/ }).click()
  await page.keyboard.press('ControlOrMeta+z')
  await expect(bar.getByRole('status')).toContainText('Undone: Tracking UNDOKEY2')
  await expectUntracked(page)

  // Kept this time: sent once the window ends, and then it can no longer be undone.
  // Taken before the click: the write is queued after it, so the lower bound holds under any load.
  const queuedAt = Date.now()
  await addTracking(page, first!.ID, 'KEPT1')
  await expect(bar.getByRole('status')).toContainText('Tracking KEPT1', { timeout: 30_000 })
  await expect(bar.getByRole('status')).toContainText('sent — it can no longer be undone')
  expect(Date.now() - queuedAt).toBeGreaterThan(8_000)
  expect((await storeOrder(demoStore, first!.ID)).trackno).toBe('KEPT1')
  await page.getByRole('heading', { level: 1, name: /^Order #/ }).click()
  await page.keyboard.press('ControlOrMeta+z')
  await expect(bar.getByRole('status')).toContainText('KEPT1 for order #' + first!.number + ' was sent to the store; it can no longer be undone.')

  // The undone writes never reached the store, the kept one exactly once.
  expect(await emails(demoStore, first!.ID)).toEqual(['KEPT1'])
  expect(await emails(demoStore, second!.ID)).toEqual([])
  expect((await storeOrder(demoStore, second!.ID)).fulfillment_status).toBe('unfulfilled')
})

test('a window still running when the app closes carries on after it reopens, and the write arrives once', async ({ storedesk, demoStore }) => {
  test.setTimeout(180_000)
  let page = storedesk.page
  await connectDemoStore(page)
  await waitForFirstSync(page)
  // Long enough to close and reopen the whole app within it.
  await setUndoWindow(page, 45)
  const [order] = await shippableOrders(demoStore)

  // The write is queued between these two instants: each check below takes the bound that
  // makes it hold whatever the machine's load (the window counts from the queueing).
  const clickedAt = Date.now()
  await addTracking(page, order!.ID, 'REOPEN1')
  const queuedBy = Date.now()
  page = await storedesk.restart()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  const bar = undoBar(page)
  // Still waiting and still undoable after the restart, and not on the store yet.
  await expect(bar).toContainText('Tracking REOPEN1')
  await expect(bar).toContainText('Sending in')
  await expect(bar.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled()
  expect(Date.now() - queuedBy).toBeLessThan(45_000)
  expect(await emails(demoStore, order!.ID)).toEqual([])

  await expect.poll(async () => (await storeOrder(demoStore, order!.ID)).trackno, { timeout: 60_000, intervals: [500] }).toBe('REOPEN1')
  expect(Date.now() - clickedAt).toBeGreaterThan(44_000)
  await expect(bar.getByRole('status')).toContainText('sent — it can no longer be undone')
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  expect(await emails(demoStore, order!.ID)).toEqual(['REOPEN1'])
})

test('tracking another desk added meanwhile stops ours: both versions are shown and nothing is overwritten', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  const [order] = await shippableOrders(demoStore)

  // This desk adds tracking; within its window another desk adds its own through the store.
  await addTracking(page, order!.ID, 'MINE1')
  const theirs = await demoStore.api(`/openapi/2025-04/orders/${order!.ID}/track`, { method: 'POST', body: JSON.stringify({ trackno: 'THEIRS1', sendemail: false }) })
  expect(theirs.status).toBe(200)

  await go(page, '#/sync')
  const conflict = page.getByRole('article', { name: /^Conflict: Tracking MINE1/ })
  await expect(conflict).toBeVisible({ timeout: 40_000 })
  const trackno = conflict.getByRole('row', { name: /^trackno/ })
  await expect(trackno).toContainText('THEIRS1')
  await expect(trackno).toContainText('MINE1')
  expect((await storeOrder(demoStore, order!.ID)).trackno).toBe('THEIRS1')
  expect(await emails(demoStore, order!.ID)).toEqual([])

  // Keeping theirs drops ours; the store keeps its tracking number.
  await conflict.getByRole('button', { name: /^Keep theirs/ }).click()
  await expect(page.getByText('Every change has reached the store.')).toBeVisible({ timeout: 30_000 })
  expect((await storeOrder(demoStore, order!.ID)).trackno).toBe('THEIRS1')
  expect(await emails(demoStore, order!.ID)).toEqual([])
})

test('the undo bar shows the whole of a long change waiting to be sent', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await connectDemoStore(page)
  await go(page, '#/blogs')
  await expect(page.getByRole('button', { name: 'Frequently Asked Questions About Our Materials' })).toBeVisible({ timeout: 60_000 })
  for (const title of ['Frequently Asked Questions About Our Materials', 'Sustainable Swaps for the Kitchen']) {
    await page.getByRole('checkbox', { name: `Select ${title}` }).check()
  }
  await page.getByRole('group', { name: 'Batch actions' }).getByRole('button', { name: 'Hide' }).click()
  const label = page.getByRole('region', { name: 'Undo changes' }).getByText('Hide 2 posts: “Frequently Asked Questions About Our Materials”, “Sustainable Swaps for the Kitchen”', { exact: true })
  await expect(label).toBeVisible()
  // Every word of it on screen: nothing hidden past the end of the line.
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true)
  await page.getByRole('region', { name: 'Undo changes' }).getByRole('button', { name: /^Undo/ }).click()
})
