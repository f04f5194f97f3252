// Storedesk in the merchant's language, end to end on the demo store: the app follows the
// system's language and switches in Settings without a restart; in German and in Chinese the
// screens show no catalog key and no English of the app's own; and printouts keep their own
// per-store language: a German desk prints English packing slips (read back from the PDF).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { untranslated, useAppLocale, words, type TestLocale, type Words } from './support/i18n'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

let workDir: string
test.beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'storedesk-languages-'))
})
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }))

const nav = (page: Page, w: Words, key: Parameters<Words>[0]) => page.getByRole('navigation', { name: w('nav.main') }).getByRole('link', { name: w(key), exact: true }).click()

async function pdfText(page: Page, name: string): Promise<string> {
  const file = join(workDir, `${name}.pdf`)
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true })
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

async function firstOrderIds(page: Page, demoStore: { api: (path: string) => Promise<Response> }): Promise<{ ids: string; number: string }> {
  const { data } = (await (await demoStore.api('/openapi/2025-04/orders?page_size=5')).json()) as { data: { ID: number; number: string }[] }
  return { ids: data.slice(0, 2).map((o) => o.ID).join(','), number: data[0]!.number }
}

test('follows the system’s language until one is chosen', async ({ page }) => {
  // The system's languages as the window reports them (Electron: the operating system's).
  await page.context().addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['de-AT', 'en-US'] }))
  await page.reload()
  const de = words('de')
  await expect(page.getByRole('heading', { level: 1, name: de('connect.title') })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await nav(page, de, 'nav.settings')
  await expect(page.getByRole('radio', { name: de('language.system', { language: 'Deutsch' }) })).toBeChecked()
})

test('Settings switches the language without a restart', async ({ page }) => {
  const en = words('en')
  const de = words('de')
  const zh = words('zh-CN')
  await nav(page, en, 'nav.settings')
  const choose = (language: string) => page.getByRole('main').getByText(language, { exact: true }).click()
  await choose('Deutsch')
  await expect(page.getByRole('heading', { level: 1, name: de('settings.title') })).toBeVisible()
  await expect(page.getByRole('navigation', { name: de('nav.main') }).getByRole('link', { name: de('nav.connect') })).toBeVisible()
  await expect(page).toHaveTitle(de('titles.window', { screen: de('titles.settings') }))
  await choose('简体中文')
  await expect(page.getByRole('heading', { level: 1, name: zh('settings.title') })).toBeVisible()
  // Kept across a restart of the window.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: zh('settings.title') })).toBeVisible()
  await choose(zh('language.system', { language: 'English' }))
  await expect(page.getByRole('heading', { level: 1, name: en('settings.title') })).toBeVisible()
})

for (const locale of ['de', 'zh-CN'] as const satisfies TestLocale[]) {
  test(`runs in ${locale} with no English and no catalog key left on connect, the order list, settings and print`, async ({ page, demoStore }) => {
    test.setTimeout(180_000)
    const w = words(locale)
    await useAppLocale(page, locale)
    const found: Record<string, string[]> = {}
    const check = async (name: string) => {
      // The demo store's own name is the store's words, not the app's.
      const problems = await untranslated(page, locale, ['Demo store'])
      if (problems.length > 0) found[name] = problems
    }
    await expect(page.getByRole('heading', { level: 1, name: w('connect.title') })).toBeVisible()
    await check('connect')
    await connectDemoStore(page, w)
    await expect(page.getByRole('grid', { name: w('orders.gridLabel') }).getByRole('row').first()).toBeVisible()
    await check('orders list')
    await page.getByRole('checkbox', { name: w('orders.selected.selectScreen') }).click()
    await expect(page.getByRole('region', { name: w('orders.selected.label') })).toBeVisible()
    await check('orders list with a selection')
    await page.getByRole('button', { name: w('orders.columns.button'), exact: true }).click()
    await check('column chooser')
    await page.getByRole('heading', { level: 1 }).click()

    await nav(page, w, 'nav.settings')
    await expect(page.getByRole('heading', { level: 1, name: w('settings.title') })).toBeVisible()
    await check('settings')
    await page.getByRole('main').getByRole('button', { name: w.pattern('stores.disconnectNamed') }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await check('disconnect question')
    await page.getByRole('button', { name: w('stores.keepConnected') }).click()

    await page.getByRole('button', { name: w('nav.shortcuts'), exact: true }).first().click()
    await expect(page.getByRole('dialog', { name: w('shortcuts.title') })).toBeVisible()
    await check('keyboard shortcuts')
    await page.keyboard.press('Escape')

    const { ids } = await firstOrderIds(page, demoStore)
    for (const kind of ['pick', 'slips']) {
      await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), `kind=${kind}&ids=${ids}&paper=a4`)
      await expect(page.locator('.sheet').first()).toBeVisible()
      await check(`print ${kind}`)
    }
    expect(found, 'catalog keys or English on screens in the chosen language').toEqual({})
  })
}

test('a packing slip prints in English while the app is in German', async ({ page, demoStore }) => {
  const de = words('de')
  const en = words('en')
  await useAppLocale(page, 'de')
  await connectDemoStore(page, de)
  await nav(page, de, 'nav.settings')
  await page.getByRole('combobox', { name: de('printout.language') }).click()
  await page.getByRole('option', { name: 'English' }).click()

  const { ids, number } = await firstOrderIds(page, demoStore)
  await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), `kind=slips&ids=${ids}&paper=a4`)
  await expect(page.getByRole('heading', { level: 2, name: en('print.slip.title') }).first()).toBeVisible()
  // The app around the sheets stays German.
  await expect(page.getByRole('button', { name: de('print.savePdf') })).toBeVisible()
  await page.getByRole('switch', { name: de('print.pricesLabel') }).click()
  const text = await pdfText(page, 'slip-en')
  expect(text).toContain(en('print.slip.title'))
  expect(text).toContain(`Order #${number}`)
  expect(text).toMatch(/Ship to/i)
  expect(text).toMatch(/Order total/)
  expect(text).not.toContain(de('print.slip.title'))
  expect(text).not.toContain(de('print.slip.shipTo'))
  // Money in English: "$12.00", never "12,00 $".
  expect(text).toMatch(/\$\d[\d,]*\.\d{2}/)
  expect(text).not.toMatch(/\d,\d{2}\s?\$/)

  // Back to the app's language: the same slip prints in German.
  await page.getByRole('button', { name: `← ${de('common.back')}` }).click()
  await nav(page, de, 'nav.settings')
  await page.getByRole('combobox', { name: de('printout.language') }).click()
  await page.getByRole('option', { name: de('printout.sameAsApp') }).click()
  await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), `kind=slips&ids=${ids}&paper=a4`)
  await expect(page.getByRole('heading', { level: 2, name: de('print.slip.title') }).first()).toBeVisible()
  const german = await pdfText(page, 'slip-de')
  expect(german).toContain(de('print.slip.title'))
  expect(german).toContain(`Bestellung #${number}`)
})

test('a packing slip prints in German while the app is in English: its words are loaded for the print', async ({ page, demoStore }) => {
  const de = words('de')
  const en = words('en')
  await connectDemoStore(page, en)
  await nav(page, en, 'nav.settings')
  await page.getByRole('combobox', { name: en('printout.language') }).click()
  await page.getByRole('option', { name: 'Deutsch' }).click()

  const { ids, number } = await firstOrderIds(page, demoStore)
  await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), `kind=slips&ids=${ids}&paper=a4`)
  await expect(page.getByRole('heading', { level: 2, name: de('print.slip.title') }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: en('print.savePdf') })).toBeEnabled()
  const german = await pdfText(page, 'slip-de-from-en')
  expect(german).toContain(de('print.slip.title'))
  expect(german).toContain(`Bestellung #${number}`)
  expect(german).not.toContain(en('print.slip.title'))

  await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), `kind=pick&ids=${ids}&paper=a4`)
  await expect(page.getByRole('heading', { level: 2, name: de('print.pick.title') }).first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: en('print.pick.title') })).toBeVisible()
})

test('a post is spell checked in its own language, kept with its draft; the app’s by default', async ({ page }) => {
  const en = words('en')
  await connectDemoStore(page)
  await page.getByRole('navigation', { name: en('nav.main') }).getByRole('link', { name: en('nav.blogs'), exact: true }).click()
  await page.getByRole('main').getByRole('table').getByRole('button').first().click()
  const editor = page.locator('.ProseMirror')
  await expect(editor).toBeVisible()
  const languageOf = () => editor.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))
  expect(await languageOf()).toBe('en')
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveJSProperty('spellcheck', true)

  await page.getByRole('combobox', { name: en('editor.language.label') }).click()
  await page.getByRole('option', { name: 'German', exact: true }).click()
  await expect.poll(languageOf).toBe('de')
  // Kept with the post's draft: there again after the window reloads.
  await page.reload()
  await expect(editor).toBeVisible()
  await expect.poll(languageOf).toBe('de')
})
