// The blog studio end to end on the demo store: a post with every block written offline,
// surviving a reload and published when the store comes back; a seeded post whose HTML the
// editor cannot fully represent, kept or reported; a scheduled post; a filtered set hidden in
// one batch; and a conflict with a change made on the store, resolved both ways.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'

// Seeded posts point at images on `.invalid` hosts, which the browser cannot resolve.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

interface StoreBlog {
  id: number
  title: string
  content: string
  status: number
  visible_at: string | null
  updated_at: string
}

/** Connects the demo store as a person does (waiting for the consent tab while clicking). */
async function connectDemoStore(page: Page) {
  const [consent] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /try the demo store/i }).click()])
  await consent.waitForLoadState()
  await consent.getByRole('button', { name: /^install/i }).click()
  await expect(consent.getByText(/connected/i).first()).toBeVisible()
  await consent.close()
  await expect(page.getByRole('navigation', { name: /main|storedesk/i })).toBeVisible()
}

async function openBlogs(page: Page) {
  await page.evaluate(() => (location.hash = '#/blogs'))
  await expect(page.getByRole('heading', { name: 'Blog posts', level: 1 })).toBeVisible()
}

/** Connects, opens the blog list and waits until the store's posts are in the cache. */
async function startWithSyncedBlogs(page: Page) {
  await connectDemoStore(page)
  await openBlogs(page)
  await expect(page.getByRole('button', { name: 'Frequently Asked Questions About Our Materials' })).toBeVisible({ timeout: 60_000 })
}

async function storeBlogs(demoStore: DemoStoreHandle, query = ''): Promise<StoreBlog[]> {
  const response = await demoStore.api(`/openapi/2021-08/blogs${query}`)
  expect(response.ok).toBe(true)
  return ((await response.json()) as { data: StoreBlog[] }).data
}

async function storeBlog(demoStore: DemoStoreHandle, id: number): Promise<StoreBlog> {
  const response = await demoStore.api(`/openapi/2021-08/blogs/${id}`)
  expect(response.ok).toBe(true)
  return ((await response.json()) as { data: StoreBlog }).data
}

async function storeBlogByTitle(demoStore: DemoStoreHandle, title: string): Promise<StoreBlog | undefined> {
  return (await storeBlogs(demoStore)).find((blog) => blog.title === title)
}

const goOffline = (demoStore: DemoStoreHandle) => demoStore.control('PUT', '/faults', { dropRate: 1 })
const goOnline = (demoStore: DemoStoreHandle) => demoStore.control('PUT', '/faults', { dropRate: 0 })

const editable = (page: Page) => page.getByRole('textbox', { name: 'Post content' })
const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
const postState = (page: Page) => page.getByRole('status', { name: 'Post state' })

async function openPost(page: Page, title: string) {
  await openBlogs(page)
  await page.getByRole('button', { name: title, exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title)
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
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
  await toolbarButton(page, 'Bold').click()
  await keyboard.type('bold')
  await toolbarButton(page, 'Bold').click()
  await keyboard.type(' and ')
  await toolbarButton(page, 'Italic').click()
  await keyboard.type('italic')
  await toolbarButton(page, 'Italic').click()
  await keyboard.type(' and ')
  await toolbarButton(page, 'Underline').click()
  await keyboard.type('underlined')
  await toolbarButton(page, 'Underline').click()
  await keyboard.type(' and ')
  await toolbarButton(page, 'Strikethrough').click()
  await keyboard.type('struck')
  await toolbarButton(page, 'Strikethrough').click()
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
  await expect(postState(page)).toHaveText(/Queued/)
  expect(await storeBlogByTitle(demoStore, 'Every block, written offline').catch(() => undefined)).toBeUndefined()

  await goOnline(demoStore)
  await expect(postState(page)).toHaveText('Sent', { timeout: 60_000 })
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
