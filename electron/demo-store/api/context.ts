// What every route module receives: the store's data and the hooks of its host.
import type { Hono } from 'hono'
import type { DemoData } from '../data/demo-data'
import type { DemoEnv } from '../http/env'

export interface RouteHooks {
  /** Called after every successful write, e.g. to persist the state. */
  onChange(): void
  now(): Date
  /** The origin of the store's public site (public/addresses.ts), e.g. `http://localhost:4010`. */
  publicOrigin(): string
}

export interface RouteContext {
  app: Hono<DemoEnv>
  data: DemoData
  hooks: RouteHooks
}
