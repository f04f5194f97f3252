// "Nothing cut off" (issues 15 and 32) and "one voice" (issues 17 and 32), on every screen and
// every dialog, at the two window sizes the app is made for (1280x800 and 1920x1080), in the
// light and the dark theme: no text wider than its box or cut off with no way to read it (every
// element holding text, alone or beside other elements), no sideways scroll in the order list,
// and no raw timestamp, regular expression, API code or time off the system's clock
// (voice.ts). The last test proves the voice check rejects what it is meant to.
import type { Locator, Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { waitForCachedOrders } from './support/scanner'
import { overflowProblems, voiceProblems } from './support/voice'
import { useAppLocale, words } from './support/i18n'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

const main = (page: Page) => page.getByRole('main')
const nav = (page: Page, link: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click()
/** An open dialog by its title (some of Naive UI's card dialogs carry the title as text only). */
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ hasText: title }).last()
const orderRows = (page: Page) => page.getByRole('grid', { name: 'Orders' }).getByRole('row')

interface Stop {
  name: string
  /** Brings the screen or dialog up and waits for its content (the demo store's faults may help). */
  open(page: Page, demoStore: DemoStoreHandle): Promise<void>
  /** Closes a dialog again, or ends a fault (screens need nothing). */
  close?(page: Page, demoStore: DemoStoreHandle): Promise<void>
}

const pressEscape = async (page: Page) => {
  await page.keyboard.press('Escape')
}
/** Closes a popover or a picker's panel: a click on the page's heading. */
const clickAway = (page: Page) => main(page).getByRole('heading', { level: 1 }).first().click()

async function openOrders(page: Page) {
  await nav(page, 'Orders')
  await expect(orderRows(page).first()).toBeVisible()
}
async function openFirstOrder(page: Page) {
  await openOrders(page)
  await orderRows(page).first().click()
  await expect(main(page).getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
}
async function openFirstPost(page: Page) {
  await nav(page, 'Blogs')
  await main(page).getByRole('table').getByRole('button').first().click()
  await expect(page.locator('.ProseMirror')).toBeVisible()
}
async function openFirstCheckout(page: Page) {
  await nav(page, 'Abandoned checkouts')
  await page.getByRole('row', { name: /^Checkout #/ }).first().click()
  await expect(main(page).getByRole('heading', { level: 1, name: /^Abandoned checkout #/ })).toBeVisible()
}
/** A dialog opened by a button, closed by its own Cancel (or Escape). */
function byButton(name: string, open: (page: Page) => Promise<void>, button: (page: Page) => Locator, title: string | RegExp, closeWith?: string): Stop {
  return {
    name,
    async open(page) {
      await open(page)
      await button(page).click()
      await expect(dialog(page, title)).toBeVisible()
    },
    async close(page) {
      if (closeWith) await dialog(page, title).getByRole('button', { name: closeWith, exact: true }).click()
      else await pressEscape(page)
      await expect(dialog(page, title)).toBeHidden()
    },
  }
}

const STOPS: Stop[] = [
  { name: 'orders list', open: openOrders },
  {
    name: 'orders list, searched',
    async open(page) {
      await openOrders(page)
      await page.getByRole('textbox', { name: 'Search orders' }).fill('example')
      await expect(page.getByText(/^matched e-mail/).first()).toBeVisible()
    },
    close: (page) => page.getByRole('textbox', { name: 'Search orders' }).fill(''),
  },
  {
    name: 'orders list with a selection',
    async open(page) {
      await openOrders(page)
      await page.getByRole('checkbox', { name: 'Select the orders on screen' }).click()
      await expect(page.getByRole('region', { name: 'Selected orders' })).toBeVisible()
    },
    close: (page) => page.getByRole('region', { name: 'Selected orders' }).getByRole('button', { name: 'Clear' }).click(),
  },
  {
    name: 'paid date picker with its shortcuts',
    async open(page) {
      await openOrders(page)
      await page.getByRole('textbox', { name: 'Paid from' }).click()
      await expect(page.getByRole('button', { name: 'Last 30 days' })).toBeVisible()
    },
    close: clickAway,
  },
  {
    name: 'column chooser',
    async open(page) {
      await openOrders(page)
      await page.getByRole('button', { name: 'Columns' }).click()
      await expect(page.getByRole('group', { name: 'Columns shown' })).toBeVisible()
    },
    close: clickAway,
  },
  byButton('export dialog', openOrders, (p) => p.getByRole('button', { name: 'Export…' }), 'Export orders', 'Cancel'),
  byButton('tracking import dialog', openOrders, (p) => p.getByRole('button', { name: 'Import tracking CSV' }), 'Import tracking numbers from CSV'),
  byButton('scanner', openOrders, (p) => p.getByRole('button', { name: 'Scanner mode' }), 'Scanner mode'),
  { name: 'order detail', open: openFirstOrder },
  byButton('add tracking dialog', openFirstOrder, (p) => p.getByRole('button', { name: 'Add tracking' }), /^Add tracking to #/),
  byButton('shipping address dialog', openFirstOrder, (p) => p.getByRole('button', { name: 'Edit shipping address' }), /shipping address/i),
  { name: 'checkouts list', open: (page) => nav(page, 'Abandoned checkouts').then(() => expect(page.getByRole('row', { name: /^Checkout #/ }).first()).toBeVisible()) },
  { name: 'checkout detail', open: openFirstCheckout },
  {
    name: 'dashboard',
    async open(page) {
      await nav(page, 'Dashboard')
      await expect(page.getByRole('img', { name: /^Orders and revenue per paid day/ })).toBeVisible()
    },
  },
  {
    name: 'dashboard range picker',
    async open(page) {
      await nav(page, 'Dashboard')
      await page.getByRole('textbox', { name: 'First day shown' }).click()
      await expect(page.getByRole('button', { name: 'This month' })).toBeVisible()
    },
    close: clickAway,
  },
  { name: 'blogs list', open: (page) => nav(page, 'Blogs').then(() => expect(main(page).getByRole('table').getByRole('button').first()).toBeVisible()) },
  { name: 'blog editor', open: openFirstPost },
  {
    name: 'visible from picker',
    async open(page) {
      await openFirstPost(page)
      await page.getByRole('textbox', { name: 'Visible from (store time)' }).click()
      await expect(page.getByRole('button', { name: 'Now', exact: true })).toBeVisible()
    },
    close: pressEscape,
  },
  byButton('revision history', openFirstPost, (p) => p.getByRole('button', { name: 'Revision history' }), /revision/i),
  byButton('editor shortcuts', openFirstPost, (p) => p.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Keyboard shortcuts' }), 'Keyboard shortcuts'),
  { name: 'collections', open: (page) => nav(page, 'Collections').then(() => expect(main(page).getByRole('table', { name: 'Collections' }).getByRole('link').first()).toBeVisible()) },
  byButton('new collection dialog', (p) => nav(p, 'Collections'), (p) => p.getByRole('button', { name: 'New collection' }), 'New collection', 'Cancel'),
  {
    name: 'collection detail',
    async open(page) {
      await nav(page, 'Collections')
      await main(page).getByRole('table', { name: 'Collections' }).getByRole('link').first().click()
      await expect(page.getByRole('button', { name: 'Edit collection' })).toBeVisible()
    },
  },
  {
    name: 'meta fields',
    async open(page) {
      await nav(page, 'Meta fields')
      await expect(main(page).getByRole('table', { name: 'Meta field definitions' })).toBeVisible()
    },
  },
  byButton('new meta field dialog', (p) => nav(p, 'Meta fields'), (p) => p.getByRole('button', { name: 'New meta field' }), 'New meta field', 'Cancel'),
  byButton('edit meta field dialog', (p) => nav(p, 'Meta fields'), (p) => p.getByRole('button', { name: 'Edit Warehouse bin' }), 'Edit meta field', 'Cancel'),
  { name: 'sync', open: (page) => nav(page, 'Sync').then(() => expect(main(page).getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible()) },
  { name: 'settings', open: (page) => nav(page, 'Settings').then(() => expect(main(page).getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()) },
  byButton('disconnect question', (p) => nav(p, 'Settings'), (p) => main(p).getByRole('button', { name: /^Disconnect / }).first(), /^Disconnect /),
  {
    // Only asked when this computer holds work the store has not: a draft is enough.
    name: 'disconnect question with work only on this computer',
    async open(page) {
      await nav(page, 'Blogs')
      await page.getByRole('button', { name: 'New post' }).click()
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A draft kept here')
      await expect(page.getByText(/^Saved on this device at /)).toBeVisible({ timeout: 15_000 })
      await nav(page, 'Settings')
      await main(page).getByRole('button', { name: /^Disconnect / }).first().click()
      await dialog(page, /^Disconnect /).getByRole('button', { name: 'Disconnect', exact: true }).click()
      await expect(dialog(page, 'has work that exists only on this computer')).toBeVisible()
    },
    async close(page) {
      await dialog(page, 'has work that exists only on this computer').getByRole('button', { name: 'Keep the store connected' }).click()
      await expect(dialog(page, 'has work that exists only on this computer')).toBeHidden()
    },
  },
  byButton('keyboard shortcuts', async () => undefined, (p) => p.getByRole('button', { name: 'Keyboard shortcuts', exact: true }).first(), 'Keyboard shortcuts'),
  byButton('notifications', async () => undefined, (p) => p.getByRole('button', { name: /^Notifications/ }).first(), /notifications/i),
]

/** The order list's rows scroll up and down only: nothing wider than the list. */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('.orders-page__list, .orders-page__list *')) {
      const style = getComputedStyle(el)
      if (el.scrollWidth > el.clientWidth + 1 && (style.overflowX === 'auto' || style.overflowX === 'scroll')) problems.push(`the order list scrolls sideways (${el.className})`)
    }
    const list = document.querySelector('.orders-page__list')
    if (list && document.scrollingElement && document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth + 1) problems.push('the page scrolls sideways')
    return [...new Set(problems)]
  })
}

for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`nothing is cut off and every word is for people at ${width}x${height} in the ${theme} theme, on every screen and dialog`, async ({ page, demoStore }) => {
      test.setTimeout(360_000)
      await page.setViewportSize({ width, height })
      await page.emulateMedia({ colorScheme: theme })
      const toggle = page.getByRole('button', { name: /^Use (dark|light) theme$/ })
      if ((await toggle.textContent())?.includes(theme)) await toggle.click()
      const found: Record<string, string[]> = {}
      const check = async (name: string) => {
        const problems = [...new Set([...(await voiceProblems(page)), ...(await overflowProblems(page, { mixed: true })), ...(await sidewaysScroll(page))])]
        if (problems.length > 0) found[name] = problems
      }
      await check('connect page')
      await connectDemoStore(page)
      await waitForCachedOrders(page)
      for (const stop of STOPS) {
        await test.step(stop.name, async () => {
          await stop.open(page, demoStore)
          await check(stop.name)
          await stop.close?.(page, demoStore)
        })
      }
      expect(found, 'text cut off, wider than its box, sideways scroll, or words not for people, by screen and dialog').toEqual({})
    })
  }
}

// The pseudo-locale (every message accented and 35% longer, support/i18n.ts): the screens and
// dialogs whose words come from the catalogs, at 1280x800 in both themes, so a longer language
// never cuts their text. The screens not yet in the catalogs stay English under it.
const pseudo = words('en-XA')
const pseudoNav = (page: Page, key: Parameters<typeof pseudo>[0]) => page.getByRole('navigation', { name: pseudo('nav.main') }).getByRole('link', { name: pseudo(key), exact: true }).click()
/** A dialog holding `text` somewhere (the pattern's anchors dropped). */
const pseudoDialog = (page: Page, text: RegExp) => page.getByRole('dialog').filter({ hasText: new RegExp(text.source.replace(/^\^|\$$/g, '')) }).last()
const openPseudoOrders = async (page: Page) => {
  await pseudoNav(page, 'nav.orders')
  await expect(page.getByRole('grid', { name: pseudo('orders.gridLabel') }).getByRole('row').first()).toBeVisible()
}
const openPrint = async (page: Page, kind: 'pick' | 'slips') => {
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id^="order-row-"]')].slice(0, 3).map((el) => el.id.replace('order-row-', '')).join(','))
  await page.evaluate((q) => (location.hash = `#/orders/print?${q}`), `kind=${kind}&ids=${ids}&paper=a4`)
  await expect(page.locator('.sheet').first()).toBeVisible()
}
/** The first paid order still to ship (its page offers tracking and an address change). */
const openPseudoOrder = async (page: Page) => {
  await page.evaluate(() => (location.hash = '#/orders?fulfillment=unfulfilled&financial=paid&status=wc-processing'))
  const rows = page.getByRole('grid', { name: pseudo('orders.gridLabel') }).getByRole('row')
  await expect(rows.first()).toBeVisible()
  await rows.first().click()
  await expect(main(page).getByRole('heading', { level: 1, name: pseudo.pattern('order.title') })).toBeVisible()
}
/** The tracking dialog's confirm step, a number typed. */
const openPseudoTrackingConfirm = async (page: Page) => {
  await openPseudoOrder(page)
  await main(page).getByRole('button', { name: pseudo('order.addTracking'), exact: true }).click()
  const tracking = pseudoDialog(page, pseudo.pattern('order.addTrackingTo'))
  await tracking.getByRole('textbox', { name: pseudo('tracking.number') }).fill('ZZ-NOT-A-CARRIER-123')
  await tracking.getByRole('button', { name: pseudo('tracking.dialog.continue') }).click()
  await expect(tracking.getByRole('button', { name: pseudo('tracking.dialog.confirmAdd') })).toBeVisible()
}
/** Escape on a dialog holding typed changes asks first; Discard closes it. */
const discardPseudoDialog = async (page: Page) => {
  await pressEscape(page)
  await pseudoDialog(page, pseudo.pattern('unsavedChanges.title')).getByRole('button', { name: pseudo('unsavedChanges.discard') }).click()
}
const openPseudoBlogs = async (page: Page) => {
  await pseudoNav(page, 'nav.blogs')
  await expect(page.getByRole('table', { name: pseudo('blogs.table.label') }).getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 })
}
const openPseudoPost = async (page: Page) => {
  await openPseudoBlogs(page)
  await page.getByRole('table', { name: pseudo('blogs.table.label') }).getByRole('button').first().click()
  await expect(page.locator('.ProseMirror')).toBeVisible()
}
const openPseudoCollections = async (page: Page) => {
  await pseudoNav(page, 'nav.collections')
  await expect(main(page).getByRole('table', { name: pseudo('collections.table.label') }).getByRole('link', { name: 'Garden & Plants' })).toBeVisible({ timeout: 60_000 })
}
/** A collection with posts to reorder; its list of posts. */
const openPseudoCollection = async (page: Page) => {
  await openPseudoCollections(page)
  await main(page).getByRole('link', { name: 'Garden & Plants' }).click()
  const list = main(page).getByRole('list', { name: pseudo('collections.detail.list', { title: 'Garden & Plants' }) })
  await expect(list.getByRole('listitem').nth(1)).toBeVisible()
  return list
}
const openPseudoMetaFields = async (page: Page) => {
  await pseudoNav(page, 'nav.metaFields')
  await expect(main(page).getByRole('table', { name: pseudo('metaFields.page.table') }).getByRole('row').nth(1)).toBeVisible()
}
const pseudoToolbarButton = (page: Page, key: Parameters<typeof pseudo>[0]) =>
  page.getByRole('toolbar', { name: pseudo('editor.toolbar.label') }).getByRole('button', { name: pseudo(key), exact: true })
/** The pseudo-locale's stops by part of the app: one test each, so the parts run side by side. */
const PSEUDO_AREAS: Record<string, Stop[]> = {
  'the order list, settings and print': [
    { name: 'orders list', open: openPseudoOrders },
    {
      name: 'orders list with a selection',
      async open(page) {
        await openPseudoOrders(page)
        await page.getByRole('checkbox', { name: pseudo('orders.selected.selectScreen') }).click()
        await expect(page.getByRole('region', { name: pseudo('orders.selected.label') })).toBeVisible()
      },
      close: (page) => page.getByRole('region', { name: pseudo('orders.selected.label') }).getByRole('button', { name: pseudo('orders.selected.clear') }).click(),
    },
    {
      name: 'column chooser',
      async open(page) {
        await openPseudoOrders(page)
        await page.getByRole('button', { name: pseudo('orders.columns.button'), exact: true }).click()
        await expect(page.getByRole('group', { name: pseudo('orders.columns.shown') })).toBeVisible()
      },
      close: clickAway,
    },
    { name: 'settings', open: (page) => pseudoNav(page, 'nav.settings').then(() => expect(main(page).getByRole('heading', { level: 1, name: pseudo('settings.title') })).toBeVisible()) },
    {
      name: 'disconnect question',
      async open(page) {
        await pseudoNav(page, 'nav.settings')
        await main(page).getByRole('button', { name: pseudo.pattern('stores.disconnectNamed') }).first().click()
        await expect(pseudoDialog(page, pseudo.pattern('stores.disconnectTitle'))).toBeVisible()
      },
      close: pressEscape,
    },
    {
      name: 'bin import preview with problems',
      async open(page) {
        await pseudoNav(page, 'nav.settings')
        const chooser = page.waitForEvent('filechooser')
        await main(page).getByRole('button', { name: pseudo('settings.bins.import') }).click()
        await (await chooser).setFiles({ name: 'bins.csv', mimeType: 'text/csv', buffer: Buffer.from('sku,bin\nMUG-1,A-01\n,B-2\nMUG-1,C-09\nTEE-R,\n') })
        await expect(main(page).getByRole('region', { name: pseudo('settings.bins.preview') })).toBeVisible()
      },
      close: (page) => main(page).getByRole('region', { name: pseudo('settings.bins.preview') }).getByRole('button', { name: pseudo('common.cancel') }).click(),
    },
    { name: 'keyboard shortcuts', async open(page) { await page.getByRole('button', { name: pseudo('nav.shortcuts'), exact: true }).first().click(); await expect(pseudoDialog(page, pseudo.pattern('shortcuts.caption'))).toBeVisible() }, close: pressEscape },
    { name: 'notifications', async open(page) { await page.getByRole('button', { name: pseudo.pattern('notices.title') }).first().click(); await expect(page.getByRole('dialog', { name: pseudo('notices.title') })).toBeVisible() }, close: pressEscape },
    { name: 'pick list print view', open: (page) => openPseudoOrders(page).then(() => openPrint(page, 'pick')), close: (page) => page.getByRole('button', { name: `← ${pseudo('common.back')}` }).click() },
    { name: 'packing slips print view', open: (page) => openPseudoOrders(page).then(() => openPrint(page, 'slips')), close: (page) => page.getByRole('button', { name: `← ${pseudo('common.back')}` }).click() },
  ],
  'the order page and the scanner': [
    { name: 'order page', open: openPseudoOrder },
    { name: 'tracking dialog, confirm step', open: openPseudoTrackingConfirm, close: discardPseudoDialog },
    {
      name: 'discard question over the tracking dialog',
      async open(page) {
        await openPseudoTrackingConfirm(page)
        await pressEscape(page)
        await expect(pseudoDialog(page, pseudo.pattern('unsavedChanges.title'))).toBeVisible()
      },
      close: (page) => pseudoDialog(page, pseudo.pattern('unsavedChanges.title')).getByRole('button', { name: pseudo('unsavedChanges.discard') }).click(),
    },
    {
      name: 'shipping address drawer',
      async open(page) {
        await openPseudoOrder(page)
        await main(page).getByRole('button', { name: pseudo('order.editShipping') }).click()
        await expect(page.getByRole('textbox', { name: pseudo('shipping.fields.city') })).toBeVisible()
      },
      close: (page) => page.getByRole('button', { name: pseudo('common.cancel') }).click(),
    },
    {
      name: 'scanner with an open order',
      async open(page) {
        await openPseudoOrders(page)
        await page.getByRole('button', { name: pseudo('orders.scannerMode') }).click()
        await page.getByRole('button', { name: pseudo('scanner.next') }).click()
        // The heading goes on with the customer's name: the pattern without its end.
        await expect(page.getByRole('heading', { name: new RegExp(pseudo.pattern('scanner.toPack').source.replace(/\$$/, '')) })).toBeVisible({ timeout: 30_000 })
        await page.getByText(pseudo('scanner.settings.title')).click()
      },
      close: (page) => page.getByRole('button', { name: pseudo('scanner.close') }).click(),
    },
    {
      name: 'bulk tags dialog',
      async open(page) {
        await openPseudoOrders(page)
        await page.getByRole('checkbox', { name: pseudo('orders.selected.selectScreen') }).click()
        await page.getByRole('region', { name: pseudo('orders.selected.label') }).getByRole('button', { name: pseudo('orders.selected.tags') }).click()
        await expect(page.getByRole('radio', { name: pseudo('tags.bulk.add') })).toBeVisible()
      },
      close: (page) => page.getByRole('dialog').getByRole('button', { name: pseudo('common.cancel') }).click(),
    },
  ],
  'the blog studio': [
    { name: 'blog studio list', open: openPseudoBlogs },
    {
      name: 'blog studio delete question',
      async open(page) {
        await openPseudoBlogs(page)
        await page.getByRole('table', { name: pseudo('blogs.table.label') }).getByRole('checkbox').first().click()
        await page.getByRole('button', { name: pseudo('blogs.batch.delete'), exact: true }).click()
        await expect(pseudoDialog(page, pseudo.pattern('blogs.batch.deleteTitle'))).toBeVisible()
      },
      close: (page) => pseudoDialog(page, pseudo.pattern('blogs.batch.deleteTitle')).getByRole('button', { name: pseudo('common.cancel') }).click(),
    },
    {
      name: 'new blog post',
      async open(page) {
        await openPseudoBlogs(page)
        await page.getByRole('button', { name: pseudo('blogs.newPost'), exact: true }).click()
        await expect(page.getByRole('heading', { level: 1, name: pseudo('titles.newPost') })).toBeVisible()
      },
    },
    { name: 'blog editor', open: openPseudoPost },
    {
      name: 'blog editor, visible from a time to come',
      async open(page) {
        await openPseudoPost(page)
        const visibleFrom = page.getByRole('textbox', { name: pseudo('time.withZone', { time: pseudo('editor.page.visibleFromShort'), zone: pseudo('time.store') }) })
        await visibleFrom.fill('2030-01-15 9:30:00 AM')
        await visibleFrom.press('Enter')
        await expect(page.getByRole('button', { name: pseudo.pattern('editor.action.schedule') })).toBeVisible()
      },
    },
    {
      name: 'link dialog with a problem',
      async open(page) {
        await openPseudoPost(page)
        await pseudoToolbarButton(page, 'editor.toolbar.link').click()
        await page.getByRole('dialog', { name: pseudo('editor.link.title') }).getByRole('button', { name: pseudo('editor.link.apply') }).click()
        await expect(page.getByText(pseudo('editor.link.empty'))).toBeVisible()
      },
      close: pressEscape,
    },
    {
      name: 'image dialog with problems',
      async open(page) {
        await openPseudoPost(page)
        await pseudoToolbarButton(page, 'editor.toolbar.image').click()
        await page.getByRole('dialog', { name: pseudo('editor.image.insert') }).getByRole('button', { name: pseudo('editor.image.insert') }).click()
        await expect(page.getByText(pseudo('editor.image.altMissing'))).toBeVisible()
      },
      close: pressEscape,
    },
    {
      name: 'video dialog',
      async open(page) {
        await openPseudoPost(page)
        await pseudoToolbarButton(page, 'editor.toolbar.video').click()
        await expect(page.getByRole('dialog', { name: pseudo('editor.video.title') })).toBeVisible()
      },
      close: pressEscape,
    },
    {
      name: 'find and replace',
      async open(page) {
        await openPseudoPost(page)
        await pseudoToolbarButton(page, 'editor.toolbar.find').click()
        await expect(page.getByRole('region', { name: pseudo('editor.find.label') })).toBeVisible()
      },
    },
    {
      name: 'editor shortcuts',
      async open(page) {
        await openPseudoPost(page)
        await pseudoToolbarButton(page, 'editor.toolbar.shortcuts').click()
        await expect(page.getByRole('dialog', { name: pseudo('editor.shortcuts.title') })).toBeVisible()
      },
      close: pressEscape,
    },
    {
      name: 'slug change question',
      async open(page) {
        // A post readers can see: its address is locked and changes only through the question.
        await openPseudoBlogs(page)
        await page.getByRole('button', { name: 'Frequently Asked Questions About Our Materials', exact: true }).click()
        await page.getByRole('button', { name: pseudo('editor.slug.change') }).click()
        await expect(page.getByRole('dialog', { name: pseudo('editor.slug.changeTitle') })).toBeVisible()
      },
      close: pressEscape,
    },
    {
      name: 'revision history',
      async open(page) {
        await openPseudoPost(page)
        await page.getByRole('button', { name: pseudo('editor.page.revisionHistory') }).click()
        await expect(page.getByRole('dialog').filter({ hasText: pseudo('editor.revisions.title') })).toBeVisible()
      },
      close: pressEscape,
    },
  ],
  'sync, the dashboard and abandoned checkouts': [
    { name: 'sync', open: (page) => pseudoNav(page, 'nav.sync').then(() => expect(main(page).getByRole('heading', { level: 2, name: pseudo('sync.cached') })).toBeVisible()) },
    {
      name: 'clear cache question',
      async open(page) {
        await pseudoNav(page, 'nav.sync')
        await main(page).getByRole('button', { name: pseudo('sync.clearEllipsis') }).click()
        await expect(pseudoDialog(page, pseudo.pattern('sync.clearTitle'))).toBeVisible()
      },
      close: (page) => pseudoDialog(page, pseudo.pattern('sync.clearTitle')).getByRole('button', { name: pseudo('common.cancel') }).click(),
    },
    {
      name: 'dashboard with a data table',
      async open(page) {
        await pseudoNav(page, 'nav.dashboard')
        await main(page).getByRole('button', { name: pseudo('dashboard.showTable') }).first().click()
        await expect(main(page).getByRole('columnheader', { name: pseudo('dashboard.paidOn') }).first()).toBeVisible()
      },
    },
    {
      name: 'dashboard range picker',
      async open(page) {
        await pseudoNav(page, 'nav.dashboard')
        await page.getByRole('textbox', { name: pseudo('dashboard.firstDay') }).click()
        await expect(page.getByRole('button', { name: pseudo('time.presets.thisMonth') })).toBeVisible()
      },
      close: clickAway,
    },
    { name: 'checkouts list', open: (page) => pseudoNav(page, 'nav.checkouts').then(() => expect(page.getByRole('row', { name: pseudo.pattern('checkouts.row') }).first()).toBeVisible()) },
    {
      name: 'checkout page',
      async open(page) {
        await pseudoNav(page, 'nav.checkouts')
        await page.getByRole('row', { name: pseudo.pattern('checkouts.row') }).first().click()
        await expect(main(page).getByRole('heading', { level: 1, name: pseudo.pattern('checkouts.title') })).toBeVisible()
      },
    },
  ],  'collections and meta fields': [
    { name: 'collections list', open: openPseudoCollections },
    {
      name: 'collection with its reorder',
      async open(page) {
        const list = await openPseudoCollection(page)
        await list.getByRole('button', { name: pseudo.pattern('collections.detail.reorderNamed') }).first().focus()
        await page.keyboard.press('Space')
        await page.keyboard.press('ArrowDown')
        await expect(page.getByTestId('reorder-announcer')).toHaveText(pseudo('collections.reorder.moved', { position: 2, total: await list.getByRole('listitem').count() }))
      },
      close: pressEscape,
    },
    {
      name: 'collection with a post checked',
      async open(page) {
        const list = await openPseudoCollection(page)
        await list.getByRole('checkbox').first().check()
        await expect(main(page).getByRole('toolbar', { name: pseudo('collections.detail.toolbar') }).getByRole('button', { name: pseudo('collections.detail.moveSelected') })).toBeVisible()
      },
    },
    {
      name: 'collection form dialog with a wrong input',
      async open(page) {
        await openPseudoCollections(page)
        await main(page).getByRole('button', { name: pseudo('collections.new'), exact: true }).click()
        const form = page.getByRole('dialog', { name: pseudo('collections.form.newTitle') })
        await form.getByRole('textbox', { name: pseudo('collections.form.seoSlug') }).fill('Not A Slug')
        await form.getByRole('button', { name: pseudo('collections.form.create') }).click()
        await expect(form.getByText(pseudo('collections.form.slug'))).toBeVisible()
      },
      close: (page) => page.getByRole('dialog', { name: pseudo('collections.form.newTitle') }).getByRole('button', { name: pseudo('common.cancel') }).click(),
    },
    { name: 'meta fields page', open: openPseudoMetaFields },
    {
      name: 'definition dialog with a wrong input',
      async open(page) {
        await openPseudoMetaFields(page)
        await main(page).getByRole('button', { name: pseudo('metaFields.page.new'), exact: true }).click()
        const dialog = page.getByRole('dialog', { name: pseudo('metaFields.dialog.newTitle') })
        await dialog.getByRole('textbox', { name: pseudo('metaFields.dialog.key'), exact: true }).fill('Bad Key')
        await dialog.getByRole('textbox', { name: pseudo('metaFields.dialog.minLength') }).fill('9')
        await dialog.getByRole('textbox', { name: pseudo('metaFields.dialog.maxLength') }).fill('2')
        await dialog.getByRole('button', { name: pseudo('metaFields.dialog.create') }).click()
        await expect(dialog.getByText(pseudo('metaFields.problems.minAboveMax'))).toBeVisible()
      },
      close: (page) => page.getByRole('dialog', { name: pseudo('metaFields.dialog.newTitle') }).getByRole('button', { name: pseudo('common.cancel') }).click(),
    },
  ],
  customers: [
    { name: 'customers list', open: (page) => pseudoNav(page, 'nav.customers').then(() => expect(page.getByRole('grid', { name: pseudo('customers.gridLabel') }).getByRole('row').first()).toBeVisible()) },
    {
      name: 'customer page, orders as a timeline',
      async open(page) {
        await pseudoNav(page, 'nav.customers')
        await page.getByRole('grid', { name: pseudo('customers.gridLabel') }).getByRole('row').first().click()
        // Naive UI draws its own radio over a hidden input: a person clicks the choice's words.
        await main(page).getByText(pseudo('customers.page.timeline'), { exact: true }).click()
        await expect(main(page).getByRole('list', { name: pseudo('customers.page.story') })).toBeVisible()
      },
    },
  ],
  'bulk tracking and export': [
    {
      name: 'tracking import with refused rows',
      async open(page) {
        await openPseudoOrders(page)
        await page.getByRole('button', { name: pseudo('orders.importCsv') }).click()
        const importDialog = pseudoDialog(page, pseudo.pattern('orders.importTitle'))
        const file = ['order,tracking,carrier,email', '999999,RR000000014US,Deutsche Post,yes', '1001,,UPS,maybe', '1001,"RR000000022US,,no']
        await importDialog.getByRole('textbox', { name: pseudo('bulkTracking.content') }).fill(file.join('\n'))
        await importDialog.getByRole('button', { name: pseudo('bulkTracking.check') }).click()
        await expect(importDialog.getByRole('cell', { name: pseudo('bulkTracking.problem.noOrder', { number: '999999' }) })).toBeVisible()
      },
      close: async (page) => {
        await pseudoDialog(page, pseudo.pattern('orders.importTitle')).getByRole('button', { name: pseudo('bulkTracking.done'), exact: true }).click()
        await expect(pseudoDialog(page, pseudo.pattern('orders.importTitle'))).toBeHidden()
      },
    },
    {
      name: 'export dialog',
      async open(page) {
        await openPseudoOrders(page)
        await page.getByRole('button', { name: pseudo('orders.export') }).click()
        await expect(pseudoDialog(page, pseudo.pattern('orderExport.title'))).toBeVisible()
      },
      close: async (page) => {
        await pseudoDialog(page, pseudo.pattern('orderExport.title')).getByRole('button', { name: pseudo('common.cancel'), exact: true }).click()
        await expect(pseudoDialog(page, pseudo.pattern('orderExport.title'))).toBeHidden()
      },
    },
  ],
  'messages from the data layer': [
    {
      name: 'sync page after the store failed a sync',
      async open(page, demoStore) {
        await demoStore.control('PUT', '/faults', { errorRate: 1 })
        await pseudoNav(page, 'nav.sync')
        await main(page).getByRole('button', { name: pseudo('sync.now') }).click()
        await expect(main(page).getByRole('row', { name: new RegExp(`^${pseudo('sync.resources.orders').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) })).toContainText(pseudo('errors.server'), { timeout: 60_000 })
      },
      close: (_page, demoStore) => demoStore.control('PUT', '/faults', { errorRate: 0 }).then(() => undefined),
    },
  ],
}

for (const [area, stops] of Object.entries(PSEUDO_AREAS)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`in the pseudo-locale nothing is cut off and every word is for people at 1280x800 in the ${theme} theme: ${area}`, async ({ page, demoStore }) => {
      test.setTimeout(300_000)
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.emulateMedia({ colorScheme: theme })
      await useAppLocale(page, 'en-XA')
      const toggle = page.getByRole('button', { name: theme === 'dark' ? pseudo('nav.useDark') : pseudo('nav.useLight') })
      if (await toggle.isVisible()) await toggle.click()
      const found: Record<string, string[]> = {}
      const check = async (name: string) => {
        const problems = [...new Set([...(await voiceProblems(page)), ...(await overflowProblems(page, { mixed: true }))])]
        if (problems.length > 0) found[name] = problems
      }
      await expect(main(page).getByRole('heading', { level: 1, name: pseudo('connect.title') })).toBeVisible()
      await check('connect page')
      await connectDemoStore(page, pseudo)
      await openPseudoOrders(page)
      for (const stop of stops) {
        await test.step(stop.name, async () => {
          await stop.open(page, demoStore)
          await check(stop.name)
          await stop.close?.(page, demoStore)
        })
      }
      expect(found, 'text cut off, wider than its box, or words not for people, in the pseudo-locale').toEqual({})
    })
  }
}

test('the voice check rejects regular expressions, API codes and a time off the clock', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  try {
    await page.setContent(`<main>
      <p>Warehouse bin must match [A-Z]-\\d{1,3}</p>
      <p>Left at step shipping_method</p>
      <p>Saved on this device at 15:46:56</p>
      <p>Scanned at 03:39:38 PM</p>
      <p>Fine: <code>content.reading_time</code>, paid 3:39 PM, https://example.com/?utm_source=a_b, sam_lee@example.com</p>
    </main>`)
    const problems = await voiceProblems(page)
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^a regular expression/),
      'an API code: “shipping_method”',
      'a time off the 12-hour clock: “15:46:56”',
      'a time off the 12-hour clock: “03:39:38 PM”',
    ]))
    expect(problems.join('\n')).not.toMatch(/reading_time|3:39 PM”|utm_source|sam_lee/)
  } finally {
    await context.close()
  }
})

/**
 * Every message under a field (a hint, a warning, a problem: what `aria-describedby` names) and
 * the label of the field below it in the same column, with the gap between them in pixels.
 */
function messageGaps(within: Locator): Promise<{ message: string; label: string; gap: number }[]> {
  return within.evaluate((root) => {
    const messages = [...root.querySelectorAll<HTMLElement>('[aria-describedby]')]
      .flatMap((control) => (control.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)))
      .filter((el): el is HTMLElement => !!el && !!el.textContent?.trim() && root.contains(el))
    const labels = [...root.querySelectorAll<HTMLElement>('label')].filter((el) => el.textContent?.trim())
    const gaps: { message: string; label: string; gap: number }[] = []
    for (const message of new Set(messages)) {
      const m = message.getBoundingClientRect()
      const below = labels
        .map((label) => ({ label, r: label.getBoundingClientRect() }))
        .filter(({ r }) => r.top >= m.top && r.left < m.right && r.right > m.left)
        .sort((a, b) => a.r.top - b.r.top)[0]
      if (below) gaps.push({ message: message.textContent!.trim().slice(0, 40), label: below.label.textContent!.trim(), gap: Math.round(below.r.top - m.bottom) })
    }
    return gaps
  })
}

test("a field's hint never runs into the next field's label", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await connectDemoStore(page)
  await nav(page, 'Blogs')
  await page.getByRole('button', { name: 'New post' }).click()
  // The side panel is narrow: its hints take two or three lines.
  const details = page.getByRole('complementary', { name: 'Post details' })
  await expect(details.getByRole('textbox', { name: 'Visible from (store time)' })).toBeVisible()
  const gaps = await messageGaps(details)
  expect(gaps.map((g) => g.label)).toEqual(expect.arrayContaining(['Status', 'Visible from (store time)', 'Author']))
  expect(gaps.filter((g) => g.gap < 6), 'hints closer than 6 px to the label below them').toEqual([])
})
