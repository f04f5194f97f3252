// Scanner mode as a packer drives it, shared by the specs that ship orders: open it from the
// order list, open an order (by its packing slip's number or the next in line), scan every
// item's SKU as often as its quantity, and scan a tracking number. Tracking numbers come in a
// carrier's real format (UPU S10), since an unknown format needs a confirmation.
import { expect, type Page } from '@playwright/test'

/** A valid UPU S10 number (RR, 8 digits, the check digit, US): every carrier lookup knows it. */
export function s10(serial: number): string {
  const digits = String(serial).padStart(8, '0')
  const sum = [8, 6, 4, 2, 3, 5, 9, 7].reduce((n, w, i) => n + w * Number(digits[i]), 0)
  const check = 11 - (sum % 11)
  return `RR${digits}${check === 10 ? 0 : check === 11 ? 5 : check}US`
}

export async function openOrders(page: Page, hashQuery = '') {
  await page.evaluate((q) => (location.hash = `#/orders${q}`), hashQuery)
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
}

/** Waits until the list is answered from the cache (its first sync of orders has completed). */
export async function waitForCachedOrders(page: Page) {
  await openOrders(page)
  await expect(page.getByText(/^\s*[1-9][\d,]* orders\s*$/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/from the store/)).toHaveCount(0, { timeout: 30_000 })
}

export async function openScanner(page: Page) {
  await page.getByRole('button', { name: 'Scanner mode' }).click()
  await expect(page.getByText(/tracked · \d+ orders? to ship in this queue/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('textbox', { name: 'Order number' })).toBeFocused()
}

export function status(page: Page) {
  return page.getByRole('status').filter({ has: page.locator('.n-alert') })
}

/** Opens the next order of the queue; resolves with its number. */
export async function openNextOrder(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { name: /^Order #\d+ to pack/ })
  // The order on screen before, if any: the next one replaces it, and is read only once it has.
  const before = (await heading.count()) > 0 ? await heading.textContent() : null
  await page.getByRole('button', { name: 'Next in queue' }).click()
  await expect(heading).toBeVisible()
  if (before) await expect(heading).not.toHaveText(before)
  return /#(\d+)/.exec((await heading.textContent()) ?? '')![1]!
}

/** Opens an order by typing its number in the scan field, as a barcode scanner does. */
export async function scanOrderNumber(page: Page, number: string) {
  const field = page.getByRole('textbox', { name: 'Order number' })
  await field.fill(number)
  await field.press('Enter')
}

/** The open order's items as the screen lists them: SKU and quantity. */
export async function itemsOnScreen(page: Page): Promise<{ sku: string; qty: number }[]> {
  const rows = page.getByRole('table').getByRole('row')
  const out: { sku: string; qty: number }[] = []
  for (const row of (await rows.all()).slice(1)) {
    const cells = await row.getByRole('cell').allTextContents()
    out.push({ sku: cells[2]!.trim(), qty: Number(cells[3]) })
  }
  return out
}

/** Scans every item of the open order, then checks that the tracking field has opened. */
export async function scanAllItems(page: Page) {
  const sku = page.getByRole('textbox', { name: 'Item SKU' })
  const items = await itemsOnScreen(page)
  for (const item of items) {
    for (let i = 0; i < item.qty; i++) {
      await expect(sku).toBeFocused()
      await sku.fill(item.sku)
      await sku.press('Enter')
    }
  }
  // Each row shows every unit ticked.
  const packed = page.getByRole('table').getByRole('row').locator('td:last-child')
  await expect(packed).toHaveText(items.map((item) => new RegExp(`^${item.qty} of ${item.qty}`)))
  await expect(page.getByRole('textbox', { name: 'Tracking number' })).toBeEnabled()
  await expect(page.getByRole('textbox', { name: 'Tracking number' })).toBeFocused()
}

export async function scanTracking(page: Page, trackno: string) {
  const field = page.getByRole('textbox', { name: 'Tracking number' })
  await field.fill(trackno)
  await field.press('Enter')
}

/** Ships the next `count` orders of the queue with these tracking numbers; resolves with their numbers. */
export async function shipNext(page: Page, tracknos: string[]): Promise<string[]> {
  const numbers: string[] = []
  for (const trackno of tracknos) {
    const number = await openNextOrder(page)
    numbers.push(number)
    await scanAllItems(page)
    await scanTracking(page, trackno)
    await expect(status(page).getByText(`Tracking ${trackno} queued for #${number}`)).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Order number' })).toBeFocused()
  }
  return numbers
}
