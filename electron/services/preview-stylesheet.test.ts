// @vitest-environment node
// The preview stylesheet fetcher: which addresses it asks, what it refuses (non-https, an address
// on this computer or a private network, at the start or after any redirect, too large, not CSS,
// too slow), and what it sends. Mostly with fetch and DNS replaced; the refusals of addresses
// with real servers on this computer, which count every connection made to them.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { FetchLike } from './api-client'
import { IntlMessageFormat } from 'intl-messageformat'
// eslint-disable-next-line no-restricted-imports -- the test holds main's English against the catalog the screens say it from
import { en } from '../../renderer/src/session/i18n/en'
import { MAX_REDIRECTS, fetchPreviewStylesheet as fetchStylesheet, isPublicAddress, pinnedRequest, type Resolver } from './preview-stylesheet'

/**
 * The fetcher, with one more check on every refusal: it carries a catalog message
 * (stylesheetProblems.*) that says in English exactly what its log message says, so a German or
 * Chinese screen shows the same reason. Returns the result without those words, as the
 * examples below state it.
 */
async function fetchPreviewStylesheet(...args: Parameters<typeof fetchStylesheet>): ReturnType<typeof fetchStylesheet> {
  const result = await fetchStylesheet(...args)
  if (result.ok) return result
  const { words, ...error } = result.error
  const [group, key] = words!.key.split('.') as ['stylesheetProblems', keyof typeof en.stylesheetProblems]
  expect(group).toBe('stylesheetProblems')
  const said = new IntlMessageFormat(en.stylesheetProblems[key], 'en', undefined, { ignoreTag: true }).format(words!.params ?? {})
  expect(`The stylesheet could not be loaded: ${String(said)}`).toBe(error.message)
  return { ok: false, error }
}

type Answer = Response | ((init: RequestInit) => Promise<Response>)

/** A fetch that answers each address from `answers`, recording every request. */
function fakeFetch(answers: Record<string, Answer>) {
  const requests: { url: string; init: RequestInit }[] = []
  const fetch: FetchLike = async (url, init) => {
    requests.push({ url, init })
    const answer = answers[url]
    if (!answer) throw new TypeError('fetch failed')
    return typeof answer === 'function' ? answer(init) : answer
  }
  return { resolve: publicDns, fetch, requests }
}

/** DNS as the internet answers it: every name is some public address; localhost is this computer. */
const publicDns: Resolver = async (hostname) => (hostname === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.215.14', family: 4 }])

const css = (body: string, headers: Record<string, string> = {}) => new Response(body, { headers: { 'Content-Type': 'text/css; charset=utf-8', ...headers } })
const THEME = 'https://blog.example.com/theme.css'

describe('fetchPreviewStylesheet', () => {
  it('fetches an https stylesheet with no credentials and nothing but Accept: text/css', async () => {
    const { resolve: publicDns, fetch, requests } = fakeFetch({ [THEME]: css('body { color: navy }') })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch })).toEqual({ ok: true, value: { url: THEME, css: 'body { color: navy }' } })
    expect(requests).toHaveLength(1)
    expect(requests[0]!.init).toMatchObject({ method: 'GET', headers: { Accept: 'text/css' }, redirect: 'manual', credentials: 'omit' })
  })

  it('allows plain http only on this computer', async () => {
    const local = 'http://127.0.0.1:4010/theme.css'
    const { resolve: publicDns, fetch, requests } = fakeFetch({ [local]: css('p{}'), 'http://localhost:4010/t.css': css('p{}') })
    expect((await fetchPreviewStylesheet(local, { resolve: publicDns, fetch })).ok).toBe(true)
    expect((await fetchPreviewStylesheet('http://localhost:4010/t.css', { resolve: publicDns, fetch })).ok).toBe(true)
    for (const refused of ['http://blog.example.com/theme.css', 'ftp://blog.example.com/theme.css', 'file:///etc/passwd', 'data:text/css,p{}']) {
      expect(await fetchPreviewStylesheet(refused, { resolve: publicDns, fetch })).toEqual({
        ok: false,
        error: { code: 'bad_request', message: 'The stylesheet could not be loaded: only https addresses can be used (plain http only on this computer, at 127.0.0.1 or localhost).' },
      })
    }
    expect(requests.map((r) => r.url)).toEqual([local, 'http://localhost:4010/t.css'])
  })

  it('refuses what is not an address, and addresses carrying a user name or password', async () => {
    const { resolve: publicDns, fetch, requests } = fakeFetch({})
    expect(await fetchPreviewStylesheet('theme.css', { resolve: publicDns, fetch })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The stylesheet could not be loaded: that is not a web address/) } })
    expect(await fetchPreviewStylesheet('https://me:secret@blog.example.com/theme.css', { resolve: publicDns, fetch })).toMatchObject({ ok: false, error: { message: expect.stringContaining('user name or password') } })
    expect(requests).toEqual([])
  })

  it('follows a few redirects, checking each one, and never from elsewhere to this computer', async () => {
    const moved = (to: string) => new Response(null, { status: 301, headers: { Location: to } })
    const { resolve: publicDns, fetch } = fakeFetch({
      [THEME]: moved('/v2/theme.css'),
      'https://blog.example.com/v2/theme.css': moved('https://cdn.example.net/theme.css'),
      'https://cdn.example.net/theme.css': css('h1 { font-size: 2rem }'),
      'https://evil.example/a.css': moved('http://127.0.0.1:8080/admin'),
      'https://evil.example/b.css': moved('http://evil.example/b.css'),
    })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch })).toEqual({ ok: true, value: { url: 'https://cdn.example.net/theme.css', css: 'h1 { font-size: 2rem }' } })
    expect(await fetchPreviewStylesheet('https://evil.example/a.css', { resolve: publicDns, fetch })).toMatchObject({ ok: false, error: { message: expect.stringContaining('an address on this computer or a private network') } })
    expect(await fetchPreviewStylesheet('https://evil.example/b.css', { resolve: publicDns, fetch })).toMatchObject({ ok: false, error: { message: expect.stringContaining('only https addresses') } })

    const loop = fakeFetch({ [THEME]: moved(THEME) })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch: loop.fetch })).toMatchObject({ ok: false, error: { message: `The stylesheet could not be loaded: the address moved it more than ${MAX_REDIRECTS} times.` } })
    expect(loop.requests).toHaveLength(MAX_REDIRECTS + 1)
  })

  it('refuses an answer that is not CSS', async () => {
    const { resolve: publicDns, fetch } = fakeFetch({ [THEME]: new Response('<html>Not found</html>', { headers: { 'Content-Type': 'text/html' } }) })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch })).toEqual({
      ok: false,
      error: { code: 'invalid_response', message: 'The stylesheet could not be loaded: the address sent “text/html”, not a stylesheet (text/css).' },
    })
  })

  it('says what the address answered when it is not a success', async () => {
    const { resolve: publicDns, fetch } = fakeFetch({ [THEME]: new Response('gone', { status: 404, statusText: 'Not Found' }) })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch })).toEqual({ ok: false, error: { code: 'not_found', message: 'The stylesheet could not be loaded: the address answered 404 (Not Found).' } })
  })

  it('refuses a stylesheet over the size limit, whether or not its length was declared', async () => {
    const big = 'a'.repeat(2048)
    const declared = fakeFetch({ [THEME]: css(big, { 'Content-Length': String(big.length) }) })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch: declared.fetch, maxBytes: 1024 })).toEqual({
      ok: false,
      error: { code: 'payload_too_large', message: 'The stylesheet could not be loaded: it is larger than 1 KB.' },
    })
    // Streamed without a length: counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(big.slice(0, 512)))
        controller.close()
      },
    })
    const streamed = fakeFetch({ [THEME]: new Response(stream, { headers: { 'Content-Type': 'text/css' } }) })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch: streamed.fetch, maxBytes: 1024 })).toMatchObject({ ok: false, error: { code: 'payload_too_large' } })
    const fits = fakeFetch({ [THEME]: css(big.slice(0, 1024)) })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch: fits.fetch, maxBytes: 1024 })).toMatchObject({ ok: true })
  })

  it('gives up when the address does not answer in time', async () => {
    const { resolve: publicDns, fetch } = fakeFetch({
      [THEME]: (init) =>
        new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    })
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch, timeoutMs: 20 })).toEqual({
      ok: false,
      error: { code: 'timeout', message: 'The stylesheet could not be loaded: the address did not answer within 1 second.' },
    })
  })

  it('says when the address cannot be reached', async () => {
    const { resolve: publicDns, fetch } = fakeFetch({})
    expect(await fetchPreviewStylesheet(THEME, { resolve: publicDns, fetch })).toMatchObject({ ok: false, error: { code: 'network', message: expect.stringContaining('could not be reached') } })
  })
})

/** A server on every local address of this computer (IPv4 and IPv6) that counts the connections made to it. */
async function countingServer(handler: Parameters<typeof createServer>[1] = (_request, response) => response.writeHead(200, { 'Content-Type': 'text/css' }).end('body { color: red }')) {
  const server = createServer(handler)
  let connections = 0
  server.on('connection', (socket: Socket) => {
    connections += 1
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '::', resolve))
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections }
}

describe('addresses on this computer or a private network', () => {
  const servers: Server[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
  })

  const LOCAL_TARGETS = (port: number) => [
    `https://127.0.0.2:${port}/theme.css`,
    `https://0.0.0.0:${port}/theme.css`,
    `https://[::ffff:127.0.0.1]:${port}/theme.css`,
    `https://[::1]:${port}/theme.css`,
    `https://localhost.:${port}/theme.css`,
    `https://LOCALHOST:${port}/theme.css`,
    `https://shop.localhost:${port}/theme.css`,
    `https://2130706433:${port}/theme.css`,
    `https://[::]:${port}/theme.css`,
    `http://127.0.0.1:${port}/theme.css`,
  ]

  it('never follows a redirect to this computer, however the address is written: nothing connects to it', async () => {
    const victim = await countingServer()
    servers.push(victim.server)
    for (const target of LOCAL_TARGETS(victim.port)) {
      const mover = await countingServer((_request, response) => response.writeHead(302, { Location: target }).end())
      servers.push(mover.server)
      const result = await fetchPreviewStylesheet(`http://127.0.0.1:${mover.port}/theme.css`, { resolve: publicDns, timeoutMs: 3000 })
      expect(result, target).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('an address on this computer or a private network, which Storedesk does not follow') } })
      expect(mover.connections(), target).toBe(1)
    }
    expect(victim.connections()).toBe(0)
  })

  it('never follows a redirect to a private, link-local or cloud metadata address, nor to a name that resolves to one', async () => {
    const resolve: Resolver = async (hostname) => {
      if (hostname === 'intranet.example') return [{ address: '10.1.2.3', family: 4 }]
      if (hostname === 'rebind.example') return [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }]
      if (hostname === 'v6.intranet.example') return [{ address: 'fd12:3456::1', family: 6 }]
      return publicDns(hostname)
    }
    const targets = [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/theme.css',
      'https://172.16.5.4/theme.css',
      'https://192.168.1.1/theme.css',
      'https://100.64.0.1/theme.css',
      'https://[fe80::1]/theme.css',
      'https://[fd00::1]/theme.css',
      'https://[64:ff9b::a00:1]/theme.css',
      'https://intranet.example/theme.css',
      'https://rebind.example/theme.css',
      'https://v6.intranet.example/theme.css',
    ]
    for (const target of targets) {
      const mover = await countingServer((_request, response) => response.writeHead(301, { Location: target }).end())
      servers.push(mover.server)
      const started = Date.now()
      const result = await fetchPreviewStylesheet(`http://127.0.0.1:${mover.port}/theme.css`, { resolve, timeoutMs: 3000 })
      expect(result, target).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining(`it moved to ${new URL(target).origin}, an address on this computer or a private network`) } })
      // Refused before any connection is tried, not after one timed out.
      expect(Date.now() - started, target).toBeLessThan(1000)
    }
  })

  it('refuses to start from a name that resolves to this computer or a private network; 127.0.0.1 and localhost typed as such are this computer', async () => {
    const resolve: Resolver = async (hostname) => (hostname === 'blog.intranet.example' ? [{ address: '192.168.0.10', family: 4 }] : [{ address: '127.0.0.1', family: 4 }])
    expect(await fetchPreviewStylesheet('https://blog.intranet.example/theme.css', { resolve })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: 'The stylesheet could not be loaded: blog.intranet.example is on this computer or a private network (192.168.0.10). Use the blog’s public address.' },
    })
    expect(await fetchPreviewStylesheet('https://localhost.:8443/theme.css', { resolve })).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    const local = await countingServer()
    servers.push(local.server)
    expect(await fetchPreviewStylesheet(`http://localhost:${local.port}/theme.css`, { resolve })).toEqual({ ok: true, value: { url: `http://localhost:${local.port}/theme.css`, css: 'body { color: red }' } })
    // localhost must be this computer: a resolver that sends it elsewhere is not followed.
    expect(await fetchPreviewStylesheet(`http://localhost:${local.port}/theme.css`, { resolve: async () => [{ address: '10.0.0.7', family: 4 }] })).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })

  it('connects to the address it checked, not to whatever a second DNS answer says', async () => {
    const server = await countingServer((request, response) => response.writeHead(200, { 'Content-Type': 'text/css' }).end(`/* ${request.headers.host} */`))
    servers.push(server.server)
    const response = await pinnedRequest(new URL(`http://cdn.example.invalid:${server.port}/theme.css`), { address: '127.0.0.1', family: 4 }, { headers: { Accept: 'text/css' }, signal: new AbortController().signal })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(`/* cdn.example.invalid:${server.port} */`)
  })

  it('never calls an address in a private, loopback or link-local range, nor any IPv4-mapped one, public', () => {
    const octet = fc.integer({ min: 0, max: 255 })
    const inRange = (first: number, second: fc.Arbitrary<number>) => fc.tuple(second, octet, octet).map(([b, c, d]) => `${first}.${b}.${c}.${d}`)
    const privateV4 = fc.oneof(inRange(10, octet), inRange(127, octet), inRange(0, octet), inRange(172, fc.integer({ min: 16, max: 31 })), inRange(192, fc.constant(168)), inRange(169, fc.constant(254)), inRange(100, fc.integer({ min: 64, max: 127 })))
    fc.assert(fc.property(privateV4, (address) => !isPublicAddress(address)))
    fc.assert(fc.property(fc.ipV4(), (address) => !isPublicAddress(`::ffff:${address}`)))
    const hex = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16))
    const privateV6 = fc.oneof(fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hex), fc.tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), hex)).map(([first, last]) => `${first.toString(16)}::${last}`)
    fc.assert(fc.property(privateV6, (address) => !isPublicAddress(address)))
  })

  it('tells public addresses from the others', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '203.0.113.9']) expect(isPublicAddress(address), address).toBe(true)
    for (const address of ['127.0.0.1', '127.255.0.9', '0.0.0.0', '10.9.8.7', '172.31.0.1', '192.168.99.1', '169.254.169.254', '100.100.0.1', '224.0.0.1', '255.255.255.255', '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fe80::1', 'fc00::1', 'fd00::1', 'ff02::1', '64:ff9b::7f00:1', 'not an address']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })
})
