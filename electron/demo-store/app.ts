// The demo store's composition root: one Hono app made of the OAuth routes, the access control
// and rate limit in front of the API routes, fault injection, the /__demo control routes and
// persistence (docs/demo-store-platform.md). The data model and API routes come in through a
// DataBackend, so this file only wires; embedded.ts serves it, cli.ts and the tests start it.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { MAX_BODY_BYTES } from './http/body'
import type { DemoEnv } from './http/env'
import { ApiError, errorResponse } from './http/errors'
import { createOAuthRoutes } from './oauth/routes'
import { DEMO_CLIENT_ID, OAuthRegistry, REDIRECT_URIS } from './oauth/registry'
import { requireOperationScopes, requireToken } from './platform/auth'
import { CONTROL_PREFIX, createControlRoutes, loopbackOnly } from './platform/control'
import { Faults, type FaultSettings } from './platform/faults'
import { DataFileError, DebouncedSaver, readStateFile, setAside, STATE_FORMAT, STATE_VERSION, writeFileAtomic, type StateFile } from './platform/persistence'
import { RateLimiter, rateLimit } from './platform/rate-limit'
import { publicAddresses, publicOriginsOf, type PublicOrigins } from './public/addresses'

export interface ApiHooks {
  /** A write changed the data: persist it soon. */
  onChange(): void
  /** The store's clock (tests move it). */
  now(): Date
  /** Where the store serves its posts and its pictures (public/addresses.ts). */
  publicOrigins(): PublicOrigins
}

/** What the data model and API routes must provide (electron/demo-store/data, api). */
export interface DataBackend<D extends { toJSON(): unknown }> {
  /** A new store's data, dated to the store-local day of `now` in the zone given (or the default). */
  generate(opts: { seed: number; orders: number; now: Date; utcOffsetMinutes?: number }): D
  fromJSON(json: unknown): D
  /** The store's zone now, which a reset keeps. */
  utcOffsetMinutes(data: D): number | undefined
  /** The /openapi/** routes, with full paths. */
  apiRoutes(data: D, hooks: ApiHooks): Hono<DemoEnv>
  /** Extra control routes, mounted under /__demo. */
  controlRoutes(data: D, hooks: Omit<ApiHooks, 'publicOrigins'>): Hono
}

/** What a caller may choose about a store; each has a default. Shared by every way to start one. */
export interface DemoStoreSettings {
  /** Generator seed (DEFAULT_SEED); the same seed gives the same store. */
  seed?: number
  /** Orders to generate (DEFAULT_ORDERS). */
  orders?: number
  /** The store's zone as minutes from UTC (UTC−05:00 unless given); a data file keeps its own. */
  utcOffsetMinutes?: number
  /** State file (docs/demo-store-platform.md, "Persistence"); without it the store lives in memory only. */
  dataFile?: string
  /** The API rate limit; on unless false. */
  rateLimit?: boolean
  latencyMs?: number
  errorRate?: number
  /**
   * A data file that cannot be used: 'refuse' (the default) throws DataFileError and leaves it
   * untouched; 'set-aside' renames it to `<file>.unreadable-<time>` and starts a fresh store.
   */
  badDataFile?: 'refuse' | 'set-aside'
}

export interface DemoStoreAppOptions<D extends { toJSON(): unknown }> extends DemoStoreSettings {
  backend: DataBackend<D>
  /** The store host, `127.0.0.1:<port>`; set it with setShop() once the port is known. */
  shop?: string
  /** Clock in epoch milliseconds (tests inject one to expire codes). */
  now?: () => number
  /** Delay before a change is written to the data file. */
  saveDelayMs?: number
}

export interface DemoCredentials {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

export interface DemoStoreApp {
  /** Answers a request with the current app (a reset swaps in a fresh one). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>
  credentials: DemoCredentials
  /** The store's zone now (undefined for a backend without one). */
  readonly utcOffsetMinutes: number | undefined
  setShop(shop: string): void
  /** Writes any pending change to the data file now. */
  flush(): Promise<void>
  /** Where an unusable data file was moved, when badDataFile is 'set-aside' and that happened. */
  dataFileSetAside?: string
}

export const DEFAULT_SEED = 42
export const DEFAULT_ORDERS = 60

export async function createDemoStoreApp<D extends { toJSON(): unknown }>(options: DemoStoreAppOptions<D>): Promise<DemoStoreApp> {
  const { backend, dataFile } = options
  const now = options.now ?? Date.now
  let shop = options.shop ?? '127.0.0.1'
  let seed = options.seed ?? DEFAULT_SEED
  let orders = options.orders ?? DEFAULT_ORDERS

  let loadedRegistry: OAuthRegistry | undefined
  let loadedData: D | undefined
  let saved: StateFile | undefined
  let dataFileSetAside: string | undefined
  try {
    saved = dataFile ? await readStateFile(dataFile) : undefined
    if (saved && dataFile) {
      try {
        loadedRegistry = OAuthRegistry.fromJSON(saved.oauth, now)
        loadedData = backend.fromJSON(saved.data)
      } catch (err) {
        throw new DataFileError(dataFile, `its content does not load (${(err as Error).message.split('\n')[0]})`)
      }
      // The file wins over --seed/--orders: it is the store the user played with.
      seed = saved.seed
      orders = saved.orders
    }
  } catch (err) {
    if (!(err instanceof DataFileError) || options.badDataFile !== 'set-aside' || !dataFile) throw err
    loadedRegistry = undefined
    dataFileSetAside = await setAside(dataFile, new Date(now()))
    console.warn(`demo store: ${dataFile} could not be used (${err.reason}); it was moved to ${dataFileSetAside} and a fresh store started.`)
    saved = undefined
  }
  const registry = loadedRegistry ?? OAuthRegistry.create(now)
  let data: D = loadedData ?? backend.generate({ seed, orders, now: new Date(now()), ...(options.utcOffsetMinutes !== undefined ? { utcOffsetMinutes: options.utcOffsetMinutes } : {}) })

  const saver = new DebouncedSaver(async () => {
    if (!dataFile) return
    const state = { format: STATE_FORMAT, version: STATE_VERSION, savedAt: new Date(now()).toISOString(), seed, orders, oauth: registry.toJSON(), data: data.toJSON() }
    await writeFileAtomic(dataFile, JSON.stringify(state))
  }, options.saveDelayMs)
  const onChange = () => saver.schedule()

  const limiter = new RateLimiter(options.rateLimit ?? true, now)
  const faults = new Faults({
    ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
    ...(options.errorRate !== undefined ? { errorRate: options.errorRate } : {}),
  } satisfies Partial<FaultSettings>)

  const publicOrigins = () => publicOriginsOf(shop)

  const build = (): Hono<DemoEnv> => {
    const app = new Hono<DemoEnv>()
    app.onError((err) => errorResponse(err))
    app.notFound((c) => errorResponse(new ApiError(404, `There is no endpoint ${c.req.method} ${c.req.path}.`)))
    app.use('*', async (c, next) => {
      await next()
      c.res.headers.set('X-Content-Type-Options', 'nosniff')
    })
    app.use('*', bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // The rest of the body is never read, so the connection cannot carry another request.
      onError: () => errorResponse(new ApiError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`, undefined, { Connection: 'close' })),
    }))

    // Control routes first: faults never apply to them, so a test can always switch faults off.
    app.use(`${CONTROL_PREFIX}/*`, loopbackOnly())
    // Answers give the store's public addresses as this running store's own (public/addresses.ts).
    app.use('/openapi/*', publicAddresses(publicOrigins))
    app.use(`${CONTROL_PREFIX}/images`, publicAddresses(publicOrigins))
    app.route(CONTROL_PREFIX, createControlRoutes({
      registry, faults, limiter, now, onChange,
      shop: () => shop,
      reset: () => {
        // Dated to today again, in the zone the store is in now.
        const zone = backend.utcOffsetMinutes(data)
        data = backend.generate({ seed, orders, now: new Date(now()), ...(zone !== undefined ? { utcOffsetMinutes: zone } : {}) })
        current = build()
        onChange()
      },
    }))
    app.route(CONTROL_PREFIX, backend.controlRoutes(data, { onChange, now: () => new Date(now()) }))

    const injectFaults = faults.middleware()
    app.use('*', (c, next) => (c.req.path.startsWith(`${CONTROL_PREFIX}/`) ? next() : injectFaults(c, next)))

    app.route('/', createOAuthRoutes({ registry, shop: () => shop, onChange }))

    app.use('/openapi/*', requireToken((token) => registry.grantFor(token)), rateLimit(limiter), requireOperationScopes())
    app.route('/', backend.apiRoutes(data, { onChange, now: () => new Date(now()), publicOrigins }))
    return app
  }
  let current = build()

  // A new file gets the generated store and its client secret at once, so both survive a crash.
  if (dataFile && !saved) {
    onChange()
    await saver.flush()
  }

  return {
    fetch: (request, env) => current.fetch(request, env),
    get credentials() {
      return { clientId: DEMO_CLIENT_ID, clientSecret: registry.clientSecret, redirectUris: [...REDIRECT_URIS] }
    },
    get utcOffsetMinutes() {
      return backend.utcOffsetMinutes(data)
    },
    setShop(next) {
      shop = next
    },
    flush: () => saver.flush(),
    ...(dataFileSetAside !== undefined ? { dataFileSetAside } : {}),
  }
}
