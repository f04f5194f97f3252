// The demo store's API: every endpoint of the Storefront Admin API table
// (electron/common/store-api/operations.ts) at /openapi/<version>/..., the store's public site
// (public/site.ts) and the demo-only data control routes. Auth, scopes, rate limit and faults run in front of these routes
// (the platform's middleware); here every request is already authorised.
import { Hono } from 'hono'
import { z } from 'zod'
import { imageUrls } from '../data/catalog'
import type { DemoData } from '../data/demo-data'
import { ApiError } from '../http/errors'
import { readJsonBody } from '../http/body'
import { parseOr422 } from '../http/validation'
import { isUtcOffset, MAX_UTC_OFFSET_MINUTES, MIN_UTC_OFFSET_MINUTES, offsetText } from '../data/time'
import type { DemoEnv } from '../http/env'
import { registerBlogRoutes } from './blogs'
import { registerCheckoutRoutes } from './checkouts'
import { registerCollectionRoutes } from './collections'
import type { RouteHooks } from './context'
import { registerMetaFieldRoutes } from './meta-fields'
import { registerOrderRoutes } from './orders'
import { registerPublicSite } from '../public/site'

export type { RouteHooks }

export function renderError(err: Error): { body: unknown; status: number; headers?: Record<string, string> } {
  if (err instanceof ApiError) return { body: err.toBody(), status: err.status, headers: err.headers }
  console.error('demo store: unexpected error', err)
  const internal = new ApiError(500, 'The demo store failed to handle this request.')
  return { body: internal.toBody(), status: 500 }
}

/** The store's clock at a real instant: the real time moved by the clock's skew. */
const storeNow = (data: DemoData, real: Date): Date => new Date(real.getTime() + data.clockSkewSeconds * 1000)

export function createApiRoutes(data: DemoData, hooks: RouteHooks): Hono<DemoEnv> {
  const app = new Hono<DemoEnv>()
  const ctx = { app, data, hooks: { ...hooks, now: () => storeNow(data, hooks.now()) } }
  registerCheckoutRoutes(ctx)
  registerOrderRoutes(ctx)
  registerCollectionRoutes(ctx)
  registerBlogRoutes(ctx)
  // Last: `/:resource/:id/meta_fields` must not shadow the fixed paths above.
  registerMetaFieldRoutes(ctx)
  // The public site (posts at their public_url, pictures) is outside /openapi: no token needed.
  registerPublicSite(ctx)
  app.onError((err, c) => {
    const { body, status, headers } = renderError(err)
    return c.json(body, status as 500, headers)
  })
  return app
}

/** A week either way: far more than any real clock is off, small enough to keep times readable. */
const MAX_CLOCK_SKEW_SECONDS = 7 * 86_400

const ClockSetting = z
  .object({
    utcOffsetMinutes: z.number().int().refine(isUtcOffset, `must be a whole number of minutes from ${MIN_UTC_OFFSET_MINUTES} to ${MAX_UTC_OFFSET_MINUTES}`).optional(),
    skewSeconds: z.number().int().min(-MAX_CLOCK_SKEW_SECONDS).max(MAX_CLOCK_SKEW_SECONDS).optional(),
  })
  .strict()
  .refine((setting) => setting.utcOffsetMinutes !== undefined || setting.skewSeconds !== undefined, 'give utcOffsetMinutes, skewSeconds or both')

/**
 * Demo-only read-outs and settings, mounted by the platform under /__demo: the shipment e-mails
 * the store "sent", the image library blog covers must come from (the API has no image
 * endpoint), the meta field values it accepted (each write, in order), and the store's clock (its
 * zone can be moved, as a merchant can move a real store's, and the clock set off the real time,
 * as a server's clock can be).
 */
export function createDataControlRoutes(data: DemoData, hooks: Omit<RouteHooks, 'publicOrigins'>): Hono {
  const app = new Hono()
  const clock = () => ({ utcOffsetMinutes: data.clock.utcOffsetMinutes, utcOffset: offsetText(data.clock.utcOffsetMinutes), now: data.clock.local(storeNow(data, hooks.now())), day: data.dating.facts.day, skewSeconds: data.clockSkewSeconds })
  app.get('/clock', (c) => c.json(clock()))
  app.put('/clock', async (c) => {
    const { utcOffsetMinutes, skewSeconds } = parseOr422(ClockSetting, await readJsonBody(c))
    if (skewSeconds !== undefined) data.clockSkewSeconds = skewSeconds
    if (utcOffsetMinutes !== undefined) {
      data.setZone(utcOffsetMinutes)
      hooks.onChange()
    }
    return c.json(clock())
  })
  app.get('/emails', (c) => c.json({ data: data.sentEmails }))
  app.get('/meta-field-writes', (c) => c.json({ data: data.valueWrites }))
  app.onError((err, c) => {
    const { body, status, headers } = renderError(err)
    return c.json(body, status as 500, headers)
  })
  app.get('/images', (c) => c.json({ data: data.images.map((image) => ({ ID: image.ID, alt: image.alt, ...imageUrls(image.name) })) }))
  return app
}
