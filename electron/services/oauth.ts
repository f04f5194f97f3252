// The OAuth connect flow against a store (storefront-admin-api.md, Authentication): connect
// attempts with a fresh single-use `state`, the authorize URL, the checks a redirect must
// pass before its code is exchanged (a redirect without the state this app issued is always
// refused), the token exchange (only with the shop the attempt started with), and the
// app_url launch link. Every refusal says plainly what was wrong;
// nothing is kept from a refused callback.
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { z } from 'zod'
import { ATTEMPT_LIFETIME_MS, type IpcErrorData } from '../common/ipc-contract'
import type { Scope } from '../common/store-api/operations'
import { isWholeHost } from '../common/shop-host'
import { computeHmac, verifyHmac } from './hmac'
import type { FetchLike } from './api-client'
import type { RequestLog } from './request-log'
import { parseJsonAs } from './parse-json'

export { ATTEMPT_LIFETIME_MS }
export const LAUNCH_LINK_MAX_AGE_S = 5 * 60
export const LAUNCH_LINK_MAX_SKEW_S = 60
/** The only parameters a redirect may carry; anything else means it was not made by the store for us. */
export const CALLBACK_PARAMS = ['code', 'shop', 'hmac', 'state', 'error'] as const

/** What a connect attempt is for: the store to talk to and the app's credentials. */
export interface ConnectTarget {
  /** Where the store is served, e.g. `https://acme.example.com` or `http://127.0.0.1:4010`. */
  shopBase: string
  /** The store's host as the store names it in `shop`. */
  shop: string
  clientId: string
  clientSecret: string
  scopes: readonly Scope[]
  label: string
  isDemo: boolean
}

export interface PendingAttempt extends ConnectTarget {
  attemptId: string
  state: string
  redirectUri: string
  createdAt: number
}

export type CallbackResult =
  | { ok: true; attempt: PendingAttempt; accessToken: string; grantedScopes: string[] }
  | { ok: false; attemptId: string | null; error: IpcErrorData }

export type LaunchResult = { ok: true; connectionId: string } | { ok: false; error: IpcErrorData }

export interface LaunchCandidate {
  id: string
  shop: string
  clientSecret: string | null
}

export interface OAuthFlowOptions {
  fetch?: FetchLike
  now?: () => number
  randomBytes?: (size: number) => Buffer
  /** How long the token exchange may take. */
  timeoutMs?: number
  log?: RequestLog
}

const TokenResponse = z.object({ access_token: z.string().min(1), scope: z.string() })

const oauthError = (message: string): IpcErrorData => ({ code: 'oauth', message })

/** A value taken from a URL, made safe to quote in a message. */
function quote(value: string): string {
  const clean = value.replace(/[^\w.:\-[\]]/g, '')
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** `{ shop, url }` of a store address the user typed: `acme.example.com` or `https://acme.example.com/`. */
export function normaliseShopUrl(input: string): { shop: string; shopBase: string } | null {
  const trimmed = input.trim()
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return null
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.host) return null
  // The client secret travels to this address: plain http only to a store on this machine.
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return null
  if (!isWholeHost(url.hostname)) return null
  return { shop: url.host, shopBase: url.origin }
}

/** Every query parameter, refusing a URL that names one twice (an attacker's way to smuggle a value). */
function uniqueParams(url: URL): Map<string, string> | string {
  const params = new Map<string, string>()
  for (const [name, value] of url.searchParams) {
    if (params.has(name)) return name
    params.set(name, value)
  }
  return params
}

export function createOAuthFlow(options: OAuthFlowOptions = {}) {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  const now = options.now ?? Date.now
  const random = options.randomBytes ?? nodeRandomBytes
  const timeoutMs = options.timeoutMs ?? 15_000
  const pending = new Map<string, PendingAttempt>()
  // Remembered so a replay is told what happened to its attempt rather than "unknown".
  const finished = new Map<string, 'used' | 'expired' | 'cancelled'>()
  const usedCodes = new Set<string>()

  function forgetExpired() {
    for (const [state, attempt] of pending) {
      if (now() - attempt.createdAt >= ATTEMPT_LIFETIME_MS) {
        pending.delete(state)
        finished.set(state, 'expired')
      }
    }
  }

  function begin(target: ConnectTarget, redirectUri: string): { attempt: PendingAttempt; authorizeUrl: string } {
    forgetExpired()
    // 256 bits from the OS CSPRNG: unguessable and never reused.
    const state = random(32).toString('base64url')
    const attempt: PendingAttempt = { ...target, attemptId: random(16).toString('base64url'), state, redirectUri, createdAt: now() }
    pending.set(state, attempt)
    const query = new URLSearchParams({
      client_id: target.clientId,
      scope: target.scopes.join(','),
      redirect_uri: redirectUri,
      response_type: 'code',
      state,
    })
    return { attempt, authorizeUrl: `${target.shopBase.replace(/\/+$/, '')}/admin/oauth/authorize?${query}` }
  }

  function cancel(attemptId: string): boolean {
    for (const [state, attempt] of pending) {
      if (attempt.attemptId === attemptId) {
        pending.delete(state)
        finished.set(state, 'cancelled')
        return true
      }
    }
    return false
  }

  function refuse(attemptId: string | null, message: string): CallbackResult {
    return { ok: false, attemptId, error: oauthError(message) }
  }

  async function handleCallback(rawUrl: string, expectedRedirectUri: string): Promise<CallbackResult> {
    let url: URL
    let expected: URL
    try {
      url = new URL(rawUrl)
      expected = new URL(expectedRedirectUri)
    } catch {
      return refuse(null, 'The sign-in link from the store could not be read. Nothing was connected.')
    }
    if (url.protocol !== expected.protocol || url.host !== expected.host || url.pathname !== expected.pathname) {
      return refuse(null, 'The sign-in link does not lead to Storedesk\'s callback address. Nothing was connected.')
    }
    const params = uniqueParams(url)
    if (typeof params === 'string') {
      return refuse(null, `The sign-in link names the parameter "${quote(params)}" twice, so it was refused. Nothing was connected.`)
    }
    const unknown = [...params.keys()].filter((name) => !(CALLBACK_PARAMS as readonly string[]).includes(name))
    if (unknown.length > 0) {
      return refuse(null, `The sign-in link carries a parameter Storedesk does not expect (${unknown.map(quote).join(', ')}), so it was refused. Nothing was connected.`)
    }

    const state = params.get('state')
    const error = params.get('error')
    if (error !== undefined) {
      const attempt = state !== undefined ? pending.get(state) : undefined
      if (attempt) {
        pending.delete(attempt.state)
        finished.set(attempt.state, 'cancelled')
      }
      const attemptId = attempt?.attemptId ?? null
      return error === 'access_denied'
        ? refuse(attemptId, 'You cancelled the installation on the store\'s page. Nothing was connected.')
        : refuse(attemptId, `The store did not connect Storedesk (it reported "${quote(error)}"). Nothing was connected.`)
    }

    const code = params.get('code')
    const shop = params.get('shop')
    const hmac = params.get('hmac')
    if (!code || !shop || !hmac) {
      const missing = [!code && 'code', !shop && 'shop', !hmac && 'hmac'].filter(Boolean).join(', ')
      return refuse(null, `The sign-in link is incomplete (missing ${missing}). Nothing was connected.`)
    }
    // Only the state this app issued ties a redirect to an attempt the user started here. A
    // store-signed redirect without one may come from someone else's consent (their code,
    // their scopes): accepting it would replace this user's token, so it is never matched by shop.
    if (state === undefined) {
      return refuse(null, 'The sign-in link carries no state, so Storedesk cannot tell it answers a connect attempt you started here. Nothing was connected.')
    }
    const ended = finished.get(state)
    if (usedCodes.has(code) || ended === 'used') {
      return refuse(null, 'This sign-in link was already used. Start connecting again if the store is not connected.')
    }
    if (ended === 'expired') return refuse(null, 'This connect attempt expired (after 10 minutes). Start connecting again.')
    if (ended === 'cancelled') return refuse(null, 'This connect attempt was cancelled. Start connecting again.')

    const attempt = pending.get(state)
    if (!attempt) return refuse(null, 'No connect attempt matches this sign-in link (it may come from an earlier session). Start connecting again.')

    if (now() - attempt.createdAt >= ATTEMPT_LIFETIME_MS) {
      pending.delete(attempt.state)
      finished.set(attempt.state, 'expired')
      return refuse(attempt.attemptId, 'This connect attempt expired (after 10 minutes). Start connecting again.')
    }
    // A foreign shop or a bad signature leaves the attempt pending: a forged link must not be
    // able to cancel the user's real attempt.
    if (shop !== attempt.shop) {
      return refuse(attempt.attemptId, `The sign-in link came from a different store (${quote(shop)}) than the one you started connecting (${quote(attempt.shop)}). Nothing was connected.`)
    }
    if (!verifyHmac(params, attempt.clientSecret)) {
      return refuse(attempt.attemptId, 'The sign-in link\'s signature (hmac) does not match: it was altered or did not come from the store. Nothing was connected.')
    }

    // Consumed before the exchange, so the same callback delivered twice exchanges its code once.
    pending.delete(attempt.state)
    finished.set(attempt.state, 'used')
    usedCodes.add(code)
    return exchange(attempt, code)
  }

  async function exchange(attempt: PendingAttempt, code: string): Promise<CallbackResult> {
    const path = '/api/admin/app_store/oauth/token'
    const started = now()
    let status: number | null = null
    const logEntry = (error?: string) =>
      options.log?.add({ at: new Date(started).toISOString(), connectionId: `connect:${attempt.shop}`, method: 'POST', path, status, ms: Math.max(0, now() - started), attempt: 1, ...(error ? { error } : {}) })
    try {
      const response = await fetchImpl(`${attempt.shopBase.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ client_id: attempt.clientId, client_secret: attempt.clientSecret, code }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      const text = await response.text()
      if (!response.ok) {
        logEntry('oauth')
        return refuse(attempt.attemptId, `The store did not accept the authorization code (error ${response.status}). Start connecting again.`)
      }
      const parsed = parseJsonAs(TokenResponse, text)
      if (!parsed.success) {
        logEntry('invalid_response')
        return refuse(attempt.attemptId, 'The store answered the token exchange with something Storedesk does not understand. Nothing was connected.')
      }
      logEntry()
      const grantedScopes = parsed.data.scope.split(',').map((s) => s.trim()).filter(Boolean)
      return { ok: true, attempt, accessToken: parsed.data.access_token, grantedScopes }
    } catch {
      logEntry('network')
      return refuse(attempt.attemptId, 'The store could not be reached to finish connecting. Check the connection and start connecting again.')
    }
  }

  /**
   * The app_url launch link (shop, timestamp, hmac): which connection to open, if its hmac
   * verifies with that connection's client secret and its timestamp is fresh.
   */
  function verifyLaunchLink(rawUrl: string, candidates: readonly LaunchCandidate[]): LaunchResult {
    const fail = (message: string): LaunchResult => ({ ok: false, error: oauthError(message) })
    let url: URL
    try {
      url = new URL(rawUrl)
    } catch {
      return fail('The store\'s link could not be read, so Storedesk did not switch stores.')
    }
    const params = uniqueParams(url)
    if (typeof params === 'string') return fail(`The store's link names the parameter "${quote(params)}" twice, so it was refused.`)
    const shop = params.get('shop')
    const timestamp = params.get('timestamp')
    if (!shop || !timestamp || !params.get('hmac')) return fail('The store\'s link is incomplete (it needs shop, timestamp and hmac), so it was refused.')
    const matching = candidates.filter((c) => c.shop === shop)
    if (matching.length === 0) return fail(`Storedesk is not connected to ${quote(shop)}. Connect that store first.`)
    const verified = matching.find((c) => c.clientSecret !== null && verifyHmac(params, c.clientSecret))
    if (!verified) {
      return matching.every((c) => c.clientSecret === null)
        ? fail(`The connection to ${quote(shop)} needs to be reconnected before its links can be checked.`)
        : fail('The store\'s link has a signature (hmac) that does not match: it was altered or did not come from the store.')
    }
    if (!/^\d{1,12}$/.test(timestamp)) return fail('The store\'s link has an unreadable timestamp, so it was refused.')
    const age = Math.floor(now() / 1000) - Number(timestamp)
    if (age > LAUNCH_LINK_MAX_AGE_S) return fail('The store\'s link is older than 5 minutes. Open Storedesk from the store again.')
    if (age < -LAUNCH_LINK_MAX_SKEW_S) return fail('The store\'s link is dated in the future; check this computer\'s clock.')
    return { ok: true, connectionId: verified.id }
  }

  return { begin, cancel, handleCallback, verifyLaunchLink, pendingCount: () => pending.size }
}

export type OAuthFlow = ReturnType<typeof createOAuthFlow>

/** Signs parameters as the store does; for tests and the demo store's fixtures. */
export function signParams(params: Record<string, string>, secret: string): Record<string, string> {
  return { ...params, hmac: computeHmac(Object.entries(params), secret) }
}
