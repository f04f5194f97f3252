// Fault injection for tests (docs/demo-store-platform.md, "Faults"): added latency, 500s,
// forced 429s and dropped connections, each either for the next N requests or at a rate; and
// two faults after a write was applied (the answer fails with a 500, or is held back until the
// client goes away or a test releases it), the faults a client cannot tell from "never arrived".
// Set at start (CLI flags, startDemoStore options) and at run time through /__demo/faults.
// Faults apply to every route except the /__demo control routes.
import type { HttpBindings } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { ApiError, errorResponse } from '../http/errors'

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
  /** The next N API writes (POST, PUT, DELETE) the store applies are answered 500 instead of their answer. */
  applyThenFailNext: Count,
  /** The next N API writes the store applies have their answer held back (see held()). */
  applyThenHoldNext: Count,
})
export type FaultSettings = z.infer<typeof FaultSettings>

export const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, errorNext: 0, throttleRate: 0, throttleNext: 0, dropRate: 0, dropNext: 0, applyThenFailNext: 0, applyThenHoldNext: 0 }

/** A write the store applied whose answer is held back. */
export interface HeldAnswer {
  method: string
  path: string
  /** When it was held (ISO 8601). */
  since: string
}

/** Retry-After of a forced 429. */
const FORCED_RETRY_AFTER_SECONDS = 1

export class Faults {
  private current: FaultSettings
  private readonly holding = new Map<HeldAnswer, () => void>()

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

  /** The writes applied whose answers are held back now, oldest first. */
  held(): HeldAnswer[] {
    return [...this.holding.keys()]
  }

  /** Lets every held answer go to its client (if it is still there); returns how many. */
  release(): number {
    const count = this.holding.size
    for (const resume of [...this.holding.values()]) resume()
    return count
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
      const appliedWrite = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.path.startsWith('/openapi/') && c.res.status < 300
      if (!appliedWrite) return
      if (this.current.applyThenFailNext > 0) {
        this.current.applyThenFailNext -= 1
        c.res = errorResponse(new ApiError(500, 'The demo store applied this request, then failed its answer on purpose (injected fault).'))
      } else if (this.current.applyThenHoldNext > 0) {
        this.current.applyThenHoldNext -= 1
        await this.hold({ method: c.req.method, path: c.req.path, since: new Date().toISOString() }, (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket)
      }
    }
  }

  /** Waits until a test releases the answer or the client's connection closes (its process died, say). */
  private hold(entry: HeldAnswer, socket: { once(event: 'close', listener: () => void): unknown; destroyed?: boolean } | undefined): Promise<void> {
    return new Promise<void>((resume) => {
      const done = () => {
        this.holding.delete(entry)
        resume()
      }
      this.holding.set(entry, done)
      if (socket?.destroyed) done()
      else socket?.once('close', done)
    })
  }
}
