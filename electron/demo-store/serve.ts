// Serves a demo store app on a real socket (@hono/node-server) and stops it cleanly: the
// shared half of embedded.ts (the real data) and the platform tests (a stub backend).
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'
import { createDemoStoreApp, type DemoCredentials, type DemoStoreAppOptions } from './app'

export interface DemoStoreHandle {
  url: string
  /** The store host, `127.0.0.1:<port>`, as the OAuth redirect's `shop` parameter carries it. */
  shop: string
  credentials: DemoCredentials
  /** The store's zone now, minutes from UTC (undefined for a backend without one). */
  readonly utcOffsetMinutes: number | undefined
  /** Closes the server (open connections too) and writes pending state to the data file. */
  stop(): Promise<void>
  /** Where an unusable data file was moved (only with `badDataFile: 'set-aside'`). */
  dataFileSetAside?: string
}

export async function serveDemoStore<D extends { toJSON(): unknown }>(
  options: DemoStoreAppOptions<D> & { host?: string; port?: number },
): Promise<DemoStoreHandle> {
  const host = options.host ?? '127.0.0.1'
  const store = await createDemoStoreApp(options)
  const server = createAdaptorServer({ fetch: (request, env) => store.fetch(request, env) }) as Server
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const hostPart = host.includes(':') ? `[${host}]` : host
  const shop = `${hostPart}:${port}`
  store.setShop(shop)

  let stopping: Promise<void> | undefined
  return {
    url: `http://${shop}`,
    shop,
    credentials: store.credentials,
    get utcOffsetMinutes() {
      return store.utcOffsetMinutes
    },
    ...(store.dataFileSetAside !== undefined ? { dataFileSetAside: store.dataFileSetAside } : {}),
    stop: () =>
      (stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeAllConnections()
        await closed
        await store.flush()
      })()),
  }
}
