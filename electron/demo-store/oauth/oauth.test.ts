// OAuth end to end over real HTTP on 127.0.0.1: the consent page, Install and Cancel, the
// signed redirect (HMAC recomputed here by hand, not with the store's code), the code exchange,
// and every refusal: reused, expired, wrong secret, unknown client, unregistered redirect.
import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serveDemoStore, type DemoStoreHandle } from '../serve'
import { stubBackend } from '../platform/stub-backend'

let store: DemoStoreHandle
let clock: number

beforeEach(async () => {
  clock = Date.parse('2026-03-01T10:00:00Z')
  store = await serveDemoStore({ backend: stubBackend, now: () => clock })
})
afterEach(() => store.stop())

const LOOPBACK_REDIRECT = 'http://127.0.0.1:53682/oauth/callback'

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL('/admin/oauth/authorize', store.url)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

const goodParams = (extra: Record<string, string> = {}) => ({
  client_id: 'storedesk-demo',
  scope: 'read_orders,write_content',
  redirect_uri: LOOPBACK_REDIRECT,
  response_type: 'code',
  ...extra,
})

/** The consent page's hidden request token, read the way a browser would see the form. */
function formToken(html: string): string {
  const form = /<form method="post" action="\/admin\/oauth\/authorize">([\s\S]*?)<\/form>/.exec(html)
  expect(form, 'consent form').not.toBeNull()
  const token = /<input type="hidden" name="request" value="([^"]+)">/.exec(form![1]!)
  expect(token, 'request token').not.toBeNull()
  return token![1]!
}

async function decide(token: string, decision: 'install' | 'cancel', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL('/admin/oauth/authorize', store.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ request: token, decision }),
  })
}

const hmacHex = (message: string) => createHmac('sha256', store.credentials.clientSecret).update(message).digest('hex')

async function installAndGetCode(params = goodParams()): Promise<string> {
  const page = await fetch(authorizeUrl(params))
  const res = await decide(formToken(await page.text()), 'install')
  return new URL(res.headers.get('location')!).searchParams.get('code')!
}

const exchange = (body: Record<string, string>) =>
  fetch(new URL('/api/admin/app_store/oauth/token', store.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('consent page', () => {
  it('shows the shop, the app and each requested scope in words, with Install and Cancel, under a strict CSP', async () => {
    const res = await fetch(authorizeUrl(goodParams({ state: 'abc' })))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain('form-action \'self\' http://127.0.0.1:53682')
    expect(csp).not.toContain('script-src')
    // Not no-referrer: under it a browser posts the form with `Origin: null`, which the store refuses.
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
    const html = await res.text()
    expect(html).toContain(`Install Storedesk on ${store.shop}?`)
    expect(html).toContain('See your orders and abandoned checkouts')
    expect(html).toContain('Create, edit and delete blog posts and blog collections')
    expect(html).not.toContain('See your blog posts')
    expect(html).toMatch(/<button type="submit" name="decision" value="install"[^>]*>Install<\/button>/)
    expect(html).toMatch(/<button type="submit" name="decision" value="cancel"[^>]*>Cancel<\/button>/)
    expect(html).not.toMatch(/<script|src="http/)
  })

  it.each([
    ['an unknown client_id', { client_id: 'someone-else' }, 'No app is registered with this client_id'],
    ['no client_id', { client_id: '' }, 'no client_id'],
    ['a redirect_uri on another host', { redirect_uri: 'http://evil.example/oauth/callback' }, 'redirect_uri is not registered'],
    ['a loopback redirect_uri with another path', { redirect_uri: 'http://127.0.0.1:5000/callback' }, 'redirect_uri is not registered'],
    ['a loopback redirect_uri named localhost', { redirect_uri: 'http://localhost:5000/oauth/callback' }, 'redirect_uri is not registered'],
    ['a custom-scheme redirect_uri with another path', { redirect_uri: 'storedesk://oauth/other' }, 'redirect_uri is not registered'],
    ['response_type token', { response_type: 'token' }, 'response_type must be'],
    ['an unknown scope', { scope: 'read_orders,read_everything' }, 'unknown scope(s): read_everything'],
    ['no scope', { scope: '' }, 'names no permission scope'],
  ])('answers %s with an HTML error page, never a redirect', async (_name, override, message) => {
    const res = await fetch(authorizeUrl(goodParams(override)), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain(message)
    expect(html).not.toContain('name="request"')
  })

  it('escapes what it echoes, so hostile parameters cannot inject markup', async () => {
    const res = await fetch(authorizeUrl(goodParams({ scope: '<img src=x onerror=alert(1)>' })))
    const html = await res.text()
    expect(html).not.toContain('<img')
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;')
  })
})

describe('install', () => {
  it('redirects with code, shop, state and an hmac over them, and the code buys a token that calls the API', async () => {
    const page = await fetch(authorizeUrl(goodParams({ state: 'st-1 2&3' })))
    const res = await decide(formToken(await page.text()), 'install')
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(LOOPBACK_REDIRECT)
    const q = location.searchParams
    expect([...q.keys()].sort()).toEqual(['code', 'hmac', 'shop', 'state'])
    expect(q.get('shop')).toBe(store.shop)
    expect(q.get('state')).toBe('st-1 2&3')
    // Hand-written message: names sorted, `name=value` joined with `&`, values not encoded.
    const message = `code=${q.get('code')}&shop=127.0.0.1:${new URL(store.url).port}&state=st-1 2&3`
    expect(q.get('hmac')).toBe(hmacHex(message))
    expect(q.get('hmac')).toMatch(/^[0-9a-f]{64}$/)

    const token = await exchange({ client_id: 'storedesk-demo', client_secret: store.credentials.clientSecret, code: q.get('code')! })
    expect(token.status).toBe(200)
    const granted = (await token.json()) as { access_token: string; scope: string }
    expect(granted.scope).toBe('read_orders,write_content')

    const order = await fetch(new URL('/openapi/2025-04/orders/7', store.url), { headers: { Authorization: `Bearer ${granted.access_token}` } })
    expect(order.status).toBe(200)
    expect(await order.json()).toEqual({ data: { ID: 7, scopes: ['read_orders', 'write_content'] } })
  })

  it('redirects to the storedesk:// URI without state when the app sent none', async () => {
    const page = await fetch(authorizeUrl(goodParams({ redirect_uri: 'storedesk://oauth/callback' })))
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' storedesk:")
    const res = await decide(formToken(await page.text()), 'install')
    const location = new URL(res.headers.get('location')!)
    expect(location.protocol).toBe('storedesk:')
    expect([...location.searchParams.keys()].sort()).toEqual(['code', 'hmac', 'shop'])
    const code = location.searchParams.get('code')
    expect(location.searchParams.get('hmac')).toBe(hmacHex(`code=${code}&shop=${store.shop}`))
  })

  it('cancel redirects with error=access_denied, signed', async () => {
    const page = await fetch(authorizeUrl(goodParams({ state: 'xyz' })))
    const res = await decide(formToken(await page.text()), 'cancel')
    expect(res.status).toBe(302)
    const q = new URL(res.headers.get('location')!).searchParams
    expect(q.get('error')).toBe('access_denied')
    expect(q.get('code')).toBeNull()
    expect(q.get('hmac')).toBe(hmacHex(`error=access_denied&shop=${store.shop}&state=xyz`))
  })

  it('refuses a replayed consent form and a decision posted from another origin', async () => {
    const page = await fetch(authorizeUrl(goodParams()))
    const token = formToken(await page.text())
    expect((await decide(token, 'install')).status).toBe(302)
    const replay = await decide(token, 'install')
    expect(replay.status).toBe(400)
    expect(replay.headers.get('location')).toBeNull()
    expect(await replay.text()).toContain('expired or was already answered')

    const second = formToken(await (await fetch(authorizeUrl(goodParams()))).text())
    const forged = await decide(second, 'install', { Origin: 'http://evil.example' })
    expect(forged.status).toBe(403)
    expect(forged.headers.get('location')).toBeNull()
    const crossSite = await decide(second, 'install', { 'Sec-Fetch-Site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await crossSite.text()).toContain('posted from another site')
    // The refused posts did not consume the form: the merchant can still answer it.
    expect((await decide(second, 'install', { Origin: store.url, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(302)
  })
})

describe('token exchange', () => {
  it('accepts a code once', async () => {
    const code = await installAndGetCode()
    const body = { client_id: 'storedesk-demo', client_secret: store.credentials.clientSecret, code }
    expect((await exchange(body)).status).toBe(200)
    const again = await exchange(body)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ error: { status: 400, code: 'bad_request', message: 'The authorization code was already used.' } })
  })

  it('rejects a code after 10 minutes', async () => {
    const code = await installAndGetCode()
    clock += 10 * 60 * 1000 + 1
    const res = await exchange({ client_id: 'storedesk-demo', client_secret: store.credentials.clientSecret, code })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/has expired/)
  })

  it('accepts a code just before 10 minutes', async () => {
    const code = await installAndGetCode()
    clock += 10 * 60 * 1000 - 1
    expect((await exchange({ client_id: 'storedesk-demo', client_secret: store.credentials.clientSecret, code })).status).toBe(200)
  })

  it('rejects a wrong secret or client, and the code survives for the right one', async () => {
    const code = await installAndGetCode()
    const wrong = await exchange({ client_id: 'storedesk-demo', client_secret: 'not-the-secret', code })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('unauthorized')
    expect((await exchange({ client_id: 'other', client_secret: store.credentials.clientSecret, code })).status).toBe(401)
    expect((await exchange({ client_id: 'storedesk-demo', client_secret: store.credentials.clientSecret, code })).status).toBe(200)
  })

  it('rejects an unknown code and a body missing fields', async () => {
    const unknown = await exchange({ client_id: 'storedesk-demo', client_secret: store.credentials.clientSecret, code: 'deadbeef' })
    expect(unknown.status).toBe(400)
    const missing = await exchange({ client_id: 'storedesk-demo' })
    expect(missing.status).toBe(422)
    const body = (await missing.json()) as { error: { fields: Record<string, string[]> } }
    expect(Object.keys(body.error.fields).sort()).toEqual(['client_secret', 'code'])
  })
})
