// The API rate limit (docs/demo-store-platform.md, "Rate limit"): a token bucket per access
// token holding RATE_LIMIT.burst requests and refilling RATE_LIMIT.refillPerSecond a second.
// Every /openapi response carries X-RateLimit-Limit and X-RateLimit-Remaining; an empty bucket
// answers 429 with Retry-After in whole seconds. On by default, switchable at start and at run time.
import type { MiddlewareHandler } from 'hono'
import type { DemoEnv } from '../http/env'
import { ApiError } from '../http/errors'

export const RATE_LIMIT = { burst: 40, refillPerSecond: 4 } as const

interface Bucket {
  tokens: number
  at: number
}

export type Take = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number }

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    public enabled: boolean,
    private readonly now: () => number,
  ) {}

  take(key: string): Take {
    const now = this.now()
    const bucket = this.buckets.get(key) ?? { tokens: RATE_LIMIT.burst, at: now }
    bucket.tokens = Math.min(RATE_LIMIT.burst, bucket.tokens + ((now - bucket.at) / 1000) * RATE_LIMIT.refillPerSecond)
    bucket.at = now
    this.buckets.set(key, bucket)
    if (bucket.tokens < 1) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / RATE_LIMIT.refillPerSecond)) }
    }
    bucket.tokens -= 1
    return { allowed: true, remaining: Math.floor(bucket.tokens) }
  }

  /** Every bucket full again (a reset of the store). */
  refillAll(): void {
    this.buckets.clear()
  }
}

export function rateLimit(limiter: RateLimiter): MiddlewareHandler<DemoEnv> {
  return async (c, next) => {
    if (!limiter.enabled) return next()
    const take = limiter.take(c.get('grant').token)
    const headers = {
      'X-RateLimit-Limit': String(RATE_LIMIT.burst),
      'X-RateLimit-Remaining': String(take.allowed ? take.remaining : 0),
    }
    if (!take.allowed) {
      throw new ApiError(429, `Too many requests: wait ${take.retryAfterSeconds} s and retry.`, undefined, {
        ...headers,
        'Retry-After': String(take.retryAfterSeconds),
      })
    }
    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  }
}
