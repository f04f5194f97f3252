// The accessibility gate end to end (issue 8): axe-core on every screen of the app, in the
// light and the dark theme, after connecting the demo store (and the connect page before).
// No serious or critical WCAG violation may remain. The last test proves the gate fails: a
// fixture page with seeded violations must be reported by the same helper.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { describeViolation, expectNoSeriousA11yViolations, seriousA11yViolations } from './support/axe'
import { voiceProblems } from './support/voice'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

interface Screen {
  name: string
  /** Brings the screen up from anywhere in the connected app and waits until it shows its content. */
  open(page: Page): Promise<void>
}

const main = (page: Page) => page.getByRole('main')


async function viaSidebar(page: Page, link: string, ready: (page: Page) => Locator) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click()
  await expect(ready(page)).toBeVisible()
}

const heading = (name: string | RegExp) => (page: Page) => main(page).getByRole('heading', { level: 1, name })

const SCREENS: Screen[] = [
  { name: 'orders list', open: (page) => viaSidebar(page, 'Orders', (p) => p.getByRole('grid', { name: 'Orders' }).getByRole('row').first()) },
  {
    name: 'orders list with a selection',
    async open(page) {
      await viaSidebar(page, 'Orders', (p) => p.getByRole('grid', { name: 'Orders' }).getByRole('row').first())
      await page.getByRole('checkbox', { name: 'Select the orders on screen' }).click()
      await expect(page.getByRole('region', { name: 'Selected orders' })).toBeVisible()
    },
  },
  {
    name: 'order detail',
    async open(page) {
      await viaSidebar(page, 'Orders', (p) => p.getByRole('grid', { name: 'Orders' }).getByRole('row').first())
      await page.getByRole('grid', { name: 'Orders' }).getByRole('row').first().click()
      await expect(heading(/^Order #/)(page)).toBeVisible()
    },
  },
  { name: 'checkouts list', open: (page) => viaSidebar(page, 'Abandoned checkouts', (p) => p.getByRole('row', { name: /^Checkout #/ }).first()) },
  {
    name: 'checkout detail',
    async open(page) {
      await viaSidebar(page, 'Abandoned checkouts', (p) => p.getByRole('row', { name: /^Checkout #/ }).first())
      await page.getByRole('row', { name: /^Checkout #/ }).first().click()
      await expect(heading(/^Abandoned checkout #/)(page)).toBeVisible()
    },
  },
  { name: 'dashboard', open: (page) => viaSidebar(page, 'Dashboard', heading('Dashboard')) },
  { name: 'blogs list', open: (page) => viaSidebar(page, 'Blogs', (p) => main(p).getByRole('table').getByRole('button').first()) },
  {
    name: 'blog editor',
    async open(page) {
      await viaSidebar(page, 'Blogs', (p) => main(p).getByRole('table').getByRole('button').first())
      await main(page).getByRole('table').getByRole('button').first().click()
      await expect(heading('Blog post')(page)).toBeVisible()
      await expect(page.locator('.ProseMirror')).toBeVisible()
    },
  },
  { name: 'collections', open: (page) => viaSidebar(page, 'Collections', (p) => main(p).getByRole('table', { name: 'Collections' }).getByRole('link').first()) },
  {
    name: 'collection detail',
    async open(page) {
      await viaSidebar(page, 'Collections', (p) => main(p).getByRole('table', { name: 'Collections' }).getByRole('link').first())
      await main(page).getByRole('table', { name: 'Collections' }).getByRole('link').first().click()
      await expect(page).toHaveURL(/#\/collections\/.+/)
      await expect(main(page)).not.toBeEmpty()
    },
  },
  {
    name: 'meta fields',
    async open(page) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Meta fields', exact: true }).click()
      await expect(page).toHaveURL(/#\/meta-fields/)
      await expect(main(page)).not.toBeEmpty()
    },
  },
  { name: 'sync', open: (page) => viaSidebar(page, 'Sync', heading('Sync')) },
  { name: 'settings', open: (page) => viaSidebar(page, 'Settings', heading('Settings')) },
]

for (const theme of ['light', 'dark'] as const) {
  test(`every screen has no serious accessibility violation in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(240_000)
    await expect(page.getByRole('button', { name: 'Try the demo store' })).toBeVisible()
    const toggle = page.getByRole('button', { name: /^Use (dark|light) theme$/ })
    if ((await toggle.textContent())?.includes(theme)) await toggle.click()
    await expect(page.getByRole('button', { name: `Use ${theme === 'light' ? 'dark' : 'light'} theme` })).toBeVisible()

    // Every screen is scanned before the test judges, so one run lists all the violations.
    const found: Record<string, string[]> = {}
    const voice: Record<string, string[]> = {}
    const scan = async (name: string) => {
      const violations = await seriousA11yViolations(page)
      if (violations.length > 0) found[`${name} (${theme})`] = violations.map(describeViolation)
      const problems = await voiceProblems(page)
      if (problems.length > 0) voice[`${name} (${theme})`] = problems
    }
    await scan('connect page')
    await connectDemoStore(page)
    for (const screen of SCREENS) {
      await test.step(screen.name, async () => {
        await screen.open(page)
        await scan(screen.name)
      })
    }
    expect(found, 'serious or critical accessibility violations, by screen').toEqual({})
    expect(voice, 'raw timestamps, "(s)" plurals, library placeholders and cut-off text, by screen').toEqual({})
  })
}

test('the gate reports seeded violations: an unlabeled button and an input without a name', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await page.setContent(readFileSync(resolve(import.meta.dirname, 'fixtures/seeded-violations/a11y.html'), 'utf8'))
    const rules = (await seriousA11yViolations(page)).map((v) => v.rule)
    expect(rules).toContain('button-name')
    expect(rules).toContain('label')
    await expect(expectNoSeriousA11yViolations(page, 'the seeded fixture')).rejects.toThrow(/button-name[\s\S]*label|label[\s\S]*button-name/)
  } finally {
    await context.close()
  }
})
