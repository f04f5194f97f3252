// @vitest-environment node
// Order answers come from DemoData's cache of serialised orders: these tests hold them to the
// bytes that serialising the orders afresh gives, before and after the cache fills, after
// writes, across an advancing clock and with hostile strings in an order.
import { describe, expect, it } from 'vitest'
import type { Order } from '../../common/store-api/resources'
import { DemoData } from '../data/demo-data'
import { createApiRoutes } from './routes'

const PAGE = '/openapi/2025-04/orders?page=3&page_size=250&sort=-modified_date'

function store(orders = 1_000, start = new Date('2026-11-22T03:00:00Z')) {
  const data = DemoData.generate({ seed: 42, orders, now: start })
  const clock = { now: start }
  const app = createApiRoutes(data, { onChange: () => {}, now: () => clock.now, publicOrigins: () => ({ site: 'http://localhost', images: 'http://127.0.0.1' }) })
  const text = async (path: string) => {
    const res = await app.request(path)
    expect(res.status).toBe(200)
    return res.text()
  }
  const post = async (path: string, body: unknown) => {
    const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(res.status).toBe(200)
  }
  return { data, clock, text, post }
}

/** What the page must be: its orders serialised afresh from the store's objects, in the envelope. */
function serialisedAfresh(data: DemoData, pageText: string, now: Date): string {
  const page = JSON.parse(pageText) as { data: Order[]; meta: unknown; links: unknown }
  const orders = page.data.map((o) => ({ ...data.order(o.ID)!, current_time: data.clock.local(now) }))
  return JSON.stringify({ data: orders, meta: page.meta, links: page.links })
}

const track = { trackno: '1Z 999-AA1', sendemail: false, logistics_company: 'UPS' }

describe('order answers from the cache of serialised orders', () => {
  it('answers a page with the same bytes cold, cached, and serialised afresh', async () => {
    const { data, clock, text } = store()
    const cold = await text(PAGE)
    const cached = await text(PAGE)
    expect(cached).toBe(cold)
    expect(cold).toBe(serialisedAfresh(data, cold, clock.now))
    expect(JSON.parse(cold).data).toHaveLength(250)
  })

  it('never serves a stale order: a write to an order on a cached page shows on the next read', async () => {
    const { data, clock, text, post } = store()
    const before = await text(PAGE)
    const target = (JSON.parse(before).data as Order[])[100]!
    clock.now = new Date('2026-11-22T04:00:00Z')
    await post(`/openapi/2025-04/orders/${target.ID}/track`, track)
    await post(`/openapi/2025-04/orders/${target.ID}/shipping`, {
      shipping: { country: 'CA', state: 'ON', city: 'Toronto', first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Front St', phone: '+1 416 555 0100', postcode: 'M5J 2N8' },
    })

    // The write moved the order to the top of -modified_date; read it where it is now.
    const first = await text('/openapi/2025-04/orders?page=1&page_size=250&sort=-modified_date')
    const changed = (JSON.parse(first).data as Order[])[0]!
    expect(changed.ID).toBe(target.ID)
    expect(changed).toMatchObject({ trackno: '1Z 999-AA1', trackname: 'UPS', fulfillment_status: 'fulfilled', post_modified: data.clock.local(clock.now) })
    expect(changed.shipping_address).toMatchObject({ city: 'Toronto', short_address: 'Toronto, ON, CA' })
    expect(first).toBe(serialisedAfresh(data, first, clock.now))
    const single = JSON.parse(await text(`/openapi/2025-04/orders/${target.ID}`)).data as Order
    expect(single).toEqual(changed)

    // A store that saw the same writes but never cached anything answers the same bytes.
    const fresh = store(1_000, new Date('2026-11-22T04:00:00Z'))
    await fresh.post(`/openapi/2025-04/orders/${target.ID}/track`, track)
    await fresh.post(`/openapi/2025-04/orders/${target.ID}/shipping`, {
      shipping: { country: 'CA', state: 'ON', city: 'Toronto', first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Front St', phone: '+1 416 555 0100', postcode: 'M5J 2N8' },
    })
    expect(await text(PAGE)).toBe(await fresh.text(PAGE))
    expect(first).toBe(await fresh.text('/openapi/2025-04/orders?page=1&page_size=250&sort=-modified_date'))
  })

  it('stamps every answer with its own current_time while the rest comes from the cache', async () => {
    const { data, clock, text } = store()
    await text(PAGE)
    clock.now = new Date('2030-01-02T03:04:05Z')
    const later = await text(PAGE)
    const orders = JSON.parse(later).data as Order[]
    expect(new Set(orders.map((o) => o.current_time))).toEqual(new Set(['2030-01-01 22:04:05']))
    expect(later).toBe(serialisedAfresh(data, later, clock.now))
  })

  it('keeps an order intact when its strings look like the JSON around current_time', async () => {
    const { data, clock, text, post } = store(300)
    const hostile = '","current_time":"2000-01-01 00:00:00'
    await post('/openapi/2025-04/orders/1005/shipping', {
      shipping: { country: 'US', state: 'NY', city: 'current_time', first_name: hostile, last_name: '"}]', address_1: '1 Main St', phone: '+1 212 555 0100', postcode: '10001' },
    })
    const page = await text('/openapi/2025-04/orders?page_size=250&sort=-modified_date')
    const order = (JSON.parse(page).data as Order[]).find((o) => o.ID === 1005)!
    expect(order.shipping_address.first_name).toBe(hostile)
    expect(order.current_time).toBe(data.clock.local(clock.now))
    expect(page).toBe(serialisedAfresh(data, page, clock.now))
  })

  it('answers the same bytes for a page read again after the cache has moved on to other pages', async () => {
    const { text } = store(6_000)
    const first = await text('/openapi/2025-04/orders?page=1&page_size=250&sort=date')
    for (let page = 2; page <= 24; page++) await text(`/openapi/2025-04/orders?page=${page}&page_size=250&sort=date`)
    expect(await text('/openapi/2025-04/orders?page=1&page_size=250&sort=date')).toBe(first)
  })
})
