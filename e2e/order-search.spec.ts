// Search on the order list as a new user tries it (issue 15): a customer's name either way
// round, without its apostrophe or accents, "#1057" and "1057", an e-mail, a phone written
// another way, a tracking number, a SKU and a product each find their order on the demo store,
// and the row marks what matched. Every value is read from the demo store's own orders (as
// another client would), never written here, so the spec follows the seed.
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { connectDemoStore } from './support/connect'
import { waitForCachedOrders } from './support/scanner'

// Product images live on the reserved `.invalid` domain: the browser logs their failed loads.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })

interface SeedOrder {
  number: string
  billing_address: { first_name: string; last_name: string; email: string; phone: string }
  trackno?: string
  line_items: { sku: string; order_item_name: string }[]
}

async function seedOrders(demoStore: { api(path: string): Promise<Response> }): Promise<SeedOrder[]> {
  const orders: SeedOrder[] = []
  for (let page = 1; ; page++) {
    const body = (await (await demoStore.api(`/openapi/2025-04/orders?page_size=250&page=${page}`)).json()) as { data: SeedOrder[]; meta: { last_page: number } }
    orders.push(...body.data)
    if (page >= body.meta.last_page) return orders
  }
}

/** Lower case without accents: how a person types a name they only heard. */
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
const nameOf = (o: SeedOrder) => `${o.billing_address.first_name} ${o.billing_address.last_name}`
const digits = (s: string) => s.replace(/\D/g, '')
/** The order numbers of the seed orders that `pick` chooses, as the list shows them (newest first). */
const numbersWhere = (orders: SeedOrder[], pick: (o: SeedOrder) => boolean) =>
  orders
    .filter(pick)
    .map((o) => o.number)
    .sort((a, b) => Number(b) - Number(a))

async function shownNumbers(page: Page): Promise<string[]> {
  const cells = page.getByRole('grid', { name: 'Orders' }).getByRole('gridcell', { name: /^Order #/ })
  return (await cells.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((label) => label.replace('Order #', ''))
}

function row(page: Page, number: string) {
  return page.getByRole('grid', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('gridcell', { name: `Order #${number}`, exact: true }) })
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search orders' }).fill(text)
}

test('each kind of search finds its order and marks what matched', async ({ page, demoStore }) => {
  const orders = await seedOrders(demoStore)
  await connectDemoStore(page)
  // Names, phones and SKUs are searched in the cache (the store's own search knows none).
  await waitForCachedOrders(page)

  // Someone whose name has other orders, to check "all of theirs and nobody else's".
  const customer = orders.find((o) => /^[A-Za-z]+ [A-Za-z]+$/.test(nameOf(o)))!
  const theirs = numbersWhere(orders, (o) => nameOf(o) === nameOf(customer))
  const { first_name: first, last_name: last } = customer.billing_address

  await test.step(`"${first} ${last}" finds their orders`, async () => {
    await search(page, `${first} ${last}`)
    await expect.poll(() => shownNumbers(page)).toEqual(theirs)
    await expect(row(page, theirs[0]!).locator('mark')).toHaveText([`${first} ${last}`])
  })

  await test.step(`"${plain(last)} ${plain(first)}", last name first in lower case, finds the same`, async () => {
    await search(page, `${plain(last)} ${plain(first)}`)
    await expect.poll(() => shownNumbers(page)).toEqual(theirs)
    await expect(row(page, theirs[0]!).locator('mark')).toHaveText([first, last])
  })

  const apostrophe = orders.find((o) => /['’]/.test(nameOf(o)))
  expect(apostrophe, 'the seed has a name with an apostrophe').toBeDefined()
  const apostropheName = apostrophe!.billing_address.last_name.includes("'") ? apostrophe!.billing_address.last_name : apostrophe!.billing_address.first_name
  const withoutApostrophe = plain(apostropheName).replace(/['’]/g, '')
  await test.step(`"${withoutApostrophe}" finds ${apostropheName}`, async () => {
    await search(page, withoutApostrophe)
    await expect.poll(() => shownNumbers(page)).toEqual(numbersWhere(orders, (o) => plain(nameOf(o)).replace(/['’]/g, '').includes(withoutApostrophe) || o.billing_address.email.includes(withoutApostrophe)))
    await expect(row(page, apostrophe!.number).locator('mark').first()).toHaveText(apostropheName)
  })

  const accented = orders.find((o) => /[^\x20-\x7e]/.test(o.billing_address.first_name))
  expect(accented, 'the seed has a first name with an accent').toBeDefined()
  const accentedName = accented!.billing_address.first_name
  await test.step(`"${plain(accentedName)}" finds ${accentedName}`, async () => {
    await search(page, plain(accentedName))
    await expect.poll(() => shownNumbers(page)).toEqual(numbersWhere(orders, (o) => plain(nameOf(o)).includes(plain(accentedName)) || o.billing_address.email.includes(plain(accentedName))))
    await expect(row(page, accented!.number).locator('mark').first()).toHaveText(accentedName)
  })

  const numbered = orders[Math.floor(orders.length / 2)]!
  await test.step(`"#${numbered.number}" finds order ${numbered.number} alone`, async () => {
    await search(page, `#${numbered.number}`)
    await expect.poll(() => shownNumbers(page)).toEqual([numbered.number])
    await expect(row(page, numbered.number).locator('mark')).toHaveText([`#${numbered.number}`])
  })
  await test.step(`"${numbered.number}" finds order ${numbered.number} first among the few it matches`, async () => {
    await search(page, numbered.number)
    await expect.poll(() => shownNumbers(page)).toContain(numbered.number)
    expect((await shownNumbers(page)).length).toBeLessThan(orders.length)
    await expect(row(page, numbered.number).locator('mark')).toHaveText([numbered.number])
  })

  const email = customer.billing_address.email
  await test.step(`"${email.toUpperCase()}" finds the e-mail's orders`, async () => {
    await search(page, email.toUpperCase())
    await expect.poll(() => shownNumbers(page)).toEqual(numbersWhere(orders, (o) => o.billing_address.email === email))
    await expect(row(page, theirs[0]!)).toContainText(`matched e-mail: ${email}`)
    await expect(row(page, theirs[0]!).locator('mark')).toHaveText([email])
  })

  // The seed writes phones "+1 617 986 8853"; a person types "(617) 986-8853".
  const phone = customer.billing_address.phone
  const national = digits(phone).slice(-10)
  const retyped = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`
  await test.step(`"${retyped}" finds the orders with phone ${phone}`, async () => {
    await search(page, retyped)
    await expect.poll(() => shownNumbers(page)).toEqual(numbersWhere(orders, (o) => digits(o.billing_address.phone).includes(national)))
    await expect(row(page, theirs[0]!)).toContainText('matched phone:')
    await expect(row(page, theirs[0]!).locator('mark')).toHaveText([phone.slice(phone.indexOf(national.slice(0, 3)))])
  })

  const tracked = orders.find((o) => o.trackno && /[A-Za-z]/.test(o.trackno)) ?? orders.find((o) => o.trackno)!
  await test.step(`"${tracked.trackno!.toLowerCase()}" finds the order tracked with it`, async () => {
    await search(page, tracked.trackno!.toLowerCase())
    await expect.poll(() => shownNumbers(page)).toEqual([tracked.number])
    await expect(row(page, tracked.number)).toContainText(`matched tracking: ${tracked.trackno}`)
  })

  // The rarest SKU, so the answer is short enough to be on screen whole.
  const skuCounts = new Map<string, number>()
  for (const o of orders) for (const sku of new Set(o.line_items.map((l) => l.sku))) skuCounts.set(sku, (skuCounts.get(sku) ?? 0) + 1)
  const sku = [...skuCounts].filter(([s]) => /-\d+$/.test(s)).sort((a, b) => a[1] - b[1])[0]![0]
  const withSku = numbersWhere(orders, (o) => o.line_items.some((l) => l.sku.toLowerCase().includes(sku.toLowerCase())))
  await test.step(`"${sku}" finds the orders with that SKU`, async () => {
    await search(page, sku)
    await expect.poll(() => shownNumbers(page)).toEqual(withSku)
    await expect(row(page, withSku[0]!)).toContainText(`matched SKU: ${sku}`)
  })

  const product = orders.flatMap((o) => o.line_items).find((l) => l.sku === sku)!.order_item_name
  const productWords = plain(product).split(' - ')[0]!
  await test.step(`"${productWords}" finds the orders with that product`, async () => {
    await search(page, productWords)
    await expect.poll(() => shownNumbers(page)).toEqual(numbersWhere(orders, (o) => o.line_items.some((l) => plain(l.order_item_name).includes(productWords))))
    await expect(row(page, withSku[0]!)).toContainText('matched product:')
  })

  await test.step('a search that matches nothing says so', async () => {
    await search(page, 'zzqx no such order')
    await expect(page.getByText('No orders match')).toBeVisible()
  })
})
