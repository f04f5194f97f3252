// The platform over real HTTP on 127.0.0.1: access control (401/403/404), the error shape for
// every status it produces, the rate limit, injected faults, reset and the control routes.
import { createHmac } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { DemoStoreAppOptions } from '../app'
import { serveDemoStore, type DemoStoreHandle } from '../serve'
import { stubBackend, type StubData } from './stub-backend'

let store: DemoStoreHandle | undefined
afterEach(async () => {
  await store?.stop()
  store = undefined
})

async function start(opts: Partial<DemoStoreAppOptions<StubData>> = {}): Promise<DemoStoreHandle> {
  store = await serveDemoStore({ backend: stubBackend, ...opts })
  return store
}

async function control(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${store!.url}/__demo${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  })
}

async function mint(scopes: string[]): Promise<string> {
  const res = await control('POST', '/tokens', { scopes })
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

const api = (path: string, token: string | undefined, init: RequestInit = {}) =>
  fetch(store!.url + path, { ...init, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } })

const errorOf = async (res: Response) => ((await res.json()) as { error: { status: number; code: string; message: string; fields?: Record<string, string[]> } }).error

describe('access control', () => {
  it('answers 401 without a token or with an unknown one', async () => {
    await start()
    const none = await api('/openapi/2021-08/blogs', undefined)
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer')
    expect(await errorOf(none)).toEqual({ status: 401, code: 'unauthorized', message: 'Send an access token as "Authorization: Bearer <token>".' })
    const unknown = await api('/openapi/2021-08/blogs', 'sdt_made_up')
    expect(unknown.status).toBe(401)
    expect((await errorOf(unknown)).message).toBe('The access token is not valid for this store.')
  })

  it('answers 403 naming the scopes an endpoint needs, "or" scopes included', async () => {
    await start()
    const ordersOnly = await mint(['read_orders'])
    const blogs = await api('/openapi/2021-08/blogs', ordersOnly)
    expect(blogs.status).toBe(403)
    expect((await errorOf(blogs)).message).toContain('needs the scope read_content or write_content')

    const contentOnly = await mint(['write_content'])
    expect((await api('/openapi/2021-08/blogs', contentOnly)).status).toBe(200)
    const order = await api('/openapi/2025-04/orders/3', contentOnly)
    expect(order.status).toBe(403)
    expect((await errorOf(order)).message).toContain('needs the scope read_orders')
    // PUT blogs/{id} needs read_content AND write_content.
    const update = await api('/openapi/2021-08/blogs/1', contentOnly, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    expect(update.status).toBe(403)
    expect((await errorOf(update)).message).toContain('needs the scope read_content and write_content')
  })

  it('answers 404 in the error shape for a path outside the API table', async () => {
    await start()
    const token = await mint(['read_orders'])
    const res = await api('/openapi/2025-04/refunds', token)
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toEqual({ status: 404, code: 'not_found', message: 'There is no endpoint GET /openapi/2025-04/refunds.' })
    // The version segment is part of the contract: orders live at 2025-04 only.
    expect((await api('/openapi/2021-08/orders/1', token)).status).toBe(404)
  })
})

describe('error shape', () => {
  const post = (token: string, body: RequestInit['body'], headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    api('/openapi/2021-08/blogs', token, { method: 'POST', headers, body })

  it('answers 415 for a body that is not declared JSON, 400 for bad JSON and invalid UTF-8, 413 past the limit', async () => {
    await start()
    const token = await mint(['write_content', 'read_content'])
    const form = await post(token, 'title=x', { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect((await errorOf(form)).code).toBe('unsupported_media_type')

    const broken = await post(token, '{"title": "unterminated')
    expect(broken.status).toBe(400)
    expect((await errorOf(broken)).message).toBe('The request body is not valid JSON.')

    const latin1 = await post(token, new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))
    expect(latin1.status).toBe(400)
    expect((await errorOf(latin1)).message).toBe('The request body is not valid UTF-8.')

    const huge = await post(token, JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }))
    expect(huge.status).toBe(413)
    expect((await errorOf(huge)).code).toBe('payload_too_large')

    // Streamed without a Content-Length, the body is cut off at the limit all the same.
    const { port } = new URL(store!.url)
    const streamedStatus = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/openapi/2021-08/blogs', method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } }, (res) => {
        res.resume()
        resolve(res.statusCode!)
      })
      // The store may close the socket while the rest is still being sent; only the answer matters.
      req.on('error', (err) => setTimeout(() => reject(err), 1000))
      req.write('{"title":"')
      const chunk = 'x'.repeat(64 * 1024)
      for (let i = 0; i < 48; i++) req.write(chunk)
      req.end('"}')
    })
    expect(streamedStatus).toBe(413)

    // None of them changed the store.
    const list = (await (await api('/openapi/2021-08/blogs', token)).json()) as { data: unknown[] }
    expect(list.data).toHaveLength(1)
  })

  it('turns an uncaught exception into a 500 in the shape, without the stack or message', async () => {
    await start()
    const token = await mint(['read_orders'])
    const res = await api('/openapi/2021-08/meta_fields', token)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: { status: 500, code: 'internal_error', message: 'The demo store hit an internal error.' } })
    expect(text).not.toMatch(/secret detail|stub-backend|at /)
  })

  it('answers 404 in the shape for any unknown path', async () => {
    await start()
    const res = await fetch(`${store!.url}/nothing/here`)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).code).toBe('not_found')
  })
})

describe('rate limit', () => {
  it('serves a burst of 40 per token, then 429 with Retry-After; other tokens are unaffected', async () => {
    await start({ now: () => 1_000_000 })
    const token = await mint(['read_content'])
    const remaining: string[] = []
    for (let i = 0; i < 40; i++) {
      const res = await api('/openapi/2021-08/blogs', token)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-ratelimit-limit')).toBe('40')
      remaining.push(res.headers.get('x-ratelimit-remaining')!)
    }
    expect(remaining[0]).toBe('39')
    expect(remaining[39]).toBe('0')
    const limited = await api('/openapi/2021-08/blogs', token)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect((await errorOf(limited)).code).toBe('rate_limited')
    expect((await api('/openapi/2021-08/blogs', await mint(['read_content']))).status).toBe(200)
  })

  it('refills 4 requests a second', async () => {
    let clock = 1_000_000
    await start({ now: () => clock })
    const token = await mint(['read_content'])
    for (let i = 0; i < 40; i++) await api('/openapi/2021-08/blogs', token)
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(429)
    clock += 1000
    for (let i = 0; i < 4; i++) expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(429)
  })

  it('can be off at start and switched at run time', async () => {
    await start({ rateLimit: false, now: () => 1_000_000 })
    const token = await mint(['read_content'])
    for (let i = 0; i < 45; i++) expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
    expect((await api('/openapi/2021-08/blogs', token)).headers.get('x-ratelimit-limit')).toBeNull()
    expect(await (await control('PUT', '/rate-limit', { enabled: true })).json()).toEqual({ enabled: true })
    expect((await api('/openapi/2021-08/blogs', token)).headers.get('x-ratelimit-remaining')).toBe('39')
  })
})

describe('faults', () => {
  it('answers 500s for the next N requests, then serves again', async () => {
    await start()
    const token = await mint(['read_content'])
    expect(await (await control('PUT', '/faults', { errorNext: 2 })).json()).toMatchObject({ errorNext: 2, errorRate: 0 })
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(500)
    const second = await api('/openapi/2021-08/blogs', token)
    expect(await errorOf(second)).toMatchObject({ status: 500, code: 'internal_error' })
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
  })

  it('answers every request with 500 at error rate 1 (set at start), and recovers when set to 0', async () => {
    await start({ errorRate: 1 })
    const token = await mint(['read_content'])
    for (let i = 0; i < 3; i++) expect((await api('/openapi/2021-08/blogs', token)).status).toBe(500)
    await control('PUT', '/faults', { errorRate: 0 })
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
  })

  it('forces 429s with Retry-After', async () => {
    await start()
    const token = await mint(['read_content'])
    await control('PUT', '/faults', { throttleNext: 1 })
    const res = await api('/openapi/2021-08/blogs', token)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
  })

  it('drops the connection without a response, so the client sees a network error', async () => {
    await start()
    const token = await mint(['read_content'])
    await control('PUT', '/faults', { dropNext: 1 })
    await expect(api('/openapi/2021-08/blogs', token)).rejects.toThrow()
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
  })

  it('drops or throttles every request at rate 1, after counting down the next-N faults first', async () => {
    await start()
    const token = await mint(['read_content'])
    await control('PUT', '/faults', { dropRate: 1 })
    await expect(api('/openapi/2021-08/blogs', token)).rejects.toThrow()
    await expect(api('/openapi/2021-08/blogs', token)).rejects.toThrow()
    await control('PUT', '/faults', { dropRate: 0, throttleRate: 1, errorNext: 1 })
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(429)
    await control('PUT', '/faults', { throttleRate: 0 })
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(500)
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
    expect(await (await control('GET', '/faults')).json()).toEqual({ latencyMs: 0, errorRate: 0, errorNext: 0, throttleRate: 0, throttleNext: 0, dropRate: 0, dropNext: 0, applyThenFailNext: 0, applyThenHoldNext: 0 })
  })

  const post = (token: string, title: string) => api('/openapi/2021-08/blogs', token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title }) })
  const titles = async (token: string) => ((await (await api('/openapi/2021-08/blogs', token)).json()) as { data: { title: string }[] }).data.map((b) => b.title)

  it('applies the next N writes and answers them 500, leaving reads and refused writes alone', async () => {
    await start()
    const token = await mint(['read_content', 'write_content'])
    await control('PUT', '/faults', { applyThenFailNext: 1 })
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
    const refused = await api('/openapi/2021-08/blogs', token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    expect(refused.status).toBe(422)
    const failed = await post(token, 'applied, then failed')
    expect(failed.status).toBe(500)
    expect(await errorOf(failed)).toMatchObject({ status: 500, code: 'internal_error' })
    expect(await titles(token)).toContain('applied, then failed')
    expect((await post(token, 'answered')).status).toBe(200)
    expect(await (await control('GET', '/faults')).json()).toMatchObject({ applyThenFailNext: 0 })
  })

  it('holds the answer of an applied write until a test releases it', async () => {
    await start()
    const token = await mint(['read_content', 'write_content'])
    await control('PUT', '/faults', { applyThenHoldNext: 1 })
    const answer = post(token, 'held')
    await expect.poll(async () => ((await (await control('GET', '/held')).json()) as { data: unknown[] }).data).toEqual([{ method: 'POST', path: '/openapi/2021-08/blogs', since: expect.any(String) }])
    expect(await titles(token)).toContain('held')
    expect(await (await control('POST', '/held/release')).json()).toEqual({ released: 1 })
    expect((await answer).status).toBe(200)
    expect(await (await control('GET', '/held')).json()).toEqual({ data: [] })
  })

  it('stops holding an answer once its client has gone', async () => {
    await start()
    const token = await mint(['read_content', 'write_content'])
    await control('PUT', '/faults', { applyThenHoldNext: 1 })
    const aborter = new AbortController()
    const answer = api('/openapi/2021-08/blogs', token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'abandoned' }), signal: aborter.signal })
    await expect.poll(async () => ((await (await control('GET', '/held')).json()) as { data: unknown[] }).data.length).toBe(1)
    aborter.abort()
    await expect(answer).rejects.toThrow()
    await expect.poll(async () => ((await (await control('GET', '/held')).json()) as { data: unknown[] }).data.length).toBe(0)
    expect(await titles(token)).toContain('abandoned')
  })

  it('adds latency to every response', async () => {
    await start()
    const token = await mint(['read_content'])
    expect(await (await control('PUT', '/faults', { latencyMs: 150 })).json()).toMatchObject({ latencyMs: 150 })
    const started = performance.now()
    expect((await api('/openapi/2021-08/blogs', token)).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('rejects a fault setting out of range with 422 and keeps the old settings', async () => {
    await start()
    const res = await control('PUT', '/faults', { errorRate: 2, bogus: true })
    expect(res.status).toBe(422)
    expect(Object.keys((await errorOf(res)).fields!).sort()).toEqual(['(body)', 'errorRate'])
    expect(await (await control('GET', '/faults')).json()).toMatchObject({ errorRate: 0 })
  })
})

describe('control routes', () => {
  it('give the app credentials and the shop', async () => {
    await start()
    const app = (await (await control('GET', '/app')).json()) as Record<string, unknown>
    expect(app).toEqual({
      client_id: 'storedesk-demo',
      client_secret: store!.credentials.clientSecret,
      redirect_uris: ['storedesk://oauth/callback', 'http://127.0.0.1:<port>/oauth/callback'],
      app_urls: ['storedesk://launch', 'http://127.0.0.1:<port>/launch'],
      shop: store!.shop,
    })
  })

  it('reset puts the data back to the seed and keeps tokens', async () => {
    await start()
    const token = await mint(['read_content', 'write_content'])
    await api('/openapi/2021-08/blogs', token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'mine' }) })
    expect(((await (await api('/openapi/2021-08/blogs', token)).json()) as { data: unknown[] }).data).toHaveLength(2)
    expect(await (await control('POST', '/reset')).json()).toEqual({ reset: true })
    expect(await (await api('/openapi/2021-08/blogs', token)).json()).toEqual({ data: [{ id: 1, title: 'seeded post 42' }] })
  })

  it('mount the data control routes and are not subject to faults', async () => {
    await start({ errorRate: 1 })
    const emails = await control('GET', '/emails')
    expect(emails.status).toBe(200)
    expect(await emails.json()).toEqual({ data: [] })
  })

  it('sign a launch link for the installed app, and refuse before installation', async () => {
    await start({ now: () => Date.parse('2026-03-01T10:00:00Z') })
    expect((await control('POST', '/launch-link', {})).status).toBe(409)
    await mint(['read_orders'])
    const { url } = (await (await control('POST', '/launch-link', { app_url: 'http://127.0.0.1:6001/launch' })).json()) as { url: string }
    const link = new URL(url)
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:6001/launch')
    expect(link.searchParams.get('timestamp')).toBe('1772359200')
    const message = `shop=${store!.shop}&timestamp=1772359200`
    expect(link.searchParams.get('hmac')).toBe(createHmac('sha256', store!.credentials.clientSecret).update(message).digest('hex'))
    expect(new URL(((await (await control('POST', '/launch-link')).json()) as { url: string }).url).protocol).toBe('storedesk:')
    expect((await control('POST', '/launch-link', { app_url: 'https://evil.example/launch' })).status).toBe(422)
  })

  it('refuse a request whose Host is not loopback (DNS rebinding)', async () => {
    await start()
    const { port } = new URL(store!.url)
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/__demo/app', headers: { Host: `evil.example:${port}` } }, (res) => {
        res.resume()
        resolve(res.statusCode!)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })

  it('refuse what a browser marks as sent from another site', async () => {
    await start()
    const token = await mint(['read_content', 'write_content'])
    await api('/openapi/2021-08/blogs', token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'mine' }) })
    const fromPage = await fetch(`${store!.url}/__demo/reset`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(fromPage.status).toBe(403)
    expect((await errorOf(fromPage)).message).toBe('The demo control routes do not answer requests from web pages.')
    expect((await fetch(`${store!.url}/__demo/reset`, { method: 'POST', headers: { Origin: 'http://evil.example' } })).status).toBe(403)
    expect(((await (await api('/openapi/2021-08/blogs', token)).json()) as { data: unknown[] }).data).toHaveLength(2)
  })

  it('mint tokens only for known scopes', async () => {
    await start()
    const res = await control('POST', '/tokens', { scopes: ['read_everything'] })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).fields).toHaveProperty('scopes.0')
  })
})
