// Starts the demo store in-process with one call (the app's "Try the demo store", the CLI,
// the e2e fixtures) and stops it cleanly. Host-agnostic Node: no electron import.
import { DEFAULT_ORDERS, DEFAULT_SEED } from './app'
import { demoDataBackend } from './platform/data-backend'
import { serveDemoStore, type DemoStoreHandle } from './serve'

export type { DemoStoreHandle } from './serve'
export { DataFileError } from './platform/persistence'

export interface StartDemoStoreOptions {
  /** Interface to listen on; 127.0.0.1 unless told otherwise. */
  host?: string
  /** 0 (the default) picks a free port. */
  port?: number
  seed?: number
  orders?: number
  /** State file (docs/demo-store-platform.md, "Persistence"); without it the store is in memory only. */
  dataFile?: string
  /** The API rate limit; on unless false. */
  rateLimit?: boolean
  latencyMs?: number
  errorRate?: number
  /**
   * A data file that cannot be used: 'refuse' (the default) rejects with DataFileError and leaves
   * it untouched; 'set-aside' renames it to `<file>.unreadable-<time>` and starts a fresh store
   * (the handle's dataFileSetAside says where it went).
   */
  badDataFile?: 'refuse' | 'set-aside'
}

export function startDemoStore(opts: StartDemoStoreOptions = {}): Promise<DemoStoreHandle> {
  return serveDemoStore({
    backend: demoDataBackend,
    host: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    seed: opts.seed ?? DEFAULT_SEED,
    orders: opts.orders ?? DEFAULT_ORDERS,
    ...(opts.dataFile !== undefined ? { dataFile: opts.dataFile } : {}),
    rateLimit: opts.rateLimit ?? true,
    ...(opts.latencyMs !== undefined ? { latencyMs: opts.latencyMs } : {}),
    ...(opts.errorRate !== undefined ? { errorRate: opts.errorRate } : {}),
    badDataFile: opts.badDataFile ?? 'refuse',
  })
}
