// Fault injection for tests (docs/demo-store-platform.md, "Faults"): added latency, 500s,
// forced 429s and dropped connections, each either for the next N requests or at a rate.
// Set at start (CLI flags, startDemoStore options) and at run time through /__demo/faults.
// Faults apply to every route except the /__demo control routes.
import type { HttpBindings } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { ApiError } from '../http/errors'

const Rate = z.number().min(0).max(1)
const Count = z.number().int().min(0).max(1_000_000)

export const FaultSettings = z.object({
  /** Added to every response, in milliseconds. */
  latencyMs: z.number().int().min(0).max(60_000),
  /** Share of requests answered 500. */
  errorRate: Rate,
  /** The next N requests answer 500. */
  errorNext: Count,
  /** Share of requests answered 429 with Retry-After. */
  throttleRate: Rate,
  /** The next N requests answer 429 with Retry-After. */
  throttleNext: Count,
  /** Share of requests whose connection is destroyed without a response. */
  dropRate: Rate,
  /** The next N requests have their connection destroyed without a response. */
  dropNext: Count,
})
export type FaultSettings = z.infer<typeof FaultSettings>

export const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, errorNext: 0, throttleRate: 0, throttleNext: 0, dropRate: 0, dropNext: 0 }

/** Retry-After of a forced 429. */
const FORCED_RETRY_AFTER_SECONDS = 1

export class Faults {
  private current: FaultSettings

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
  ) {
    this.current = FaultSettings.parse({ ...NO_FAULTS, ...initial })
  }

  get settings(): FaultSettings {
    return { ...this.current }
  }

  /** Applies a validated partial update; fields not given keep their value. */
  update(patch: Partial<FaultSettings>): FaultSettings {
    this.current = FaultSettings.parse({ ...this.current, ...patch })
    return this.settings
  }

  /** True when this request draws the fault: a pending "next N" counts down first, then the rate. */
  private draw(next: 'errorNext' | 'throttleNext' | 'dropNext', rate: 'errorRate' | 'throttleRate' | 'dropRate'): boolean {
    if (this.current[next] > 0) {
      this.current[next] -= 1
      return true
    }
    return this.current[rate] > 0 && this.random() < this.current[rate]
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (this.current.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.current.latencyMs))
      if (this.draw('dropNext', 'dropRate')) {
        const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket
        if (!socket) throw new Error('a dropped connection needs a real socket')
        socket.destroy()
        return new Response(null, { status: 500 })
      }
      if (this.draw('throttleNext', 'throttleRate')) {
        throw new ApiError(429, `Too many requests (injected): wait ${FORCED_RETRY_AFTER_SECONDS} s and retry.`, undefined, {
          'Retry-After': String(FORCED_RETRY_AFTER_SECONDS),
        })
      }
      if (this.draw('errorNext', 'errorRate')) throw new ApiError(500, 'The demo store failed this request on purpose (injected fault).')
      await next()
    }
  }
}
