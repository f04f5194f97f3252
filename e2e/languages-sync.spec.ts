// The Sync page, its outbox (and the editor of a change), a conflict, the undo bar, the dashboard
// and abandoned checkouts in German and in Chinese, end to end on the demo store: no catalog key
// and no English of the app's own on any of them. The work on screen is made the way a person
// makes it (in English, before the language is chosen): a shipping address the store changed
// meanwhile (a conflict) and a tracking number held in its undo window (60 s, the longest: the
// walk of the Sync page in each language starts while it is held). The last test proves
// `untranslated` finds what it is meant to find.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { makeAddressConflict } from './support/address-conflict'
import { setUndoWindow } from './support/undo-window'
import { untranslated, useAppLocale, words, type TestLocale, type Words } from './support/i18n'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash)
const nav = (page: Page, w: Words, key: Parameters<Words>[0]) => page.getByRole('navigation', { name: w('nav.main') }).getByRole('link', { name: w(key), exact: true }).click()
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A message's words before its first argument ("Can be undone; sending in"). */
const lead = (w: Words, key: Parameters<Words>[0], argument: string) => w(key, { [argument]: '\u0000' }).split('\u0000')[0]!.trim()
/** A control named "<action>: <what it acts on>" (outbox.on), by its action. */
const actionOn = (w: Words, action: string) => new RegExp(`^${escape(w('outbox.on', { action, label: '' }))}`)

/** Orders the order page lets us ship (unfulfilled, not cancelled, not refunded in full), oldest first. */
async function shippableOrders(demoStore: DemoStoreHandle): Promise<number[]> {
  const res = await demoStore.api('/openapi/2025-04/orders?filter[fulfillment_status]=unfulfilled&sort=date&page_size=50')
  const orders = ((await res.json()) as { data: { ID: number; post_status: string; financial_status: string }[] }).data
  return orders.filter((o) => o.post_status !== 'wc-cancelled' && o.financial_status !== 'refund').map((o) => o.ID)
}

/** A tracking number waiting out a long undo window: in the outbox and in the undo bar. */
async function holdTracking(page: Page, id: number, trackno: string) {
  await go(page, `#/orders/${id}`)
  await page.getByRole('button', { name: 'Add tracking' }).click()
  await page.getByRole('textbox', { name: 'Tracking number' }).fill(trackno)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Confirm tracking' }).click()
  await expect(page.getByRole('region', { name: 'Undo changes' })).toContainText(`Tracking ${trackno}`)
}

test('Sync, the outbox and its editor, a conflict, the dashboard and checkouts speak German and Chinese', async ({ page, demoStore }) => {
  test.setTimeout(480_000)
  await connectDemoStore(page)
  await setUndoWindow(page, 0)
  await go(page, '#/sync')
  await expect(page.getByRole('row', { name: /^Orders/ })).toContainText('Complete', { timeout: 90_000 })
  await expect(page.getByRole('row', { name: /^Abandoned checkouts/ })).toContainText('Complete', { timeout: 90_000 })
  const [conflicted, ...held] = await shippableOrders(demoStore)
  await makeAddressConflict(page, demoStore, conflicted!)
  await setUndoWindow(page, 60)

  for (const [index, locale] of (['de', 'zh-CN'] as const satisfies TestLocale[]).entries()) {
    const w = words(locale)
    // Reloaded, the app opens where it was: wait for that before going elsewhere.
    await useAppLocale(page, 'en')
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    await holdTracking(page, held[index]!, `HELD${index}`)
    await useAppLocale(page, locale)
    const found: Record<string, string[]> = {}
    // The demo store's name and the cities typed above are the store's words, not the app's.
    const check = async (name: string) => {
      const problems = await untranslated(page, locale, ['Demo store', 'Their City', 'Mine City'])
      if (problems.length > 0) found[name] = problems
    }

    await nav(page, w, 'nav.sync')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: w('titles.sync') })).toBeVisible()
    await expect(main.getByRole('row', { name: new RegExp(`^${escape(w('sync.resources.orders'))} `) })).toContainText(w('sync.complete'))
    const conflict = main.getByRole('article', { name: w.pattern('conflicts.label') })
    await expect(conflict.getByRole('columnheader', { name: w('conflicts.theirs') })).toBeVisible()
    await expect(conflict.getByRole('button', { name: actionOn(w, w('conflicts.keepMine')) })).toBeVisible()
    const outbox = main.getByRole('list', { name: w('outbox.title') })
    const tracking = outbox.getByRole('listitem', { name: new RegExp(escape(w('writes.tracking', { trackno: `HELD${index}` }))) })
    await expect(tracking).toContainText(lead(w, 'sync.undoableIn', 'time'))
    // "Undo last" while the change held in the previous language still waits too.
    const undo = new RegExp(`^(${escape(w('undo.undo'))}|${escape(w('undo.undoLast'))})$`)
    await expect(page.getByRole('region', { name: w('undo.label') }).getByRole('button', { name: undo })).toBeVisible()
    await check('sync page with a conflict, a held change and the undo bar')

    await tracking.getByRole('button', { name: actionOn(w, w('outbox.edit')) }).click()
    const editor = page.getByRole('dialog').filter({ hasText: w('outbox.editTitle') })
    await expect(editor).toBeVisible()
    await editor.getByRole('textbox', { name: w('outbox.editLabel') }).fill('{"trackno": 7, "sendemail": true}')
    await editor.getByRole('button', { name: w('outbox.saveAndSend') }).click()
    await expect(editor.getByRole('alert')).toContainText(lead(w, 'outbox.wouldRefuse', 'issues'))
    await check('outbox editor refusing a value')
    await editor.getByRole('button', { name: w('common.cancel') }).click()
    await expect(editor).toBeHidden()

    await main.getByRole('button', { name: w('sync.clearEllipsis') }).click()
    const clear = page.getByRole('dialog').filter({ hasText: w('sync.clearTitle') })
    await expect(clear.getByRole('checkbox', { name: w.pattern('sync.clearAlsoUnsent') })).toBeVisible()
    await check('clear cache question')
    await clear.getByRole('button', { name: w('common.cancel') }).click()
    await expect(clear).toBeHidden()

    await nav(page, w, 'nav.dashboard')
    await expect(main.getByRole('img', { name: w.pattern('dashboard.ordersSummary') })).toBeVisible()
    const tableButtons = main.getByRole('button', { name: w('dashboard.showTable') })
    await tableButtons.first().click()
    await expect(main.getByRole('columnheader', { name: w('dashboard.paidOn') }).first()).toBeVisible()
    await check('dashboard with a data table')

    await nav(page, w, 'nav.checkouts')
    const rows = main.getByRole('row', { name: w.pattern('checkouts.row') })
    await expect(rows.first()).toBeVisible()
    await check('checkouts list')
    await rows.first().click()
    await expect(main.getByRole('heading', { level: 1, name: w.pattern('checkouts.title') })).toBeVisible()
    await expect(main.getByText(w('checkouts.conversion'), { exact: true })).toBeVisible()
    await check('checkout page')

    expect(found, `catalog keys or English on screens in ${locale}`).toEqual({})
  }
})

test('untranslated finds an English button, a catalog key and an English message with its arguments on a German screen', async ({ page }) => {
  const de = words('de')
  await useAppLocale(page, 'de')
  await expect(page.getByRole('heading', { level: 1, name: de('connect.title') })).toBeVisible()
  expect(await untranslated(page, 'de')).toEqual([])
  await page.evaluate(() => {
    const main = document.querySelector('main')!
    const button = document.createElement('button')
    button.textContent = 'Save changes'
    const named = document.createElement('button')
    named.textContent = 'OK'
    named.setAttribute('aria-label', 'outbox.sendNow')
    const line = document.createElement('p')
    line.textContent = 'Tracking number changed from A1 to B2'
    main.append(button, named, line)
  })
  expect(await untranslated(page, 'de')).toEqual(
    expect.arrayContaining(['English in the app’s words: “Save changes”', 'a catalog key in aria-label: “outbox.sendNow”', 'English: “Tracking number changed from A1 to B2”']),
  )
})
