// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, type ApiClientOptions, type FetchLike } from './api-client'
import { RequestLog } from './request-log'

const TOKEN = 'shpat_super_secret_token_value'
const target = { connectionId: 'c1', baseUrl: 'https://acme.example.com/', token: TOKEN }
const TIMEOUT = 15_000

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: string | undefined
}

let sent: Sent[]
let answers: Array<Response | Error | 'hang'>
let backoffSleeps: number[]
let reach: Array<[string, boolean]>

/** A fetch that answers from `answers` in order; 'hang' waits until the request is aborted. */
const fakeFetch: FetchLike = (url, init) => {
  sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body as string | undefined })
  const next = answers.shift() ?? new Error('no answer prepared')
  if (next === 'hang') {
    return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
  }
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
}

/** Backoff waits return at once (and are recorded); the timeout wait fires only when `fireTimeouts`. */
let fireTimeouts: boolean
const fakeSleep = (ms: number, signal?: AbortSignal) => {
  if (ms === TIMEOUT) {
    return new Promise<void>((resolve) => {
      if (fireTimeouts) resolve()
      else signal?.addEventListener('abort', () => resolve())
    })
  }
  backoffSleeps.push(ms)
  return Promise.resolve()
}

const clock = Date.parse('2026-01-01T00:00:00Z')
function client(options: ApiClientOptions = {}) {
  return createApiClient({
    fetch: fakeFetch,
    sleep: fakeSleep,
    now: () => clock,
    random: () => 0.5,
    onReachability: (id, online) => reach.push([id, online]),
    ...options,
  })
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
const storeError = (status: number, message: string, fields?: Record<string, string[]>) =>
  json({ error: { status, code: 'x', message, ...(fields ? { fields } : {}) } }, status)

beforeEach(() => {
  sent = []
  answers = []
  backoffSleeps = []
  reach = []
  fireTimeouts = false
})

describe('requests built from the operations table', () => {
  it('sends a GET to the versioned path with the query and the bearer token', async () => {
    answers.push(json({ count: 3 }))
    const result = await client().call(target, 'checkouts.count', {})
    expect(result).toEqual({ ok: true, value: { count: 3 } })
    expect(sent[0]).toMatchObject({ url: 'https://acme.example.com/openapi/2021-08/checkouts/count', method: 'GET', body: undefined })
    expect(sent[0]!.headers.Authorization).toBe(`Bearer ${TOKEN}`)
  })

  it('fills path parameters, encodes the query and sends JSON bodies', async () => {
    answers.push(storeError(404, 'gone'))
    await client().call(target, 'orders.list', { query: { page: 2, 'filter[status]': 'cancelled', 'filter[search]': 'a&b' } })
    expect(sent[0]!.url).toBe('https://acme.example.com/openapi/2025-04/orders?page=2&filter%5Bstatus%5D=cancelled&filter%5Bsearch%5D=a%26b')

    answers.push(storeError(404, 'gone'))
    await client().call(target, 'orders.track', { path: { id: '42' }, body: { trackno: 'T1', sendemail: false } })
    expect(sent[1]).toMatchObject({ url: 'https://acme.example.com/openapi/2025-04/orders/42/track', method: 'POST', body: '{"trackno":"T1","sendemail":false}' })
    expect(sent[1]!.headers['Content-Type']).toBe('application/json')
  })

  it('answers null for a 204 and refuses a body that does not match the reference', async () => {
    answers.push(new Response(null, { status: 204 }), json({ count: 'many' }), new Response('<html>', { status: 200 }))
    expect(await client().call(target, 'blogs.delete', { path: { id: '1' } })).toEqual({ ok: true, value: null })
    expect(await client().call(target, 'checkouts.count', {})).toMatchObject({ ok: false, error: { code: 'invalid_response' } })
    expect(await client().call(target, 'checkouts.count', {})).toMatchObject({ ok: false, error: { code: 'invalid_response' } })
  })

  it('does not follow a redirect that could carry the token elsewhere', async () => {
    answers.push(new Response(null, { status: 302, headers: { Location: 'https://evil.example/' } }))
    expect(await client().call(target, 'checkouts.count', {})).toMatchObject({ ok: false, error: { code: 'invalid_response', status: 302 } })
  })
})

describe('failures in plain words', () => {
  it.each([
    [401, storeError(401, 'bad token'), { code: 'unauthorized', message: "The store no longer accepts Storedesk's access. Reconnect the store." }],
    [403, storeError(403, 'nope'), { code: 'forbidden', message: expect.stringContaining('needs the read_orders permission') }],
    [404, storeError(404, 'No order 9.'), { code: 'not_found', message: expect.stringContaining('could not find') }],
    [409, storeError(409, 'The order is already fulfilled.'), { code: 'conflict', message: expect.stringContaining('The order is already fulfilled.') }],
    [413, storeError(413, 'big'), { code: 'payload_too_large', message: 'The store refused the request because it is too large.' }],
    [400, storeError(400, 'Unknown filter.'), { code: 'bad_request', message: expect.stringContaining('Unknown filter.') }],
  ])('a %i', async (status, response, expected) => {
    answers.push(response)
    expect(await client().call(target, 'orders.get', { path: { id: '9' } })).toEqual({ ok: false, error: { status, ...expected } })
  })

  it('a 409 that names a field carries it, so the screen can show it there', async () => {
    answers.push(storeError(409, 'Another blog already uses the seo_slug "picnic".', { seo_slug: ['is already taken'] }))
    const result = await client().call(target, 'blogs.create', { body: { title: 'Picnic' } })
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict', status: 409, fields: { seo_slug: ['is already taken'] } } })
  })

  it('a 422 carries the per-field messages', async () => {
    answers.push(storeError(422, 'Invalid.', { postcode: ['is not a valid postcode for DE'] }))
    const result = await client().call(target, 'orders.updateShipping', { path: { id: '1' }, body: {} })
    expect(result).toEqual({
      ok: false,
      error: { code: 'validation_failed', status: 422, message: 'The store did not accept these fields: postcode.', fields: { postcode: ['is not a valid postcode for DE'] } },
    })
  })
})

describe('the retry policy', () => {
  it('waits as long as Retry-After says after a 429, then retries', async () => {
    answers.push(json({}, 429, { 'Retry-After': '7' }), json({ count: 1 }))
    expect(await client().call(target, 'checkouts.count', {})).toEqual({ ok: true, value: { count: 1 } })
    expect(backoffSleeps).toEqual([7_000])
    expect(sent).toHaveLength(2)
  })

  it('reads Retry-After given as an HTTP date', async () => {
    answers.push(json({}, 429, { 'Retry-After': new Date(clock + 3_000).toUTCString() }), json({ count: 1 }))
    await client().call(target, 'checkouts.count', {})
    expect(backoffSleeps).toEqual([3_000])
  })

  it('holds the other requests to the same store while it waits out a Retry-After, but not those to another store', async () => {
    const waits: { ms: number; done: () => void }[] = []
    const held = client({
      sleep: (ms, signal) =>
        new Promise<void>((resolve) => {
          if (ms !== TIMEOUT) waits.push({ ms, done: resolve })
          signal?.addEventListener('abort', () => resolve())
        }),
    })
    answers.push(json({}, 429, { 'Retry-After': '4' }))
    const refused = held.call(target, 'checkouts.count', {})
    await vi.waitFor(() => expect(waits.map((w) => w.ms)).toEqual([4_000]))

    answers.push(json({ count: 2 }))
    const elsewhere = await held.call({ ...target, connectionId: 'c2' }, 'checkouts.count', {})
    expect(elsewhere).toEqual({ ok: true, value: { count: 2 } })
    const sideBySide = held.call(target, 'checkouts.count', {})
    await vi.waitFor(() => expect(waits.map((w) => w.ms)).toEqual([4_000, 4_000]))
    // Nothing more reached the first store while its bucket was empty.
    expect(sent).toHaveLength(2)

    answers.push(json({ count: 1 }), json({ count: 1 }))
    for (const wait of waits) wait.done()
    expect(await refused).toEqual({ ok: true, value: { count: 1 } })
    expect(await sideBySide).toEqual({ ok: true, value: { count: 1 } })
    expect(sent).toHaveLength(4)
  })

  it('a call cancelled while it waits for another call\'s Retry-After is never sent', async () => {
    const waits: (() => void)[] = []
    const held = client({
      sleep: (ms, signal) =>
        new Promise<void>((resolve) => {
          if (ms !== TIMEOUT) waits.push(resolve)
          signal?.addEventListener('abort', () => resolve())
        }),
    })
    answers.push(json({}, 429, { 'Retry-After': '2' }))
    const refused = held.call(target, 'checkouts.count', {})
    await vi.waitFor(() => expect(waits).toHaveLength(1))
    const controller = new AbortController()
    const cancelled = held.call(target, 'checkouts.count', {}, { signal: controller.signal })
    await vi.waitFor(() => expect(waits).toHaveLength(2))
    controller.abort()
    expect(await cancelled).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    answers.push(json({ count: 1 }))
    waits[0]!()
    expect(await refused).toEqual({ ok: true, value: { count: 1 } })
    expect(sent).toHaveLength(2)
  })

  it('gives a 429 back with retryAfter when the wait is too long to hold the user', async () => {
    answers.push(json({}, 429, { 'Retry-After': '3600' }))
    expect(await client().call(target, 'checkouts.count', {})).toEqual({
      ok: false,
      error: { code: 'rate_limited', status: 429, retryAfter: 3600, message: 'The store is receiving too many requests. Try again in 3600 seconds.' },
    })
    expect(sent).toHaveLength(1)
  })

  it('retries a 5xx on GET with exponential backoff and jitter, up to the attempt limit', async () => {
    answers.push(json({}, 503), json({}, 500), json({}, 502))
    const result = await client().call(target, 'checkouts.count', {})
    expect(result).toEqual({ ok: false, error: { code: 'server', status: 502, message: 'The store had a problem (error 502). Try again later.' } })
    expect(sent).toHaveLength(3)
    // random() = 0.5 → 75% of 500·2^(n-1)
    expect(backoffSleeps).toEqual([375, 750])
  })

  it('retries PUT and DELETE too, as they are idempotent', async () => {
    answers.push(json({}, 500), new Response(null, { status: 204 }))
    expect(await client().call(target, 'blogs.delete', { path: { id: '1' } })).toEqual({ ok: true, value: null })
    answers.push(new TypeError('fetch failed'), json({}, 500), storeError(404, 'gone'))
    expect(await client().call(target, 'blogs.update', { path: { id: '1' }, body: {} })).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(sent.map((s) => s.method)).toEqual(['DELETE', 'DELETE', 'PUT', 'PUT', 'PUT'])
  })

  it('never retries a POST after a 5xx', async () => {
    answers.push(json({}, 500), json({ data: {} }))
    const result = await client().call(target, 'orders.track', { path: { id: '1' }, body: { trackno: 'T', sendemail: false } })
    expect(result).toMatchObject({ ok: false, error: { code: 'server' } })
    expect(sent).toHaveLength(1)
  })

  it('never retries a POST after a 429', async () => {
    answers.push(json({}, 429, { 'Retry-After': '1' }))
    expect(await client().call(target, 'blogs.create', { body: { title: 't' } })).toMatchObject({ ok: false, error: { code: 'rate_limited', retryAfter: 1 } })
    expect(sent).toHaveLength(1)
  })

  it('reports a POST lost to a network error as uncertain, without retrying it', async () => {
    answers.push(new TypeError('fetch failed'), json({ data: {} }))
    const result = await client().call(target, 'orders.track', { path: { id: '1' }, body: { trackno: 'T', sendemail: false } })
    expect(result).toEqual({ ok: false, error: { code: 'network', uncertain: true, message: expect.stringContaining('could not be reached') } })
    expect(sent).toHaveLength(1)
  })

  it('retries a GET after a network error', async () => {
    answers.push(new TypeError('fetch failed'), json({ count: 2 }))
    expect(await client().call(target, 'checkouts.count', {})).toEqual({ ok: true, value: { count: 2 } })
    expect(reach).toEqual([['c1', false], ['c1', true]])
  })

  it('honours a configured attempt limit', async () => {
    answers.push(...Array.from({ length: 6 }, () => json({}, 503)))
    await client({ maxAttempts: 5 }).call(target, 'checkouts.count', {})
    expect(sent).toHaveLength(5)
    answers = []
    answers.push(json({}, 503), json({ count: 1 }))
    expect(await client().call(target, 'checkouts.count', {}, { maxAttempts: 1 })).toMatchObject({ ok: false, error: { code: 'server' } })
  })

  it('times out a request that hangs, and says how long it waited', async () => {
    fireTimeouts = true
    answers.push('hang')
    const result = await client({ maxAttempts: 1 }).call(target, 'checkouts.count', {})
    expect(result).toEqual({ ok: false, error: { code: 'timeout', message: 'The store did not answer within 15 seconds.' } })
  })

  it('cancels on the caller\'s signal; a cancelled POST may have been applied', async () => {
    const controller = new AbortController()
    answers.push('hang')
    const pending = client().call(target, 'blogs.create', { body: { title: 't' } }, { signal: controller.signal })
    controller.abort()
    expect(await pending).toEqual({ ok: false, error: { code: 'cancelled', uncertain: true, message: 'The request was cancelled.' } })

    answers.push('hang')
    const get = client().call(target, 'checkouts.count', {}, { signal: controller.signal })
    expect(await get).toEqual({ ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } })
  })
})

describe('the request log', () => {
  it('records every attempt without the token, the body or any secret', async () => {
    const log = new RequestLog()
    answers.push(json({}, 500), json({ data: {} }, 422), new TypeError(`connect failed ${TOKEN}`))
    const c = client({ log, maxAttempts: 2 })
    await c.call(target, 'orders.list', { query: { page: 3 } })
    await c.call(target, 'blogs.create', { body: { title: 'client_secret=abc', content: TOKEN } })
    const entries = log.entries()
    expect(entries).toEqual([
      { at: '2026-01-01T00:00:00.000Z', connectionId: 'c1', method: 'GET', path: '/openapi/2025-04/orders?page=3', status: 500, ms: 0, attempt: 1, error: 'server' },
      { at: '2026-01-01T00:00:00.000Z', connectionId: 'c1', method: 'GET', path: '/openapi/2025-04/orders?page=3', status: 422, ms: 0, attempt: 2, error: 'validation_failed' },
      { at: '2026-01-01T00:00:00.000Z', connectionId: 'c1', method: 'POST', path: '/openapi/2021-08/blogs', status: null, ms: 0, attempt: 1, error: 'network' },
    ])
    expect(JSON.stringify(entries)).not.toContain(TOKEN)
    expect(JSON.stringify(entries)).not.toContain('client_secret')
  })

  it('keeps only the last 500 entries', async () => {
    const log = new RequestLog()
    for (let i = 0; i < 505; i++) answers.push(json({ count: i }))
    const c = client({ log })
    for (let i = 0; i < 505; i++) await c.call(target, 'checkouts.list', { query: { page: i + 1 } })
    const entries = log.entries()
    expect(entries).toHaveLength(500)
    expect(entries[0]!.path).toBe('/openapi/2021-08/checkouts?page=6')
    expect(entries.at(-1)!.path).toBe('/openapi/2021-08/checkouts?page=505')
  })
})
