// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChannelName, ConnectAttempt, ConnectionsState, EventName } from '../common/ipc-contract'
import type { HostCapabilities, MainServices, SecretVault } from './host-contract'
import { createMainServices } from './main-services'
import { signParams } from './oauth'
import { FAKE_TOKEN, startFakeStore, type FakeStore } from './test-support/fake-store'
import { createFileVault } from './vault'

const CLIENT_SECRET = 'client-secret-for-tests-42'
const REDIRECT = 'http://127.0.0.1:5999/oauth/callback'

let profileDir: string
let store: FakeStore
let services: MainServices | undefined
let opened: string[]
let events: Array<{ event: EventName; payload: unknown }>

function makeHost(vault: SecretVault = createFileVault(join(profileDir, 'secrets.json'))): HostCapabilities {
  return {
    shell: 'web',
    version: '0.0.0-test',
    profileDir,
    vault,
    redirectUri: () => REDIRECT,
    openExternal: async (url) => {
      opened.push(url)
      return true
    },
  }
}

async function start(host = makeHost(), probeIntervalMs?: number): Promise<MainServices> {
  services = await createMainServices(host, { maxAttempts: 1, timeoutMs: 2_000, ...(probeIntervalMs !== undefined ? { probeIntervalMs } : {}) })
  services.onEvent((event, payload) => events.push({ event, payload }))
  return services
}

async function ok<T>(s: MainServices, channel: ChannelName, args: unknown[]): Promise<T> {
  const result = await s.invoke(channel, args)
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`)
  return result.value as T
}

/** Begins a connect attempt and answers it the way the store would after Install. */
async function connect(s: MainServices, code = 'code-1') {
  const attempt = await ok<ConnectAttempt>(s, 'connections.begin', [
    { shopUrl: store.url, clientId: 'app-id', clientSecret: CLIENT_SECRET, scopes: ['read_orders', 'write_orders'] },
  ])
  const state = new URL(attempt.authorizeUrl).searchParams.get('state')!
  const params = signParams({ code, shop: store.shop, state }, CLIENT_SECRET)
  const outcome = await s.handleOAuthCallback(`${REDIRECT}?${new URLSearchParams(params)}`)
  return { attempt, outcome }
}

beforeEach(async () => {
  profileDir = await mkdtemp(join(tmpdir(), 'storedesk-services-'))
  store = await startFakeStore()
  opened = []
  events = []
})

afterEach(async () => {
  await services?.dispose()
  services = undefined
  await store.close()
  await rm(profileDir, { recursive: true, force: true })
})

describe('connecting a store', () => {
  it('opens the authorize page, exchanges the code with that shop and lists the new active connection', async () => {
    const s = await start()
    const { attempt, outcome } = await connect(s)

    expect(attempt.openedExternally).toBe(true)
    expect(opened).toEqual([attempt.authorizeUrl])
    const authorize = new URL(attempt.authorizeUrl)
    expect(authorize.origin + authorize.pathname).toBe(`${store.url}/admin/oauth/authorize`)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'app-id',
      scope: 'read_orders,write_orders',
      redirect_uri: REDIRECT,
      response_type: 'code',
    })

    expect(outcome).toMatchObject({ ok: true, attemptId: attempt.attemptId })
    const exchange = store.received.find((r) => r.url === '/api/admin/app_store/oauth/token')!
    expect(JSON.parse(exchange.body)).toEqual({ client_id: 'app-id', client_secret: CLIENT_SECRET, code: 'code-1' })

    const state = await ok<ConnectionsState>(s, 'connections.get', [])
    expect(state.activeId).toBe(outcome.connectionId)
    expect(state.connections).toEqual([
      expect.objectContaining({ shop: store.shop, baseUrl: store.url, scopes: ['read_orders', 'write_orders'], tokenEncrypted: false, isDemo: false }),
    ])
    expect(state.connections[0]!.needsReconnect).toBeUndefined()
    expect(events.map((e) => e.event)).toEqual(['connections.onDidChange', 'connections.onDidFinishConnect'])

    const saved = await readFile(join(profileDir, 'connections.json'), 'utf8')
    expect(saved).not.toContain(FAKE_TOKEN)
    expect(saved).not.toContain(CLIENT_SECRET)
  })

  it('never sends the token or client secret to the renderer', async () => {
    const s = await start()
    await connect(s)
    const everything = JSON.stringify([
      await s.invoke('connections.get', []),
      await s.invoke('diagnostics.requestLog', []),
      await s.invoke('app.getInfo', []),
      events,
    ])
    expect(everything).not.toContain(FAKE_TOKEN)
    expect(everything).not.toContain(CLIENT_SECRET)
  })

  it('keeps connections across a restart, and disconnect deletes the token', async () => {
    const first = await start()
    const { outcome } = await connect(first)
    await first.dispose()

    const second = await start()
    const state = await ok<ConnectionsState>(second, 'connections.get', [])
    expect(state.connections.map((c) => c.id)).toEqual([outcome.connectionId])
    expect(await ok(second, 'store.call', [outcome.connectionId, 'checkouts.count', {}])).toEqual({ count: 7 })

    const after = await ok<ConnectionsState>(second, 'connections.disconnect', [outcome.connectionId])
    expect(after).toEqual({ connections: [], activeId: null })
    const vaultFile = await readFile(join(profileDir, 'secrets.json'), 'utf8')
    expect(vaultFile).not.toContain(FAKE_TOKEN)
    expect(vaultFile).not.toContain(CLIENT_SECRET)
  })

  it('offers a reconnect, not a crash, when the token can no longer be read', async () => {
    const vault = createFileVault(join(profileDir, 'secrets.json'))
    const s = await start(makeHost(vault))
    const { outcome } = await connect(s)
    await vault.delete(`${outcome.connectionId}:token`)

    const state = await ok<ConnectionsState>(s, 'connections.get', [])
    expect(state.connections[0]!.needsReconnect).toBe(true)
    const call = await s.invoke('store.call', [outcome.connectionId, 'checkouts.count', {}])
    expect(call).toEqual({ ok: false, error: { code: 'not_connected', message: expect.stringMatching(/Reconnect the store/) } })
  })
})

describe('store.call', () => {
  it('marks the connection for a reconnect when the store refuses its token, until it is reconnected', async () => {
    const s = await start()
    const { outcome } = await connect(s)
    store.routes.set('GET /openapi/2021-08/checkouts/count', () => ({ status: 401, body: { error: { status: 401, code: 'unauthorized', message: 'Unknown token.' } } }))
    const result = await s.invoke('store.call', [outcome.connectionId, 'checkouts.count', {}])
    expect(result).toEqual({ ok: false, error: { code: 'unauthorized', status: 401, message: "The store no longer accepts Storedesk's access. Reconnect the store." } })
    const changed = events.filter((e) => e.event === 'connections.onDidChange').at(-1)!.payload as ConnectionsState
    expect(changed.connections[0]!.needsReconnect).toBe(true)

    await connect(s, 'code-2')
    expect((await ok<ConnectionsState>(s, 'connections.get', [])).connections[0]!.needsReconnect).toBeUndefined()
  })


  it('sends the request with the bearer token and returns the validated answer', async () => {
    const s = await start()
    const { outcome } = await connect(s)
    const value = await ok(s, 'store.call', [outcome.connectionId, 'checkouts.count', {}])
    expect(value).toEqual({ count: 7 })
    const sent = store.received.find((r) => r.url === '/openapi/2021-08/checkouts/count')!
    expect(sent.authorization).toBe(`Bearer ${FAKE_TOKEN}`)
  })

  it('refuses an operation whose scope was not granted, naming the scope, without asking the store', async () => {
    const s = await start()
    const { outcome } = await connect(s)
    const before = store.received.length
    const result = await s.invoke('store.call', [outcome.connectionId, 'blogs.list', {}])
    expect(result).toEqual({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('read_content or write_content') } })
    expect(store.received.length).toBe(before)
  })

  it('refuses bad params listing the problem, without asking the store', async () => {
    const s = await start()
    const { outcome } = await connect(s)
    const before = store.received.length
    const result = await s.invoke('store.call', [outcome.connectionId, 'orders.get', { path: { id: 'abc' } }])
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.code).toBe('bad_request')
    expect(!result.ok && result.error.message).toMatch(/orders\.get.*path\.id/)
    expect(store.received.length).toBe(before)
  })

  it('reports the store as offline when it cannot be reached, and online again when it answers', async () => {
    const s = await start()
    const { outcome } = await connect(s)
    const id = outcome.connectionId!
    await ok(s, 'store.call', [id, 'checkouts.count', {}])
    await store.close()
    const failed = await s.invoke('store.call', [id, 'checkouts.count', {}])
    expect(!failed.ok && failed.error.code).toBe('network')
    const reach = events.filter((e) => e.event === 'store.onDidChangeReachability').map((e) => e.payload)
    expect(reach).toEqual([
      expect.objectContaining({ connectionId: id, online: true }),
      expect.objectContaining({ connectionId: id, online: false }),
    ])
    expect(await ok(s, 'store.checkReachability', [id])).toMatchObject({ connectionId: id, online: false })
    store = await startFakeStore()
  })

  it('keeps asking a store that stopped answering, and says it is back without anyone calling it', async () => {
    const s = await start(makeHost(), 50)
    const { outcome } = await connect(s)
    const id = outcome.connectionId!
    const count = 'GET /openapi/2021-08/checkouts/count'
    const probes = () => store.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === count).length
    const reach = () => events.filter((e) => e.event === 'store.onDidChangeReachability').map((e) => (e.payload as { online: boolean }).online)

    store.unreachable = true
    const failed = await s.invoke('store.call', [id, 'checkouts.count', {}])
    expect(!failed.ok && failed.error.code).toBe('network')
    expect(reach()).toEqual([false])

    store.unreachable = false
    await expect.poll(reach, { timeout: 2_000 }).toEqual([false, true])
    // Once it answered, it is not asked again.
    const asked = probes()
    expect(asked).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(probes()).toBe(asked)
  })

  it('stops asking a store once it is disconnected', async () => {
    const s = await start(makeHost(), 50)
    const { outcome } = await connect(s)
    const id = outcome.connectionId!
    store.unreachable = true
    await s.invoke('store.call', [id, 'checkouts.count', {}])
    await ok(s, 'connections.disconnect', [id])
    store.unreachable = false
    const before = store.received.length
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(store.received.length).toBe(before)
  })
})

describe('hostile IPC payloads', () => {
  const proto = (json: string) => JSON.parse(json) as unknown
  /** [what, channel, args built for the connected store's id] */
  const hostile: Array<[string, string, (id: string) => unknown]> = [
    ['an unknown channel', 'fs.readFile', () => ['/etc/passwd']],
    ['a prototype name as channel', '__proto__', () => []],
    ['an inherited name as channel', 'constructor', () => []],
    ['args that are not an array', 'connections.setActive', () => 'not-an-array'],
    ['null args', 'connections.setActive', () => null],
    ['a number for a string', 'connections.setActive', () => [42]],
    ['a huge string', 'connections.setActive', () => ['x'.repeat(5_000_000)]],
    ['an extra argument', 'connections.setActive', (id) => [id, 'extra']],
    ['an unknown scope', 'connections.begin', () => [{ shopUrl: 'x', clientId: 'y', clientSecret: 'z', scopes: ['delete_everything'] }]],
    ['a huge client secret', 'connections.begin', () => [{ shopUrl: 'x', clientId: 'y', clientSecret: 's'.repeat(100_000), scopes: ['read_orders'] }]],
    ['an unknown operation', 'store.call', (id) => [id, 'orders.nuke', {}]],
    ['an inherited operation name', 'store.call', (id) => [id, 'constructor', {}]],
    ['__proto__ inside params', 'store.call', (id) => [id, 'checkouts.count', proto('{"__proto__":{"polluted":true}}')]],
    ['a query the operation does not take', 'store.call', (id) => [id, 'checkouts.count', { query: { page: 1 } }]],
    ['an extra params key', 'store.call', (id) => [id, 'orders.list', { query: { page: 2 }, extra: 1 }]],
    ['a string for a page number', 'store.call', (id) => [id, 'orders.list', { query: { page: 'abc' } }]],
    ['wrong body types', 'store.call', (id) => [id, 'orders.track', { path: { id: 1 }, body: { trackno: ['x'], sendemail: 'yes' } }]],
    ['a path id that is not a number', 'store.call', (id) => [id, 'orders.get', { path: { id: '../../admin' } }]],
    ['an array as connection id', 'store.call', (id) => [[id], 'checkouts.count', {}]],
    ['an extra argument to store.call', 'store.call', (id) => [id, 'checkouts.count', {}, 'extra']],
    ['a javascript: link', 'app.openExternal', () => ['javascript:alert(1)']],
    ['a file: link', 'app.openExternal', () => ['file:///etc/passwd']],
    ['an object for a link', 'app.openExternal', () => [{ toString: 'https://example.com' }]],
  ]

  it.each(hostile)('refuses %s (%s) with a bad_request and changes nothing', async (_what, channel, build) => {
    const s = await start()
    const { outcome } = await connect(s)
    const before = store.received.length
    const eventsBefore = events.length

    const result = await s.invoke(channel as ChannelName, build(outcome.connectionId!))

    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'bad_request', message: expect.any(String) }) })
    expect(!result.ok && result.error.message.length).toBeLessThan(1_000)
    expect(store.received.length).toBe(before)
    expect(events.length).toBe(eventsBefore)
    expect(opened.length).toBe(1)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((await ok<ConnectionsState>(s, 'connections.get', [])).activeId).toBe(outcome.connectionId)
  })

  it('names the argument and the problem in plain words', async () => {
    const s = await start()
    expect(await s.invoke('connections.setActive', [42])).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'The request was not understood: argument 1: Invalid input: expected string, received number.' },
    })
  })

  it('drops a __proto__ key from a connect request without polluting anything', async () => {
    const s = await start()
    const request = JSON.parse(`{"shopUrl":"${store.url}","clientId":"b","clientSecret":"secret-c","scopes":["read_orders"],"__proto__":{"polluted":true}}`) as unknown
    const result = await s.invoke('connections.begin', [request])
    expect(result.ok).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('says at once when nothing answers at the typed address, and opens no consent page', async () => {
    const s = await start()
    const result = await s.invoke('connections.begin', [{ shopUrl: 'http://127.0.0.1:1', clientId: 'b', clientSecret: 'secret-c', scopes: ['read_orders'] }])
    expect(result).toEqual({ ok: false, error: { code: 'network', message: 'Nothing answered at 127.0.0.1:1. Check the store’s address and your connection, then try again.' } })
    expect(opened).toEqual([])
  })

  it('refuses a bare word as a store address', async () => {
    const s = await start()
    const result = await s.invoke('connections.begin', [{ shopUrl: 'acme', clientId: 'b', clientSecret: 'secret-c', scopes: ['read_orders'] }])
    expect(result.ok).toBe(false)
    expect(opened).toEqual([])
  })

  it('turns an unexpected failure into a generic internal error, with details only in the local log and no secret there', async () => {
    const inner = createFileVault(join(profileDir, 'secrets.json'))
    let explode = false
    const vault: SecretVault = {
      encrypted: false,
      get: async (key) => {
        if (explode) throw new Error(`keyring exploded while reading ${await inner.get(key)}`)
        return inner.get(key)
      },
      set: (key, value) => inner.set(key, value),
      delete: (key) => inner.delete(key),
    }
    const s = await start(makeHost(vault))
    const { outcome } = await connect(s)
    explode = true
    const result = await s.invoke('store.call', [outcome.connectionId, 'checkouts.count', {}])
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: expect.stringMatching(/^Something went wrong inside Storedesk/) } })
    expect(JSON.stringify(result)).not.toContain('exploded')
    const log = await readFile(join(profileDir, 'diagnostics.log'), 'utf8')
    expect(log).toContain('keyring exploded')
    expect(log).not.toContain(FAKE_TOKEN)
  })
})

describe('a stale callback', () => {
  it('is refused once the host clock has moved 10 minutes past the attempt', async () => {
    let clock = Date.now()
    const s = await start({ ...makeHost(), now: () => clock })
    const attempt = await ok<ConnectAttempt>(s, 'connections.begin', [
      { shopUrl: store.url, clientId: 'app-id', clientSecret: CLIENT_SECRET, scopes: ['read_orders'] },
    ])
    const state = new URL(attempt.authorizeUrl).searchParams.get('state')!
    clock += 10 * 60 * 1000
    const outcome = await s.handleOAuthCallback(`${REDIRECT}?${new URLSearchParams(signParams({ code: 'c', shop: store.shop, state }, CLIENT_SECRET))}`)
    expect(outcome).toEqual({ attemptId: attempt.attemptId, ok: false, error: { code: 'oauth', message: 'This connect attempt expired (after 10 minutes). Start connecting again.' } })
    expect(events.at(-1)).toEqual({ event: 'connections.onDidFinishConnect', payload: outcome })
    // Only the check that the address answers, made before the attempt began: no code exchange.
    expect(store.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /'])
    expect((await ok<ConnectionsState>(s, 'connections.get', [])).connections).toEqual([])
  })
})

describe('app.openExternal', () => {
  it('opens web links in the system browser', async () => {
    const s = await start()
    expect(await s.invoke('app.openExternal', ['https://example.com/help'])).toEqual({ ok: true, value: null })
    expect(opened).toEqual(['https://example.com/help'])
  })

  it('refuses any other link in the app’s own words, a catalog message the screens translate', async () => {
    const s = await start()
    expect(await s.invoke('app.openExternal', ['javascript:alert(1)'])).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Only web links (http or https) can be opened.', words: { key: 'problems.notWebLink' } },
    })
    expect(opened).toEqual([])
  })
})

describe('launch link', () => {
  it('switches to the verified shop and refuses a stale or altered link', async () => {
    const s = await start()
    const { outcome } = await connect(s)
    await s.invoke('connections.disconnect', ['nothing'])
    const now = Math.floor(Date.now() / 1000)
    const link = (timestamp: number) => `storedesk://launch?${new URLSearchParams(signParams({ shop: store.shop, timestamp: String(timestamp) }, CLIENT_SECRET))}`

    expect(await s.handleLaunchLink(link(now))).toEqual({ attemptId: null, ok: true, connectionId: outcome.connectionId })
    const stale = await s.handleLaunchLink(link(now - 301))
    expect(stale).toMatchObject({ ok: false, error: { code: 'oauth', message: expect.stringContaining('older than 5 minutes') } })
    const altered = await s.handleLaunchLink(link(now).replace(/timestamp=\d+/, `timestamp=${now + 1}`))
    expect(altered).toMatchObject({ ok: false, error: { code: 'oauth', message: expect.stringContaining('signature') } })
  })
})

describe('blogs.fetchPreviewStylesheet', () => {
  it('answers the stylesheet a local address serves, and refuses other answers as data in the writer’s words', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/theme.css') response.writeHead(200, { 'Content-Type': 'text/css' }).end('body { color: rgb(1, 2, 3) }')
      else response.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>not css</p>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const s = await start()
      expect(await s.invoke('blogs.fetchPreviewStylesheet', [`${base}/theme.css`])).toEqual({ ok: true, value: { url: `${base}/theme.css`, css: 'body { color: rgb(1, 2, 3) }' } })
      expect(await s.invoke('blogs.fetchPreviewStylesheet', [`${base}/page`])).toEqual({
        ok: false,
        error: {
          code: 'invalid_response',
          message: 'The stylesheet could not be loaded: the address sent “text/html”, not a stylesheet (text/css).',
          words: { key: 'stylesheetProblems.notCss', params: { type: 'text/html' } },
        },
      })
      expect(await s.invoke('blogs.fetchPreviewStylesheet', ['http://blog.example.com/theme.css'])).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('only https addresses') } })
      expect(await s.invoke('blogs.fetchPreviewStylesheet', [''])).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringMatching(/^The request was not understood: argument 1/) } })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('localData.exportToFolder', () => {
  const request = { folderName: 'Storedesk Demo store 2026-12-01', files: [{ name: 'index.html', content: '<h1>Posts</h1>' }, { name: 'revisions.json', content: '[]' }] }
  const words = { title: 'Choose where to export the drafts and revisions', buttonLabel: 'Export here' }

  it('writes the files into a new folder inside the one the user picked, or nothing when they cancel', async () => {
    const picked = await mkdtemp(join(tmpdir(), 'storedesk-picked-'))
    try {
      let answer: string | null = picked
      const asked: unknown[] = []
      const s = await start({ ...makeHost(), chooseFolder: async (options) => (asked.push(options), answer) })
      expect(await s.invoke('localData.exportToFolder', [request, words])).toEqual({ ok: true, value: { folder: join(picked, request.folderName), files: 2 } })
      expect(await readFile(join(picked, request.folderName, 'index.html'), 'utf8')).toBe('<h1>Posts</h1>')
      expect(asked).toEqual([words])
      answer = null
      expect(await s.invoke('localData.exportToFolder', [request, words])).toEqual({ ok: true, value: null })
    } finally {
      await rm(picked, { recursive: true, force: true })
    }
  })

  it('refuses file names that would leave the folder, and duplicates, before asking for a folder', async () => {
    const asked: unknown[] = []
    const s = await start({ ...makeHost(), chooseFolder: async (options) => (asked.push(options), tmpdir()) })
    for (const name of ['../index.html', 'posts/a.html', 'C:\\a.html', '..', 'a.html ', 'con.html', 'NUL', 'Lpt1.txt']) {
      const result = await s.invoke('localData.exportToFolder', [{ ...request, files: [{ name, content: 'x' }] }, words])
      expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('must be a plain file name') } })
    }
    const twice = await s.invoke('localData.exportToFolder', [{ ...request, files: [{ name: 'a.html', content: '1' }, { name: 'A.html', content: '2' }] }, words])
    expect(twice).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('file names must differ') } })
    expect(asked).toEqual([])
  })

  it('shows the picker in the words the renderer sent, and refuses words that are not one line', async () => {
    const asked: unknown[] = []
    const s = await start({ ...makeHost(), chooseFolder: async (options) => (asked.push(options), null) })
    const german = { title: 'Ordner für den Export der Entwürfe und Versionen wählen', buttonLabel: 'Hierhin exportieren' }
    expect(await s.invoke('localData.exportToFolder', [request, german])).toEqual({ ok: true, value: null })
    for (const bad of [undefined, { title: 'Export' }, { title: 'Export\u0007', buttonLabel: 'Here' }, { title: '   ', buttonLabel: 'Here' }, { title: 'Export', buttonLabel: 'x'.repeat(61) }]) {
      expect(await s.invoke('localData.exportToFolder', [request, bad])).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    }
    expect(asked).toEqual([german])
  })

  it('says so in a shell that cannot show a folder picker', async () => {
    const s = await start()
    expect(await s.invoke('localData.exportToFolder', [request, words])).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'This window cannot choose a folder; export downloads the files as one .zip instead.' },
    })
  })
})

describe('the spell checker’s language', () => {
  it('is handed to the shell that has a checker, and checked as a language tag first', async () => {
    const asked: (string | null)[] = []
    const s = await start({ ...makeHost(), setSpellCheckLanguage: (language) => (asked.push(language), language ? [language] : []) })
    expect(await ok(s, 'app.setSpellCheckLanguage', ['de'])).toEqual(['de'])
    expect(await ok(s, 'app.setSpellCheckLanguage', [null])).toEqual([])
    for (const bad of [['de; rm -rf /'], ['x'.repeat(40)], [42], []]) {
      expect(await s.invoke('app.setSpellCheckLanguage', bad)).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    }
    expect(asked).toEqual(['de', null])
  })

  it('sets nothing where the shell has no checker of its own (the browser follows the field’s lang)', async () => {
    const s = await start()
    expect(await ok(s, 'app.setSpellCheckLanguage', ['zh-CN'])).toEqual([])
  })
})
