// Starts the demo store in-process with one call (the app's "Try the demo store", the CLI,
// the e2e fixtures) and stops it cleanly. Host-agnostic Node: no electron import.
import type { DemoStoreSettings } from './app'
import { demoDataBackend } from './platform/data-backend'
import { serveDemoStore, type DemoStoreHandle } from './serve'

export type { DemoStoreHandle } from './serve'
export { DataFileError } from './platform/persistence'

export interface StartDemoStoreOptions extends DemoStoreSettings {
  /** Interface to listen on; 127.0.0.1 unless told otherwise. */
  host?: string
  /** 0 (the default) picks a free port. */
  port?: number
}

export function startDemoStore(opts: StartDemoStoreOptions = {}): Promise<DemoStoreHandle> {
  return serveDemoStore({ ...opts, backend: demoDataBackend })
}
