// The blog studio end to end on the demo store: a post with every block written offline,
// surviving a reload and published when the store comes back; a seeded post whose HTML the
// editor cannot fully represent, kept or reported; a scheduled post; a filtered set hidden in
// one batch after its undo window; and a conflict with a change made on the store, resolved both ways and merged by
// hand, before publishing and after a publish queued offline; and the preview in the blog's own
// stylesheet, loaded from its address.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { openBlogs, startWithSyncedBlogs, storeBlogByTitle, storeBlogs, type StoreBlog } from './support/blogs'

// Seeded posts point at images on `.invalid` hosts, which the browser cannot resolve. And
// Chromium reports an inline event handler (onclick="…" in a post's HTML) as a CSP violation as
// soon as the HTML is parsed, even by DOMParser into an inert document where nothing can run;
// one test loads such a post on purpose.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource', 'Executing inline event handler violates'] })

async function storeBlog(demoStore: DemoStoreHandle, id: number): Promise<StoreBlog> {
  const response = await demoStore.api(`/openapi/2021-08/blogs/${id}`)
  expect(response.ok).toBe(true)
  return ((await response.json()) as { data: StoreBlog }).data
}

const goOffline = (demoStore: DemoStoreHandle) => demoStore.control('PUT', '/faults', { dropRate: 1 })
const goOnline = (demoStore: DemoStoreHandle) => demoStore.control('PUT', '/faults', { dropRate: 0 })

const editable = (page: Page) => page.getByRole('textbox', { name: 'Post content' })
const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
const postState = (page: Page) => page.getByRole('status', { name: 'Post state' })
/** What the post's state says once the store has accepted it (never before). */
const ON_STORE = /^(Published|Scheduled for|Hidden on the store)/

async function openPost(page: Page, title: string) {
  await openBlogs(page)
  await page.getByRole('button', { name: title, exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title)
}

/** Types `text` with a mark switched on from the toolbar, then switches the mark off again. */
async function typeMarked(page: Page, mark: string, text: string) {
  await toolbarButton(page, mark).click()
  await page.keyboard.type(text)
  await toolbarButton(page, mark).click()
}

/** The main button, whatever it says it does (Publish, Publish changes, Schedule for …, Save as hidden). */
/** A new post with its title and one paragraph typed, as a writer starts one. */
async function startPost(page: Page, title: string, body: string) {
  await page.getByRole('button', { name: 'New post' }).click()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await editable(page).click()
  await page.keyboard.type(body)
}

async function publish(page: Page) {
  await page.getByRole('button', { name: /^(Publish|Publish changes|Schedule for .+|Save as hidden)$/ }).click()
}

test('writes a post with every block offline, keeps it through a reload, and publishes it when the store is back', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await startWithSyncedBlogs(page)
  await goOffline(demoStore)

  await page.getByRole('button', { name: 'New post' }).click()
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Every block, written offline')
  await page.getByRole('textbox', { name: 'Summary' }).fill('A post that uses every block the editor has.')

  await editable(page).click()
  const keyboard = page.keyboard
  await keyboard.type('## A heading from markdown')
  await keyboard.press('Enter')
  await keyboard.type('Plain words, then ')
  await typeMarked(page, 'Bold', 'bold')
  await keyboard.type(' and ')
  await typeMarked(page, 'Italic', 'italic')
  await keyboard.type(' and ')
  await typeMarked(page, 'Underline', 'underlined')
  await keyboard.type(' and ')
  await typeMarked(page, 'Strikethrough', 'struck')
  await keyboard.type(' text. ')
  await toolbarButton(page, 'Link').click()
  await page.getByRole('textbox', { name: 'Link address' }).fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Apply link' }).click()
  await expect(page.getByText('Use an address that starts with https://, http:// or mailto:.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/shop')
  await page.getByRole('button', { name: 'Apply link' }).click()
  await editable(page).press('End')
  await keyboard.press('Enter')
  await toolbarButton(page, 'Align centre').click()
  await keyboard.type('Centred line')
  await keyboard.press('Enter')
  await toolbarButton(page, 'Align left').click()
  await keyboard.type('- first bullet')
  await keyboard.press('Enter')
  await keyboard.type('second bullet')
  await keyboard.press('Enter')
  await keyboard.press('Enter')
  await keyboard.type('1. first step')
  await keyboard.press('Enter')
  await keyboard.press('Enter')
  await keyboard.type('> A quoted line')
  await keyboard.press('Enter')
  await keyboard.press('Enter')
  await keyboard.type('``` ')
  await keyboard.type('const answer = 42')
  await keyboard.press('Enter')
  await keyboard.press('Enter')
  await keyboard.press('Enter')
  await toolbarButton(page, 'Divider').click()
  await toolbarButton(page, 'Image').click()
  await page.getByRole('textbox', { name: 'Image address' }).fill('https://images.example.com/mug.jpg')
  await page.getByRole('textbox', { name: 'Alternative text' }).fill('A blue mug')
  await page.getByRole('textbox', { name: 'Image width in pixels' }).fill('320')
  await page.getByRole('button', { name: 'Insert image' }).click()
  await toolbarButton(page, 'Embedded video').click()
  await page.getByRole('textbox', { name: 'Video address' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await page.getByRole('button', { name: 'Embed video' }).click()
  await toolbarButton(page, 'Insert table').click()
  await keyboard.type('Size')

  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()
  const draftUrl = page.url()
  await page.reload()
  await expect(page).toHaveURL(draftUrl)
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Every block, written offline')
  await expect(editable(page)).toContainText('A heading from markdown')
  await expect(editable(page).locator('table')).toContainText('Size')

  await publish(page)
  await expect(postState(page)).toHaveText('Waiting to send (offline)')
  expect(await storeBlogByTitle(demoStore, 'Every block, written offline').catch(() => undefined)).toBeUndefined()

  await goOnline(demoStore)
  await expect(postState(page)).toHaveText(ON_STORE, { timeout: 60_000 })
  const created = await storeBlogByTitle(demoStore, 'Every block, written offline')
  expect(created).toBeDefined()
  const html = (await storeBlog(demoStore, created!.id)).content
  for (const expected of [
    '<h2>A heading from markdown</h2>',
    '<strong>bold</strong>',
    '<em>italic</em>',
    '<u>underlined</u>',
    '<s>struck</s>',
    '<a href="https://example.com/shop">https://example.com/shop</a>',
    '<ul><li><p>first bullet</p></li><li><p>second bullet</p></li></ul>',
    '<ol><li><p>first step</p></li></ol>',
    '<blockquote><p>A quoted line</p></blockquote>',
    '<pre><code>const answer = 42</code></pre>',
    '<hr>',
    '<img src="https://images.example.com/mug.jpg" alt="A blue mug" width="320">',
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"',
    '<table><tbody><tr><th><p>Size</p></th>',
  ]) expect(html).toContain(expected)
  expect(html).toMatch(/<p style="text-align: center;?">Centred line<\/p>/)
})

test('keeps the HTML of a seeded post it cannot fully edit, and reports what a body edit would change before saving', async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  // Another editor left a script and an event handler in one post before Storedesk connects.
  const [fibres] = (await storeBlogs(demoStore)).filter((blog) => blog.title === 'A Guide to Natural Fibres')
  const original = `${(await storeBlog(demoStore, fibres!.id)).content}\n<script>trackReaders()</script><p onclick="tip()">Tap for a tip.</p>`
  expect((await demoStore.api(`/openapi/2021-08/blogs/${fibres!.id}`, { method: 'PUT', body: JSON.stringify({ content: original }) })).ok).toBe(true)

  await startWithSyncedBlogs(page)

  // A post with <details>, <dl> and a custom element: its body is edited, and all of it stays.
  const [faq] = (await storeBlogs(demoStore)).filter((blog) => blog.title === 'Frequently Asked Questions About Our Materials')
  await openPost(page, 'Frequently Asked Questions About Our Materials')
  await expect(editable(page).getByText('Kept as HTML: <details>')).toBeVisible()
  await editable(page).getByText('What you need').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' (updated)')
  await publish(page)
  await expect(postState(page)).toHaveText(ON_STORE, { timeout: 30_000 })
  await expect.poll(async () => (await storeBlog(demoStore, faq!.id)).content, { timeout: 30_000 }).toContain('<h2>What you need (updated)</h2>')
  const faqHtml = (await storeBlog(demoStore, faq!.id)).content
  expect(faqHtml).toContain('<details><summary>Is the linen pre-washed?</summary><p>Yes, every piece is stone-washed.</p></details>')
  expect(faqHtml).toContain('<dl><dt>Linen</dt><dd>Flax fibre, breathable.</dd><dt>Merino</dt><dd>Fine wool, warm.</dd></dl>')

  // The post with a script: a title change leaves its HTML byte for byte as it was.
  await openPost(page, 'A Guide to Natural Fibres')
  await expect(page.getByLabel('HTML kept from the store')).toContainText('This post has HTML the editor would change')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A Guide to Natural Fibres, revised')
  await publish(page)
  await expect.poll(async () => (await storeBlog(demoStore, fibres!.id)).title, { timeout: 30_000 }).toBe('A Guide to Natural Fibres, revised')
  expect((await storeBlog(demoStore, fibres!.id)).content).toBe(original)

  // Editing its body: publishing first lists what the editor removes, with the diff.
  await expect(postState(page)).toHaveText(ON_STORE, { timeout: 30_000 })
  await editable(page).getByText('What you need').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' today')
  await publish(page)
  const dialog = page.getByRole('dialog').filter({ hasText: 'Saving will change the store’s HTML' })
  await expect(dialog.getByRole('list', { name: 'Changes' })).toContainText('Removes a script “trackReaders()”')
  await expect(dialog.getByRole('list', { name: 'Changes' })).toContainText('Removes the event handler onclick “tip()” from a paragraph')
  await expect(dialog.getByLabel('Differences, line by line')).toContainText('− <script>')
  await dialog.getByRole('button', { name: 'Save anyway' }).click()
  await expect.poll(async () => (await storeBlog(demoStore, fibres!.id)).content, { timeout: 30_000 }).toContain('<h2>What you need today</h2>')
  const saved = (await storeBlog(demoStore, fibres!.id)).content
  expect(saved).not.toContain('<script')
  expect(saved).not.toContain('onclick')
  expect(saved).toContain('<p>Tap for a tip.</p>')
})

test.describe('a post only looked at', () => {
  // Playwright's own script cannot run inside the sandboxed preview frame, and Chromium says so.
  test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource', "Blocked script execution in 'about:srcdoc'"] })

  test('looking at a post in Preview and HTML source leaves it as it is: no draft, no revision', async ({ page }) => {
    await startWithSyncedBlogs(page)
    await openPost(page, 'Frequently Asked Questions About Our Materials')
    const views = page.getByLabel('Editor view')
    for (const view of ['Preview', 'Visual', 'HTML source', 'Visual', 'Preview', 'Visual']) {
      await views.getByRole('radio', { name: view, exact: true }).check({ force: true })
      await expect(views.getByRole('radio', { name: view, exact: true })).toBeChecked()
    }
    // Well past the autosave pause: nothing was written, because nothing was edited.
    await page.waitForTimeout(1500)
    await expect(page.getByText('No unpublished changes')).toBeVisible()
    await expect(postState(page)).toHaveText(ON_STORE)
  })
})

test('schedules a post with a visible-from time in the store’s time', async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  await startWithSyncedBlogs(page)
  await startPost(page, 'Winter opening hours', 'We open late on Sundays from January.')
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue('winter-opening-hours')
  const visibleFrom = page.getByRole('textbox', { name: 'Visible from (store time)' })
  // A time in a form the field does not read is said, with the form it reads, and changes nothing.
  await visibleFrom.fill('2027-01-15 09:30:00')
  await visibleFrom.press('Enter')
  await expect(page.getByText(/^“2027-01-15 09:30:00” is not a date and time this field reads, so nothing was changed\. Type it as \d{4}-\d\d-\d\d \d{1,2}:\d\d:\d\d [AP]M, or pick it in the calendar\.$/)).toBeVisible()
  await expect(visibleFrom).toHaveValue('')
  await expect(visibleFrom).toHaveAttribute('aria-invalid', 'true')
  await visibleFrom.fill('2027-01-15 9:30:00 AM')
  await visibleFrom.press('Enter')
  await expect(visibleFrom).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('radio', { name: 'Visible' }).check({ force: true })
  await publish(page)
  await expect(postState(page)).toHaveText('Scheduled for Jan 15, 2027, 9:30 AM', { timeout: 30_000 })
  await expect.poll(async () => (await storeBlogByTitle(demoStore, 'Winter opening hours'))?.visible_at, { timeout: 30_000 }).toBe('2027-01-15 09:30:00')
  const scheduled = await storeBlogByTitle(demoStore, 'Winter opening hours')
  expect(scheduled).toMatchObject({ status: 2 })
  expect((await storeBlog(demoStore, scheduled!.id)).content).toBe('<p>We open late on Sundays from January.</p>')
})

test('a field longer than the store accepts says so at the field and stops the publish, sending nothing', async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  await startWithSyncedBlogs(page)
  await startPost(page, 'Long words about linen', 'Linen, at length.')
  const seoTitle = page.getByRole('textbox', { name: 'SEO title' })
  const author = page.getByRole('textbox', { name: 'Author' })
  await seoTitle.fill('x'.repeat(5000))
  await author.fill('y'.repeat(256))
  await expect(seoTitle).toHaveAttribute('aria-invalid', 'true')
  await expect(seoTitle).toHaveAccessibleDescription('At most 255 characters; this has 5,000. Shorten it to publish.')
  await expect(author).toHaveAccessibleDescription('At most 255 characters; this has 256. Shorten it to publish.')

  await publish(page)
  await expect(page.getByRole('alert').filter({ hasText: 'Not published: Author and SEO title are longer than the store accepts. Shorten them and publish again.' })).toBeVisible()
  await expect(postState(page)).toHaveText('Draft on this device')
  expect(await storeBlogByTitle(demoStore, 'Long words about linen'), 'nothing reached the store').toBeUndefined()

  await seoTitle.fill('Linen, at length')
  await author.fill('Ava')
  await expect(seoTitle).not.toHaveAttribute('aria-invalid', 'true')
  await publish(page)
  await expect(postState(page)).toHaveText(/^Published /, { timeout: 30_000 })
  expect(await storeBlogByTitle(demoStore, 'Long words about linen')).toMatchObject({ seo_title: 'Linen, at length' })
})

test('a publish the store refuses shows on the slug field and in a notification, and the fixed post replaces it', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  // A post the store has and this device has not heard of yet (another writer, a minute ago).
  const elsewhere = await demoStore.api('/openapi/2021-08/blogs', { method: 'POST', body: JSON.stringify({ title: 'Picnic checklist', seo_slug: 'plastic-free-picnic', content: '<p>Elsewhere</p>' }) })
  expect(elsewhere.status).toBe(201)

  await startPost(page, 'Plastic Free Picnic!!', 'Bring a blanket and a jar.')
  const slug = page.getByRole('textbox', { name: 'Slug' })
  await expect(slug).toHaveValue('plastic-free-picnic')
  // Typed by hand, the slug shows what was typed, and beside it what the store gets.
  await slug.selectText()
  await slug.pressSequentially('Plastic Free Picnic!!')
  await expect(slug).toHaveValue('Plastic Free Picnic!!')
  await expect(page.getByText('The store gets “plastic-free-picnic”')).toBeVisible()
  // A slug a post on this device already uses is caught before anything is sent.
  const known = (await storeBlogs(demoStore)).find((b) => b.title === 'Frequently Asked Questions About Our Materials') as StoreBlog & { seo_slug: string }
  await slug.fill(known.seo_slug)
  await expect(page.getByText(`“Frequently Asked Questions About Our Materials” already uses this slug.`)).toBeVisible()
  await slug.fill('plastic-free-picnic')

  await publish(page)
  await expect(postState(page)).toHaveText('Failed: Slug: is already taken', { timeout: 30_000 })
  await expect(page.getByText('The store refused this: is already taken.')).toBeVisible()
  await expect(page.getByRole('alert', { name: 'The store refused this post' })).toContainText('Slug: is already taken')
  await expect(page.getByText('The store refused a change')).toBeVisible()
  await expect(page.getByText(/seo_slug/)).toHaveCount(0)
  // The notice stays in the frame's list, counted until seen.
  await page.getByRole('button', { name: 'Notifications, 1 not seen' }).click()
  const list = page.getByRole('dialog').filter({ hasText: 'Remove all' })
  await expect(list.getByRole('listitem').filter({ hasText: 'The store refused a change' })).toContainText('Plastic Free Picnic!!')
  await expect(list.getByRole('button', { name: 'Open the post' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  expect((await storeBlogs(demoStore)).filter((b) => b.title === 'Plastic Free Picnic!!')).toHaveLength(0)

  await slug.fill('plastic-free-picnic-day')
  await publish(page)
  await expect(postState(page)).toHaveText(ON_STORE, { timeout: 30_000 })
  const mine = (await storeBlogs(demoStore)).filter((b) => b.title === 'Plastic Free Picnic!!') as (StoreBlog & { seo_slug: string })[]
  expect(mine).toHaveLength(1)
  expect(mine[0]!.seo_slug).toBe('plastic-free-picnic-day')
  expect((await storeBlog(demoStore, mine[0]!.id)).content).toBe('<p>Bring a blanket and a jar.</p>')
  await page.evaluate(() => (location.hash = '#/sync'))
  await expect(page.getByText('Every change has reached the store.')).toBeVisible()
})

test('a batch run from the keyboard keeps the keyboard in the batch bar', async ({ page }) => {
  await startWithSyncedBlogs(page)
  const bar = page.getByRole('group', { name: 'Batch actions' })
  const selectAll = bar.getByRole('checkbox', { name: /^Select all \d+ matching the filter$/ })
  await page.getByRole('checkbox', { name: 'Select Sustainable Swaps for the Kitchen' }).check()
  await bar.getByRole('button', { name: 'Hide' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Undo changes' })).toContainText('Sustainable Swaps for the Kitchen')
  // The Hide button just pressed is off now (nothing is selected): focus did not fall to the
  // page's start, and the Enter's release selected nothing.
  await expect(bar.getByRole('button', { name: 'Hide' })).toBeDisabled()
  await expect(bar).toBeFocused()
  await expect(selectAll).not.toBeChecked()
  await expect(bar).toContainText('0 selected')
  await page.keyboard.press('Tab')
  await expect(selectAll).toBeFocused()

  await page.getByRole('checkbox', { name: 'Select Holiday Shipping Deadlines 2026' }).check()
  await bar.getByRole('button', { name: 'Delete' }).focus()
  await page.keyboard.press('Enter')
  const question = page.getByRole('dialog').filter({ hasText: 'Delete' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Delete' }).focus()
  await page.keyboard.press('Enter')
  await expect(question).toBeHidden()
  await expect(bar).toBeFocused()
  await expect(selectAll).not.toBeChecked()
})

test('hides every post matching a search and a status in one batch', async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  const before = await storeBlogs(demoStore)
  const matching = before.filter((blog) => blog.status === 2 && [blog.title, blog.content].some((text) => text.toLowerCase().includes('table'))).map((blog) => blog.id)
  expect(matching.length).toBeGreaterThan(1)

  await startWithSyncedBlogs(page)
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('table')
  await page.getByRole('radio', { name: 'Visible' }).check({ force: true })
  await page.getByRole('checkbox', { name: `Select all ${matching.length} matching the filter` }).check()
  await page.getByRole('group', { name: 'Batch actions' }).getByRole('button', { name: 'Hide' }).click()
  // It waits out the undo window, naming what it does.
  await expect(page.getByRole('region', { name: 'Undo changes' })).toContainText(`Hide all matching posts: the ${matching.length} posts matching “table”, visible`)

  await expect.poll(async () => (await storeBlogs(demoStore)).filter((blog) => blog.status === 1).map((blog) => blog.id).sort(), { timeout: 30_000 })
    .toEqual([...matching, ...before.filter((blog) => blog.status === 1).map((blog) => blog.id)].sort())
})

test('stops publishing when the store changed the post, and resolves the conflict both ways', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  const [post] = (await storeBlogs(demoStore)).filter((blog) => blog.title === 'Sustainable Swaps for the Kitchen')
  const changeOnStore = async (summary: string) => {
    expect((await demoStore.api(`/openapi/2021-08/blogs/${post!.id}`, { method: 'PUT', body: JSON.stringify({ summary }) })).ok).toBe(true)
  }
  const summary = page.getByRole('textbox', { name: 'Summary' })

  // Keep theirs: the store's summary wins, nothing is sent.
  await openPost(page, 'Sustainable Swaps for the Kitchen')
  await summary.fill('My summary, written here')
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()
  await changeOnStore('Their summary, changed on the store')
  await publish(page)
  const conflict = page.getByRole('region', { name: 'The store’s copy changed since you started editing' })
  await expect(conflict.getByRole('table', { name: 'Both versions' })).toContainText('Their summary, changed on the store')
  await expect(conflict.getByRole('table', { name: 'Both versions' })).toContainText('My summary, written here')
  await conflict.getByRole('button', { name: 'Keep theirs' }).click()
  await expect(summary).toHaveValue('Their summary, changed on the store')
  expect((await storeBlog(demoStore, post!.id)).summary).toBe('Their summary, changed on the store')

  // The version given up is in the local revision history and can be restored.
  await page.getByRole('button', { name: 'Revision history' }).click()
  const revisions = page.getByRole('list', { name: 'Revisions' })
  await expect(revisions).toContainText('Before restoring')
  await revisions.getByRole('button', { name: /^Compare revision/ }).first().click()
  await expect(page.getByLabel('Revision differences')).toBeVisible()
  await page.getByRole('button', { name: 'Restore this revision' }).click()
  await expect(summary).toHaveValue('My summary, written here')

  // Keep mine: after seeing both, the writer's summary is published.
  await summary.fill('Mine again, after seeing theirs')
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()
  await changeOnStore('Theirs once more')
  await publish(page)
  await expect(conflict.getByRole('table', { name: 'Both versions' })).toContainText('Theirs once more')
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await expect.poll(async () => (await storeBlog(demoStore, post!.id)).summary, { timeout: 30_000 }).toBe('Mine again, after seeing theirs')
})

/** Opens the post, adds a paragraph at the end of its body, and waits for the local autosave. */
async function addParagraphToBody(page: Page, title: string, text: string) {
  await openPost(page, title)
  await editable(page).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type(text)
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()
}

/** Merges by hand in the conflict view: the store's body followed by the writer's paragraph. */
async function mergeBodies(page: Page, theirs: string, mine: string) {
  const conflict = page.getByRole('region', { name: 'The store’s copy changed since you started editing' })
  await expect(conflict.getByLabel('Body differences')).toContainText('Their paragraph.')
  await expect(conflict.getByLabel('Body differences')).toContainText(mine)
  await conflict.getByRole('button', { name: 'Merge by hand' }).click()
  const source = conflict.getByRole('textbox', { name: 'Merged HTML source' })
  await expect(source).toHaveValue(new RegExp(mine))
  await source.fill(`${theirs}\n<p>${mine}</p>`)
  await conflict.getByRole('button', { name: 'Use merged version' }).click()
}

test('merges the body by hand when the store changed it while the writer was editing', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  const post = (await storeBlogByTitle(demoStore, 'Sustainable Swaps for the Kitchen'))!
  await addParagraphToBody(page, post.title, 'My paragraph.')

  const theirs = `${(await storeBlog(demoStore, post.id)).content}\n<p>Their paragraph.</p>`
  expect((await demoStore.api(`/openapi/2021-08/blogs/${post.id}`, { method: 'PUT', body: JSON.stringify({ content: theirs }) })).ok).toBe(true)
  await publish(page)
  await mergeBodies(page, theirs, 'My paragraph.')

  await expect.poll(async () => (await storeBlog(demoStore, post.id)).content, { timeout: 30_000 }).toContain('<p>My paragraph.</p>')
  const merged = (await storeBlog(demoStore, post.id)).content
  expect(merged).toContain('<p>Their paragraph.</p>')
  expect(merged.indexOf('Their paragraph.')).toBeLessThan(merged.indexOf('My paragraph.'))
})

test('a publish queued offline stops at a store change made meanwhile, and the merged body is what gets sent', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  const post = (await storeBlogByTitle(demoStore, 'Sustainable Swaps for the Kitchen'))!

  // The store's copy changes after the app cached it (the app does not sync again for minutes);
  // then the writer, offline, edits the body and publishes: the publish is queued.
  const theirs = `${(await storeBlog(demoStore, post.id)).content}\n<p>Their paragraph.</p>`
  expect((await demoStore.api(`/openapi/2021-08/blogs/${post.id}`, { method: 'PUT', body: JSON.stringify({ content: theirs }) })).ok).toBe(true)
  await goOffline(demoStore)
  await addParagraphToBody(page, post.title, 'Written on the train.')
  await publish(page)
  await expect(postState(page)).toHaveText('Waiting to send (offline)')

  // Back online, the queued publish meets the store's newer copy and stops: nothing is overwritten.
  await goOnline(demoStore)
  await expect(postState(page)).toHaveText(/conflict/i, { timeout: 60_000 })
  expect((await storeBlog(demoStore, post.id)).content).toBe(theirs)

  await mergeBodies(page, theirs, 'Written on the train.')
  await expect(postState(page)).toHaveText(ON_STORE, { timeout: 60_000 })
  const merged = (await storeBlog(demoStore, post.id)).content
  expect(merged).toContain('<p>Their paragraph.</p>')
  expect(merged).toContain('<p>Written on the train.</p>')
})

test('keeps the store’s copy as the first revision, compares two revisions word by word, and jumps by the outline', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  const [faq] = (await storeBlogs(demoStore)).filter((blog) => blog.title === 'Frequently Asked Questions About Our Materials')
  const storeHtml = (await storeBlog(demoStore, faq!.id)).content

  // The outline jumps to a heading from the keyboard: typing then lands in that heading.
  await openPost(page, 'Frequently Asked Questions About Our Materials')
  await page.getByRole('navigation', { name: 'Outline' }).getByRole('button', { name: 'Go to heading: What you need' }).press('Enter')
  await page.keyboard.type(' today')
  await expect(editable(page).locator('h2', { hasText: 'What you need today' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()
  await publish(page)
  await expect(postState(page)).toHaveText(ON_STORE, { timeout: 30_000 })

  // The oldest revision is the store's copy, its HTML exactly as the store had it.
  await page.getByRole('button', { name: 'Revision history' }).click()
  const revisions = page.getByRole('list', { name: 'Revisions' })
  await expect(revisions.getByRole('listitem')).toHaveCount(2)
  await expect(revisions.getByRole('listitem').last()).toContainText('As on the store')
  await expect(revisions.getByRole('listitem').first()).toContainText('Before publishing')
  await revisions.getByRole('button', { name: /^Compare revision As on the store/ }).click()
  await page.getByText('HTML of this revision').click()
  expect(await page.getByLabel('Revision HTML').textContent()).toBe(storeHtml)

  // Against the revision kept before publishing, the inserted word is marked and nothing else.
  const differences = page.getByRole('region', { name: 'Revision differences' })
  const against = differences.getByRole('combobox', { name: 'Compare with' })
  await against.selectOption((await against.locator('option', { hasText: 'Before publishing' }).getAttribute('value'))!)
  const body = differences.getByRole('group', { name: 'Body differences' })
  await expect(body.locator('ins')).toHaveText(['inserted: today'])
  await expect(body.locator('del')).toHaveCount(0)
  await expect(differences.getByRole('group', { name: 'Title differences' })).toHaveCount(0)
})

test.describe('the preview frame', () => {
  // Reading a computed style inside the frame runs Playwright's own script there, which the
  // frame's sandbox blocks and Chromium reports as a console error. The app puts no script in it.
  test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource', "Blocked script execution in 'about:srcdoc'"] })

  test('previews a post in the blog’s own stylesheet, loaded from its address and kept for offline use', async ({ page }) => {
    test.setTimeout(150_000)
    // The blog's theme, served on this computer as a blog would serve it.
    const theme = createServer((request, response) => {
      if (request.url === '/theme.css') response.writeHead(200, { 'Content-Type': 'text/css' }).end('body { color: rgb(12, 34, 56); } h1 { letter-spacing: 3px; } @import "https://evil.example/x.css";')
      else response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
    })
    await new Promise<void>((resolve) => theme.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(theme.address() as AddressInfo).port}`
    try {
      await startWithSyncedBlogs(page)
      await openPost(page, 'Frequently Asked Questions About Our Materials')
      await page.getByText('Preview style (neutral theme)').click()
      await page.getByText('From the blog’s address').click()
      const address = page.getByRole('textbox', { name: 'Stylesheet address (URL)' })

      // A wrong address says why in words, and changes nothing.
      await address.fill(`${base}/missing.css`)
      await page.getByRole('button', { name: 'Load stylesheet' }).click()
      await expect(page.getByRole('alert')).toHaveText('The stylesheet could not be loaded: the address answered 404 (Not Found). The preview keeps its previous style.')
      await expect(page.getByText('Preview style (neutral theme)')).toBeVisible()

      await address.fill(`${base}/theme.css`)
      await page.getByRole('button', { name: 'Load stylesheet' }).click()
      await expect(page.getByText('Preview style (the blog’s own, from 127.0.0.1')).toBeVisible()
      await expect(page.getByRole('alert').filter({ hasText: 'Removed for safety: @import rules.' })).toBeVisible()
      await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0)

      const frame = page.frameLocator('iframe[title="Preview of the post"]')
      await page.getByLabel('Editor view').getByText('Preview', { exact: true }).click()
      await expect(frame.locator('body')).toHaveCSS('color', 'rgb(12, 34, 56)')
      await expect(frame.locator('h1')).toHaveCSS('letter-spacing', '3px')

      // The theme's server goes away; the kept copy still styles the preview after a reload.
      await new Promise((resolve) => theme.close(resolve))
      await page.reload()
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Frequently Asked Questions About Our Materials')
      await page.getByLabel('Editor view').getByText('Preview', { exact: true }).click()
      await expect(frame.locator('body')).toHaveCSS('color', 'rgb(12, 34, 56)')
    } finally {
      theme.close()
    }
  })
})
