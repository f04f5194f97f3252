// @vitest-environment node
import { createHmac } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { ATTEMPT_LIFETIME_MS, createOAuthFlow, normaliseShopUrl, type ConnectTarget, type OAuthFlow } from './oauth'

const REDIRECT = 'storedesk://oauth/callback'
const SECRET = 'shh-client-secret'
const target: ConnectTarget = {
  shopBase: 'https://acme.example.com',
  shop: 'acme.example.com',
  clientId: 'app-1',
  clientSecret: SECRET,
  scopes: ['read_orders', 'write_content'],
  label: 'Acme',
  isDemo: false,
}

/** Signs with node:crypto directly, independently of hmac.ts. */
function sign(params: Record<string, string>, secret = SECRET): string {
  const message = Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&')
  return createHmac('sha256', secret).update(message).digest('hex')
}
function callback(params: Record<string, string>, secret = SECRET, base = REDIRECT): string {
  return `${base}?${new URLSearchParams({ ...params, hmac: sign(params, secret) })}`
}

let clock: number
let exchanges: Array<{ url: string; body: unknown }>
let tokenAnswer: () => Response
let flow: OAuthFlow

beforeEach(() => {
  clock = Date.parse('2026-01-01T10:00:00Z')
  exchanges = []
  tokenAnswer = () => Response.json({ access_token: 'at_0123456789', scope: 'read_orders,write_content' })
  flow = createOAuthFlow({
    now: () => clock,
    fetch: async (url, init) => {
      exchanges.push({ url, body: JSON.parse(String(init.body)) })
      return tokenAnswer()
    },
  })
})

function begin(t: ConnectTarget = target) {
  const { attempt, authorizeUrl } = flow.begin(t, REDIRECT)
  return { attempt, authorizeUrl, state: new URL(authorizeUrl).searchParams.get('state')! }
}

describe('connect attempts', () => {
  it('builds the authorize URL the reference describes', () => {
    const { authorizeUrl, state } = begin()
    const url = new URL(authorizeUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://acme.example.com/admin/oauth/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-1',
      scope: 'read_orders,write_content',
      redirect_uri: REDIRECT,
      response_type: 'code',
      state,
    })
  })

  it('gives every attempt a fresh state of at least 128 random bits', () => {
    const states = Array.from({ length: 200 }, () => begin().state)
    expect(new Set(states).size).toBe(200)
    for (const state of states) {
      expect(state).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(Buffer.from(state, 'base64url').length).toBeGreaterThanOrEqual(16)
    }
  })
})

describe('the OAuth callback', () => {
  it('exchanges the code with the shop the attempt started with and returns the token and granted scopes', async () => {
    const { attempt, state } = begin()
    const result = await flow.handleCallback(callback({ code: 'c1', shop: 'acme.example.com', state }), REDIRECT)
    expect(result).toEqual({ ok: true, attempt, accessToken: 'at_0123456789', grantedScopes: ['read_orders', 'write_content'] })
    expect(exchanges).toEqual([{ url: 'https://acme.example.com/api/admin/app_store/oauth/token', body: { client_id: 'app-1', client_secret: SECRET, code: 'c1' } }])
  })

  it('refuses a store-signed callback without state, even with an attempt pending for that shop, and keeps the attempt', async () => {
    const { state } = begin()
    const result = await flow.handleCallback(callback({ code: 'c1', shop: 'acme.example.com' }), REDIRECT)
    expect(result).toEqual({ ok: false, attemptId: null, error: { code: 'oauth', message: expect.stringMatching(/carries no state.*Nothing was connected/) } })
    expect(exchanges).toHaveLength(0)
    expect(flow.pendingCount()).toBe(1)
    expect((await flow.handleCallback(callback({ code: 'c2', shop: 'acme.example.com', state }), REDIRECT)).ok).toBe(true)
  })

  it('exchanges the code once when the same callback is delivered twice', async () => {
    const { state } = begin()
    const url = callback({ code: 'c1', shop: 'acme.example.com', state })
    const [first, second] = await Promise.all([flow.handleCallback(url, REDIRECT), flow.handleCallback(url, REDIRECT)])
    expect(first.ok).toBe(true)
    expect(second).toMatchObject({ ok: false, error: { code: 'oauth', message: expect.stringContaining('already used') } })
    const third = await flow.handleCallback(url, REDIRECT)
    expect(third).toMatchObject({ ok: false, error: { message: expect.stringContaining('already used') } })
    expect(exchanges).toHaveLength(1)
  })

  // Each: the callback, and the words the user must see. None may reach the token endpoint.
  const refusals: Array<[string, (state: string) => string, RegExp]> = [
    ['an unreadable URL', () => 'not a url at all', /could not be read/],
    ['another scheme', (state) => callback({ code: 'c', shop: 'acme.example.com', state }, SECRET, 'https://oauth/callback'), /callback address/],
    ['another path', (state) => callback({ code: 'c', shop: 'acme.example.com', state }, SECRET, 'storedesk://oauth/elsewhere'), /callback address/],
    ['a duplicated parameter', (state) => `${callback({ code: 'c', shop: 'acme.example.com', state })}&code=other`, /"code" twice/],
    ['an unknown parameter', (state) => callback({ code: 'c', shop: 'acme.example.com', state, redirect: 'https://evil.example' }), /does not expect \(redirect\)/],
    ['a missing hmac', (state) => `${REDIRECT}?${new URLSearchParams({ code: 'c', shop: 'acme.example.com', state })}`, /missing hmac/],
    ['a tampered signature', (state) => callback({ code: 'c', shop: 'acme.example.com', state }).replace('code=c', 'code=d'), /signature \(hmac\).*does not match/],
    ['a signature made with another secret', (state) => callback({ code: 'c', shop: 'acme.example.com', state }, 'guessed-secret'), /signature \(hmac\).*does not match/],
    ['a different shop', (state) => callback({ code: 'c', shop: 'evil.example.com', state }), /different store \(evil\.example\.com\).*\(acme\.example\.com\)/],
    ['an unknown attempt', () => callback({ code: 'c', shop: 'acme.example.com', state: 'made-up-state' }), /No connect attempt matches/],
    ['the user cancelling on the consent page', (state) => callback({ error: 'access_denied', shop: 'acme.example.com', state }), /You cancelled the installation/],
  ]

  it.each(refusals)('refuses %s, saying so plainly, and exchanges nothing', async (_what, build, words) => {
    const { state } = begin()
    const result = await flow.handleCallback(build(state), REDIRECT)
    expect(result).toMatchObject({ ok: false, error: { code: 'oauth', message: expect.stringMatching(words) } })
    expect(!result.ok && result.error.message).toMatch(/Nothing was connected|Start connecting again/)
    expect(exchanges).toHaveLength(0)
  })

  it('refuses an attempt older than 10 minutes', async () => {
    const { attempt, state } = begin()
    clock += ATTEMPT_LIFETIME_MS
    const result = await flow.handleCallback(callback({ code: 'c', shop: 'acme.example.com', state }), REDIRECT)
    expect(result).toEqual({ ok: false, attemptId: attempt.attemptId, error: { code: 'oauth', message: expect.stringContaining('expired') } })
    expect(exchanges).toHaveLength(0)
  })

  it('accepts an attempt just under 10 minutes old', async () => {
    const { state } = begin()
    clock += ATTEMPT_LIFETIME_MS - 1
    expect((await flow.handleCallback(callback({ code: 'c', shop: 'acme.example.com', state }), REDIRECT)).ok).toBe(true)
  })

  it('refuses a cancelled attempt', async () => {
    const { attempt, state } = begin()
    flow.cancel(attempt.attemptId)
    const result = await flow.handleCallback(callback({ code: 'c', shop: 'acme.example.com', state }), REDIRECT)
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining('was cancelled') } })
    expect(exchanges).toHaveLength(0)
  })

  it('keeps the attempt pending after a forged callback, so the genuine one still connects', async () => {
    const { state } = begin()
    await flow.handleCallback(callback({ code: 'c', shop: 'evil.example.com', state }), REDIRECT)
    await flow.handleCallback(callback({ code: 'c', shop: 'acme.example.com', state }, 'guessed'), REDIRECT)
    expect((await flow.handleCallback(callback({ code: 'c', shop: 'acme.example.com', state }), REDIRECT)).ok).toBe(true)
  })

  it('refuses when the store does not accept the code, and does not retry it', async () => {
    tokenAnswer = () => Response.json({ error: { status: 400, code: 'bad_request', message: 'The authorization code was already used.' } }, { status: 400 })
    const { state } = begin()
    const url = callback({ code: 'c', shop: 'acme.example.com', state })
    expect(await flow.handleCallback(url, REDIRECT)).toMatchObject({ ok: false, error: { message: expect.stringContaining('did not accept the authorization code') } })
    expect(await flow.handleCallback(url, REDIRECT)).toMatchObject({ ok: false, error: { message: expect.stringContaining('already used') } })
    expect(exchanges).toHaveLength(1)
  })

  it('refuses a token answer that does not match the reference', async () => {
    tokenAnswer = () => Response.json({ token: 'x' })
    const { state } = begin()
    expect(await flow.handleCallback(callback({ code: 'c', shop: 'acme.example.com', state }), REDIRECT)).toMatchObject({ ok: false, error: { code: 'oauth' } })
  })
})

describe('the app_url launch link', () => {
  const candidates = [
    { id: 'c_acme', shop: 'acme.example.com', clientSecret: SECRET },
    { id: 'c_other', shop: 'other.example.com', clientSecret: 'other-secret' },
  ]
  const link = (params: Record<string, string>, secret = SECRET) => `storedesk://launch?${new URLSearchParams({ ...params, hmac: sign(params, secret) })}`
  const nowS = () => String(Math.floor(clock / 1000))

  it('opens the connection whose secret verifies the link', () => {
    expect(flow.verifyLaunchLink(link({ shop: 'acme.example.com', timestamp: nowS() }), candidates)).toEqual({ ok: true, connectionId: 'c_acme' })
    expect(flow.verifyLaunchLink(link({ shop: 'other.example.com', timestamp: nowS() }, 'other-secret'), candidates)).toEqual({ ok: true, connectionId: 'c_other' })
  })

  it.each([
    ['older than 5 minutes', () => link({ shop: 'acme.example.com', timestamp: String(Number(nowS()) - 301) }), /older than 5 minutes/],
    ['dated in the future', () => link({ shop: 'acme.example.com', timestamp: String(Number(nowS()) + 120) }), /in the future/],
    ['tampered', () => link({ shop: 'acme.example.com', timestamp: nowS() }).replace('acme.example.com', 'other.example.com'), /signature \(hmac\).*does not match/],
    ['signed by another store', () => link({ shop: 'acme.example.com', timestamp: nowS() }, 'other-secret'), /signature \(hmac\).*does not match/],
    ['for an unknown store', () => link({ shop: 'nope.example.com', timestamp: nowS() }), /not connected to nope\.example\.com/],
    ['with a duplicated parameter', () => `${link({ shop: 'acme.example.com', timestamp: nowS() })}&shop=other.example.com`, /"shop" twice/],
    ['without a timestamp', () => link({ shop: 'acme.example.com' }), /incomplete/],
  ])('refuses a link %s', (_what, build, words) => {
    expect(flow.verifyLaunchLink(build(), candidates)).toEqual({ ok: false, error: { code: 'oauth', message: expect.stringMatching(words) } })
  })
})

describe('helpers', () => {
  it('reads a shop address typed with or without a scheme', () => {
    expect(normaliseShopUrl('acme.example.com')).toEqual({ shop: 'acme.example.com', shopBase: 'https://acme.example.com' })
    expect(normaliseShopUrl('http://127.0.0.1:4010/')).toEqual({ shop: '127.0.0.1:4010', shopBase: 'http://127.0.0.1:4010' })
    expect(normaliseShopUrl('ftp://acme.example.com')).toBeNull()
    expect(normaliseShopUrl('http://acme.example.com')).toBeNull()
    expect(normaliseShopUrl('acme')).toBeNull()
    expect(normaliseShopUrl('http://localhost:4010')).toEqual({ shop: 'localhost:4010', shopBase: 'http://localhost:4010' })
    expect(normaliseShopUrl('https://user:pw@acme.example.com')).toBeNull()
  })
})
