// Abandoned checkouts end to end on the demo store: the filtered list shows what the store
// returns for the same filters, the count comes from /checkouts/count, and a recovered
// checkout's detail shows its reminder timeline (unset dates as "not set") and leads to its order.
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })


interface StoreCheckout {
  ID: number
  number: string
  order_id: number | null
  country_or_region: string
  checkout_emails: { is_sent: number; send_time_gmt: string }[]
}

async function storeCheckouts(demoStore: { api(path: string): Promise<Response> }, query: string): Promise<StoreCheckout[]> {
  return ((await (await demoStore.api(`/openapi/2021-08/checkouts?page_size=250${query}`)).json()) as { data: StoreCheckout[] }).data
}

/** The rows the virtual table has rendered must be the start of the store's answer, and the count all of it. */
async function expectShown(page: Page, expected: string[]) {
  await expect(page.getByText(`${expected.length} shown`)).toBeVisible()
  await expect
    .poll(async () => {
      const shown = await shownNumbers(page)
      return { enough: shown.length >= Math.min(expected.length, 10), shown, expected: expected.slice(0, shown.length) }
    })
    .toEqual(expect.objectContaining({ enough: true }))
  const shown = await shownNumbers(page)
  expect(shown).toEqual(expected.slice(0, shown.length))
}

async function shownNumbers(page: Page): Promise<string[]> {
  const rows = page.getByRole('row', { name: /^Checkout #/ })
  return (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((label) => label.replace('Checkout #', ''))
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  // Naive UI's select menu gives its options no role: find them by text inside the open menu.
  await page.locator('.n-base-select-menu').getByText(option, { exact: true }).click()
}

test('filters the abandoned checkouts like the store and shows the store count', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await page.getByRole('link', { name: 'Abandoned checkouts' }).click()
  await expect(page.getByRole('heading', { name: 'Abandoned checkouts', level: 1 })).toBeVisible()
  const { count } = (await (await demoStore.api('/openapi/2021-08/checkouts/count')).json()) as { count: number }
  await expect(page.getByText(`${count} in the store`)).toBeVisible()

  const all = await storeCheckouts(demoStore, '')
  await expectShown(page, all.map((c) => c.number))

  await pickOption(page, 'Recalled', 'Recalled')
  await pickOption(page, 'Reminder e-mail', 'E-mail sent')
  const filtered = await storeCheckouts(demoStore, '&filter[recall_status]=1&filter[email_status]=1')
  expect(filtered.length).toBeGreaterThan(0)
  expect(filtered.length).toBeLessThan(all.length)
  await expectShown(page, filtered.map((c) => c.number))

  const country = all[0]!.country_or_region
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await page.getByRole('combobox', { name: 'Country or region' }).click()
  await page.keyboard.type(`(${country})`)
  await page.locator('.n-base-select-menu').getByText(new RegExp(`\\(${country}\\)$`)).first().click()
  const byCountry = await storeCheckouts(demoStore, `&filter[country_or_region]=${country}`)
  await expectShown(page, byCountry.map((c) => c.number))

  // A day the field cannot read is said, with the form it reads, and filters nothing.
  const from = page.getByRole('textbox', { name: 'Created from' })
  await from.fill('2030-99-99')
  await from.press('Tab')
  await expect(page.getByText(/^“2030-99-99” is not a day this field reads, so nothing was changed\. Type it as \d{4}-\d\d-\d\d, or pick it in the calendar\.$/)).toBeVisible()
  await expect(from).toHaveAttribute('aria-invalid', 'true')
  // Leaving the picker, it shows its (empty) value again.
  await page.keyboard.press('Tab')
  await expect(from).toHaveValue('')
  await expectShown(page, byCountry.map((c) => c.number))
})

test('a recovered checkout shows its reminder timeline and leads to the order it became', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  const all = await storeCheckouts(demoStore, '')
  const recovered = all.find((c) => c.order_id !== null && c.checkout_emails.some((e) => e.is_sent === 0))
  expect(recovered).toBeDefined()
  await page.evaluate((id) => (location.hash = `#/checkouts/${id}`), recovered!.ID)
  await expect(page.getByRole('heading', { name: `Abandoned checkout #${recovered!.number}`, level: 1 })).toBeVisible()
  const timeline = page.getByRole('region', { name: 'Reminder e-mails' }).getByRole('listitem')
  await expect(timeline).toHaveCount(recovered!.checkout_emails.length)
  await expect(timeline.filter({ hasText: 'not set' }).first()).toBeVisible()
  await expect(page.getByText(/\b0000\b/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Copy recovery link' })).toBeEnabled()
  await page.getByRole('button', { name: 'Open the order it became' }).click()
  await expect(page.getByRole('heading', { name: /^Order #/, level: 1 })).toBeVisible()
  expect(page.url()).toContain(`#/orders/${recovered!.order_id}`)
})

// ---------------------------------------------------------------- the list as read at 1280 px

interface StoreCheckoutDetail extends StoreCheckout {
  customer_email: string
  post_date: string
  cart_email: string
  checkout_emails: { is_sent: number; send_time: string; send_time_gmt: string; template_id: string }[]
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "2026-10-31T14:00:00-05:00" → "Oct 31, 2:00 PM" (the year only when not this one; en-US's 12-hour clock): the wall clock the store wrote. */
function shortTime(stamp: string): string {
  const [, y, m, d, hh, mm] = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(stamp)!
  const hour = Number(hh)
  return `${MONTHS[Number(m) - 1]} ${Number(d)}${Number(y) === new Date().getFullYear() ? '' : `, ${y}`}, ${hour % 12 || 12}:${mm} ${hour < 12 ? 'AM' : 'PM'}`
}

test('the list names each reminder e-mail with its send time, keeps e-mails and dates on one line, and opens a recovery link', async ({ page, demoStore }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const all = (await storeCheckouts(demoStore, '')) as StoreCheckoutDetail[]
  const reminded = all.find((c) => c.checkout_emails.some((e) => e.is_sent === 1 && e.template_id === 'abandoned_checkout_first'))!
  expect(reminded).toBeDefined()
  const first = reminded.checkout_emails.find((e) => e.template_id === 'abandoned_checkout_first')!

  // The recovery link's shop page, answered here: the new tab must really load it.
  let requested = ''
  await page.context().route(/\/checkout\/recover\//, (route) => {
    requested = route.request().url()
    return route.fulfill({ contentType: 'text/html', body: '<title>Your cart</title><h1>Your cart is waiting</h1>' })
  })

  await connectDemoStore(page)
  await page.getByRole('link', { name: 'Abandoned checkouts', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Abandoned checkouts', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'Search checkouts' }).fill(reminded.number)
  const row = page.getByRole('row', { name: `Checkout #${reminded.number}` })
  await expect(row.getByRole('listitem').first()).toHaveText(`First reminder sent ${shortTime(first.send_time)}`)

  // The filters share one row.
  const filters = page.getByRole('search', { name: 'Filter checkouts' })
  const tops = await filters.locator(':scope > *').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
  expect(new Set(tops).size, `filter tops ${tops.join(', ')}`).toBe(1)

  // E-mails and dates on one line each, in every row, and the table no wider than the page.
  await page.getByRole('textbox', { name: 'Search checkouts' }).fill('')
  await expect(page.getByText(`${all.length} shown`)).toBeVisible()
  for (const checkout of all.slice(0, 8)) {
    const cells = page.getByRole('row', { name: `Checkout #${checkout.number}` })
    for (const text of [checkout.customer_email, shortTime(checkout.post_date)]) {
      const box = (await cells.getByText(text, { exact: true }).boundingBox())!
      expect(box.height, `“${text}” on one line`).toBeLessThan(24)
    }
  }
  const table = page.getByRole('table').first()
  const fits = await table.evaluate((el) => {
    const scroller = el.closest('.n-data-table-base-table-body, .n-scrollbar-container') ?? el.parentElement!
    return { content: el.scrollWidth, box: scroller.clientWidth }
  })
  expect(fits.content, 'the table fits the page at 1280 px').toBeLessThanOrEqual(fits.box + 1)

  // "Open recovery link": a new tab of the browser, on the checkout's own link (the browser
  // shell); the Electron shell hands it to the system browser, and says so in both.
  await page.getByRole('textbox', { name: 'Search checkouts' }).fill(reminded.number)
  // The list has narrowed to that checkout: a click during the re-render would miss its button.
  await expect(page.getByText('1 shown')).toBeVisible()
  const opened = process.env.E2E_SHELL === 'electron' ? null : page.context().waitForEvent('page')
  await row.getByRole('button', { name: `Open recovery link of checkout #${reminded.number}` }).click()
  await expect(page.getByText(`Opened checkout #${reminded.number}’s recovery link in your browser.`)).toBeVisible()
  if (opened) {
    const tab = await opened
    await expect(tab.getByRole('heading', { name: 'Your cart is waiting' })).toBeVisible()
    expect(tab.url()).toBe(reminded.cart_email)
    expect(requested).toBe(reminded.cart_email)
    // noopener: the shop's page cannot reach back into Storedesk's window.
    expect(await tab.evaluate(() => window.opener)).toBeNull()
    await tab.close()
  }
  // The click opened the link, not the checkout.
  await expect(page.getByRole('heading', { name: 'Abandoned checkouts', level: 1 })).toBeVisible()
})
