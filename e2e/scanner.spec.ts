// Scanner mode cannot ship the wrong order, end to end on the demo store (seed 42): its queue
// holds only paid, unfulfilled, live orders and follows the list's filter; an unpaid or
// cancelled order's packing slip is refused; a wrong item is refused; a tracking number in no
// carrier's format, or one another order has, waits for a confirmation; an order fulfilled
// through the store's API after the queue was built is skipped and not fulfilled again.
// Tests that check what the store received set the undo window to 0 (undo.spec.ts tests it).
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { setUndoWindow } from './support/undo-window'
import { sentEmails, shippableOrders, storeOrder, storeOrders } from './support/store-orders'
import { itemsOnScreen, openNextOrder, openOrders, openScanner, s10, scanAllItems, scanOrderNumber, scanTracking, shipNext, status, waitForCachedOrders } from './support/scanner'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

test('the queue never holds an unpaid or cancelled order, and follows the list’s filter', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  const unpaid = await storeOrders(demoStore, 'filter[fulfillment_status]=unfulfilled&filter[financial_status]=unpaid')
  const cancelled = await storeOrders(demoStore, 'filter[fulfillment_status]=unfulfilled&filter[status]=wc-cancelled')
  const queue = await shippableOrders(demoStore)
  expect(unpaid.length).toBeGreaterThan(0)
  expect(cancelled.length).toBeGreaterThan(0)
  expect(queue.length).toBeGreaterThan(2)

  await waitForCachedOrders(page)
  await openScanner(page)
  await expect(page.getByText(`0 tracked · ${queue.length} orders to ship in this queue (from the current filter, oldest first)`)).toBeVisible()
  // Their packing slips are refused, with the reason.
  await scanOrderNumber(page, unpaid[0]!.number)
  await expect(status(page)).toContainText(`Order #${unpaid[0]!.number} is unpaid; it cannot ship.`)
  await scanOrderNumber(page, `#${cancelled[0]!.number}`)
  await expect(status(page)).toContainText(`Order #${cancelled[0]!.number} was cancelled; it cannot ship.`)
  await expect(page.getByRole('heading', { name: /to pack/ })).toHaveCount(0)
  // The queue opens its orders oldest first: the first is the store's first shippable one.
  expect(await openNextOrder(page)).toBe(queue[0]!.number)
  await page.getByRole('button', { name: 'Close scanner' }).click()

  // A filter of unpaid orders gives an empty queue, and says why.
  await openOrders(page, '?financial=unpaid')
  await openScanner(page)
  const total = (await storeOrders(demoStore, 'filter[financial_status]=unpaid')).length
  await expect(page.getByText(`0 tracked · 0 orders to ship in this queue`)).toBeVisible()
  await expect(page.getByText(new RegExp(`^${total} of the ${total} orders in this filter cannot ship: \\d+ unpaid`))).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next in queue' })).toBeDisabled()
})

test('a wrong item is refused, and tracking opens only once every item is scanned', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const [first] = await shippableOrders(demoStore)
  await waitForCachedOrders(page)
  await openScanner(page)
  await scanOrderNumber(page, first!.number)
  await expect(page.getByRole('heading', { name: `Order #${first!.number} to pack` })).toBeVisible()
  const sku = page.getByRole('textbox', { name: 'Item SKU' })
  await expect(sku).toBeFocused()
  await expect(page.getByRole('textbox', { name: 'Tracking number' })).toBeDisabled()

  await sku.fill('NOT-IN-THIS-ORDER-1')
  await sku.press('Enter')
  await expect(status(page)).toContainText(`Wrong item: SKU NOT-IN-THIS-ORDER-1 is not in order #${first!.number}.`)
  await expect(page.getByRole('textbox', { name: 'Tracking number' })).toBeDisabled()
  // The items listed are the order's own (SKU and quantity as the store has them).
  const storeItems = ((await (await demoStore.api(`/openapi/2025-04/orders/${first!.ID}`)).json()) as { data: { line_items: { sku: string; qty: string }[] } }).data.line_items
  expect(await itemsOnScreen(page)).toEqual(storeItems.map((l) => ({ sku: l.sku, qty: Number(l.qty) })))
  await scanAllItems(page)
  await scanTracking(page, s10(41_000_001))
  await expect(status(page)).toContainText(`Tracking ${s10(41_000_001)} queued for #${first!.number}`)
  await expect.poll(async () => (await storeOrder(demoStore, first!.ID)).trackno).toBe(s10(41_000_001))
})

test('ZZ-NOT-A-NUMBER asks for confirmation; confirmed, it is sent once, without the e-mail when that is off', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForCachedOrders(page)
  await openScanner(page)
  const email = page.getByRole('switch', { name: 'E-mail the customer' })
  const number = await openNextOrder(page)
  await scanAllItems(page)
  await email.click()
  await expect(email).toHaveAttribute('aria-checked', 'false')
  await page.getByRole('textbox', { name: 'Tracking number' }).focus()
  await scanTracking(page, 'ZZ-NOT-A-NUMBER')
  const question = page.getByRole('group', { name: /No carrier uses this format: ZZ-NOT-A-NUMBER\. Compare it with the label\./ })
  await expect(question).toBeVisible()
  // The safe answer has the focus: a stray Enter changes the number, it does not send it.
  await expect(question.getByRole('button', { name: 'Change number' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(question).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Tracking number' })).toBeFocused()
  expect((await storeOrder(demoStore, Number(number))).trackno ?? '').toBe('')

  await scanTracking(page, 'ZZ-NOT-A-NUMBER')
  await question.getByRole('button', { name: 'Use ZZ-NOT-A-NUMBER anyway' }).click()
  await expect(status(page)).toContainText(`Tracking ZZ-NOT-A-NUMBER queued for #${number} (no e-mail to the customer).`)
  await expect.poll(async () => (await storeOrder(demoStore, Number(number))).trackno).toBe('ZZ-NOT-A-NUMBER')
  expect((await sentEmails(demoStore)).filter((e) => e.orderId === Number(number))).toEqual([])

  // The e-mail setting is kept: the scanner opens with it off next time.
  await page.getByRole('button', { name: 'Close scanner' }).click()
  await openScanner(page)
  await openNextOrder(page)
  await expect(page.getByRole('switch', { name: 'E-mail the customer' })).toHaveAttribute('aria-checked', 'false')
})

test('a tracking number already on another order warns, naming that order', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const [tracked] = (await storeOrders(demoStore, 'filter[fulfillment_status]=fulfilled')).filter((o) => o.trackno)
  await waitForCachedOrders(page)
  await openScanner(page)
  const number = await openNextOrder(page)
  await scanAllItems(page)
  await scanTracking(page, tracked!.trackno!)
  const question = page.getByRole('group', { name: new RegExp(`is already the tracking number of order #${tracked!.number}\\. Use it for #${number} too\\?`) })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Change number' }).click()
  await scanTracking(page, s10(42_000_001))
  await expect(status(page)).toContainText(`Tracking ${s10(42_000_001)} queued for #${number}`)
  await expect.poll(async () => (await storeOrder(demoStore, Number(number))).trackno).toBe(s10(42_000_001))
})

test('an order fulfilled through the store after the queue was built is skipped, not fulfilled again', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  const [first, second] = await shippableOrders(demoStore)
  await waitForCachedOrders(page)
  await openScanner(page)
  // Another desk fulfils the queue's first order through the API.
  const res = await demoStore.api(`/openapi/2025-04/orders/${first!.ID}/track`, { method: 'POST', body: JSON.stringify({ trackno: s10(43_000_001), sendemail: false, logistics_company: 'USPS' }) })
  expect(res.ok).toBe(true)
  const afterOtherDesk = await storeOrder(demoStore, first!.ID)

  await scanOrderNumber(page, first!.number)
  await expect(status(page)).toContainText(`Skipped #${first!.number}: it was fulfilled since the queue was built.`)
  await expect(page.getByRole('heading', { name: /to pack/ })).toHaveCount(0)
  // The queue goes on with the next order; the skipped one is listed in the session summary.
  const [shipped] = await shipNext(page, [s10(43_000_002)])
  expect(shipped).toBe(second!.number)
  await expect(page.getByRole('list', { name: 'Skipped' })).toContainText(`Skipped #${first!.number}`)
  await expect.poll(async () => (await storeOrder(demoStore, second!.ID)).trackno).toBe(s10(43_000_002))
  // The later write has arrived; the skipped order is as the other desk left it.
  expect(await storeOrder(demoStore, first!.ID)).toMatchObject({ trackno: s10(43_000_001), post_modified: afterOtherDesk.post_modified })
})

test('shipping without checking items is confirmed and recorded', async ({ page }) => {
  await connectDemoStore(page)
  await waitForCachedOrders(page)
  await openScanner(page)
  const number = await openNextOrder(page)
  await page.getByRole('button', { name: 'Ship without checking items' }).click()
  const question = page.getByRole('group', { name: `Ship #${number} without checking its items? This is recorded.` })
  await expect(question.getByRole('button', { name: 'Keep checking' })).toBeFocused()
  await question.getByRole('button', { name: 'Ship without checking' }).click()
  await expect(page.getByRole('textbox', { name: 'Tracking number' })).toBeFocused()
  await expect(page.getByRole('textbox', { name: 'Item SKU' })).toHaveCount(0)
  await expect(page.getByText('Items not checked: the session summary notes it with this order’s tracking.')).toBeVisible()
  await scanTracking(page, s10(44_000_001))
  // Noted with the order's tracking, wherever the store has it (waiting in its undo window here).
  await expect(page.getByRole('list', { name: 'Waiting to be sent' })).toContainText(new RegExp(`#${number}: ${s10(44_000_001)} \\(.*\\), items not checked, in its undo window`))
})
