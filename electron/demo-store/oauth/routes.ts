// OAuth as the store serves it (docs/demo-store-platform.md, "OAuth"): the consent page at
// GET /admin/oauth/authorize, the merchant's decision posted back to the same path, and the
// code-for-token exchange at POST /api/admin/app_store/oauth/token. Bad authorize requests get
// an HTML error page and never a redirect, so a forged link cannot bounce a merchant anywhere.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { SCOPES, type Scope } from '../../common/store-api/operations'
import { readJsonBody } from '../http/body'
import { ApiError } from '../http/errors'
import { parseOr422 } from '../http/validation'
import { signedUrl } from './hmac'
import { consentPage, errorPage, pageCsp } from './pages'
import { DEMO_APP_NAME, DEMO_CLIENT_ID, isRegisteredRedirectUri, type OAuthRegistry } from './registry'

export interface OAuthRouteDeps {
  registry: OAuthRegistry
  /** The store host, `127.0.0.1:<port>`. */
  shop: () => string
  /** Called after a token is issued, so it gets persisted. */
  onChange: () => void
}

const MAX_STATE_LENGTH = 1024

const TokenRequest = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  code: z.string().min(1),
})

function html(c: Context, status: 200 | 400 | 403, body: string, formTarget?: string): Response {
  c.header('Content-Security-Policy', pageCsp(formTarget))
  c.header('X-Frame-Options', 'DENY')
  c.header('X-Content-Type-Options', 'nosniff')
  // same-origin, not no-referrer: under no-referrer a browser posts the form with `Origin: null`.
  c.header('Referrer-Policy', 'same-origin')
  c.header('Cache-Control', 'no-store')
  return c.html(body, status)
}

const refuse = (c: Context, message: string, status: 400 | 403 = 400) =>
  html(c, status, errorPage('This app cannot be installed', message))

/** Where a registered redirect URI's form-action source is: its scheme, or its loopback origin. */
const formTargetOf = (redirectUri: string) => (redirectUri.startsWith('http:') ? new URL(redirectUri).origin : `${new URL(redirectUri).protocol}`)

/** The requested scopes, or the reason they cannot be granted. */
function parseScopes(raw: string | undefined): Scope[] | string {
  const names = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  if (names.length === 0) return 'The request names no permission scope.'
  const unknown = names.filter((n) => !(SCOPES as readonly string[]).includes(n))
  if (unknown.length) return `The request asks for unknown scope(s): ${unknown.join(', ')}.`
  return [...new Set(names)] as Scope[]
}

export function createOAuthRoutes(deps: OAuthRouteDeps): Hono {
  const { registry } = deps
  const routes = new Hono()

  routes.get('/admin/oauth/authorize', (c) => {
    const q = (name: string) => c.req.query(name)
    const clientId = q('client_id')
    if (!clientId) return refuse(c, 'The request has no client_id.')
    if (clientId !== DEMO_CLIENT_ID) return refuse(c, 'No app is registered with this client_id.')
    const redirectUri = q('redirect_uri')
    if (!redirectUri || !isRegisteredRedirectUri(redirectUri)) return refuse(c, 'The redirect_uri is not registered for this app.')
    if (q('response_type') !== 'code') return refuse(c, 'The response_type must be "code".')
    const scopes = parseScopes(q('scope'))
    if (typeof scopes === 'string') return refuse(c, scopes)
    const state = q('state')
    if (state !== undefined && state.length > MAX_STATE_LENGTH) return refuse(c, `The state parameter is longer than ${MAX_STATE_LENGTH} characters.`)

    const formToken = registry.beginConsent({ redirectUri, scopes, ...(state !== undefined ? { state } : {}) })
    return html(c, 200, consentPage({ shop: deps.shop(), appName: DEMO_APP_NAME, scopes, formToken }), formTargetOf(redirectUri))
  })

  routes.post('/admin/oauth/authorize', async (c) => {
    // The form token is the CSRF defence; what a browser says about the post's origin must also be us.
    const origin = c.req.header('origin')
    const fetchSite = c.req.header('sec-fetch-site')
    const foreign = (origin !== undefined && origin !== new URL(c.req.url).origin) || (fetchSite !== undefined && fetchSite !== 'same-origin')
    if (foreign) return refuse(c, 'The decision was posted from another site.', 403)
    const type = c.req.header('content-type') ?? ''
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return refuse(c, 'The decision must be posted from the consent form.')
    const form = await c.req.parseBody()
    const decision = form.decision
    if (decision !== 'install' && decision !== 'cancel') return refuse(c, 'Choose Install or Cancel.')
    const consent = typeof form.request === 'string' ? registry.takeConsent(form.request) : undefined
    if (!consent) return refuse(c, 'This consent form has expired or was already answered. Start the connection again from the app.')

    const echoed: Record<string, string> = consent.state !== undefined ? { state: consent.state } : {}
    const params: Record<string, string> =
      decision === 'install'
        ? { code: registry.issueCode(consent.scopes), shop: deps.shop(), ...echoed }
        : { error: 'access_denied', shop: deps.shop(), ...echoed }
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(signedUrl(consent.redirectUri, params, registry.clientSecret), 302)
  })

  routes.post('/api/admin/app_store/oauth/token', async (c) => {
    const body = parseOr422(TokenRequest, await readJsonBody(c))
    if (!registry.checkClient(body.client_id, body.client_secret)) {
      throw new ApiError(401, 'The client_id or client_secret is wrong.')
    }
    const redemption = registry.redeemCode(body.client_id, body.code)
    if (!redemption.ok) {
      const why = { unknown: 'is not valid for this app', used: 'was already used', expired: 'has expired (codes last 10 minutes)' }
      throw new ApiError(400, `The authorization code ${why[redemption.reason]}.`)
    }
    const accessToken = registry.issueToken(redemption.scopes)
    deps.onChange()
    c.header('Cache-Control', 'no-store')
    return c.json({ access_token: accessToken, scope: redemption.scopes.join(',') })
  })

  return routes
}
