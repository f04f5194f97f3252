// The demo store's OAuth state: the one registered app (Storedesk), its client secret, the
// consent requests waiting for a decision, the authorization codes and the access tokens.
// Codes and pending consents live in memory only; the secret and the tokens are persisted
// with the store (tokens as SHA-256 hashes, so the data file never holds a usable token).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { SCOPES, type Scope } from '../../common/store-api/operations'
import type { Grant } from '../http/env'

export const DEMO_CLIENT_ID = 'storedesk-demo'
export const DEMO_APP_NAME = 'Storedesk'
/** How the registered redirect URIs and app URLs are shown to people (CLI, control route). */
export const REDIRECT_URIS = ['storedesk://oauth/callback', 'http://127.0.0.1:<port>/oauth/callback'] as const
export const APP_URLS = ['storedesk://launch', 'http://127.0.0.1:<port>/launch'] as const

export const CODE_TTL_MS = 10 * 60 * 1000
/** How long a consent page stays answerable. */
export const CONSENT_TTL_MS = 10 * 60 * 1000

/** Registered: the custom-scheme URI exactly, or loopback 127.0.0.1 with an explicit port and exactly this path. */
function isRegistered(uri: string, customScheme: string, loopbackPath: string): boolean {
  if (uri === customScheme) return true
  const loopback = /^http:\/\/127\.0\.0\.1:(\d{1,5})(\/[^?#]*)$/.exec(uri)
  if (!loopback) return false
  const port = Number(loopback[1])
  return port >= 1 && port <= 65535 && String(port) === loopback[1] && loopback[2] === loopbackPath
}

export const isRegisteredRedirectUri = (uri: string) => isRegistered(uri, REDIRECT_URIS[0], '/oauth/callback')
export const isRegisteredAppUrl = (uri: string) => isRegistered(uri, APP_URLS[0], '/launch')

const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url')
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/** Equal strings, compared in constant time (both sides hashed first so lengths leak nothing). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b))
}

export const PersistedOAuth = z.object({
  clientSecret: z.string().min(32),
  tokens: z.array(z.object({
    tokenSha256: z.string().regex(/^[0-9a-f]{64}$/),
    scopes: z.array(z.enum(SCOPES)),
    createdAt: z.string(),
  })),
})
export type PersistedOAuth = z.infer<typeof PersistedOAuth>

export interface ConsentRequest {
  redirectUri: string
  scopes: Scope[]
  state?: string
}

interface PendingConsent extends ConsentRequest {
  expiresAt: number
}

interface IssuedCode {
  clientId: string
  scopes: Scope[]
  expiresAt: number
  used: boolean
}

export type CodeRedemption =
  | { ok: true; scopes: Scope[] }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' }

export class OAuthRegistry {
  private readonly consents = new Map<string, PendingConsent>()
  private readonly codes = new Map<string, IssuedCode>()
  private readonly tokens: Map<string, { scopes: Scope[]; createdAt: string }>

  private constructor(
    readonly clientSecret: string,
    tokens: PersistedOAuth['tokens'],
    private readonly now: () => number,
  ) {
    this.tokens = new Map(tokens.map((t) => [t.tokenSha256, { scopes: t.scopes, createdAt: t.createdAt }]))
  }

  static create(now: () => number): OAuthRegistry {
    return new OAuthRegistry(randomToken(32), [], now)
  }

  static fromJSON(json: unknown, now: () => number): OAuthRegistry {
    const state = PersistedOAuth.parse(json)
    return new OAuthRegistry(state.clientSecret, state.tokens, now)
  }

  toJSON(): PersistedOAuth {
    return {
      clientSecret: this.clientSecret,
      tokens: [...this.tokens].map(([tokenSha256, t]) => ({ tokenSha256, scopes: t.scopes, createdAt: t.createdAt })),
    }
  }

  /** The app counts as installed once any token was issued to it. */
  get installed(): boolean {
    return this.tokens.size > 0
  }

  checkClient(clientId: string, clientSecret: string): boolean {
    // Both comparisons always run, so the answer takes as long for a wrong id as for a wrong secret.
    const idOk = safeEqual(clientId, DEMO_CLIENT_ID)
    const secretOk = safeEqual(clientSecret, this.clientSecret)
    return idOk && secretOk
  }

  /** Records a consent request and returns the one-time form token that answers it. */
  beginConsent(request: ConsentRequest): string {
    this.prune()
    const formToken = randomToken(32)
    this.consents.set(formToken, { ...request, expiresAt: this.now() + CONSENT_TTL_MS })
    return formToken
  }

  /** The pending request for a form token, consumed: a second answer with the same token finds nothing. */
  takeConsent(formToken: string): ConsentRequest | undefined {
    const pending = this.consents.get(formToken)
    if (!pending) return undefined
    this.consents.delete(formToken)
    if (pending.expiresAt <= this.now()) return undefined
    const { expiresAt: _expiresAt, ...request } = pending
    return request
  }

  issueCode(scopes: Scope[]): string {
    this.prune()
    const code = randomBytes(24).toString('hex')
    this.codes.set(code, { clientId: DEMO_CLIENT_ID, scopes, expiresAt: this.now() + CODE_TTL_MS, used: false })
    return code
  }

  redeemCode(clientId: string, code: string): CodeRedemption {
    const issued = this.codes.get(code)
    if (!issued || issued.clientId !== clientId) return { ok: false, reason: 'unknown' }
    if (issued.used) return { ok: false, reason: 'used' }
    if (issued.expiresAt <= this.now()) return { ok: false, reason: 'expired' }
    issued.used = true
    return { ok: true, scopes: issued.scopes }
  }

  issueToken(scopes: Scope[]): string {
    const token = `sdt_${randomToken(32)}`
    this.tokens.set(sha256(token).toString('hex'), { scopes: [...scopes], createdAt: new Date(this.now()).toISOString() })
    return token
  }

  grantFor(token: string): Grant | undefined {
    const entry = this.tokens.get(sha256(token).toString('hex'))
    return entry ? { token, clientId: DEMO_CLIENT_ID, scopes: entry.scopes } : undefined
  }

  /** Forgets expired consents, and codes a while after they expire (kept that long to answer "expired" or "already used"). */
  private prune(): void {
    const now = this.now()
    for (const [key, c] of this.consents) if (c.expiresAt <= now) this.consents.delete(key)
    for (const [key, c] of this.codes) if (c.expiresAt + CODE_TTL_MS <= now) this.codes.delete(key)
  }
}
