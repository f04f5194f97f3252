// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectAttempt, ConnectionsState } from '../common/ipc-contract'
import type { HostCapabilities, MainServices } from './host-contract'
import { startDemoStore } from '../demo-store/embedded'
import { createDemoLauncher, type DemoStoreOptions, type StartDemoStore } from './demo'
import { createMainServices } from './main-services'
import { signParams } from './oauth'
import { startFakeStore, type FakeStore } from './test-support/fake-store'
import { createFileVault } from './vault'

let dir: string
let starts: DemoStoreOptions[]
let stops: number
let busyPorts: Set<number>
let nextPort: number

/** Records how it was started; a busy port fails the way listen() does. */
const fakeStart: StartDemoStore = async (options = {}) => {
  starts.push(options)
  if (options.port !== undefined && busyPorts.has(options.port)) throw Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })
  const port = options.port ?? nextPort++
  return {
    url: `http://127.0.0.1:${port}`,
    shop: `127.0.0.1:${port}`,
    credentials: { clientId: 'storedesk-demo', clientSecret: 'demo-secret-123456', redirectUris: [] },
    stop: () => {
      stops++
    },
  }
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storedesk-demo-'))
  starts = []
  stops = 0
  busyPorts = new Set()
  nextPort = 41_000
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the demo store launcher', () => {
  it('starts the embedded store once, with its data file in the profile', async () => {
    const launcher = createDemoLauncher({ profileDir: dir, startDemoStore: fakeStart })
    const [a, b] = await Promise.all([launcher.ensure(), launcher.ensure()])
    expect(a).toEqual({ baseUrl: 'http://127.0.0.1:41000', shop: '127.0.0.1:41000', clientId: 'storedesk-demo', clientSecret: 'demo-secret-123456' })
    expect(b).toEqual(a)
    expect(starts).toEqual([{ host: '127.0.0.1', dataFile: join(dir, 'demo-store.json'), badDataFile: 'set-aside' }])
    await launcher.stop()
    expect(stops).toBe(1)
  })

  it('prefers the port it used last time, and takes another when that one is busy', async () => {
    await createDemoLauncher({ profileDir: dir, startDemoStore: fakeStart }).ensure()
    const again = await createDemoLauncher({ profileDir: dir, startDemoStore: fakeStart }).ensure()
    expect(starts[1]).toMatchObject({ port: 41_000 })
    expect(again.baseUrl).toBe('http://127.0.0.1:41000')

    busyPorts.add(41_000)
    const moved = await createDemoLauncher({ profileDir: dir, startDemoStore: fakeStart }).ensure()
    expect(moved.baseUrl).toBe('http://127.0.0.1:41001')
    await createDemoLauncher({ profileDir: dir, startDemoStore: fakeStart }).ensure()
    expect(starts.at(-1)).toMatchObject({ port: 41_001 })
  })

  it('keeps a damaged demo-store.json aside and starts the real demo store fresh, instead of failing every time', async () => {
    await writeFile(join(dir, 'demo-store.json'), '{"version": 1, "data": {trunc')
    const launcher = createDemoLauncher({ profileDir: dir, startDemoStore })
    try {
      const info = await launcher.ensure()
      expect((await fetch(`${info.baseUrl}/__demo/app`)).status).toBe(200)
      const aside = (await readdir(dir)).filter((name) => name.startsWith('demo-store.json.unreadable-'))
      expect(aside).toHaveLength(1)
      expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe('{"version": 1, "data": {trunc')
    } finally {
      await launcher.stop()
    }
  })

  it('uses an already-running demo store named by URL, reading its app credentials', async () => {
    const store = await startFakeStore()
    try {
      store.routes.set('GET /__demo/app', () => ({
        status: 200,
        body: { client_id: 'storedesk-demo', client_secret: 'ext-secret', redirect_uris: ['storedesk://oauth/callback'], shop: store.shop },
      }))
      const launcher = createDemoLauncher({ profileDir: dir, demoStoreUrl: `${store.url}/`, startDemoStore: fakeStart })
      expect(await launcher.ensure()).toEqual({ baseUrl: store.url, shop: store.shop, clientId: 'storedesk-demo', clientSecret: 'ext-secret' })
      expect(starts).toEqual([])
    } finally {
      await store.close()
    }
  })
})

describe('connections.tryDemo', () => {
  let store: FakeStore
  let services: MainServices | undefined
  beforeEach(async () => {
    store = await startFakeStore()
  })
  afterEach(async () => {
    await services?.dispose()
    await store.close()
  })

  const host = (): HostCapabilities => ({
    shell: 'web',
    version: 't',
    profileDir: dir,
    vault: createFileVault(join(dir, 'secrets.json')),
    redirectUri: () => 'http://127.0.0.1:5999/oauth/callback',
    openExternal: async () => false,
  })
  /** The embedded store, played by the fake store so the real token exchange happens over HTTP. */
  const startOnFake: StartDemoStore = async (options) => {
    starts.push(options ?? {})
    return { url: store.url, shop: store.shop, credentials: { clientId: 'storedesk-demo', clientSecret: 'demo-secret-123456', redirectUris: [] }, stop: () => void stops++ }
  }

  it('runs the real OAuth flow against the demo store and restarts it with the app', async () => {
    services = await createMainServices(host(), { startDemoStore: startOnFake })
    const tried = await services.invoke('connections.tryDemo', [])
    expect(tried.ok).toBe(true)
    const attempt = (tried as { value: ConnectAttempt }).value
    expect(attempt.openedExternally).toBe(false)
    const authorize = new URL(attempt.authorizeUrl)
    expect(authorize.origin).toBe(store.url)
    expect(authorize.searchParams.get('scope')).toBe('read_orders,write_orders,read_content,write_content')

    const state = authorize.searchParams.get('state')!
    const outcome = await services.handleOAuthCallback(
      `http://127.0.0.1:5999/oauth/callback?${new URLSearchParams(signParams({ code: 'demo-code', shop: store.shop, state }, 'demo-secret-123456'))}`,
    )
    expect(outcome.ok).toBe(true)
    const connections = (await services.invoke('connections.get', [])) as { value: ConnectionsState }
    expect(connections.value.connections).toEqual([expect.objectContaining({ isDemo: true, label: 'Demo store', baseUrl: store.url })])

    await services.dispose()
    expect(stops).toBe(1)
    services = await createMainServices(host(), { startDemoStore: startOnFake })
    await services.invoke('connections.get', [])
    await services.invoke('store.checkReachability', [outcome.connectionId])
    expect(starts).toHaveLength(2)
  })

  it('says plainly when the demo store cannot start', async () => {
    services = await createMainServices(host(), {
      startDemoStore: async () => {
        throw new Error('boom')
      },
    })
    expect(await services.invoke('connections.tryDemo', [])).toEqual({ ok: false, error: { code: 'network', message: expect.stringContaining('demo store could not be started') } })
  })
})
