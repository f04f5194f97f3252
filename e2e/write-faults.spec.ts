// A write whose answer was lost, per write kind, on the real demo store: the store applies the
// request and then either holds its answer while the app's host process group is SIGKILLed
// (the host restarted on the same profile, the page opened again), or answers 500. After it
// the store holds exactly one resource in the state the user left it in (a new post hidden by
// the change queued behind its create), one customer e-mail per tracking number, and nothing
// in the app is failed or waiting. One store and one app serve every kind of a fault. And a
// change queued behind one the store refused says what it waits for and leads to it.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { sentEmails, shippableOrders } from './support/store-orders'
import { setUndoWindow } from './support/undo-window'

test.use({
  demoStoreOptions: ['--seed', '42', '--no-rate-limit'],
  // Covers on the reserved `.invalid` domain; and the window's calls to its killed host.
  allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource', 'ERR_CONNECTION_REFUSED', 'ERR_CONNECTION_RESET', 'ERR_EMPTY_RESPONSE'],
})

const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash)

async function json<T>(demoStore: DemoStoreHandle, path: string): Promise<T> {
  return (await (await demoStore.api(path)).json()) as T
}

interface StoreBlog {
  id: number
  title: string
  status: number
}
interface StoreCollection {
  id: number
  title: string
  sort_type: string
  blogs_count: number
}

const blogsTitled = async (demoStore: DemoStoreHandle, title: string) =>
  (await json<{ data: StoreBlog[] }>(demoStore, `/openapi/2021-08/blogs?filter[key]=${encodeURIComponent(title)}`)).data.filter((b) => b.title === title)
const collections = async (demoStore: DemoStoreHandle) => {
  const all: StoreCollection[] = []
  for (let page = 1; ; page++) {
    const answer = await json<{ meta: { last_page: number }; links: { data: StoreCollection[] } }>(demoStore, `/openapi/2021-08/blog_collections?page=${page}`)
    all.push(...answer.links.data)
    if (page >= answer.meta.last_page) return all
  }
}
const collectionPosts = async (demoStore: DemoStoreHandle, id: number) => (await json<{ data: StoreBlog[] }>(demoStore, `/openapi/2021-08/blog_collections/${id}/blogs`)).data.map((b) => b.title)
const order = async (demoStore: DemoStoreHandle, id: number) =>
  (await json<{ data: { trackno?: string; shipping_address: { city: string } } }>(demoStore, `/openapi/2025-04/orders/${id}`)).data
const metaFields = async (demoStore: DemoStoreHandle, resourceType: string) =>
  (await json<{ data: { key: string; name: string }[] }>(demoStore, `/openapi/2021-08/meta_fields?filter[resource_type]=${resourceType}`)).data

/** One write kind: what the user does, the request it makes, and what the store holds after it. */
interface Kind {
  name: string
  /** The store request the fault applies to (method and path). */
  request: RegExp
  act: (page: Page, demoStore: DemoStoreHandle, tag: string) => Promise<void>
  /** What the store holds once it settled, checked as the user left it. */
  settled: (demoStore: DemoStoreHandle, tag: string) => Promise<void>
}

let orders: number[] = []
const orderFor = (index: number) => orders[index]!

const KINDS: Kind[] = [
  {
    name: 'post create (hidden by the change queued behind it)',
    request: /^POST \/openapi\/2021-08\/blogs$/,
    async act(page, _store, tag) {
      await go(page, '#/blogs')
      await page.getByRole('button', { name: 'New post' }).click()
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${tag} post`)
      await page.getByRole('textbox', { name: 'Post content' }).click()
      await page.keyboard.type('Written while the host went down.')
      // Kept off the blog: the store creates every post visible, so a hide follows the create.
      const details = page.getByRole('button', { name: 'Post details' })
      if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click()
      await page.getByRole('complementary', { name: 'Post details' }).getByRole('radio', { name: 'Hidden', exact: true }).check({ force: true })
      await page.getByRole('button', { name: 'Save as hidden', exact: true }).click()
    },
    async settled(demoStore, tag) {
      const posts = await blogsTitled(demoStore, `${tag} post`)
      expect(posts).toHaveLength(1)
      expect(posts[0]!.status).toBe(1)
    },
  },
  {
    name: 'post update',
    request: /^PUT \/openapi\/2021-08\/blogs\/\d+$/,
    async act(page, demoStore, tag) {
      const [post] = (await json<{ data: StoreBlog[] }>(demoStore, '/openapi/2021-08/blogs?sort=title')).data
      await go(page, `#/blogs/store%3A${post!.id}`)
      const title = page.getByRole('textbox', { name: 'Title', exact: true })
      await expect(title).toHaveValue(post!.title)
      await title.fill(`${tag} renamed`)
      // The main button says what it does to this post: publish, publish changes, save hidden, schedule.
      await page.getByRole('button', { name: /^(Publish|Publish changes|Save as hidden|Schedule for .*)$/ }).click()
    },
    async settled(demoStore, tag) {
      expect(await blogsTitled(demoStore, `${tag} renamed`)).toHaveLength(1)
    },
  },
  {
    name: 'collection create',
    request: /^POST \/openapi\/2021-08\/blog_collections$/,
    async act(page, _store, tag) {
      await go(page, '#/collections')
      await page.getByRole('button', { name: 'New collection' }).click()
      const form = page.getByRole('dialog', { name: 'New collection' })
      await form.getByRole('textbox', { name: 'Title', exact: true }).fill(`${tag} collection`)
      await form.getByRole('button', { name: 'Create collection' }).click()
      await expect(page.getByRole('heading', { name: `${tag} collection`, level: 1 })).toBeVisible()
    },
    async settled(demoStore, tag) {
      expect((await collections(demoStore)).filter((c) => c.title === `${tag} collection`)).toHaveLength(1)
    },
  },
  {
    name: 'collection reorder',
    request: /^POST \/openapi\/2021-08\/blog_collections\/\d+\/batch$/,
    async act(page, demoStore) {
      const manual = (await collections(demoStore)).find((c) => c.sort_type === 'manual' && c.blogs_count >= 3)!
      const before = await collectionPosts(demoStore, manual.id)
      await go(page, '#/collections')
      await page.getByRole('link', { name: manual.title }).click()
      const list = page.getByRole('list', { name: /^Posts in / })
      await expect.poll(async () => (await list.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(before)
      await list.getByRole('button', { name: `Reorder ${before[0]}` }).focus()
      await page.keyboard.press('Space')
      await page.keyboard.press('End')
      await page.keyboard.press('Space')
      reordered = { id: manual.id, order: [...before.slice(1), before[0]!] }
    },
    async settled(demoStore) {
      expect(await collectionPosts(demoStore, reordered.id)).toEqual(reordered.order)
    },
  },
  {
    name: 'meta field definition create',
    request: /^POST \/openapi\/2021-08\/meta_fields$/,
    async act(page, _store, tag) {
      await go(page, '#/meta-fields')
      await page.getByRole('button', { name: 'New meta field' }).click()
      const form = page.getByRole('dialog', { name: 'New meta field' })
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`${tag} code`)
      await form.getByRole('textbox', { name: 'Key', exact: true }).fill(`${tag.toLowerCase()}_code`)
      await form.getByRole('button', { name: 'Create meta field' }).click()
      await expect(form).toBeHidden()
    },
    async settled(demoStore, tag) {
      expect((await metaFields(demoStore, 'blog')).filter((f) => f.key === `${tag.toLowerCase()}_code`)).toHaveLength(1)
    },
  },
  {
    name: 'meta field value',
    request: /^PUT \/openapi\/2021-08\/orders\/\d+\/meta_fields$/,
    async act(page, demoStore, tag) {
      const values = await json<{ data: { key: string; value: string | null }[] }>(demoStore, `/openapi/2021-08/orders/${orderFor(0)}/meta_fields`)
      await go(page, `#/orders/${orderFor(0)}`)
      const field = page.getByRole('region', { name: 'Meta fields of this order' }).getByRole('textbox', { name: 'Gift message' })
      // The store's value has been read into the field before the operator types over it.
      await expect(field).toHaveValue(values.data.find((v) => v.key === 'gift_message')?.value ?? '')
      await field.fill(`${tag} with love`)
      const panel = page.getByRole('region', { name: 'Meta fields of this order' })
      await panel.getByRole('button', { name: 'Save Gift message' }).click()
    },
    async settled(demoStore, tag) {
      const values = await json<{ data: { key: string; value: string | null }[] }>(demoStore, `/openapi/2021-08/orders/${orderFor(0)}/meta_fields`)
      expect(values.data.find((v) => v.key === 'gift_message')?.value).toBe(`${tag} with love`)
    },
  },
  {
    name: 'shipping address',
    request: /^POST \/openapi\/2025-04\/orders\/\d+\/shipping$/,
    async act(page, _store, tag) {
      await go(page, `#/orders/${orderFor(1)}`)
      await page.getByRole('button', { name: 'Edit shipping address' }).click()
      await page.getByRole('textbox', { name: 'City' }).fill(`${tag} City`)
      await page.getByRole('button', { name: 'Review change' }).click()
      await page.getByRole('button', { name: 'Save address' }).click()
    },
    async settled(demoStore, tag) {
      expect((await order(demoStore, orderFor(1))).shipping_address.city).toBe(`${tag} City`)
    },
  },
  {
    name: 'tracking number',
    request: /^POST \/openapi\/2025-04\/orders\/\d+\/track$/,
    async act(page, _store, tag) {
      await go(page, `#/orders/${orderFor(2)}`)
      await page.getByRole('button', { name: 'Add tracking' }).click()
      await page.getByRole('textbox', { name: 'Tracking number' }).fill(`${tag}TRACK`)
      const email = page.getByRole('switch', { name: 'E-mail the customer' })
      if ((await email.getAttribute('aria-checked')) !== 'true') await email.click()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('button', { name: 'Confirm tracking' }).click()
    },
    async settled(demoStore, tag) {
      expect((await order(demoStore, orderFor(2))).trackno).toBe(`${tag}TRACK`)
      expect((await sentEmails(demoStore)).filter((e) => e.trackno === `${tag}TRACK`).map((e) => e.orderId)).toEqual([orderFor(2)])
    },
  },
]
let reordered = { id: 0, order: [] as string[] }

/** Nothing failed, nothing waiting: the Sync page has every change on the store. */
async function everythingSent(page: Page) {
  await go(page, '#/sync')
  await expect(page.getByText('Every change has reached the store.')).toBeVisible({ timeout: 60_000 })
}

async function ready(page: Page, demoStore: DemoStoreHandle) {
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await go(page, '#/sync')
  await expect(page.getByRole('row', { name: /^Blog posts/ })).toContainText('Complete', { timeout: 90_000 })
  await expect(page.getByRole('row', { name: /^Meta field definitions/ })).toContainText('Complete', { timeout: 90_000 })
  orders = (await shippableOrders(demoStore)).slice(0, 3).map((o) => o.ID)
}

/** The app started again on the same profile: it lands on Orders before anything else is opened. */
async function restarted(storedesk: { restart: () => Promise<Page> }): Promise<Page> {
  const page = await storedesk.restart()
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible({ timeout: 30_000 })
  return page
}

const held = async (demoStore: DemoStoreHandle) => (await demoStore.control('GET', '/held') as { data: { method: string; path: string }[] }).data.map((h) => `${h.method} ${h.path}`)

test('the host killed while the store holds the answer: each kind is found on the store after the restart, once', async ({ storedesk, demoStore }) => {
  test.setTimeout(600_000)
  let page = storedesk.page
  await ready(page, demoStore)
  for (const [i, kind] of KINDS.entries()) {
    const tag = `Kill${i}`
    await test.step(kind.name, async () => {
      await demoStore.control('PUT', '/faults', { applyThenHoldNext: 1 })
      await kind.act(page, demoStore, tag)
      await expect.poll(() => held(demoStore), { timeout: 30_000 }).toEqual([expect.stringMatching(kind.request)])
      await storedesk.crash()
      page = await restarted(storedesk)
      await everythingSent(page)
      await kind.settled(demoStore, tag)
    })
  }
  // The post is listed once: no second row for the copy the store had.
  await go(page, '#/blogs')
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('Kill0 post')
  await expect(page.getByRole('table', { name: 'Blog posts' }).getByRole('row', { name: /Kill0 post/ })).toHaveCount(1)
})

test('the store applies the write and answers 500: each kind ends on the store once, as the user left it', async ({ page, demoStore }) => {
  test.setTimeout(400_000)
  await ready(page, demoStore)
  for (const [i, kind] of KINDS.entries()) {
    const tag = `Fail${i}`
    await test.step(kind.name, async () => {
      await demoStore.control('PUT', '/faults', { applyThenFailNext: 1 })
      await kind.act(page, demoStore, tag)
      await expect.poll(async () => (await demoStore.control('GET', '/faults') as { applyThenFailNext: number }).applyThenFailNext, { timeout: 30_000 }).toBe(0)
      await everythingSent(page)
      await kind.settled(demoStore, tag)
    })
  }
  // The order's timeline tells the tracking number's story: sent, not confirmed, checked, accepted once.
  await go(page, `#/orders/${orderFor(2)}`)
  const timeline = page.getByRole('list', { name: 'Timeline, newest first' })
  await expect(timeline.getByText(/^Tracking Fail7TRACK\b.*: sent, not confirmed: checking whether the store received it$/)).toBeVisible()
  await expect(timeline.getByText(/^Tracking Fail7TRACK\b.*: accepted by the store$/)).toHaveCount(1)
})

test('a new post whose window died with the host is found on the store after the restart, and hidden as the writer left it', async ({ storedesk, demoStore }) => {
  test.setTimeout(240_000)
  let page = storedesk.page
  await ready(page, demoStore)
  await demoStore.control('PUT', '/faults', { applyThenHoldNext: 1 })
  await KINDS[0]!.act(page, demoStore, 'Gone')
  await expect.poll(() => held(demoStore), { timeout: 30_000 }).toEqual(['POST /openapi/2021-08/blogs'])
  await page.close()
  await storedesk.crash()
  page = await restarted(storedesk)
  await everythingSent(page)
  await KINDS[0]!.settled(demoStore, 'Gone')
})

test('a change queued behind a refused one says what it waits for, leads to it, and goes once the writer fixed it', async ({ page, demoStore }) => {
  test.setTimeout(240_000)
  await ready(page, demoStore)
  // Another desk takes the slug after this app last read the posts: the store refuses the create.
  const theirs = await demoStore.api('/openapi/2021-08/blogs', { method: 'POST', body: JSON.stringify({ title: 'Theirs', seo_slug: 'refused-slug-post' }) })
  expect(theirs.status).toBe(201)
  await KINDS[0]!.act(page, demoStore, 'Refused slug')
  await expect(page.getByRole('status', { name: 'Post state' })).toHaveText('Failed: Slug: is already taken (1 later change waits for it)', { timeout: 30_000 })

  await go(page, '#/sync')
  const unsent = page.getByRole('list', { name: 'Changes not yet sent' })
  const refused = unsent.getByRole('listitem', { name: 'Failed: New post “Refused slug post”' })
  await expect(refused).toContainText('1 later change waits for it.')
  const waiting = unsent.getByRole('listitem').filter({ hasText: 'Waiting for new post “Refused slug post”, which the store refused.' })
  await expect(waiting).toHaveCount(1)
  await waiting.getByRole('button', { name: 'Go to the refused change: New post “Refused slug post”' }).click()
  await expect(refused).toBeFocused()

  // The writer gives the post its own slug and publishes again: the create, then the hide, go.
  await go(page, '#/blogs')
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('Refused slug')
  await page.getByRole('button', { name: 'Refused slug post' }).click()
  await page.getByRole('textbox', { name: 'Slug' }).fill('refused-slug-mine')
  await page.getByRole('button', { name: 'Save as hidden', exact: true }).click()
  await everythingSent(page)
  const posts = await blogsTitled(demoStore, 'Refused slug post')
  expect(posts).toHaveLength(1)
  expect(posts[0]).toMatchObject({ status: 1 })
})
