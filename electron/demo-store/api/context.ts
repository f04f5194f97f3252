// What every route module receives: the store's data and the hooks of its host.
import type { Hono } from 'hono'
import type { DemoData } from '../data/demo-data'
import type { DemoEnv } from '../http/env'
import type { PublicOrigins } from '../public/addresses'

export interface RouteHooks {
  /** Called after every successful write, e.g. to persist the state. */
  onChange(): void
  now(): Date
  /** Where the store serves its posts and its pictures (public/addresses.ts). */
  publicOrigins(): PublicOrigins
}

export interface RouteContext {
  app: Hono<DemoEnv>
  data: DemoData
  hooks: RouteHooks
}
