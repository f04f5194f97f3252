// Blog collections and the Meta fields page in German and in Chinese, end to end on the demo
// store: the collection list, a collection reordered from the keyboard (each step announced in the
// language) and its batch question, the collection form refusing a wrong input, the Meta fields
// page, its definition dialog refusing a wrong input, editing a definition and the delete question,
// with no catalog key and no English of the app's own on any of them. Titles, names and
// descriptions are the merchant's and stay as the store has them.
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { storeBlogs } from './support/blogs'
import { untranslated, useAppLocale, words, type TestLocale, type Words } from './support/i18n'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

const nav = (page: Page, w: Words, key: Parameters<Words>[0]) => page.getByRole('navigation', { name: w('nav.main') }).getByRole('link', { name: w(key), exact: true }).click()

for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
  test(`collections and meta fields run in ${locale}: lists, reorder, forms with wrong input, with no English left`, async ({ page, demoStore }) => {
    test.setTimeout(240_000)
    const w = words(locale)
    await useAppLocale(page, locale)
    await connectDemoStore(page, w)
    // The store's own words: post and collection titles and descriptions, meta fields' names and descriptions.
    const posts = await storeBlogs(demoStore)
    const collections = ((await (await demoStore.api('/openapi/2021-08/blog_collections')).json()) as { links: { data: { title: string; description: string | null }[] } }).links.data
    const definitions = ((await (await demoStore.api('/openapi/2021-08/meta_fields')).json()) as { data: { name: string; description: string | null }[] }).data
    const storeWords = [
      'Demo store',
      ...posts.map((blog) => blog.title).filter(Boolean),
      ...collections.flatMap((c) => [c.title, c.description ?? '']),
      ...definitions.flatMap((d) => [d.name, d.description ?? '']),
    ].filter(Boolean)
    const found: Record<string, string[]> = {}
    const check = async (name: string) => {
      const problems = await untranslated(page, locale, storeWords)
      if (problems.length > 0) found[name] = problems
    }

    await nav(page, w, 'nav.collections')
    await expect(page.getByRole('heading', { level: 1, name: w('collections.title') })).toBeVisible()
    const table = page.getByRole('table', { name: w('collections.table.label') })
    await expect(table.getByRole('link', { name: 'Garden & Plants' })).toBeVisible({ timeout: 60_000 })
    await check('collection list')
    await page.getByRole('searchbox', { name: w('collections.search') }).fill('zzzz-nothing')
    await expect(page.getByText(w('collections.empty.noMatch'))).toBeVisible()
    await check('collection list, nothing matches')
    await page.getByRole('searchbox', { name: w('collections.search') }).fill('')

    // The form refuses an empty title and a slug with capitals, each said under its field.
    await page.getByRole('button', { name: w('collections.new'), exact: true }).click()
    const form = page.getByRole('dialog', { name: w('collections.form.newTitle') })
    await form.getByRole('textbox', { name: w('collections.form.seoSlug') }).fill('Not A Slug')
    await form.getByRole('button', { name: w('collections.form.create') }).click()
    await expect(form.getByText(w('collections.form.titleEmpty'))).toBeVisible()
    await expect(form.getByText(w('collections.form.slug'))).toBeVisible()
    await expect(form.getByRole('textbox', { name: w('collections.form.title'), exact: true })).toHaveAttribute('aria-invalid', 'true')
    await check('collection form with wrong input')
    await form.getByRole('button', { name: w('common.cancel') }).click()
    await expect(form).toBeHidden()

    // A collection, its first post lifted, moved down and dropped from the keyboard.
    await table.getByRole('link', { name: 'Garden & Plants' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Garden & Plants' })).toBeVisible()
    const list = page.getByRole('list', { name: w('collections.detail.list', { title: 'Garden & Plants' }) })
    const titles = (await list.getByRole('link').allTextContents()).map((text) => text.trim())
    expect(titles.length).toBeGreaterThan(1)
    const total = titles.length
    await list.getByRole('button', { name: w('collections.detail.reorderNamed', { title: titles[0]! }) }).focus()
    const announcer = page.getByTestId('reorder-announcer')
    await page.keyboard.press('Space')
    await expect(announcer).toHaveText(w('collections.reorder.lifted', { count: 1, title: titles[0]!, position: 1, total }))
    await page.keyboard.press('ArrowDown')
    await expect(announcer).toHaveText(w('collections.reorder.moved', { position: 2, total }))
    await page.keyboard.press('Enter')
    await expect(announcer).toHaveText(w('collections.reorder.dropped', { count: 1, title: titles[0]!, position: 2, total }))
    await expect(list.getByRole('link').nth(1)).toHaveText(titles[0]!)
    await check('collection after a reorder')

    await page.getByRole('checkbox', { name: w('collections.detail.selectNamed', { title: titles[1]! }) }).check()
    const toolbar = page.getByRole('toolbar', { name: w('collections.detail.toolbar') })
    await expect(toolbar.getByText(w('collections.detail.selected', { n: 1 }))).toBeVisible()
    await check('collection with a post checked')
    await toolbar.getByRole('button', { name: w('collections.detail.hide'), exact: true }).click()
    const question = page.getByRole('dialog')
    await expect(question).toContainText(w('collections.batch.title', { operation: 'hide', n: 1, collection: 'Garden & Plants' }))
    await check('hide question')
    await question.getByRole('button', { name: w('common.cancel') }).click()
    await page.getByRole('button', { name: w('collections.detail.edit') }).click()
    await expect(page.getByRole('dialog', { name: w('collections.form.editTitle') })).toBeVisible()
    await check('collection form, editing')
    await page.getByRole('dialog', { name: w('collections.form.editTitle') }).getByRole('button', { name: w('common.cancel') }).click()

    // The Meta fields page, a new definition refused, an existing one edited, and the delete question.
    await nav(page, w, 'nav.metaFields')
    await expect(page.getByRole('heading', { level: 1, name: w('metaFields.page.title') })).toBeVisible()
    const definitionsTable = page.getByRole('table', { name: w('metaFields.page.table') })
    await expect(definitionsTable.getByRole('row', { name: /Warehouse bin/ })).toContainText(w('metaFields.rules.like', { example: 'A-12' }))
    await check('meta fields page')

    await page.getByRole('button', { name: w('metaFields.page.new'), exact: true }).click()
    const dialog = page.getByRole('dialog', { name: w('metaFields.dialog.newTitle') })
    await dialog.getByRole('textbox', { name: w('metaFields.dialog.key'), exact: true }).fill('Bad Key')
    await dialog.getByRole('textbox', { name: w('metaFields.dialog.minLength') }).fill('9')
    await dialog.getByRole('textbox', { name: w('metaFields.dialog.maxLength') }).fill('2')
    await dialog.getByRole('button', { name: w('metaFields.dialog.create') }).click()
    await expect(dialog.getByText(w('metaFields.problems.nameEmpty'))).toBeVisible()
    await expect(dialog.getByText(w('metaFields.problems.identifier'))).toBeVisible()
    await expect(dialog.getByText(w('metaFields.problems.minAboveMax'))).toBeVisible()
    await check('definition dialog with wrong input')
    await dialog.getByRole('button', { name: w('common.cancel') }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: w('metaFields.page.editNamed', { name: 'Warehouse bin' }) }).click()
    const edit = page.getByRole('dialog', { name: w('metaFields.dialog.editTitle') })
    await expect(edit.getByText(w('metaFields.dialog.patternHintWords', { words: w('metaFields.rules.like', { example: 'A-12' }) }))).toBeVisible()
    await check('definition dialog, editing')
    await edit.getByRole('button', { name: w('common.cancel') }).click()

    await page.getByRole('button', { name: w('metaFields.page.deleteNamed', { name: 'Warehouse bin' }) }).click()
    await expect(page.getByRole('dialog')).toContainText(w('metaFields.page.deleteText', { resource: 'order' }))
    await check('delete question')
    await page.getByRole('dialog').getByRole('button', { name: w('metaFields.page.keep') }).click()
    expect(found, 'catalog keys or English on collections and meta fields in the chosen language').toEqual({})
  })
}
