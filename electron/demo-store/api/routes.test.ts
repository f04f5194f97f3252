// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Blog, BlogCollection, CheckoutDetail, MetaFieldValue, Order } from '../../common/store-api/resources'
import { OPERATION_NAMES, operations } from '../../common/store-api/operations'
import { DemoData } from '../data/demo-data'
import { createApiRoutes, createDataControlRoutes } from './routes'

const NOW = new Date('2026-11-22T03:00:00Z')

function store(orders = 120) {
  const data = DemoData.generate({ seed: 42, orders, now: NOW })
  let changes = 0
  const app = createApiRoutes(data, { onChange: () => changes++, now: () => NOW, publicOrigins: () => ({ site: 'http://localhost:4010', images: 'http://127.0.0.1:4010' }) })
  const call = async (method: string, path: string, body?: unknown, type = 'application/json') => {
    const res = await app.request(path, body === undefined ? { method } : { method, headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) })
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : null }
  }
  return { data, app, call, changes: () => changes }
}

function allOrders(data: DemoData): Order[] {
  return Array.from({ length: data.orderCount }, (_, i) => data.order(1001 + i)!)
}

describe('orders', () => {
  it('pages newest first by default with the pagination envelope', async () => {
    const { data, call } = store()
    const res = await call('GET', '/openapi/2025-04/orders?page=2&page_size=25')
    expect(res.status).toBe(200)
    const expected = allOrders(data).sort((a, b) => (b.post_date_gmt < a.post_date_gmt ? -1 : b.post_date_gmt > a.post_date_gmt ? 1 : b.ID - a.ID)).slice(25, 50).map((o) => o.ID)
    expect(res.json.data.map((o: Order) => o.ID)).toEqual(expected)
    expect(res.json.meta).toMatchObject({ current_page: 2, per_page: 25, total: 120, from: 26, to: 50, last_page: 5 })
    expect(res.json.links.next).toContain('page=3')
    const defaults = await call('GET', '/openapi/2025-04/orders')
    expect(defaults.json.data).toHaveLength(20)
  })

  it.each(['date', '-date', 'modified_date', '-modified_date', 'paid_date', '-paid_date', 'total_sales', '-total_sales'])('sorts by %s', async (sort) => {
    const { data, call } = store()
    const key = (o: Order): string | number => {
      const k = sort.replace('-', '')
      return k === 'date' ? o.post_date_gmt : k === 'modified_date' ? o.post_modified_gmt : k === 'paid_date' ? o.paid_date_gmt ?? '' : o.order_total
    }
    const dir = sort.startsWith('-') ? -1 : 1
    const expected = allOrders(data).sort((a, b) => dir * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.ID - b.ID)).map((o) => o.ID)
    const res = await call('GET', `/openapi/2025-04/orders?page_size=250&sort=${sort}`)
    expect(res.json.data.map((o: Order) => o.ID)).toEqual(expected)
  })

  it('filters by status, payment, fulfilment, dates and search', async () => {
    const { data, call } = store()
    const orders = allOrders(data)
    const some = orders.find((o) => o.paid_date)!
    const day = some.paid_date!.slice(0, 10)
    const sku = orders[5]!.line_items[0]!.sku
    const cases: [string, (o: Order) => boolean][] = [
      ['filter[status]=wc-pending', (o) => o.post_status === 'wc-pending'],
      ['filter[financial_status]=partial-refund', (o) => o.financial_status === 'partial-refund'],
      ['filter[fulfillment_status]=fulfilled', (o) => o.fulfillment_status === 'fulfilled'],
      [`filter[date]=${day},${day}`, (o) => o.paid_date?.slice(0, 10) === day],
      [`filter[date]=${day},`, (o) => (o.paid_date?.slice(0, 10) ?? '') >= day],
      [`filter[modified_date]=,${day}`, (o) => o.post_modified.slice(0, 10) <= day],
      [`filter[search]=${encodeURIComponent(sku.toLowerCase())}`, (o) => o.line_items.some((l) => l.sku.toLowerCase().includes(sku.toLowerCase()))],
      [`filter[search]=${encodeURIComponent(orders[7]!.billing_address.email.toUpperCase())}`, (o) => o.billing_address.email === orders[7]!.billing_address.email],
    ]
    for (const [query, predicate] of cases) {
      const res = await call('GET', `/openapi/2025-04/orders?page_size=250&${query}`)
      const expected = orders.filter(predicate).map((o) => o.ID).sort((a, b) => b - a)
      expect(expected.length, query).toBeGreaterThan(0)
      expect(res.json.data.map((o: Order) => o.ID).sort((a: number, b: number) => b - a), query).toEqual(expected)
      expect(res.json.meta.total).toBe(expected.length)
    }
  })

  it('rejects bad query values with 422 and unknown ids with 404', async () => {
    const { call } = store()
    for (const q of ['page_size=251', 'page=0', 'page=abc', 'sort=price', 'filter[status]=done', 'filter[date]=2026-02-30,', 'filter[date]=2026-03-01', 'filter[modified_date]=2026-05-01,2026-04-01']) {
      const res = await call('GET', `/openapi/2025-04/orders?${q}`)
      expect(res.status, q).toBe(422)
      expect(res.json.error.code).toBe('validation_failed')
      expect(Object.keys(res.json.error.fields).length).toBeGreaterThan(0)
    }
    expect((await call('GET', '/openapi/2025-04/orders/999999')).status).toBe(404)
    expect((await call('GET', '/openapi/2025-04/orders/abc')).status).toBe(404)
  })

  it('replaces the shipping address and bumps post_modified', async () => {
    const { data, call, changes } = store()
    const shipping = { country: 'US', state: 'CA', city: 'San José', first_name: 'Ana', last_name: 'Lopez', address_1: '1 Market St', phone: '+1 415 555 0100', postcode: '94105', address_2: 'Floor 3' }
    const res = await call('POST', '/openapi/2025-04/orders/1003/shipping', { shipping })
    expect(res.status).toBe(200)
    expect(res.json.data.shipping_address).toMatchObject(shipping)
    expect(res.json.data.shipping_address.address_index).toBe('1 Market St, Floor 3, San José, California, 94105, US')
    expect(res.json.data.post_modified_gmt).toBe('2026-11-22 03:00:00')
    expect(data.order(1003)!.shipping_address.city).toBe('San José')
    expect(changes()).toBe(1)
  })

  it('refuses incomplete or hostile shipping addresses and changes nothing', async () => {
    const { data, call, changes } = store()
    const before = JSON.stringify(data.order(1003))
    const bad = [
      { shipping: { country: 'US', state: 'CA', city: '', first_name: 'A', last_name: 'B', address_1: 'x', phone: '1', postcode: '1' } },
      { shipping: { country: 'ZZ', state: 'CA', city: 'c', first_name: 'A', last_name: 'B', address_1: 'x', phone: '1', postcode: '1' } },
      { shipping: { country: 'US', state: 'CA', city: 'c'.repeat(300), first_name: 'A', last_name: 'B', address_1: 'x', phone: '1', postcode: '1' } },
      { shipping: { country: 'US' } },
      { nope: true },
    ]
    for (const body of bad) expect((await call('POST', '/openapi/2025-04/orders/1003/shipping', body)).status).toBe(422)
    expect((await call('POST', '/openapi/2025-04/orders/1003/shipping', '{not json')).status).toBe(400)
    expect((await call('POST', '/openapi/2025-04/orders/1003/shipping', 'a=b', 'application/x-www-form-urlencoded')).status).toBe(415)
    expect((await call('POST', '/openapi/2025-04/orders/99/shipping', bad[0])).status).toBe(404)
    expect(JSON.stringify(data.order(1003))).toBe(before)
    expect(changes()).toBe(0)
  })

  it('records tracking, fulfils the order and records the customer e-mail when asked', async () => {
    const { data, call } = store()
    const target = allOrders(data).find((o) => o.fulfillment_status === 'unfulfilled')!
    const res = await call('POST', `/openapi/2025-04/orders/${target.ID}/track`, { trackno: '1Z999AA10123456784', sendemail: true, logistics_company: 'UPS' })
    expect(res.json.data).toMatchObject({ trackno: '1Z999AA10123456784', trackname: 'UPS', fulfillment_status: 'fulfilled', track_date_gmt: '2026-11-22 03:00:00', date_updated: '2026-11-21 22:00:00' })
    const quiet = await call('POST', `/openapi/2025-04/orders/${target.ID}/track`, { trackno: '9400100000000000000000', sendemail: false })
    expect(quiet.status).toBe(200)
    const images = (await (await createDataControlRoutes(data, { onChange: () => undefined, now: () => NOW }).request('/images')).json()) as { data: { ID: number; url: string }[] }
    expect(images.data.map((i) => i.ID)).toEqual(data.images.map((i) => i.ID))
    const emails = await createDataControlRoutes(data, { onChange: () => undefined, now: () => NOW }).request('/emails')
    expect(((await emails.json()) as { data: unknown }).data).toEqual([{ orderId: target.ID, to: target.billing_address.email, trackno: '1Z999AA10123456784', carrier: 'UPS', at: NOW.toISOString() }])
    expect((await call('POST', `/openapi/2025-04/orders/${target.ID}/track`, { trackno: '<script>', sendemail: true })).status).toBe(422)
    expect((await call('POST', `/openapi/2025-04/orders/${target.ID}/track`, { trackno: 'X1', sendemail: 'yes' })).status).toBe(422)
    expect(data.sentEmails).toHaveLength(1)
  })

  it('serves the right orders from a store bigger than its cache of built orders, changed ones included', async () => {
    const { data, call } = store(6_000)
    await call('POST', '/openapi/2025-04/orders/1500/track', { trackno: 'BIG1', sendemail: false })
    const seen = new Map<number, Order>()
    for (let page = 1; page <= 24; page++) {
      const res = await call('GET', `/openapi/2025-04/orders?page_size=250&page=${page}&sort=date`)
      for (const o of res.json.data as Order[]) seen.set(o.ID, o)
    }
    expect(seen.size).toBe(6_000)
    expect(seen.get(1500)!.trackno).toBe('BIG1')
    const expensive = (await call('GET', '/openapi/2025-04/orders?page_size=5&sort=-total_sales&filter[fulfillment_status]=fulfilled')).json.data.map((o: Order) => o.ID)
    const independent = [...seen.values()].filter((o) => o.fulfillment_status === 'fulfilled').sort((a, b) => b.order_total - a.order_total || b.ID - a.ID).slice(0, 5).map((o) => o.ID)
    expect(expensive).toEqual(independent)
    expect(data.order(1500)!.trackno).toBe('BIG1')
  })
})

describe('checkouts', () => {
  it('lists the list form newest first, counts and shows the detail form', async () => {
    const { data, call } = store()
    const list = await call('GET', '/openapi/2021-08/checkouts?page_size=10&page=2')
    const expected = [...data.checkouts].sort((a, b) => (a.post_date_gmt < b.post_date_gmt ? 1 : -1)).slice(10, 20).map((c) => c.ID)
    expect(list.json.data.map((c: CheckoutDetail) => c.ID)).toEqual(expected)
    for (const c of list.json.data) for (const k of ['shippings', 'coupons', 'fees', 'discount_record', 'customer', 'conversion_summary']) expect(c).not.toHaveProperty(k)
    expect(list.json.data[0].lineitems[0].feature_image).toMatchObject({ url: expect.stringMatching(/^https:/) })
    expect((await call('GET', '/openapi/2021-08/checkouts')).json.data).toHaveLength(40)
    expect((await call('GET', '/openapi/2021-08/checkouts/count')).json).toEqual({ count: 40 })
    const detail = await call('GET', `/openapi/2021-08/checkouts/${expected[0]}`)
    expect(Array.isArray(detail.json.data.shippings[0].taxes)).toBe(true)
    expect(detail.json.data.customer.user_email).toBe(detail.json.data.customer_email)
    expect((await call('GET', '/openapi/2021-08/checkouts/1')).status).toBe(404)
  })

  it('filters by recall status, e-mail status, country, date and search', async () => {
    const { data, call } = store()
    const first = data.checkouts[0]!
    const cases: [string, (c: CheckoutDetail) => boolean][] = [
      ['filter[recall_status]=1', (c) => c.recall_status === 1],
      ['filter[recall_status]=0', (c) => c.recall_status === 0],
      ['filter[email_status]=1', (c) => c.checkout_emails.some((e) => e.is_sent === 1)],
      ['filter[email_status]=0', (c) => !c.checkout_emails.some((e) => e.is_sent === 1)],
      [`filter[country_or_region]=${first.country_or_region}`, (c) => c.country_or_region === first.country_or_region],
      [`filter[post_date]=${first.post_date.slice(0, 10)},${first.post_date.slice(0, 10)}`, (c) => c.post_date.slice(0, 10) === first.post_date.slice(0, 10)],
      [`filter[search]=${encodeURIComponent(first.customer_email)}`, (c) => c.customer_email === first.customer_email],
    ]
    for (const [q, predicate] of cases) {
      const res = await call('GET', `/openapi/2021-08/checkouts?page_size=250&${q}`)
      expect(res.json.data.map((c: CheckoutDetail) => c.ID).sort(), q).toEqual(data.checkouts.filter(predicate).map((c) => c.ID).sort())
    }
  })
})

describe('blogs', () => {
  it('returns every blog without page, 15 per page with it, with cover and optional collections', async () => {
    const { data, call } = store(10)
    const all = await call('GET', '/openapi/2021-08/blogs')
    expect(all.json.data).toHaveLength(data.blogs.length)
    expect(all.json.meta.total).toBe(data.blogs.length)
    const page2 = await call('GET', '/openapi/2021-08/blogs?page=2&sort=title')
    const titles = [...data.blogs].sort((a, b) => a.title.localeCompare(b.title, 'en')).map((b) => b.id).slice(15, 30)
    expect(page2.json.data.map((b: Blog) => b.id)).toEqual(titles)
    const withCols = await call('GET', '/openapi/2021-08/blogs?include=collections')
    const blog1 = withCols.json.data.find((b: Blog) => b.id === 1)
    expect(blog1.collections.map((c: { pivot: unknown }) => c.pivot)).toEqual(data.collections.filter((c) => c.blog_ids.includes(1)).map((c) => ({ blog_id: 1, collection_id: c.id })))
    expect(all.json.data[0]).not.toHaveProperty('collections')
  })

  it('filters by excluded ids, keyword and status', async () => {
    const { data, call } = store(10)
    const res = await call('GET', '/openapi/2021-08/blogs?filter[exclude_ids]=1,2,3&filter[status]=2&filter[key]=TABLE')
    const expected = data.blogs.filter((b) => ![1, 2, 3].includes(b.id) && b.status === 2 && [b.title, b.summary, b.content].some((t) => t.toLowerCase().includes('table'))).map((b) => b.id).sort()
    expect(expected.length).toBeGreaterThan(0)
    expect(res.json.data.map((b: Blog) => b.id).sort()).toEqual(expected)
  })

  it('creates, updates and deletes, keeping collections consistent', async () => {
    const { data, call } = store(10)
    const created = await call('POST', '/openapi/2021-08/blogs', { title: 'New <b>post</b>', content: "<p>x'; DROP TABLE blogs;--</p>", cover_id: 101, collection_ids: [2] })
    expect(created.status).toBe(201)
    expect(created.json.data).toMatchObject({ title: 'New <b>post</b>', content: "<p>x'; DROP TABLE blogs;--</p>", status: 2, seo_slug: 'new-b-post-b' })
    expect(created.json.data.cover.ID).toBe(101)
    const id = created.json.data.id
    expect((await call('GET', '/openapi/2021-08/blog_collections/2')).json.data.blogs_count).toBe(7)
    const updated = await call('PUT', `/openapi/2021-08/blogs/${id}`, { seo_title: 'SEO', collection_ids: [1] })
    expect(updated.json.data.collections.map((c: BlogCollection) => c.id)).toEqual([1])
    expect(data.collection(2)!.blog_ids).not.toContain(id)
    expect((await call('DELETE', `/openapi/2021-08/blogs/${id}`)).status).toBe(204)
    expect(data.collection(1)!.blog_ids).not.toContain(id)
    expect((await call('GET', `/openapi/2021-08/blogs/${id}`)).status).toBe(404)
  })

  it('refuses bad blogs with 422/409 and changes nothing', async () => {
    const { data, call, changes } = store(10)
    const before = JSON.stringify(data.toJSON())
    const cases: [unknown, number][] = [
      [{ title: 'x'.repeat(256) }, 422],
      [{ title: 'ok', content: 'x'.repeat(1_000_001) }, 422],
      [{ title: 'ok', seo_description: 'x'.repeat(1001) }, 422],
      [{ title: '' }, 422],
      [{ title: 'ok', cover_id: 9999 }, 422],
      [{ title: 'ok', collection_ids: [99] }, 422],
      [{ title: 'ok', visible_at: 'tomorrow' }, 422],
      [{ title: 'ok', seo_slug: data.blogs[0]!.seo_slug }, 409],
      [{ summary: 'no title' }, 422],
    ]
    for (const [body, status] of cases) expect((await call('POST', '/openapi/2021-08/blogs', body)).status).toBe(status)
    expect((await call('PUT', '/openapi/2021-08/blogs/2', { seo_slug: data.blogs[0]!.seo_slug })).status).toBe(409)
    expect(JSON.stringify(data.toJSON())).toBe(before)
    expect(changes()).toBe(0)
  })

  it('runs batch actions on ids and on select_all with filters', async () => {
    const { data, call } = store(10)
    expect((await call('POST', '/openapi/2021-08/blogs/batch', { ids: [1, 2], operate: { action: 'hide' } })).json).toEqual({ data: { affected: 2 } })
    expect(data.blog(1)!.status).toBe(1)
    const hidden = data.blogs.filter((b) => b.status === 1).length
    const shown = await call('POST', '/openapi/2021-08/blogs/batch', { select_all: true, 'filter[status]': '1', operate: { action: 'show' } })
    expect(shown.json.data.affected).toBe(hidden)
    expect(data.blogs.every((b) => b.status === 2)).toBe(true)
    await call('POST', '/openapi/2021-08/blogs/batch', { ids: [5], operate: { action: 'add_to_collections', collection_ids: [3] } })
    expect(data.collection(3)!.blog_ids).toContain(5)
    await call('POST', '/openapi/2021-08/blogs/batch', { ids: [5], operate: { action: 'remove_from_collections', collection_ids: [3] } })
    expect(data.collection(3)!.blog_ids).not.toContain(5)
    expect((await call('POST', '/openapi/2021-08/blogs/batch', { ids: [5], operate: { action: 'add_to_collections' } })).status).toBe(422)
    expect((await call('POST', '/openapi/2021-08/blogs/batch', { operate: { action: 'hide' } })).status).toBe(422)
    expect((await call('POST', '/openapi/2021-08/blogs/batch', { ids: [999], operate: { action: 'delete' } })).status).toBe(422)
    await call('POST', '/openapi/2021-08/blogs/batch', { ids: [1], operate: { action: 'delete' } })
    expect(data.blog(1)).toBeUndefined()
    expect(data.collections.some((c) => c.blog_ids.includes(1))).toBe(false)
  })
})

describe('collections', () => {
  it('nests data inside links and sorts and filters', async () => {
    const { data, call } = store(10)
    const res = await call('GET', '/openapi/2021-08/blog_collections?sort=title')
    expect(res.json).not.toHaveProperty('data')
    expect(res.json.links.data.map((c: BlogCollection) => c.id)).toEqual([...data.collections].sort((a, b) => a.title.localeCompare(b.title, 'en')).map((c) => c.id))
    expect(res.json.links.data.map((c: BlogCollection) => c.blogs_count)).toEqual(res.json.links.data.map((c: BlogCollection) => data.collection(c.id)!.blog_ids.length))
    const filtered = await call('GET', '/openapi/2021-08/blog_collections?filter[key]=garden')
    expect(filtered.json.links.data.map((c: BlogCollection) => c.id)).toEqual(data.collections.filter((c) => /garden/i.test(c.title + c.description)).map((c) => c.id))
  })

  it('creates with blog_ids in order, lists blogs in the sort_type order, deletes keeping blogs', async () => {
    const { data, call } = store(10)
    const created = await call('POST', '/openapi/2021-08/blog_collections', { title: 'Picks', blog_ids: [9, 3, 7] })
    expect(created.status).toBe(201)
    const id = created.json.data.id
    expect((await call('GET', `/openapi/2021-08/blog_collections/${id}/blogs`)).json.data.map((b: Blog) => b.id)).toEqual([9, 3, 7])
    await call('PUT', `/openapi/2021-08/blog_collections/${id}`, { sort_type: 'title_desc' })
    const byTitle = [9, 3, 7].map((b) => data.blog(b)!).sort((a, b) => b.title.localeCompare(a.title, 'en')).map((b) => b.id)
    expect((await call('GET', `/openapi/2021-08/blog_collections/${id}/blogs`)).json.data.map((b: Blog) => b.id)).toEqual(byTitle)
    expect((await call('POST', '/openapi/2021-08/blog_collections', { title: 'Dup', seo_slug: 'picks' })).status).toBe(409)
    expect((await call('POST', '/openapi/2021-08/blog_collections', { description: 'no title' })).status).toBe(422)
    expect((await call('DELETE', `/openapi/2021-08/blog_collections/${id}`)).status).toBe(204)
    expect(data.blog(9)).toBeDefined()
    expect((await call('GET', `/openapi/2021-08/blog_collections/${id}`)).status).toBe(404)
  })

  it('moves blogs with sort_blogs_manual and runs the other batch operations', async () => {
    const { data, call } = store(10)
    const order = [...data.collection(1)!.blog_ids]
    const res = await call('POST', '/openapi/2021-08/blog_collections/1/batch', { ids: [order[4], order[0]], operate: 'sort_blogs_manual', end_position: 2 })
    expect(res.json).toEqual({ data: { affected: 2 } })
    const rest = order.filter((id) => id !== order[4] && id !== order[0])
    expect(data.collection(1)!.blog_ids).toEqual([rest[0], order[4], order[0], ...rest.slice(1)])
    expect((await call('POST', '/openapi/2021-08/blog_collections/1/batch', { ids: [order[1]], operate: 'sort_blogs_manual' })).status).toBe(422)
    expect((await call('POST', '/openapi/2021-08/blog_collections/1/batch', { ids: [2], operate: 'hide' })).status).toBe(422)
    await call('POST', '/openapi/2021-08/blog_collections/1/batch', { select_all: true, operate: 'hide' })
    expect(order.every((id) => data.blog(id)!.status === 1)).toBe(true)
    await call('POST', '/openapi/2021-08/blog_collections/1/batch', { ids: [order[1]], operate: 'remove_from_collection' })
    expect(data.collection(1)!.blog_ids).not.toContain(order[1])
    expect(data.blog(order[1]!)).toBeDefined()
    // A rule-sorted collection switches to manual, starting from what was shown.
    const shown = (await call('GET', '/openapi/2021-08/blog_collections/2/blogs')).json.data.map((b: Blog) => b.id)
    await call('POST', '/openapi/2021-08/blog_collections/2/batch', { ids: [shown[0]], operate: 'sort_blogs_manual', end_position: shown.length })
    expect(data.collection(2)!.sort_type).toBe('manual')
    expect(data.collection(2)!.blog_ids).toEqual([...shown.slice(1), shown[0]])
  })
})

describe('meta fields', () => {
  it('lists definitions with filters and values with pinned first', async () => {
    const { data, call } = store(10)
    const res = await call('GET', '/openapi/2021-08/meta_fields?filter[resource_type]=blog&filter[pinned_position]=1')
    expect(res.json.data.map((d: { id: number }) => d.id)).toEqual(data.metaFields.filter((d) => d.resource_type === 'blog' && d.pinned_position).map((d) => d.id))
    const values = (await call('GET', '/openapi/2021-08/blogs/1/meta_fields')).json.data as MetaFieldValue[]
    const pins = values.map((v) => v.pinned_position)
    expect(pins).toEqual([...pins].sort((a, b) => Number(b) - Number(a)))
    expect(values.find((v) => v.key === 'reading_time')?.value).toBe('6')
    expect((await call('GET', '/openapi/2021-08/blogs/999/meta_fields')).status).toBe(404)
    expect((await call('GET', '/openapi/2021-08/widgets/1/meta_fields')).status).toBe(404)
  })

  it('creates, updates and deletes definitions with conflict and immutability checks', async () => {
    const { call } = store(10)
    const body = { key: 'mood', namespace: 'content', name: 'Mood', status: 'enabled', resource_type: 'blog', type: 'text', rule: { max_length: 10, evil: '<script>' } }
    const created = await call('POST', '/openapi/2021-08/meta_fields', body)
    expect(created.status).toBe(201)
    expect(created.json.data.rule).toEqual({ max_length: 10 })
    expect((await call('POST', '/openapi/2021-08/meta_fields', body)).status).toBe(409)
    const id = created.json.data.id
    const bad = await call('PUT', `/openapi/2021-08/meta_fields/${id}`, { key: 'other', type: 'integer', name: 'Feeling' })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['key', 'type'])
    expect((await call('PUT', `/openapi/2021-08/meta_fields/${id}`, { name: 'Feeling', pinned_position: true })).json.data).toMatchObject({ name: 'Feeling', pinned_position: true, key: 'mood' })
    expect((await call('DELETE', `/openapi/2021-08/meta_fields/${id}`)).status).toBe(204)
    expect((await call('GET', `/openapi/2021-08/meta_fields/${id}`)).status).toBe(404)
  })

  it('refuses unsafe or broken patterns at definition time', async () => {
    const { call } = store(10)
    for (const pattern of ['(a+)+$', '(a|aa)*', '([a-z]', 'x'.repeat(201), '(\\w)\\1']) {
      const res = await call('POST', '/openapi/2021-08/meta_fields', { key: 'k', namespace: 'n', name: 'N', status: 'enabled', resource_type: 'blog', type: 'text', rule: { regular_expression: pattern } })
      expect(res.status, pattern).toBe(422)
      expect(res.json.error.fields).toHaveProperty('rule.regular_expression')
    }
  })

  it('checks values by type and rule and stores good ones', async () => {
    const { data, call } = store(10)
    const put = (resource: string, id: number, key: string, value: string) => call('PUT', `/openapi/2021-08/${resource}/${id}/meta_fields`, { meta_field_id: String(data.metaFields.find((d) => d.key === key)!.id), value })
    const orderId = 1002
    const cases: [string, number, string, string, number][] = [
      ['blogs', 2, 'reading_time', '12', 200],
      ['blogs', 2, 'reading_time', '1234', 422],
      ['blogs', 2, 'reading_time', 'ten', 422],
      ['blogs', 2, 'featured', 'yes', 422],
      ['blogs', 2, 'featured', 'false', 200],
      ['blogs', 2, 'canonical_url', 'javascript:alert(1)', 422],
      ['blogs', 2, 'canonical_url', 'https://example.com/a', 200],
      ['blogs', 2, 'subtitle', 'two\nlines', 422],
      ['orders', orderId, 'warehouse_bin', 'B-7', 200],
      ['orders', orderId, 'warehouse_bin', 'xB-7', 422],
      ['orders', orderId, 'delivery_date', '2026-02-30', 422],
      ['products', 5011, 'specs', '{bad', 422],
      ['products', 5011, 'weight_kg', '1.25', 200],
      ['products', 5001, 'care', 'short', 422],
      ['blog_collections', 1, 'launch_time', '2026-12-01 10:00:00', 422],
    ]
    for (const [resource, id, key, value, status] of cases) {
      const res = await put(resource, id, key, value)
      expect(res.status, `${key}=${value}`).toBe(status)
      if (status === 422) expect(res.json.error.fields).toHaveProperty(key === 'launch_time' ? 'meta_field_id' : 'value')
      else expect(res.json.data.find((v: MetaFieldValue) => v.key === key).value).toBe(value)
    }
    expect(data.order(orderId)!.post_modified_gmt).toBe('2026-11-22 03:00:00')
    expect((await call('PUT', '/openapi/2021-08/orders/1002/meta_fields', { meta_field_id: '1', value: '5' })).status).toBe(422)
    // Every accepted value write is in the demo log, in order; refused ones are not.
    const writes = (await (await createDataControlRoutes(data, { onChange: () => undefined, now: () => NOW }).request('/meta-field-writes')).json()) as { data: { resource: string; value: string }[] }
    expect(writes.data.map((w) => `${w.resource}:${w.value}`)).toEqual(['blogs:12', 'blogs:false', 'blogs:https://example.com/a', 'orders:B-7', 'products:1.25'])
  })

  it('answers 422 instead of hanging when a saved pattern backtracks for too long', async () => {
    const { data, call } = store(10)
    // A polynomial pattern the definition-time checks do not catch, planted as a saved store could hold it.
    const def = data.metaFields.find((d) => d.key === 'subtitle')!
    def.rule = { regular_expression: 'a*a*a*a*a*a*b' }
    const res = await call('PUT', '/openapi/2021-08/blogs/2/meta_fields', { meta_field_id: String(def.id), value: 'a'.repeat(5000) })
    expect(res.status).toBe(422)
    expect(res.json.error.fields.value).toEqual(['took too long to check against the pattern'])
    def.rule = { regular_expression: '(a+)+' }
    const nested = await call('PUT', '/openapi/2021-08/blogs/2/meta_fields', { meta_field_id: String(def.id), value: 'aaaa' })
    expect(nested.status).toBe(422)
    expect(data.metaValues.some((v) => v.meta_field_id === def.id && v.resource_id === 2)).toBe(false)
  })
})

describe('path parameters named like Object.prototype members', () => {
  // A plain-object lookup keyed by a path segment finds these on the prototype; every
  // route must treat them as names of nothing (404), never fail inside (500).
  const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__']
  // A value each parameter accepts, so the request reaches the lookup of the one under test.
  const VALID: Record<string, string> = { id: '1', resource: 'blogs' }
  const BODY: Record<string, unknown> = { meta_field_id: '1', value: 'x' }

  const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  const cases = OPERATION_NAMES.flatMap((name) => {
    const { method, version, path } = operations[name]
    return paramsOf(path).flatMap((param) =>
      PROTOTYPE_KEYS.map((key) => {
        const filled = path.replace(/\{(\w+)\}/g, (_, p: string) => (p === param ? key : VALID[p]!))
        return [`${method} ${path} with {${param}} = ${key}`, method, `/openapi/${version}${filled}`] as const
      }),
    )
  })

  it('has a valid stand-in for every path parameter the table names', () => {
    const names = new Set(OPERATION_NAMES.flatMap((name) => paramsOf(operations[name].path)))
    expect([...names].sort()).toEqual(Object.keys(VALID).sort())
  })

  it.each(cases)('%s answers 404', async (_what, method, url) => {
    const { call } = store(5)
    const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : BODY)
    expect(res.status).toBe(404)
    expect(res.json.error.message).toEqual(expect.any(String))
  })
})

describe("the store's clock (control route)", () => {
  it('tells and moves the zone: later writes and current_time use it, recorded times stay', async () => {
    const { data, call } = store(20)
    let changed = 0
    const control = createDataControlRoutes(data, { onChange: () => changed++, now: () => NOW })
    const put = (body: unknown) => control.request('/clock', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(await (await control.request('/clock')).json()).toEqual({ utcOffsetMinutes: -300, utcOffset: '-05:00', now: '2026-11-21 22:00:00', day: '2026-11-21', skewSeconds: 0 })
    const placed = data.order(1004)!.post_date

    const moved = await put({ utcOffsetMinutes: 330 })
    expect(moved.status).toBe(200)
    expect(await moved.json()).toMatchObject({ utcOffsetMinutes: 330, utcOffset: '+05:30', now: '2026-11-22 08:30:00' })
    expect(changed).toBe(1)
    const tracked = await call('POST', '/openapi/2025-04/orders/1004/track', { trackno: 'ZONE1', sendemail: false })
    expect(tracked.json.data).toMatchObject({ post_date: placed, post_modified: '2026-11-22 08:30:00', post_modified_gmt: '2026-11-22 03:00:00', current_time: '2026-11-22 08:30:00' })

    for (const bad of [{ utcOffsetMinutes: 15 * 60 }, { utcOffsetMinutes: 1.5 }, { utcOffsetMinutes: '-05:00' }, { utcOffsetMinutes: 0, extra: 1 }, {}]) {
      expect((await put(bad)).status).toBe(422)
    }
    expect(data.clock.utcOffsetMinutes).toBe(330)
    expect(changed).toBe(1)
  })

  it('runs off the real time by a skew: writes are stamped and answers tell the time on it, until it is put right', async () => {
    const { data, call } = store(20)
    const control = createDataControlRoutes(data, { onChange: () => undefined, now: () => NOW })
    const put = (body: unknown) => control.request('/clock', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const skewed = await put({ skewSeconds: -90 })
    expect(skewed.status).toBe(200)
    expect(await skewed.json()).toMatchObject({ utcOffsetMinutes: -300, now: '2026-11-21 21:58:30', skewSeconds: -90 })
    const tracked = await call('POST', '/openapi/2025-04/orders/1004/track', { trackno: 'SKEW1', sendemail: false })
    expect(tracked.json.data).toMatchObject({ post_modified: '2026-11-21 21:58:30', post_modified_gmt: '2026-11-22 02:58:30', current_time: '2026-11-21 21:58:30' })

    for (const bad of [{ skewSeconds: 1.5 }, { skewSeconds: 8 * 86_400 }, { skewSeconds: '-90' }, { skewSeconds: 0, extra: 1 }]) {
      expect((await put(bad)).status).toBe(422)
    }
    expect(data.clockSkewSeconds).toBe(-90)
    await put({ skewSeconds: 0 })
    const later = await call('POST', '/openapi/2025-04/orders/1005/track', { trackno: 'SKEW2', sendemail: false })
    expect(later.json.data).toMatchObject({ post_modified_gmt: '2026-11-22 03:00:00' })
  })
})
