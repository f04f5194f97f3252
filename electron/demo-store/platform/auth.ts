// Access control for /openapi/**: the Bearer token must be one the store issued (401), the
// request must name an operation of the API table (404), and the token's scopes must satisfy
// that operation's ScopeRequirement (403, naming the scopes needed). The grant is left on the
// context for the rate limiter and the routes.
import type { MiddlewareHandler } from 'hono'
import { hasScopes, operations, type OperationName, type ScopeRequirement } from '../../common/store-api/operations'
import type { DemoEnv, Grant } from '../http/env'
import { ApiError } from '../http/errors'

interface Matcher {
  name: OperationName
  method: string
  pattern: RegExp
  scopes: ScopeRequirement
  placeholders: number
}

// Literal paths win over templates (GET /checkouts/count is not /checkouts/{id}).
const matchers: Matcher[] = (Object.keys(operations) as OperationName[])
  .map((name) => {
    const spec = operations[name]
    const escaped = `/openapi/${spec.version}${spec.path}`.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    return {
      name,
      method: spec.method,
      pattern: new RegExp(`^${escaped.replace(/\{\w+\}/g, '[^/]+')}$`),
      scopes: spec.scopes,
      placeholders: (spec.path.match(/\{/g) ?? []).length,
    }
  })
  .sort((a, b) => a.placeholders - b.placeholders)

/** The operation a request calls, by method and path (trailing slash ignored). */
export function findOperation(method: string, path: string): Matcher | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path
  return matchers.find((m) => m.method === method && m.pattern.test(normalized))
}

/** Human wording of a requirement: `read_content or write_content`, `read_content and write_content`. */
export function describeScopes(required: ScopeRequirement): string {
  return required.map((anyOf) => anyOf.join(' or ')).join(' and ')
}

/** The grant behind a request's `Authorization: Bearer <token>`, or 401. */
export function bearerGrant(header: string | undefined, lookup: (token: string) => Grant | undefined): Grant {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (!match) {
    throw new ApiError(401, 'Send an access token as "Authorization: Bearer <token>".', undefined, { 'WWW-Authenticate': 'Bearer' })
  }
  const grant = lookup(match[1]!)
  if (!grant) throw new ApiError(401, 'The access token is not valid for this store.', undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' })
  return grant
}

/** Checks the token only (401); runs before the rate limiter, which counts per token. */
export function requireToken(lookup: (token: string) => Grant | undefined): MiddlewareHandler<DemoEnv> {
  return async (c, next) => {
    c.set('grant', bearerGrant(c.req.header('authorization'), lookup))
    await next()
  }
}

/** Resolves the operation (404) and enforces its scopes (403). */
export function requireOperationScopes(): MiddlewareHandler<DemoEnv> {
  return async (c, next) => {
    const operation = findOperation(c.req.method, c.req.path)
    if (!operation) throw new ApiError(404, `There is no endpoint ${c.req.method} ${c.req.path}.`)
    const grant = c.get('grant')
    if (!hasScopes(grant.scopes, operation.scopes)) {
      const needed = describeScopes(operation.scopes)
      throw new ApiError(403, `This endpoint needs the scope ${needed}; the token has ${grant.scopes.join(', ') || 'none'}.`)
    }
    await next()
  }
}
