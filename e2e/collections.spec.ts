// Blog collections end to end on the demo store: create a collection with its first posts,
// reorder them with the mouse and with the keyboard (announced), reload and find the store's
// order; reorder while the store cannot be reached and see the move arrive once it can.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'

// Cover images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })
// Several round trips through the outbox and a reload on a shared two-core machine.
test.setTimeout(120_000)

interface StoreBlog {
  id: number
  title: string
}

/** The titles of a collection's posts in the order the store keeps them. */
async function storePostOrder(demoStore: DemoStoreHandle, collectionId: number): Promise<string[]> {
  const res = await demoStore.api(`/openapi/2021-08/blog_collections/${collectionId}/blogs`)
  return ((await res.json()) as { data: StoreBlog[] }).data.map((b) => b.title)
}

async function collectionIdByTitle(demoStore: DemoStoreHandle, title: string): Promise<number | null> {
  const res = await demoStore.api(`/openapi/2021-08/blog_collections?filter[key]=${encodeURIComponent(title)}`)
  const found = ((await res.json()) as { links: { data: { id: number; title: string }[] } }).links.data.find((c) => c.title === title)
  return found?.id ?? null
}

function postList(page: Page) {
  return page.getByRole('list', { name: /^Posts in / })
}

async function shownOrder(page: Page): Promise<string[]> {
  return (await postList(page).getByRole('link').allTextContents()).map((t) => t.trim())
}

async function firstBlogTitles(demoStore: DemoStoreHandle, count: number): Promise<string[]> {
  const res = await demoStore.api('/openapi/2021-08/blogs?sort=title')
  return ((await res.json()) as { data: StoreBlog[] }).data.slice(0, count).map((b) => b.title)
}

async function createCollection(page: Page, title: string, posts: string[]) {
  await page.evaluate(() => (location.hash = '#/collections'))
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
  // The demo store's collections have arrived in the cache.
  await expect(page.getByRole('table', { name: 'Collections' }).getByRole('row')).toHaveCount(5)
  await page.getByRole('button', { name: 'New collection' }).click()
  const form = page.getByRole('dialog', { name: 'New collection' })
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Posts picked for the reorder test')
  await form.getByRole('combobox', { name: 'First posts' }).click()
  for (const post of posts) await page.getByRole('option', { name: post, exact: true }).click()
  await form.getByRole('textbox', { name: 'Title', exact: true }).click()
  await form.getByRole('button', { name: 'Create collection' }).click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect.poll(() => shownOrder(page)).toEqual(posts)
}

test('creates a collection, reorders its posts by mouse and keyboard, and the store has the same order after a reload', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  const posts = await firstBlogTitles(demoStore, 5)
  await createCollection(page, 'Reorder test', posts)
  await expect.poll(() => collectionIdByTitle(demoStore, 'Reorder test')).not.toBeNull()
  const id = (await collectionIdByTitle(demoStore, 'Reorder test'))!
  expect(await storePostOrder(demoStore, id)).toEqual(posts)

  // Mouse: drag the fourth post's handle onto the first row.
  const handle = (title: string) => postList(page).getByRole('button', { name: `Reorder ${title}` })
  await handle(posts[3]!).dragTo(handle(posts[0]!))
  const afterMouse = [posts[3]!, posts[0]!, posts[1]!, posts[2]!, posts[4]!]
  await expect.poll(() => shownOrder(page)).toEqual(afterMouse)
  await expect.poll(() => storePostOrder(demoStore, id)).toEqual(afterMouse)

  // Keyboard: lift the first post, move it down twice, drop it; each step is announced.
  const announcer = page.getByTestId('reorder-announcer')
  await handle(afterMouse[0]!).focus()
  await page.keyboard.press('Space')
  await expect(announcer).toContainText(`Lifted “${afterMouse[0]}”, position 1 of 5`)
  await page.keyboard.press('ArrowDown')
  await expect(announcer).toHaveText('Moved to position 2 of 5')
  await page.keyboard.press('ArrowDown')
  await expect(announcer).toHaveText('Moved to position 3 of 5')
  await page.keyboard.press('Enter')
  await expect(announcer).toHaveText(`Dropped “${afterMouse[0]}” at position 3 of 5`)
  const afterKeyboard = [afterMouse[1]!, afterMouse[2]!, afterMouse[0]!, afterMouse[3]!, afterMouse[4]!]
  await expect.poll(() => shownOrder(page)).toEqual(afterKeyboard)
  await expect.poll(() => storePostOrder(demoStore, id)).toEqual(afterKeyboard)

  // Escape puts a lifted post back and sends nothing.
  await handle(afterKeyboard[4]!).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Escape')
  await expect(announcer).toHaveText('Cancelled, back at position 5 of 5')
  await expect.poll(() => shownOrder(page)).toEqual(afterKeyboard)

  // Several at once: the two last posts, checked, moved to the top in one write.
  await page.getByRole('checkbox', { name: `Select ${afterKeyboard[3]}` }).check()
  await page.getByRole('checkbox', { name: `Select ${afterKeyboard[4]}` }).check()
  await page.getByRole('textbox', { name: 'Move selected to position' }).fill('1')
  await page.getByRole('button', { name: 'Move selected' }).click()
  await expect(announcer).toHaveText('Moved 2 posts to position 1 of 5')
  const afterBlock = [afterKeyboard[3]!, afterKeyboard[4]!, afterKeyboard[0]!, afterKeyboard[1]!, afterKeyboard[2]!]
  await expect.poll(() => shownOrder(page)).toEqual(afterBlock)
  await expect.poll(() => storePostOrder(demoStore, id)).toEqual(afterBlock)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Reorder test', level: 1 })).toBeVisible()
  await expect.poll(() => shownOrder(page)).toEqual(await storePostOrder(demoStore, id))
  expect(await storePostOrder(demoStore, id)).toEqual(afterBlock)
})

test('reorders while the store cannot be reached, and the move arrives once it can', async ({ page, demoStore }) => {
  const posts = await firstBlogTitles(demoStore, 4)
  const ids = await Promise.all(posts.map(async (title) => {
    const res = await demoStore.api(`/openapi/2021-08/blogs?filter[key]=${encodeURIComponent(title)}`)
    return ((await res.json()) as { data: StoreBlog[] }).data.find((b) => b.title === title)!.id
  }))
  const created = await demoStore.api('/openapi/2021-08/blog_collections', { method: 'POST', body: JSON.stringify({ title: 'Offline order', blog_ids: ids }) })
  const id = ((await created.json()) as { data: { id: number } }).data.id

  await connectDemoStore(page)
  await page.evaluate(() => (location.hash = '#/collections'))
  await page.getByRole('link', { name: 'Offline order' }).click()
  await expect(page.getByRole('heading', { name: 'Offline order', level: 1 })).toBeVisible()
  await expect.poll(() => shownOrder(page)).toEqual(posts)

  // Every connection to the store is now dropped without an answer.
  await demoStore.control('PUT', '/faults', { dropRate: 1 })
  await postList(page).getByRole('button', { name: `Reorder ${posts[0]}` }).focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('End')
  await page.keyboard.press('Space')
  const moved = [posts[1]!, posts[2]!, posts[3]!, posts[0]!]
  await expect.poll(() => shownOrder(page)).toEqual(moved)
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText(/offline/i)
  await expect(page.getByText('Not yet sent').first()).toBeVisible()

  await demoStore.control('PUT', '/faults', { dropRate: 0 })
  expect(await storePostOrder(demoStore, id)).toEqual(posts)
  // The window regaining focus makes the app look at the store again and send what waits.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect.poll(() => storePostOrder(demoStore, id), { timeout: 30_000 }).toEqual(moved)
  await expect(page.getByText('Not yet sent')).toHaveCount(0)
  await page.reload()
  await expect.poll(() => shownOrder(page)).toEqual(moved)
})

test('adds and removes posts, hides checked posts after a count confirmation, and deletes the collection naming its posts', async ({ page, demoStore }) => {
  const collections = (await (await demoStore.api('/openapi/2021-08/blog_collections?filter[key]=Garden')).json()) as { links: { data: { id: number; title: string; blogs_count: number }[] } }
  const garden = collections.links.data.find((c) => c.title === 'Garden & Plants')!
  const before = await storePostOrder(demoStore, garden.id)
  const outsider = (await firstBlogTitles(demoStore, 24)).find((t) => !before.includes(t))!

  await connectDemoStore(page)
  await page.evaluate(() => (location.hash = '#/collections'))
  await page.getByRole('link', { name: 'Garden & Plants' }).click()
  await expect(page.getByRole('heading', { name: 'Garden & Plants', level: 1 })).toBeVisible()
  await expect(page.getByText(`${before.length} posts ·`)).toBeVisible()

  await page.getByRole('combobox', { name: 'Posts to add' }).click()
  await page.getByRole('option', { name: outsider, exact: true }).click()
  await page.getByRole('heading', { name: 'Garden & Plants', level: 1 }).click()
  await page.getByRole('button', { name: 'Add to collection' }).click()
  await expect(page.getByText(`${before.length + 1} posts ·`)).toBeVisible()
  await expect.poll(() => storePostOrder(demoStore, garden.id)).toContain(outsider)

  // Hide two checked posts: the confirmation counts them.
  const [first, second] = await shownOrder(page)
  await page.getByRole('checkbox', { name: `Select ${first}` }).check()
  await page.getByRole('checkbox', { name: `Select ${second}` }).check()
  await page.getByRole('toolbar', { name: 'Selected posts' }).getByRole('button', { name: 'Hide' }).click()
  await expect(page.getByRole('dialog').getByText('Hide 2 posts?')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Hide posts' }).click()
  const statuses = async () => {
    const res = await demoStore.api(`/openapi/2021-08/blog_collections/${garden.id}/blogs`)
    return ((await res.json()) as { data: { title: string; status: number }[] }).data.filter((b) => b.title === first || b.title === second).map((b) => b.status)
  }
  await expect.poll(statuses).toEqual([1, 1])

  // Remove the added post again; it stays a post.
  await page.getByRole('button', { name: `Remove ${outsider} from this collection` }).click()
  await expect(page.getByRole('dialog').getByText('Remove 1 post from “Garden & Plants”?')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove from collection' }).click()
  await expect(page.getByText(`${before.length} posts ·`)).toBeVisible()
  await expect.poll(() => storePostOrder(demoStore, garden.id)).not.toContain(outsider)

  await page.getByRole('button', { name: 'Delete collection' }).click()
  await expect(page.getByRole('dialog').getByText(`It holds ${before.length} posts. The posts stay; only the collection goes.`)).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete collection' }).click()
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Garden & Plants' })).toHaveCount(0)
  await expect.poll(async () => (await demoStore.api(`/openapi/2021-08/blog_collections/${garden.id}`)).status).toBe(404)
  const stillThere = (await (await demoStore.api(`/openapi/2021-08/blogs?filter[key]=${encodeURIComponent(first!)}`)).json()) as { data: { title: string }[] }
  expect(stillThere.data.map((b) => b.title)).toContain(first)
})
