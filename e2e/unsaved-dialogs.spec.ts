// Typed text in a dialog is never lost to navigation or a stray close, on the demo store: the
// browser's Back with a tracking number typed on order A asks "Discard your changes?"; Keep
// editing leaves order A and its dialog with the number; Discard closes it and Back goes on. A
// dialog without changes closes on Back without a question. The same for a new collection, with
// Escape too, and for the window closing. Nothing reaches the store: each test ends with a write
// the person does confirm, and the store having that one (the outbox sends in order) shows the
// discarded one was never queued before it.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { go } from './support/navigate'
import { setUndoWindow } from './support/undo-window'
import { storeOrder } from './support/store-orders'
import type { Order } from '../electron/common/store-api/resources'

// Product and cover images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'], viewport: { width: 1280, height: 800 } })
test.setTimeout(120_000)

const question = (page: Page) => page.getByRole('dialog', { name: 'Discard your changes?' })

/** Asked, with Keep editing the default. */
async function expectQuestion(page: Page) {
  await expect(question(page)).toBeVisible()
  await expect(question(page)).toContainText('What you typed in this dialog is not saved.')
  await expect(question(page).getByRole('button', { name: 'Keep editing' })).toBeFocused()
}

async function collectionTitles(demoStore: DemoStoreHandle): Promise<string[]> {
  const res = await demoStore.api('/openapi/2021-08/blog_collections?page_size=250')
  return ((await res.json()) as { links: { data: { title: string }[] } }).links.data.map((c) => c.title)
}

test('Back with a tracking number typed asks first; Keep editing stays on the order, Discard goes back and sends nothing', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  // Orders that take tracking, opened from the list as a person does (each a step in the history).
  await go(page, '#/orders?fulfillment=unfulfilled&financial=paid&status=wc-processing')
  const rows = page.getByRole('grid', { name: 'Orders' }).getByRole('row')
  const openRow = async (n: number) => {
    await rows.nth(n).click()
    await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
    const id = Number(/#\/orders\/(\d+)/.exec(page.url())![1])
    return storeOrder(demoStore, id)
  }
  const previous = await openRow(0)
  await page.getByRole('button', { name: '← Back to orders' }).click()
  const order = await openRow(1)
  const heading = (o: Order) => page.getByRole('heading', { level: 1, name: `Order #${o.number}` })
  const list = page.getByRole('grid', { name: 'Orders' })
  const addTracking = page.getByRole('button', { name: 'Add tracking', exact: true })
  const dialog = page.getByRole('dialog', { name: `Add tracking to #${order.number}` })
  const number = dialog.getByRole('textbox', { name: 'Tracking number' })

  // Nothing typed: Back closes the dialog and goes, without a question.
  await addTracking.click()
  await expect(number).toBeVisible()
  await page.goBack()
  await expect(list).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.goForward()
  await expect(heading(order)).toBeVisible()

  await addTracking.click()
  await number.fill('1Z999AA10123456784')
  await page.goBack()
  await expectQuestion(page)
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(question(page)).toHaveCount(0)
  // The address bar is back on the order too, and the dialog still belongs to it.
  await expect(page).toHaveURL(new RegExp(`#/orders/${order.ID}\\?`))
  await expect(heading(order)).toBeVisible()
  await expect(number).toHaveValue('1Z999AA10123456784')

  // Escape asks too; Enter answers the default, Keep editing.
  await number.press('Escape')
  await expectQuestion(page)
  await page.keyboard.press('Enter')
  await expect(question(page)).toHaveCount(0)
  await expect(number).toHaveValue('1Z999AA10123456784')

  await page.goBack()
  await expectQuestion(page)
  await question(page).getByRole('button', { name: 'Discard' }).click()
  await expect(list).toBeVisible()
  await expect(page).toHaveURL(/#\/orders\?/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // Back again goes where it would have: the order opened before.
  await page.goBack()
  await expect(heading(previous)).toBeVisible()

  // A tracking number the person confirms, on that order: once the store has it, anything
  // queued before it was sent too.
  await addTracking.click()
  const confirmed = page.getByRole('dialog', { name: `Add tracking to #${previous.number}` })
  await confirmed.getByRole('textbox', { name: 'Tracking number' }).fill('RR123456785US')
  await confirmed.getByRole('button', { name: 'Continue' }).click()
  await confirmed.getByRole('button', { name: 'Confirm tracking' }).click()
  await expect.poll(async () => (await storeOrder(demoStore, previous.ID)).trackno).toBe('RR123456785US')
  expect((await storeOrder(demoStore, order.ID)).trackno ?? '').toBe('')
  expect((await storeOrder(demoStore, order.ID)).post_modified).toBe(order.post_modified)
})

test('a new collection with a title typed asks before Escape, Back or closing the window; Discard creates nothing', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collections', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'New collection' }).click()
  const form = page.getByRole('dialog', { name: 'New collection' })
  const title = form.getByRole('textbox', { name: 'Title', exact: true })
  await title.fill('Never sent')

  await title.press('Escape')
  await expectQuestion(page)
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(title).toHaveValue('Never sent')

  await page.goBack()
  await expectQuestion(page)
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(page).toHaveURL(/#\/collections$/)
  await expect(title).toHaveValue('Never sent')

  // Closing the window: the browser asks in its own words, and staying keeps the text.
  if (process.env.E2E_SHELL !== 'electron') {
    const asked = page.waitForEvent('dialog')
    await page.close({ runBeforeUnload: true })
    const native = await asked
    expect(native.type()).toBe('beforeunload')
    await native.dismiss()
    await expect(title).toHaveValue('Never sent')
  }

  // Cleared back to how it opened: nothing to lose, Escape closes without a question.
  await title.fill('')
  await title.press('Escape')
  await expect(form).toHaveCount(0)
  await expect(question(page)).toHaveCount(0)

  await page.getByRole('button', { name: 'New collection' }).click()
  await title.fill('Never sent')
  await page.goBack()
  await expectQuestion(page)
  await question(page).getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/#\/orders$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // A collection the person does create: once the store has it, the discarded one would be there too.
  await go(page, '#/collections')
  await page.getByRole('button', { name: 'New collection' }).click()
  await title.fill('Created on purpose')
  await form.getByRole('button', { name: 'Create collection' }).click()
  await expect.poll(() => collectionTitles(demoStore)).toContain('Created on purpose')
  expect(await collectionTitles(demoStore)).not.toContain('Never sent')
})
