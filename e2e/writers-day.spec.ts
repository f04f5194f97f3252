// The rest of a writer's day on the demo store (issue 30): a live post edited says so and
// "Publish changes" updates it without moving its address; the slug field is the writer's once
// typed in; "View on blog" opens the post's public page; a new post is published visible; the
// editor leaves room to write; a draft dragged onto the content calendar is scheduled for that
// day in store time (or taken back with Undo); and three posts hidden from a shift-click range
// can be taken back within the undo window, or reach the store hidden.
import type { Locator, Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { openBlogs, startWithSyncedBlogs, storeBlogByTitle, storeBlogs, type StoreBlog } from './support/blogs'
import { setUndoWindow } from './support/undo-window'

/** The store's clock (store-local `YYYY-MM-DD HH:MM:SS`), as every order answer carries it. */
async function storeNow(demoStore: DemoStoreHandle): Promise<string> {
  const response = await demoStore.api('/openapi/2025-04/orders?page_size=1')
  return ((await response.json()) as { data: { current_time: string }[] }).data[0]!.current_time
}

/** A post readers can see now: visible, from a time that has come. */
async function livePost(demoStore: DemoStoreHandle): Promise<StoreBlog> {
  const now = await storeNow(demoStore)
  return (await storeBlogs(demoStore)).find((blog) => blog.status === 2 && (blog.visible_at ?? '') <= now && !/[!?]/.test(blog.title))!
}

const postState = (page: Page) => page.getByRole('status', { name: 'Post state' })
const editable = (page: Page) => page.getByRole('textbox', { name: 'Post content' })
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true })
const undoBar = (page: Page) => page.getByRole('region', { name: 'Undo changes' })

async function openPost(page: Page, title: string) {
  await openBlogs(page)
  await page.getByRole('button', { name: title, exact: true }).click()
  await expect(titleField(page)).toHaveValue(title)
}

/** Opens the post's details drawer (status, schedule, address, search engines) if it is closed. */
async function openDetails(page: Page) {
  const toggle = page.getByRole('button', { name: 'Post details' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect(page.getByRole('complementary', { name: 'Post details' })).toBeVisible()
}

test('a live post edited says its changes are not published yet, and "Publish changes" updates it once without moving its address', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  const before = await livePost(demoStore)
  const edited = `${before.title}, revised`
  await startWithSyncedBlogs(page)
  await openPost(page, before.title)
  await expect(postState(page)).toHaveText(/^Published /)
  await expect(page.getByRole('button', { name: 'Publish changes' })).toBeDisabled()

  await titleField(page).fill(edited)
  await expect(postState(page)).toHaveText('Published · changes not yet published')
  await openDetails(page)
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(before.seo_slug)
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()

  await openBlogs(page)
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: edited, exact: true }) })
  await expect(row).toContainText('Published · changes not yet published')

  await row.getByRole('button', { name: edited, exact: true }).click()
  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(postState(page)).toHaveText(/^Published [A-Z]/, { timeout: 30_000 })
  const after = (await storeBlogs(demoStore)).find((blog) => blog.id === before.id)!
  expect(after).toMatchObject({ title: edited, seo_slug: before.seo_slug, status: 2 })
  // Sent once: the store's copy does not change again, and nothing is left to publish.
  await expect(page.getByRole('button', { name: 'Publish changes' })).toBeDisabled()
  await page.evaluate(() => (location.hash = '#/sync'))
  await expect(page.getByText('Every change has reached the store.')).toBeVisible()
  expect((await storeBlogs(demoStore)).find((blog) => blog.id === before.id)!.updated_at).toBe(after.updated_at)
})

test('the slug is the writer’s once typed in: emptied, retyped, and sent normalised as shown beside it', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  await page.getByRole('button', { name: 'New post' }).click()
  await titleField(page).fill('Our plastic-free picnic guide')
  await editable(page).click()
  await page.keyboard.type('Bring a blanket and a jar.')
  await openDetails(page)
  const slug = page.getByRole('textbox', { name: 'Slug' })
  await expect(slug).toHaveValue('our-plastic-free-picnic-guide')

  await slug.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Backspace')
  await expect(slug).toHaveValue('')
  // It stays empty: the title does not fill it again.
  await page.waitForTimeout(1_500)
  await expect(slug).toHaveValue('')
  await slug.pressSequentially('Picnic Guide 2027')
  await expect(slug).toHaveValue('Picnic Guide 2027')
  await expect(page.getByText('The store gets “picnic-guide-2027”')).toBeVisible()
  // The title no longer moves it.
  await titleField(page).fill('Our picnic guide')
  await expect(slug).toHaveValue('Picnic Guide 2027')

  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(postState(page)).toHaveText(/^Published /, { timeout: 30_000 })
  expect(await storeBlogByTitle(demoStore, 'Our picnic guide')).toMatchObject({ seo_slug: 'picnic-guide-2027', status: 2 })
})

test('a new post is published visible, its search preview shows the store’s public address, and "View on blog" opens it', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  await page.getByRole('button', { name: 'New post' }).click()
  await titleField(page).fill('Market day notes')
  await editable(page).click()
  await page.keyboard.type('Come early for the best stalls.')
  await openDetails(page)
  const preview = page.getByRole('figure', { name: 'Search result preview' })
  await expect(preview).toContainText(/^http:\/\/localhost:\d+\/blogs\/market-day-notes/)
  await expect(preview).not.toContainText('127.0.0.1')

  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(postState(page)).toHaveText(/^Published /, { timeout: 30_000 })
  const stored = (await storeBlogByTitle(demoStore, 'Market day notes'))!
  expect(stored.status).toBe(2)
  await expect(preview).toContainText(stored.public_url)

  const opened = page.context().waitForEvent('page')
  await page.getByRole('button', { name: 'View on blog' }).click()
  const blog = await opened
  await blog.waitForLoadState()
  expect(blog.url()).toBe(stored.public_url)
  await expect(blog.getByRole('heading', { level: 1 })).toHaveText('Market day notes')
  await blog.close()
})

test('a live post’s address changes only on purpose, with a warning that links to it stop working', async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  const before = await livePost(demoStore)
  await startWithSyncedBlogs(page)
  await openPost(page, before.title)
  await openDetails(page)
  const slug = page.getByRole('textbox', { name: 'Slug' })
  await expect(slug).toHaveAttribute('readonly', '')
  await page.getByRole('button', { name: 'Change address…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change this post’s address?' })
  await expect(dialog).toContainText('Links to the old address stop working')
  await dialog.getByRole('textbox', { name: 'New slug' }).fill('kitchen-swaps')
  await dialog.getByRole('button', { name: 'Change address' }).click()
  await expect(slug).toHaveValue('kitchen-swaps')
  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect.poll(async () => (await storeBlogs(demoStore)).find((blog) => blog.id === before.id)!.seo_slug, { timeout: 30_000 }).toBe('kitchen-swaps')
})

test('the editor leaves room to write at 1280x800: a wide column, a one-line header, a drawer, focus mode', async ({ page, demoStore }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const live = await livePost(demoStore)
  await startWithSyncedBlogs(page)
  await openPost(page, live.title)
  const width = async () => (await editable(page).boundingBox())!.width
  const oneLine = async () => {
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    const primary = (await page.getByRole('button', { name: /^(Publish|Publish changes|Save as hidden|Schedule for .*)$/ }).boundingBox())!
    return Math.abs(heading.y + heading.height / 2 - (primary.y + primary.height / 2)) < 12
  }
  expect(await width()).toBeGreaterThanOrEqual(640)
  await editable(page).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' A sentence more.')
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()
  expect(await oneLine()).toBe(true)
  await openDetails(page)
  expect(await width()).toBeGreaterThanOrEqual(640)
  expect(await oneLine()).toBe(true)

  await page.getByRole('button', { name: 'Focus mode' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  expect(await width()).toBeGreaterThan(900)
  await editable(page).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})

/** The calendar's day cell for `date` (YYYY-MM-DD). */
function dayCell(page: Page, date: string): Locator {
  const day = new Date(`${date}T12:00:00Z`)
  const name = day.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
  return page.getByRole('gridcell', { name: new RegExp(`^${name}`) })
}

test('a draft dragged to a day in the calendar is scheduled for that day in store time, and Undo leaves the store unchanged', async ({ page, demoStore }) => {
  test.setTimeout(180_000)
  await startWithSyncedBlogs(page)
  await setUndoWindow(page, 5)
  await page.getByRole('button', { name: 'New post' }).click()
  await titleField(page).fill('Spring planting calendar')
  await editable(page).click()
  await page.keyboard.type('What to sow and when.')
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Content calendar' })).toBeVisible()
  await page.getByRole('button', { name: 'Next month' }).click()
  const month = (await page.getByRole('grid').getAttribute('data-month'))!
  const target = `${month}-15`
  const draft = page.getByRole('region', { name: 'Drafts' }).getByRole('listitem').filter({ hasText: 'Spring planting calendar' })

  await draft.dragTo(dayCell(page, target))
  await expect(undoBar(page)).toContainText('Spring planting calendar')
  await undoBar(page).getByRole('button', { name: /^Undo/ }).click()
  await expect(undoBar(page)).toContainText('Nothing was sent to the store')
  await page.waitForTimeout(6_000)
  expect(await storeBlogByTitle(demoStore, 'Spring planting calendar')).toBeUndefined()
  await expect(page.getByRole('region', { name: 'Drafts' })).toContainText('Spring planting calendar')

  await draft.dragTo(dayCell(page, target))
  await expect(dayCell(page, target)).toContainText('Spring planting calendar')
  await expect.poll(async () => (await storeBlogByTitle(demoStore, 'Spring planting calendar'))?.visible_at, { timeout: 30_000 }).toBe(`${target} 09:00:00`)
  expect((await storeBlogByTitle(demoStore, 'Spring planting calendar'))!.status).toBe(2)
})

test('the calendar moves a scheduled post with the keyboard', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  await setUndoWindow(page, 0)
  const now = await storeNow(demoStore)
  const scheduled = (await storeBlogs(demoStore)).find((blog) => blog.status === 2 && (blog.visible_at ?? '') > now)!
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click()
  await page.getByRole('textbox', { name: 'Go to month' }).fill(scheduled.visible_at!.slice(0, 7))
  await page.getByRole('textbox', { name: 'Go to month' }).press('Enter')
  const chip = dayCell(page, scheduled.visible_at!.slice(0, 10)).getByRole('button', { name: `Move “${scheduled.title}”` })
  await chip.focus()
  await page.keyboard.press('Space')
  await expect(page.getByRole('status').filter({ hasText: 'Picked up' })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  const next = new Date(`${scheduled.visible_at!.slice(0, 10)}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  const nextDay = next.toISOString().slice(0, 10)
  await expect.poll(async () => (await storeBlogs(demoStore)).find((blog) => blog.id === scheduled.id)!.visible_at, { timeout: 30_000 })
    .toBe(`${nextDay} ${scheduled.visible_at!.slice(11)}`)
})

test('three posts hidden from a shift-click range can be undone within the window, or reach the store hidden', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  await startWithSyncedBlogs(page)
  await setUndoWindow(page, 5)
  const before = await storeBlogs(demoStore)
  const rows = page.getByRole('table', { name: 'Blog posts' }).getByRole('row')
  const titles = await Promise.all([1, 2, 3].map(async (i) => (await rows.nth(i).getByRole('button').first().textContent())!.trim()))
  const ids = titles.map((title) => before.find((blog) => blog.title === title)!.id)
  expect(before.filter((blog) => ids.includes(blog.id)).every((blog) => blog.status === 2)).toBe(true)

  const select = async () => {
    await rows.nth(1).getByRole('checkbox').click()
    await rows.nth(3).getByRole('checkbox').click({ modifiers: ['Shift'] })
    await expect(page.getByRole('group', { name: 'Batch actions' })).toContainText('3 selected')
    await page.getByRole('group', { name: 'Batch actions' }).getByRole('button', { name: 'Hide' }).click()
  }
  await select()
  await expect(undoBar(page)).toContainText(/Sending in \d s/)
  await undoBar(page).getByRole('button', { name: /^Undo/ }).click()
  await page.waitForTimeout(6_000)
  expect((await storeBlogs(demoStore)).map((blog) => [blog.id, blog.status])).toEqual(before.map((blog) => [blog.id, blog.status]))

  await select()
  await expect.poll(async () => (await storeBlogs(demoStore)).filter((blog) => blog.status === 1).map((blog) => blog.id).sort(), { timeout: 30_000 })
    .toEqual([...ids, ...before.filter((blog) => blog.status === 1).map((blog) => blog.id)].sort())
})
