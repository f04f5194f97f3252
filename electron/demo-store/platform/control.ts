// The demo-only control routes under /__demo (docs/demo-store-platform.md, "Control routes"):
// the app's credentials, minting tokens, faults (and the answers a fault holds back), the
// rate-limit switch, reset, launch links.
// The app mounts them behind loopbackOnly(): loopback clients only, only under a loopback Host
// name, and nothing a browser marks as cross-site, so neither another machine, nor a page using
// DNS rebinding to read the client secret, nor a page posting a reset can use them.
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { SCOPES } from '../../common/store-api/operations'
import { readJsonBody } from '../http/body'
import { ApiError } from '../http/errors'
import { parseOr422 } from '../http/validation'
import { signedUrl } from '../oauth/hmac'
import { APP_URLS, DEMO_CLIENT_ID, REDIRECT_URIS, isRegisteredAppUrl, type OAuthRegistry } from '../oauth/registry'
import { FaultSettings, type Faults } from './faults'
import type { RateLimiter } from './rate-limit'

export const CONTROL_PREFIX = '/__demo'

export interface ControlDeps {
  registry: OAuthRegistry
  shop: () => string
  faults: Faults
  limiter: RateLimiter
  now: () => number
  /** Puts the data back to what the seed generates. */
  reset: () => void
  /** Called after a change that must be persisted (a minted token). */
  onChange: () => void
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1' || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address)
}

export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    // Without a real socket (a request handed to app.fetch directly) there is no remote address: refused.
    let remote: string | undefined
    try {
      remote = getConnInfo(c).remote.address
    } catch {
      remote = undefined
    }
    const url = new URL(c.req.url)
    if (!isLoopbackAddress(remote) || !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new ApiError(403, 'The demo control routes answer loopback clients only.')
    }
    // A web page in a browser on this machine is loopback too: refuse what a browser marks as
    // coming from another site (a bodiless POST /reset needs no CORS preflight).
    const origin = c.req.header('origin')
    const fetchSite = c.req.header('sec-fetch-site')
    if ((origin !== undefined && origin !== url.origin) || (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none')) {
      throw new ApiError(403, 'The demo control routes do not answer requests from web pages.')
    }
    await next()
  }
}

const TokenMint = z.object({ scopes: z.array(z.enum(SCOPES)).min(1) })
const RateLimitSwitch = z.object({ enabled: z.boolean() })
const LaunchLinkRequest = z.object({
  app_url: z.string().refine(isRegisteredAppUrl, `must be ${APP_URLS.join(' or ')}`).optional(),
})

/** A JSON body, or `{}` when the request has none (so `POST /reset` needs no body). */
async function optionalJson(c: Parameters<MiddlewareHandler>[0]): Promise<unknown> {
  const length = c.req.header('content-length')
  if (!c.req.header('content-type') && (length === undefined || length === '0')) return {}
  return readJsonBody(c)
}

export function createControlRoutes(deps: ControlDeps): Hono {
  const routes = new Hono()

  routes.get('/app', (c) =>
    c.json({
      client_id: DEMO_CLIENT_ID,
      client_secret: deps.registry.clientSecret,
      redirect_uris: REDIRECT_URIS,
      app_urls: APP_URLS,
      shop: deps.shop(),
    }),
  )

  routes.post('/tokens', async (c) => {
    const { scopes } = parseOr422(TokenMint, await readJsonBody(c))
    const unique = [...new Set(scopes)]
    const accessToken = deps.registry.issueToken(unique)
    deps.onChange()
    return c.json({ access_token: accessToken, scope: unique.join(',') })
  })

  routes.get('/faults', (c) => c.json(deps.faults.settings))
  const setFaults = async (c: Parameters<MiddlewareHandler>[0]) => {
    const patch = parseOr422(FaultSettings.partial().strict(), await readJsonBody(c))
    return c.json(deps.faults.update(patch))
  }
  routes.put('/faults', setFaults)
  routes.post('/faults', setFaults)
  routes.get('/held', (c) => c.json({ data: deps.faults.held() }))
  routes.post('/held/release', async (c) => {
    await optionalJson(c)
    return c.json({ released: deps.faults.release() })
  })

  routes.get('/rate-limit', (c) => c.json({ enabled: deps.limiter.enabled }))
  routes.put('/rate-limit', async (c) => {
    const { enabled } = parseOr422(RateLimitSwitch, await readJsonBody(c))
    deps.limiter.enabled = enabled
    deps.limiter.refillAll()
    return c.json({ enabled })
  })

  routes.post('/reset', async (c) => {
    await optionalJson(c)
    deps.reset()
    deps.limiter.refillAll()
    return c.json({ reset: true })
  })

  routes.post('/launch-link', async (c) => {
    const body = parseOr422(LaunchLinkRequest, await optionalJson(c))
    if (!deps.registry.installed) throw new ApiError(409, 'The app is not installed yet: finish OAuth or mint a token first.')
    const params = { shop: deps.shop(), timestamp: String(Math.floor(deps.now() / 1000)) }
    return c.json({ url: signedUrl(body.app_url ?? APP_URLS[0], params, deps.registry.clientSecret) })
  })

  return routes
}
