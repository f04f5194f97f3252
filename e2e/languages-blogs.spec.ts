// The blog studio in German and in Chinese, end to end on the demo store: the studio list (its
// filters, batch bar and delete question), the editor with its toolbar and dialogs, and publishing
// (visibility, a visible-from time in the store's zone, the main button saying what it does),
// with no catalog key and no English of the app's own on any of them. The posts' titles and
// bodies are the merchant's and stay as the store has them.
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { storeBlogByTitle, storeBlogs } from './support/blogs'
import { untranslated, useAppLocale, words, type TestLocale, type Words } from './support/i18n'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

const toolbarButton = (page: Page, w: Words, key: Parameters<Words>[0]) =>
  page.getByRole('toolbar', { name: w('editor.toolbar.label') }).getByRole('button', { name: w(key), exact: true })

/**
 * Picks a choice as a person does: Naive UI draws its own radio over a hidden input, so the
 * choice's words are clicked (a forced click on the hidden input was once lost under load).
 */
async function choose(page: Page, name: string) {
  const radio = page.getByRole('radio', { name, exact: true })
  await page.locator('label').filter({ has: radio }).click()
  await expect(radio).toBeChecked()
}

for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
  test(`the blog studio runs in ${locale}: list, editor, dialogs and scheduling, with no English left`, async ({ page, demoStore }) => {
    test.setTimeout(240_000)
    const w = words(locale)
    await useAppLocale(page, locale)
    await connectDemoStore(page, w)
    const title = locale === 'de' ? 'Winteröffnungszeiten' : '冬季营业时间'
    // The store's own words (post and collection titles, the store's name) are not the app's.
    const posts = await storeBlogs(demoStore)
    const alts = posts.flatMap((blog) => [...String(blog.content ?? '').matchAll(/alt="([^"]+)"/g)].map((match) => match[1]!))
    const collections = ((await (await demoStore.api('/openapi/2021-08/blog_collections')).json()) as { links: { data: { title: string }[] } }).links.data
    const storeWords = ['Demo store', ...posts.map((blog) => blog.title).filter(Boolean), ...collections.map((c) => c.title), ...alts, title]
    const found: Record<string, string[]> = {}
    const check = async (name: string) => {
      const problems = await untranslated(page, locale, storeWords)
      if (problems.length > 0) found[name] = problems
    }

    await page.getByRole('navigation', { name: w('nav.main') }).getByRole('link', { name: w('nav.blogs'), exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: w('blogs.title') })).toBeVisible()
    const table = page.getByRole('table', { name: w('blogs.table.label') })
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 })
    await check('studio list')
    await table.getByRole('checkbox').first().click()
    await expect(page.getByRole('group', { name: w('blogs.batch.label') }).getByRole('status')).toHaveText(w('blogs.batch.selected', { n: 1 }))
    await page.getByRole('button', { name: w('blogs.batch.delete'), exact: true }).click()
    const question = page.getByRole('dialog')
    await expect(question).toContainText(w('blogs.batch.deleteQuestion', { n: 1 }))
    await check('delete question')
    await question.getByRole('button', { name: w('common.cancel') }).click()
    await page.getByRole('searchbox', { name: w('blogs.search') }).fill('zzzz-nothing')
    await expect(page.getByText(w('blogs.empty.noMatch'))).toBeVisible()
    await check('studio list, nothing matches')
    await page.getByRole('searchbox', { name: w('blogs.search') }).fill('')

    await page.getByRole('button', { name: w('blogs.newPost'), exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: w('titles.newPost') })).toBeVisible()
    await page.getByRole('textbox', { name: w('editor.page.title'), exact: true }).fill(title)
    const body = page.getByRole('textbox', { name: w('editor.view.content') })
    await body.click()
    await page.keyboard.type('Sonntags 10–16 Uhr.')
    await expect(page.getByRole('status', { name: w('editor.page.stateLabel') })).toHaveText(w('editor.state.draft'))
    await check('editor, a new post')

    await toolbarButton(page, w, 'editor.toolbar.link').click()
    const linkDialog = page.getByRole('dialog', { name: w('editor.link.title') })
    await linkDialog.getByRole('button', { name: w('editor.link.apply') }).click()
    await expect(linkDialog.getByText(w('editor.link.empty'))).toBeVisible()
    await check('link dialog with a problem')
    await linkDialog.getByRole('button', { name: w('common.cancel') }).click()
    await toolbarButton(page, w, 'editor.toolbar.image').click()
    const imageDialog = page.getByRole('dialog', { name: w('editor.image.insert') })
    await imageDialog.getByRole('button', { name: w('editor.image.insert') }).click()
    await expect(imageDialog.getByText(w('editor.image.altMissing'))).toBeVisible()
    await check('image dialog with problems')
    await imageDialog.getByRole('button', { name: w('common.cancel') }).click()
    await toolbarButton(page, w, 'editor.toolbar.shortcuts').click()
    await expect(page.getByRole('dialog', { name: w('editor.shortcuts.title') })).toBeVisible()
    await check('editor shortcuts')
    await page.keyboard.press('Escape')
    await toolbarButton(page, w, 'editor.toolbar.find').click()
    await page.getByRole('textbox', { name: w('editor.find.find') }).fill('Sonntags')
    await expect(page.getByRole('region', { name: w('editor.find.label') }).getByRole('status')).toHaveText(w('editor.find.position', { current: 1, n: 1 }))
    await check('find and replace')
    await page.getByRole('region', { name: w('editor.find.label') }).getByRole('button', { name: w('common.close') }).click()
    await choose(page, w('editor.view.source'))
    await check('HTML source')
    await choose(page, w('editor.view.visual'))

    // Publishing: visible from a time to come on the store's clock; the main button says so.
    const visibleFrom = page.getByRole('textbox', { name: w('time.withZone', { time: w('editor.page.visibleFromShort'), zone: w('time.store') }) })
    await visibleFrom.fill('2027-01-15 09:30:00')
    await visibleFrom.press('Enter')
    await choose(page, w('editor.page.hidden'))
    await expect(page.getByRole('button', { name: w('editor.action.saveHidden') })).toBeVisible()
    await choose(page, w('editor.page.visible'))
    const schedule = page.getByRole('button', { name: w.pattern('editor.action.schedule') })
    // The store's date, in the language's own order ("15. Jan. 2027, 09:30", "2027年1月15日 09:30").
    await expect(schedule).toContainText('2027')
    await expect(schedule).toContainText('09:30')
    await check('editor, ready to schedule')
    await schedule.click()
    await expect(page.getByRole('status', { name: w('editor.page.stateLabel') })).toHaveText(w.pattern('editor.state.scheduled'), { timeout: 30_000 })
    await expect.poll(async () => (await storeBlogByTitle(demoStore, title))?.visible_at, { timeout: 30_000 }).toBe('2027-01-15 09:30:00')
    await check('editor, scheduled')

    await page.getByRole('button', { name: w('editor.page.revisionHistory') }).click()
    await expect(page.getByRole('list', { name: w('editor.revisions.list') })).toBeVisible()
    await page.getByRole('button', { name: w.pattern('editor.revisions.compareNamed') }).first().click()
    await expect(page.getByRole('region', { name: w('editor.revisions.differences') })).toBeVisible()
    await check('revision history')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: w('editor.page.allPosts') }).click()
    await expect(page.getByRole('heading', { level: 1, name: w('blogs.title') })).toBeVisible()
    await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible()
    await check('studio list with the scheduled post')
    expect(found, 'catalog keys or English on the blog studio in the chosen language').toEqual({})
  })
}
