// startDemoStore with the real data and API routes, the way the app's "Try the demo store"
// uses it: OAuth through the consent page, then the API with the token; state kept across a
// stop and start with a data file.
import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreHandle } from './embedded'

const stores: DemoStoreHandle[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function start(opts: Parameters<typeof startDemoStore>[0] = {}): Promise<DemoStoreHandle> {
  const store = await startDemoStore(opts)
  stores.push(store)
  return store
}

async function connect(store: DemoStoreHandle, scope: string): Promise<string> {
  const authorize = new URL('/admin/oauth/authorize', store.url)
  authorize.search = new URLSearchParams({ client_id: store.credentials.clientId, scope, redirect_uri: 'storedesk://oauth/callback', response_type: 'code', state: 's1' }).toString()
  const page = await (await fetch(authorize)).text()
  const request = /name="request" value="([^"]+)"/.exec(page)![1]!
  const decided = await fetch(new URL('/admin/oauth/authorize', store.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, decision: 'install' }),
  })
  const q = new URL(decided.headers.get('location')!).searchParams
  const message = `code=${q.get('code')}&shop=${store.shop}&state=s1`
  expect(q.get('hmac')).toBe(createHmac('sha256', store.credentials.clientSecret).update(message).digest('hex'))
  const token = await fetch(new URL('/api/admin/app_store/oauth/token', store.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: store.credentials.clientId, client_secret: store.credentials.clientSecret, code: q.get('code') }),
  })
  return ((await token.json()) as { access_token: string }).access_token
}

describe('startDemoStore', () => {
  it('serves the seeded store on a free loopback port, behind OAuth', async () => {
    const store = await start({ seed: 42, orders: 12 })
    expect(store.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(store.shop).toBe(store.url.slice('http://'.length))
    expect(store.credentials.clientId).toBe('storedesk-demo')
    expect(store.credentials.redirectUris).toEqual(['storedesk://oauth/callback', 'http://127.0.0.1:<port>/oauth/callback'])

    const token = await connect(store, 'read_orders')
    const orders = await fetch(new URL('/openapi/2025-04/orders?page_size=5', store.url), { headers: { Authorization: `Bearer ${token}` } })
    expect(orders.status).toBe(200)
    const body = (await orders.json()) as { data: unknown[]; meta: { total: number } }
    expect(body.meta.total).toBe(12)
    expect(body.data).toHaveLength(5)
    const blogs = await fetch(new URL('/openapi/2021-08/blogs', store.url), { headers: { Authorization: `Bearer ${token}` } })
    expect(blogs.status).toBe(403)
  })

  it('keeps a write across stop and start with a data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-store-embedded-'))
    dirs.push(dir)
    const dataFile = join(dir, 'demo-store.json')
    const first = await start({ dataFile, orders: 5 })
    const token = await connect(first, 'read_orders,write_orders')
    const orders = (await (await fetch(new URL('/openapi/2025-04/orders', first.url), { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { ID: number }[] }
    const id = orders.data[0]!.ID
    const tracked = await fetch(new URL(`/openapi/2025-04/orders/${id}/track`, first.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ trackno: '1Z999AA10123456784', sendemail: false, logistics_company: 'UPS' }),
    })
    expect(tracked.status).toBe(200)
    await first.stop()

    const second = await start({ dataFile })
    const order = (await (await fetch(new URL(`/openapi/2025-04/orders/${id}`, second.url), { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { trackno?: string } }
    expect(order.data.trackno).toBe('1Z999AA10123456784')
  })
})
