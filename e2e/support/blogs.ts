// The blog studio's steps shared by its specs: opening the blog list, starting with the store's
// posts in the cache, and reading the store's posts as another client of the store would.
import { expect, type Page } from '@playwright/test'
import { connectDemoStore } from './connect'
import type { DemoStoreHandle } from './fixtures'

/** The fields of a store post the specs read (the API gives more). */
export interface StoreBlog {
  id: number
  title: string
  summary: string
  content: string
  status: number
  seo_slug: string
  visible_at: string | null
  updated_at: string
  public_url: string
}

export async function openBlogs(page: Page): Promise<void> {
  await page.evaluate(() => (location.hash = '#/blogs'))
  await expect(page.getByRole('heading', { name: 'Blog posts', level: 1 })).toBeVisible()
}

/** Connects, opens the blog list and waits until the store's posts are in the cache. */
export async function startWithSyncedBlogs(page: Page): Promise<void> {
  await connectDemoStore(page)
  await openBlogs(page)
  await expect(page.getByRole('button', { name: 'Frequently Asked Questions About Our Materials' })).toBeVisible({ timeout: 60_000 })
}

export async function storeBlogs(demoStore: DemoStoreHandle, query = ''): Promise<StoreBlog[]> {
  const response = await demoStore.api(`/openapi/2021-08/blogs${query}`)
  expect(response.ok).toBe(true)
  return ((await response.json()) as { data: StoreBlog[] }).data
}

export async function storeBlogByTitle(demoStore: DemoStoreHandle, title: string): Promise<StoreBlog | undefined> {
  return (await storeBlogs(demoStore)).find((blog) => blog.title === title)
}
