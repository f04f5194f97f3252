// Meta fields end to end on the demo store: define a field with a rule; a value the rule
// refuses is stopped before sending; when the store's copy of the rule is stricter than the
// app's, the store's refusal shows on the field; a corrected value is accepted. Pinned fields
// come first on a blog and on an order.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'

test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource'] })
test.setTimeout(120_000)

interface StoreValue {
  meta_field_id: string
  name: string
  key: string
  pinned_position: boolean
  value: string | null
}

async function storeValues(demoStore: DemoStoreHandle, resource: string, id: number): Promise<StoreValue[]> {
  const res = await demoStore.api(`/openapi/2021-08/${resource}/${id}/meta_fields`)
  return ((await res.json()) as { data: StoreValue[] }).data
}

async function firstBlogId(demoStore: DemoStoreHandle): Promise<number> {
  const res = await demoStore.api('/openapi/2021-08/blogs?sort=title')
  return ((await res.json()) as { data: { id: number }[] }).data[0]!.id
}

function panel(page: Page, resourceType: string) {
  return page.getByRole('region', { name: `Meta fields of this ${resourceType}` })
}

async function panelNames(page: Page, resourceType: string): Promise<string[]> {
  const items = panel(page, resourceType).getByRole('list', { name: 'Meta fields' }).getByRole('listitem')
  return (await items.locator('label').allTextContents()).map((t) => t.trim())
}

test('a rule refuses a value locally, the stricter store refuses the next one on the field, and a corrected value is accepted', async ({ page, demoStore }) => {
  await connectDemoStore(page)
  await page.evaluate(() => (location.hash = '#/meta-fields'))
  await expect(page.getByRole('heading', { name: 'Meta fields', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Meta field definitions' }).getByRole('row', { name: /Reading time/ })).toBeVisible()

  await page.getByRole('button', { name: 'New meta field' }).click()
  const form = page.getByRole('dialog', { name: 'New meta field' })
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Stock code')
  await form.getByRole('textbox', { name: 'Key', exact: true }).fill('stock_code')
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Code of the featured product')
  await form.getByRole('textbox', { name: 'Maximum length' }).fill('12')
  await form.getByRole('textbox', { name: 'Regular expression' }).fill('SKU-\\d+')
  // A catastrophic pattern is refused before anything is sent.
  await form.getByRole('textbox', { name: 'Regular expression' }).fill('(a+)+')
  await form.getByRole('button', { name: 'Create meta field' }).click()
  await expect(form.getByText(/nested quantifier/)).toBeVisible()
  await form.getByRole('textbox', { name: 'Regular expression' }).fill('SKU-\\d+')
  await form.getByRole('button', { name: 'Create meta field' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('table', { name: 'Meta field definitions' }).getByRole('row', { name: /Stock code/ })
  await expect(row).toBeVisible()
  await expect(row.getByText('Not yet sent')).toHaveCount(0, { timeout: 20_000 })

  const listed = (await (await demoStore.api('/openapi/2021-08/meta_fields?filter[resource_type]=blog')).json()) as { data: { id: number; key: string; rule: object }[] }
  const definition = listed.data.find((d) => d.key === 'stock_code')!
  expect(definition.rule).toEqual({ max_length: 12, regular_expression: 'SKU-\\d+' })

  const blogId = await firstBlogId(demoStore)
  await page.evaluate((id) => (location.hash = `#/blogs/store%3A${id}`), blogId)
  const field = panel(page, 'blog').getByRole('textbox', { name: 'Stock code' })
  await expect(field).toBeVisible()

  // Refused here: the pattern must match the whole value.
  await field.fill('sku 12')
  await panel(page, 'blog').getByRole('button', { name: 'Save Stock code' }).click()
  await expect(panel(page, 'blog').getByRole('alert')).toHaveText('Stock code must look like SKU-1')
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  // The store's rule becomes stricter than the copy the app has.
  const stricter = await demoStore.api(`/openapi/2021-08/meta_fields/${definition.id}`, { method: 'PUT', body: JSON.stringify({ rule: { max_length: 12, regular_expression: 'SKU-\\d{4}' } }) })
  expect(stricter.status).toBe(200)
  await field.fill('SKU-12')
  await panel(page, 'blog').getByRole('button', { name: 'Save Stock code' }).click()
  await expect(panel(page, 'blog').getByRole('alert')).toContainText('The store refused this value: must look like SKU-1234')
  expect((await storeValues(demoStore, 'blogs', blogId)).find((v) => v.key === 'stock_code')?.value).toBeNull()

  await field.fill('SKU-1234')
  await panel(page, 'blog').getByRole('button', { name: 'Save Stock code' }).click()
  await expect.poll(async () => (await storeValues(demoStore, 'blogs', blogId)).find((v) => v.key === 'stock_code')?.value).toBe('SKU-1234')
  await expect(panel(page, 'blog').getByRole('alert')).toHaveCount(0)
  await expect(field).toHaveValue('SKU-1234')

  // Edit: key, namespace, resource type and type are read-only; pinning is sent.
  await page.evaluate(() => (location.hash = '#/meta-fields'))
  await page.getByRole('button', { name: 'Edit Stock code' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit meta field' })
  await expect(edit.getByRole('textbox', { name: 'Key', exact: true })).toBeDisabled()
  await expect(edit.getByRole('textbox', { name: 'Namespace', exact: true })).toBeDisabled()
  await edit.getByRole('checkbox', { name: 'Pinned (shown first)' }).check()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeHidden()
  const pinned = async () => ((await (await demoStore.api(`/openapi/2021-08/meta_fields/${definition.id}`)).json()) as { data: { pinned_position: boolean } }).data.pinned_position
  await expect.poll(pinned).toBe(true)

  // Delete warns that the values go with it.
  await page.getByRole('button', { name: 'Delete Stock code' }).click()
  await expect(page.getByRole('dialog').getByText(/Its values on every blog post are deleted with it/)).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete field and values' }).click()
  await expect.poll(async () => (await demoStore.api(`/openapi/2021-08/meta_fields/${definition.id}`)).status).toBe(404)
  expect((await storeValues(demoStore, 'blogs', blogId)).some((v) => v.key === 'stock_code')).toBe(false)
})

test('pinned fields come first on a blog and on an order', async ({ page, demoStore }) => {
  // A pinned field defined last must still come before the older unpinned ones.
  for (const resource_type of ['blog', 'order']) {
    const res = await demoStore.api('/openapi/2021-08/meta_fields', {
      method: 'POST',
      body: JSON.stringify({ name: `Pinned ${resource_type} note`, namespace: 'custom', key: 'pinned_note', type: 'text', resource_type, status: 'enabled', pinned_position: true }),
    })
    expect(res.status).toBe(201)
  }
  await connectDemoStore(page)

  const blogId = await firstBlogId(demoStore)
  await page.evaluate((id) => (location.hash = `#/blogs/store%3A${id}`), blogId)
  const blogValues = await storeValues(demoStore, 'blogs', blogId)
  const pinnedBlog = blogValues.filter((v) => v.pinned_position).map((v) => v.name)
  expect(pinnedBlog).toContain('Pinned blog note')
  await expect.poll(() => panelNames(page, 'blog')).toEqual(blogValues.map((v) => v.name))
  expect((await panelNames(page, 'blog')).slice(0, pinnedBlog.length)).toEqual(pinnedBlog)
  await expect(panel(page, 'blog').getByRole('listitem').first().getByText('Pinned', { exact: true })).toBeVisible()

  const orders = (await (await demoStore.api('/openapi/2025-04/orders?page_size=1')).json()) as { data: { ID: number }[] }
  const orderId = orders.data[0]!.ID
  await page.evaluate((id) => (location.hash = `#/orders/${id}`), orderId)
  const orderValues = await storeValues(demoStore, 'orders', orderId)
  const pinnedOrder = orderValues.filter((v) => v.pinned_position).map((v) => v.name)
  expect(pinnedOrder).toEqual(['Gift message', 'Pinned order note'])
  await expect.poll(() => panelNames(page, 'order')).toEqual(orderValues.map((v) => v.name))
})
