// The last English of the app, in German and in Chinese, end to end on the demo store: the
// fidelity report that publishing a post with a script shows (each change a sentence of the
// language, the element named by the writer's word for it), and the drafts and revisions export
// (the browser shell's .zip) whose notes and headings follow the app's language. No catalog key
// and no English of the app's own on the dialog; the posts' titles and bodies are the merchant's.
import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { storeBlogs } from './support/blogs'
import { untranslated, useAppLocale, words, type TestLocale } from './support/i18n'

// The post's event handler is refused by the page's policy as soon as the HTML is parsed.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource', 'Executing inline event handler violates'] })

const POST = 'A Guide to Natural Fibres'

for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
  test(`the fidelity report and the drafts export speak ${locale}, with no English left`, async ({ page, demoStore }) => {
    test.setTimeout(180_000)
    const w = words(locale)
    // Another editor left a script and an event handler in one post before Storedesk connects.
    const posts = await storeBlogs(demoStore)
    const fibres = posts.find((blog) => blog.title === POST)!
    const content = `${fibres.content}\n<script>trackReaders()</script><p onclick="tip()">Tap for a tip.</p>`
    expect((await demoStore.api(`/openapi/2021-08/blogs/${fibres.id}`, { method: 'PUT', body: JSON.stringify({ content }) })).ok).toBe(true)
    await useAppLocale(page, locale)
    await connectDemoStore(page, w)
    const storeWords = ['Demo store', ...[...posts.map((blog) => blog.summary), ...posts.map((blog) => blog.title)].filter(Boolean), 'trackReaders()', 'tip()', 'Tap for a tip.']

    await page.getByRole('navigation', { name: w('nav.main') }).getByRole('link', { name: w('nav.blogs'), exact: true }).click()
    await page.getByRole('button', { name: POST, exact: true }).click({ timeout: 60_000 })
    await expect(page.getByRole('textbox', { name: w('editor.page.title'), exact: true })).toHaveValue(POST)
    const body = page.getByRole('textbox', { name: w('editor.view.content') })
    await body.getByText('What you need').click()
    await page.keyboard.press('End')
    await page.keyboard.type(' heute')
    // The main button, whatever it says it does for this post.
    const main = [w('editor.action.publishChanges'), w('editor.action.publish'), w('editor.action.saveHidden')]
    await page.getByRole('button', { name: new RegExp(`^(${main.join('|')})$`) }).click()

    const dialog = page.getByRole('dialog', { name: w('editor.page.fidelityHeading') })
    const changes = dialog.getByRole('list', { name: w('editor.fidelity.changes') })
    const script = locale === 'de' ? 'Wird entfernt: Skript „trackReaders()“' : '将删除脚本“trackReaders()”'
    const handler = locale === 'de' ? 'Absatz: Ereignis-Handler onclick „tip()“ wird entfernt' : '将从段落中删除事件处理程序 onclick“tip()”'
    await expect(changes).toContainText(script)
    await expect(changes).toContainText(handler)
    expect(await untranslated(page, locale, storeWords)).toEqual([])
    await dialog.getByRole('button', { name: w('common.cancel') }).click()
    await expect(dialog).toBeHidden()

    // The edit stays as a draft on this computer: the export has it, in the app's language.
    await page.evaluate(() => (location.hash = '#/settings'))
    const exportButton = page.getByRole('button', { name: w('settings.local.exportNamed', { label: 'Demo store' }) })
    await expect(exportButton).toBeEnabled({ timeout: 30_000 })
    const downloaded = page.waitForEvent('download')
    await exportButton.click()
    const zip = unzipSync(new Uint8Array(await readFile((await (await downloaded).path())!)))
    const index = strFromU8(zip['index.html']!)
    expect(index).toContain(`<html lang="${locale}">`)
    expect(index).toContain(`<title>${w('archive.title', { store: 'Demo store' })}</title>`)
    expect(index).toContain(`<h2>${w('archive.posts')}</h2>`)
    const postFile = Object.keys(zip).find((name) => strFromU8(zip[name]!).includes(`<h1>${POST}</h1>`))!
    expect(strFromU8(zip[postFile]!)).toContain(w('archive.source', { source: 'draft' }))
    expect(await untranslated(page, locale, storeWords)).toEqual([])
  })
}
