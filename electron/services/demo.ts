// The demo store behind "Try the demo store": either the embedded one, started in this
// process with its data in `${profileDir}/demo-store.json` on the port it used last time (so
// a saved demo connection's base URL stays valid after a restart), or an already-running one
// named by `host.demoStoreUrl` (tests, benchmarks), whose app credentials come from its
// `GET /__demo/app` control route.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { FetchLike } from './api-client'
import { writeFileAtomic } from './vault'

/** The options of electron/demo-store/embedded.ts's startDemoStore that the app sets. */
export interface DemoStoreOptions {
  host?: string
  port?: number
  dataFile?: string
  /** What to do with a data file the store cannot read: keep it aside and start fresh. */
  badDataFile?: 'set-aside'
}

export interface RunningDemoStore {
  url: string
  shop: string
  credentials: { clientId: string; clientSecret: string; redirectUris: readonly string[] }
  stop(): Promise<void> | void
}

export type StartDemoStore = (options?: DemoStoreOptions) => Promise<RunningDemoStore>

/** Where the demo store is and the app credentials it issued to Storedesk. */
export interface DemoStoreInfo {
  baseUrl: string
  shop: string
  clientId: string
  clientSecret: string
}

const DemoApp = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  redirect_uris: z.array(z.string()),
  shop: z.string().min(1),
})
const RememberedPort = z.object({ port: z.number().int().min(1).max(65535) })

export interface DemoLauncherOptions {
  profileDir: string
  demoStoreUrl?: string
  fetch?: FetchLike
  startDemoStore: StartDemoStore
}

export function createDemoLauncher(options: DemoLauncherOptions) {
  const portFile = join(options.profileDir, 'demo-store-port.json')
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  let running: RunningDemoStore | null = null
  let starting: Promise<DemoStoreInfo> | null = null

  async function rememberedPort(): Promise<number | undefined> {
    try {
      const parsed = RememberedPort.safeParse(JSON.parse(await readFile(portFile, 'utf8')))
      return parsed.success ? parsed.data.port : undefined
    } catch {
      return undefined
    }
  }

  async function startEmbedded(): Promise<DemoStoreInfo> {
    const dataFile = join(options.profileDir, 'demo-store.json')
    const port = await rememberedPort()
    let store: RunningDemoStore
    try {
      // A damaged demo-store.json must not lock the user out of the demo for good: the store
      // renames it aside (nothing is deleted) and starts from its seed.
      store = await options.startDemoStore({ host: '127.0.0.1', dataFile, badDataFile: 'set-aside', ...(port !== undefined ? { port } : {}) })
    } catch (error) {
      // The remembered port is taken by something else: any free port will do.
      if (port === undefined) throw error
      store = await options.startDemoStore({ host: '127.0.0.1', dataFile, badDataFile: 'set-aside' })
    }
    running = store
    const actualPort = Number(new URL(store.url).port)
    if (actualPort !== port) await writeFileAtomic(portFile, JSON.stringify({ port: actualPort }))
    return { baseUrl: store.url.replace(/\/+$/, ''), shop: store.shop, clientId: store.credentials.clientId, clientSecret: store.credentials.clientSecret }
  }

  async function useExternal(url: string): Promise<DemoStoreInfo> {
    const baseUrl = url.replace(/\/+$/, '')
    const response = await fetchImpl(`${baseUrl}/__demo/app`, { method: 'GET', headers: { Accept: 'application/json' } })
    if (!response.ok) throw new Error(`the demo store's /__demo/app answered ${response.status}`)
    const app = DemoApp.parse(await response.json())
    return { baseUrl, shop: app.shop, clientId: app.client_id, clientSecret: app.client_secret }
  }

  return {
    /** Starts (or finds) the demo store once; later calls share the same answer. */
    ensure(): Promise<DemoStoreInfo> {
      starting ??= (options.demoStoreUrl ? useExternal(options.demoStoreUrl) : startEmbedded()).catch((error: unknown) => {
        starting = null
        throw error
      })
      return starting
    },
    /** Whether this launcher embeds the store (false when an external demo store is used). */
    embeds: options.demoStoreUrl === undefined,
    async stop(): Promise<void> {
      const store = running
      running = null
      starting = null
      await store?.stop()
    },
  }
}

