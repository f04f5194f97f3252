// The outbox end to end on the demo store: writes made while the store cannot be reached are
// shown at once and go out by themselves within seconds of the store answering again (after a
// reload, and after the whole app restarted), with nobody pressing "Send now"; a reload in the
// middle of sending loses nothing and sends nothing twice; a change the store's copy moved under
// is stopped and shown with both versions. Disconnecting keeps unsent writes, drafts and
// revisions for the next connection to the same store, unless the writer deletes them by name.
// Order writes here go without an undo window (set to 0), which has its own spec (undo.spec.ts).
import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { sentEmails, shippableOrders, storeOrder } from './support/store-orders'
import { setUndoWindow } from './support/undo-window'
import { makeAddressConflict } from './support/address-conflict'
import { go, waitForFirstSync } from './support/navigate'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

async function addTracking(page: Page, orderId: number, trackno: string) {
  await go(page, `#/orders/${orderId}`)
  await page.getByRole('button', { name: 'Add tracking' }).click()
  await page.getByRole('textbox', { name: 'Tracking number' }).fill(trackno)
  const email = page.getByRole('switch', { name: 'E-mail the customer' })
  if ((await email.getAttribute('aria-checked')) !== 'true') await email.click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Confirm tracking' }).click()
  await expect(page.getByText('Changes to this order are not yet sent to the store')).toBeVisible()
}

async function storePostsTitled(demoStore: DemoStoreHandle, title: string) {
  const response = await demoStore.api(`/openapi/2021-08/blogs?filter[key]=${encodeURIComponent(title)}`)
  return ((await response.json()) as { data: { title: string }[] }).data.filter((b) => b.title === title)
}

async function writePost(page: Page, title: string) {
  await go(page, '#/blogs')
  await page.getByRole('button', { name: 'New post' }).click()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Post content' }).click()
  await page.keyboard.type('Written while the store could not be reached.')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
}

/** Two tracking numbers (customer e-mailed) and a new post, queued while every connection to the store is dropped. */
async function queueWhileStoreIsAway(page: Page, demoStore: DemoStoreHandle, tag: string) {
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await addTracking(page, 1001, `${tag}1001`)
  await addTracking(page, 1002, `${tag}1002`)
  await writePost(page, `${tag} post`)
  await go(page, '#/sync')
  await expectQueued(page, tag)
  // The writes have been tried and found the store away: they wait on their backoff.
  const unsent = page.getByRole('list', { name: 'Changes not yet sent' }).getByRole('listitem')
  await expect(unsent.filter({ hasText: /Next try in/ }).first()).toBeVisible({ timeout: 30_000 })
}

async function expectQueued(page: Page, tag: string) {
  const unsent = page.getByRole('list', { name: 'Changes not yet sent' }).getByRole('listitem')
  for (const label of [`Tracking ${tag}1001`, `Tracking ${tag}1002`, `New post “${tag} post”`]) await expect(unsent.filter({ hasText: label })).toHaveCount(1)
}

/** Within 10 s of the store answering, it holds each write exactly once. */
async function expectDeliveredOnce(demoStore: DemoStoreHandle, tag: string) {
  const restoredAt = Date.now()
  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  const emails = () => sentEmails(demoStore)
  const delivered = async () => {
    const sent = await emails()
    const tracked = await Promise.all([1001, 1002].map(async (id) => (await storeOrder(demoStore, id)).trackno === `${tag}${id}`))
    return tracked.every(Boolean) && (await storePostsTitled(demoStore, `${tag} post`)).length === 1 && sent.filter((e) => e.trackno.startsWith(tag)).length === 2
  }
  await expect.poll(delivered, { timeout: 10_000, intervals: [250] }).toBe(true)
  expect(Date.now() - restoredAt).toBeLessThan(10_000)
  // And nothing arrives a second time afterwards.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  const sent = await emails()
  for (const id of [1001, 1002]) expect(sent.filter((e) => e.orderId === id && e.trackno === `${tag}${id}`)).toHaveLength(1)
  expect(await storePostsTitled(demoStore, `${tag} post`)).toHaveLength(1)
}

test('queued writes go out by themselves within 10 s of the store answering again, after a reload', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForFirstSync(page)
  await queueWhileStoreIsAway(page, demoStore, 'AUTO')
  await page.reload()
  await go(page, '#/sync')
  await expectQueued(page, 'AUTO')
  await expectDeliveredOnce(demoStore, 'AUTO')
  await expect(page.getByText('Every change has reached the store.')).toBeVisible()
})

test('queued writes go out by themselves after the whole app restarted while the store was away', async ({ storedesk, demoStore }) => {
  test.setTimeout(180_000)
  let page = storedesk.page
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForFirstSync(page)
  await queueWhileStoreIsAway(page, demoStore, 'BOOT')
  page = await storedesk.restart()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await expectDeliveredOnce(demoStore, 'BOOT')
})

test('a reload in the middle of sending delivers every queued write exactly once', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForFirstSync(page)
  const orders = (await shippableOrders(demoStore)).slice(0, 3).map((o) => o.ID)

  // The store cannot be reached: the writes are queued and shown at once.
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  for (const id of orders) await addTracking(page, id, `ONCE${id}`)
  await go(page, '#/sync')
  const unsent = page.getByRole('list', { name: 'Changes not yet sent' }).getByRole('listitem')
  await expect(unsent.filter({ hasText: 'ONCE' })).toHaveCount(3)

  // The store answers again, slowly: the app notices by itself; reload while a write is on its way.
  await demoStore.control('PUT', '/faults', { dropRate: 0, latencyMs: 1500 })
  await expect(unsent.filter({ has: page.getByText('Sending', { exact: true }) })).toHaveCount(1, { timeout: 15_000 })
  await page.reload()
  await go(page, '#/sync')
  await demoStore.control('PUT', '/faults', { latencyMs: 0 })
  await expect(page.getByText('Every change has reached the store.')).toBeVisible({ timeout: 60_000 })

  const emails = await sentEmails(demoStore)
  for (const id of orders) {
    expect((await storeOrder(demoStore, id)).trackno).toBe(`ONCE${id}`)
    expect(emails.filter((e) => e.orderId === id && e.trackno === `ONCE${id}`)).toHaveLength(1)
  }
})

test('a shipping address changed on the store meanwhile is not overwritten: both versions are shown and the user chooses', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await waitForFirstSync(page)
  const [id] = (await shippableOrders(demoStore)).map((o) => o.ID)
  const before = await storeOrder(demoStore, id!)

  // Another operator changes the address on the store after this app cached it. The app does
  // not sync again for minutes, so its copy (and the base of its edit) stays the one it cached.
  await makeAddressConflict(page, demoStore, id!)
  const conflict = page.getByRole('article', { name: /^Conflict:/ })
  await expect(conflict).toBeVisible({ timeout: 90_000 })
  const cityRow = conflict.getByRole('row', { name: /^city/ })
  await expect(cityRow).toContainText(before.shipping_address.city)
  await expect(cityRow).toContainText('Their City')
  await expect(cityRow).toContainText('Mine City')
  expect((await storeOrder(demoStore, id!)).shipping_address.city).toBe('Their City')

  await conflict.getByRole('button', { name: /^Keep mine/ }).click()
  await expect(page.getByText('Every change has reached the store.')).toBeVisible({ timeout: 90_000 })
  expect((await storeOrder(demoStore, id!)).shipping_address.city).toBe('Mine City')
})

/** A new post typed but not published: the editor keeps it as a draft on this computer. */
async function writeDraft(page: Page, title: string, text: string) {
  await go(page, '#/blogs')
  await page.getByRole('button', { name: 'New post' }).click()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Post content' }).click()
  await page.keyboard.type(text)
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()
}

/** Settings → Disconnect → the dialog about the work that exists only on this computer. */
async function openDisconnectDialog(page: Page) {
  await go(page, '#/settings')
  await page.getByRole('button', { name: /^Disconnect Demo store/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect', exact: true }).click()
  const dialog = page.getByRole('dialog').filter({ hasText: 'exists only on this computer' })
  await expect(dialog).toBeVisible()
  return dialog
}

const storedeskDatabases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith('storedesk-')))

test('disconnecting keeps drafts, revisions and unsent writes, and connecting the store again brings them all back', async ({ page, demoStore }) => {
  test.setTimeout(240_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await writePost(page, 'KEEP post')
  await expect(page.getByRole('status', { name: 'Post state' })).toHaveText('Waiting to send (offline)')
  await writeDraft(page, 'KEEP draft', 'Still being written.')

  const dialog = await openDisconnectDialog(page)
  await expect(dialog).toContainText(/[1-9]\d* unsent changes?, 1 draft, and [1-9]\d* revisions?/)
  // Keeping is the default: the writer only confirms the disconnect.
  await expect(dialog.getByRole('radio', { name: /^Keep them on this computer/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Disconnect and keep them' }).click()
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText('Not connected')
  expect(await storedeskDatabases(page)).toHaveLength(1)
  await go(page, '#/settings')
  const kept = page.getByRole('list', { name: 'Work kept on this computer' })
  await expect(kept.getByRole('listitem').filter({ hasText: 'Disconnected' })).toContainText(/[1-9]\d* unsent changes?, 1 draft, and [1-9]\d* revisions?/)

  // The same store, connected again (a new connection; the store answers again, as connecting
  // needs it to): the queued write comes back and goes to the store it was written for, once.
  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  await go(page, '#/connect')
  await connectDemoStore(page)
  await expect.poll(async () => (await storePostsTitled(demoStore, 'KEEP post')).length, { timeout: 60_000 }).toBe(1)
  await go(page, '#/sync')
  await expect(page.getByText('Every change has reached the store.')).toBeVisible({ timeout: 60_000 })
  expect(await storePostsTitled(demoStore, 'KEEP post')).toHaveLength(1)

  // The draft and the revisions are back too.
  await go(page, '#/blogs')
  await page.getByRole('button', { name: 'KEEP draft', exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Post content' })).toContainText('Still being written.')
  await go(page, '#/blogs')
  await page.getByRole('button', { name: 'KEEP post', exact: true }).click()
  await page.getByRole('button', { name: 'Revision history' }).click()
  await expect(page.getByRole('list', { name: 'Revisions' }).getByRole('button', { name: /^Compare revision/ }).first()).toBeVisible()
  expect(await storedeskDatabases(page)).toHaveLength(1)
})

test('the disconnect dialog exports the work as a .zip of the posts and their revisions, and deletes it only once the store’s name is typed', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await addTracking(page, 1005, 'UNSENT1005')
  await writePost(page, 'EXPORT post')
  await expect(page.getByRole('status', { name: 'Post state' })).toHaveText('Waiting to send (offline)')
  await writeDraft(page, 'EXPORT draft', 'Words worth keeping.')

  const dialog = await openDisconnectDialog(page)
  const summary = /(\d+) unsent changes?, 1 draft, and (\d+) revisions?/
  await expect(dialog).toContainText(summary)
  const revisionCount = Number(summary.exec((await dialog.textContent()) ?? '')![2])
  const downloaded = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export them as a .zip file' }).click()
  const download = await downloaded
  expect(download.suggestedFilename()).toMatch(/^storedesk-demo-store-\d{4}-\d\d-\d\d\.zip$/)
  await expect(dialog.getByRole('status')).toHaveText(`Exported: ${download.suggestedFilename()} is in your downloads.`)
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)))
  const text = (name: string) => strFromU8(zip[name]!)
  expect(Object.keys(zip).sort()).toEqual(['export-draft.html', 'export-post.html', 'index.html', 'revisions.json', 'unsent-changes.json'])

  // Each post is a page of its own, with its title and body, and says how many revisions it has.
  const revisions = (JSON.parse(text('revisions.json')) as { revisions: { post: { title: string; file: string }; time: string; content: string }[] }).revisions
  expect(revisions).toHaveLength(revisionCount)
  for (const [file, title, body] of [
    ['export-post.html', 'EXPORT post', 'Written while the store could not be reached.'],
    ['export-draft.html', 'EXPORT draft', 'Words worth keeping.'],
  ] as const) {
    expect(text(file)).toContain(`<title>${title}</title>`)
    expect(text(file)).toContain(`<h1>${title}</h1>`)
    expect(text(file)).toContain(`<p>${body}</p>`)
    const own = revisions.filter((r) => r.post.file === file)
    expect(text(file)).toContain(`${own.length} revision${own.length === 1 ? '' : 's'} in revisions.json`)
    for (const revision of own) expect(revision.post.title).toBe(title)
  }
  // The post published offline was kept as a revision before publishing, its words in it.
  const published = revisions.filter((r) => r.post.file === 'export-post.html')
  expect(published.length).toBeGreaterThan(0)
  expect(published[0]!.content).toContain('Written while the store could not be reached.')
  expect(Number.isNaN(Date.parse(published[0]!.time))).toBe(false)
  expect(text('index.html')).toContain('Tracking UNSENT1005')
  expect(text('unsent-changes.json')).toContain('UNSENT1005')

  // Naive UI hides the radio input itself; a person clicks its words.
  await dialog.getByText('Delete them from this computer').click()
  await expect(dialog.getByRole('radio', { name: 'Delete them from this computer' })).toBeChecked()
  const confirm = dialog.getByRole('button', { name: 'Disconnect and delete them' })
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox', { name: 'Store name' }).fill('Demo')
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox', { name: 'Store name' }).fill('Demo store')
  await confirm.click()
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText('Not connected')
  await expect.poll(() => storedeskDatabases(page)).toEqual([])
  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  expect((await storeOrder(demoStore, 1005)).trackno ?? '').not.toBe('UNSENT1005')
})

test('work kept for a disconnected store is deleted in Settings, on purpose, after typing its name', async ({ page }) => {
  test.setTimeout(180_000)
  await connectDemoStore(page)
  await waitForFirstSync(page)
  await writeDraft(page, 'GONE draft', 'Not needed after all.')
  await (await openDisconnectDialog(page)).getByRole('button', { name: 'Disconnect and keep them' }).click()
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText('Not connected')

  await go(page, '#/settings')
  const kept = page.getByRole('list', { name: 'Work kept on this computer' }).getByRole('listitem').filter({ hasText: 'Disconnected' })
  await expect(kept).toContainText('1 draft')
  await kept.getByRole('button', { name: 'Delete the work kept for Demo store' }).click()
  const deleteForGood = kept.getByRole('button', { name: 'Delete for good' })
  await expect(deleteForGood).toBeDisabled()
  await kept.getByRole('textbox', { name: 'Store name' }).fill('Demo store')
  await deleteForGood.click()
  await expect(page.getByText('Nothing is kept on this computer.')).toBeVisible()
  await expect.poll(() => storedeskDatabases(page)).toEqual([])
})
