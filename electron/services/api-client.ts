// The Storefront Admin API client of the main process. Every request is built from the one
// operations table (version segment + path template), carries the bearer token, speaks
// JSON, has a per-request timeout and honours cancellation. Idempotent requests (GET, PUT,
// DELETE) are retried with exponential backoff and jitter on 429 (honouring Retry-After),
// 5xx, network errors and timeouts; a POST never is, because the store may already have
// applied it. A Retry-After the client waits for holds every request to that store, not only
// the one that was refused: calls in flight side by side (the first sync fetches pages ahead)
// do not each run into the empty bucket. Every failure comes back as IpcErrorData with plain
// words for the user, and every attempt lands in the request log without headers, bodies or
// secrets.
import { z } from 'zod'
import type { IpcErrorData, IpcResult } from '../common/ipc-contract'
import { operationPath, operations, type OperationName, type ScopeRequirement } from '../common/store-api/operations'
import { keepRawJson, losslessJson } from './raw-json'
import { RequestLog } from './request-log'
import { parseJsonAs } from './parse-json'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface ApiClientOptions {
  fetch?: FetchLike
  /** Milliseconds since the epoch. */
  now?: () => number
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep?: Sleep
  /** In [0, 1): the jitter source. */
  random?: () => number
  timeoutMs?: number
  maxAttempts?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** A Retry-After longer than this is not waited for: the 429 goes back to the user. */
  maxRetryAfterMs?: number
  log?: RequestLog
  /** Called after every attempt: true when the store answered at all, false on a network error or timeout. */
  onReachability?: (connectionId: string, online: boolean) => void
}

export interface ApiTarget {
  connectionId: string
  baseUrl: string
  token: string
}

/** Params already validated with `paramsSchema(operation)`. */
export interface OperationInput {
  path?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
}

export interface CallOptions {
  signal?: AbortSignal
  maxAttempts?: number
}

export interface ApiClient {
  call(target: ApiTarget, operation: OperationName, params: OperationInput, options?: CallOptions): Promise<IpcResult<unknown>>
  readonly log: RequestLog
}

export const DEFAULT_TIMEOUT_MS = 15_000
export const DEFAULT_MAX_ATTEMPTS = 3

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })

const StoreErrorBody = z.object({
  error: z.object({
    status: z.number().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
})

type Attempt =
  | { kind: 'response'; status: number; headers: Headers; text: string }
  | { kind: 'network' }
  | { kind: 'timeout' }
  /** `sent`: the request had already left when it was cancelled. */
  | { kind: 'cancelled'; sent: boolean }

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE'])

/** "read_orders", "read_content or write_content", joined with "and". */
export function describeScopes(requirement: ScopeRequirement): string {
  return requirement.map((anyOf) => anyOf.join(' or ')).join(' and ')
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000))
}

/** A store-provided message, shortened so a huge error body cannot flood the UI. */
function storeSays(message: string | undefined): string {
  const trimmed = message?.trim()
  return trimmed ? ` The store said: ${trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed}` : ''
}

function errorFromResponse(operation: OperationName, status: number, text: string, retryAfter: number | undefined): IpcErrorData {
  const parsed = parseJsonAs(StoreErrorBody, text)
  const storeError = parsed.success ? parsed.data.error : undefined
  const said = storeSays(storeError?.message)
  switch (status) {
    case 401:
      return { code: 'unauthorized', status, message: "The store no longer accepts Storedesk's access. Reconnect the store." }
    case 403: {
      const scopes = describeScopes(operations[operation].scopes)
      return { code: 'forbidden', status, message: `The store refused this: it needs the ${scopes} permission. Reconnect the store and grant it.` }
    }
    case 404:
      return { code: 'not_found', status, message: 'The store could not find it. It may have been deleted.' }
    case 409: {
      // A clash with the store's data (a slug another post has) names its field like a 422 does,
      // so the screen can show it on that field.
      const fields = storeError?.fields
      return { code: 'conflict', status, message: `The store refused the change because it conflicts with the store's current data.${said}`, ...(fields ? { fields } : {}) }
    }
    case 413:
      return { code: 'payload_too_large', status, message: 'The store refused the request because it is too large.' }
    case 422: {
      const fields = storeError?.fields
      const names = fields ? Object.keys(fields) : []
      return {
        code: 'validation_failed',
        status,
        message: names.length > 0 ? `The store did not accept these fields: ${names.join(', ')}.` : `The store did not accept the data.${said}`,
        ...(fields ? { fields } : {}),
      }
    }
    case 429:
      return {
        code: 'rate_limited',
        status,
        message: retryAfter !== undefined
          ? `The store is receiving too many requests. Try again in ${retryAfter} seconds.`
          : 'The store is receiving too many requests. Try again in a moment.',
        ...(retryAfter !== undefined ? { retryAfter } : {}),
      }
  }
  if (status >= 500) return { code: 'server', status, message: `The store had a problem (error ${status}). Try again later.` }
  return { code: 'bad_request', status, message: `The store refused the request (error ${status}).${said}` }
}

function buildUrl(baseUrl: string, operation: OperationName, params: OperationInput): string {
  const pathParams = Object.fromEntries(Object.entries(params.path ?? {}).map(([k, v]) => [k, String(v)]))
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params.query ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value))
  }
  const query = search.toString()
  return `${baseUrl.replace(/\/+$/, '')}${operationPath(operation, pathParams)}${query ? `?${query}` : ''}`
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  const random = options.random ?? Math.random
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const baseDelayMs = options.baseDelayMs ?? 500
  const maxDelayMs = options.maxDelayMs ?? 8_000
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000
  const log = options.log ?? new RequestLog()
  /** Per connection: no request leaves before this time (ms), set by a Retry-After being waited for. */
  const heldUntil = new Map<string, number>()

  /** How long a request to this store must still wait for a Retry-After (0: send it now). */
  function heldFor(connectionId: string): number {
    const wait = (heldUntil.get(connectionId) ?? 0) - now()
    if (wait <= 0) heldUntil.delete(connectionId)
    return Math.max(0, wait)
  }

  async function attemptOnce(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Attempt> {
    if (signal?.aborted) return { kind: 'cancelled', sent: false }
    const controller = new AbortController()
    const timerStop = new AbortController()
    let timedOut = false
    const forwardAbort = () => controller.abort()
    signal?.addEventListener('abort', forwardAbort, { once: true })
    void sleep(timeoutMs, timerStop.signal).then(() => {
      if (timerStop.signal.aborted) return
      timedOut = true
      controller.abort()
    })
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal })
      const text = await response.text()
      return { kind: 'response', status: response.status, headers: response.headers, text }
    } catch {
      if (timedOut) return { kind: 'timeout' }
      if (signal?.aborted) return { kind: 'cancelled', sent: true }
      return { kind: 'network' }
    } finally {
      timerStop.abort()
      signal?.removeEventListener('abort', forwardAbort)
    }
  }

  async function call(target: ApiTarget, operation: OperationName, params: OperationInput, callOptions: CallOptions = {}): Promise<IpcResult<unknown>> {
    const spec = operations[operation]
    const url = buildUrl(target.baseUrl, operation, params)
    const logPath = url.slice(url.indexOf('/openapi/'))
    const idempotent = IDEMPOTENT.has(spec.method)
    const maxAttempts = Math.max(1, callOptions.maxAttempts ?? options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${target.token}` }
    if (params.body !== undefined) headers['Content-Type'] = 'application/json'
    const init: RequestInit = {
      method: spec.method,
      headers,
      // A redirect could carry the bearer token to another host: never follow one.
      redirect: 'manual',
      ...(params.body !== undefined ? { body: JSON.stringify(params.body) } : {}),
    }
    const signal = callOptions.signal

    for (let attempt = 1; ; attempt++) {
      const hold = heldFor(target.connectionId)
      if (hold > 0) {
        await sleep(hold, signal)
        if (signal?.aborted) return { ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } }
      }
      const started = now()
      const result = await attemptOnce(url, init, signal)
      const ms = Math.max(0, now() - started)
      const record = (status: number | null, error?: IpcErrorData) =>
        log.add({ at: new Date(started).toISOString(), connectionId: target.connectionId, method: spec.method, path: logPath, status, ms, attempt, ...(error ? { error: error.code } : {}) })

      if (result.kind === 'cancelled') {
        const error: IpcErrorData = { code: 'cancelled', message: 'The request was cancelled.', ...(result.sent && spec.method !== 'GET' ? { uncertain: true } : {}) }
        record(null, error)
        return { ok: false, error }
      }
      if (result.kind === 'network' || result.kind === 'timeout') {
        options.onReachability?.(target.connectionId, false)
        const error: IpcErrorData =
          result.kind === 'network'
            ? { code: 'network', message: 'The store could not be reached. Check the internet connection and try again.' }
            : { code: 'timeout', message: `The store did not answer within ${Math.round(timeoutMs / 1000)} seconds.` }
        record(null, error)
        if (idempotent && attempt < maxAttempts) {
          await sleep(backoff(attempt), signal)
          if (signal?.aborted) return { ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } }
          continue
        }
        // A write that failed in flight may still have reached the store.
        return { ok: false, error: spec.method === 'GET' ? error : { ...error, uncertain: true } }
      }

      options.onReachability?.(target.connectionId, true)
      const { status, text } = result
      if (status >= 200 && status < 300) {
        const value = parseSuccess(operation, status, text)
        record(status, value.ok ? undefined : value.error)
        return value
      }
      if (status >= 300 && status < 400) {
        const error: IpcErrorData = { code: 'invalid_response', status, message: 'The store answered with a redirect, which Storedesk does not follow.' }
        record(status, error)
        return { ok: false, error }
      }
      const retryAfter = status === 429 ? parseRetryAfter(result.headers.get('Retry-After'), now()) : undefined
      const error = errorFromResponse(operation, status, text, retryAfter)
      record(status, error)
      const retriable = status === 429 || status >= 500
      const delay = retryAfter !== undefined ? retryAfter * 1000 : backoff(attempt)
      if (retriable && idempotent && attempt < maxAttempts && delay <= maxRetryAfterMs) {
        if (retryAfter !== undefined) {
          // The store's bucket is empty: hold this store's other requests too; the wait happens at the top of the loop.
          heldUntil.set(target.connectionId, Math.max(heldUntil.get(target.connectionId) ?? 0, now() + delay))
          continue
        }
        await sleep(delay, signal)
        if (signal?.aborted) return { ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } }
        continue
      }
      return { ok: false, error }
    }
  }

  /** Exponential backoff with jitter: base·2^(n-1), scaled into [50%, 100%], capped. */
  function backoff(attempt: number): number {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1))
    return Math.round(ceiling * (0.5 + random() / 2))
  }

  return { call, log }
}

function parseSuccess(operation: OperationName, status: number, text: string): IpcResult<unknown> {
  const invalid: IpcResult<unknown> = {
    ok: false,
    error: { code: 'invalid_response', status, message: 'The store answered with something Storedesk does not understand.' },
  }
  let json: unknown = null
  if (status !== 204 && text.trim() !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      return invalid
    }
  }
  const parsed = operations[operation].response.safeParse(json)
  if (!parsed.success) return invalid
  if (losslessResponse(operation)) keepRawJson(parsed.data, text)
  return { ok: true, value: parsed.data }
}

const lossless = new Map<OperationName, boolean>()

/** Whether the operation's response schema gives back exactly the JSON it checked (raw-json.ts). */
function losslessResponse(operation: OperationName): boolean {
  let known = lossless.get(operation)
  if (known === undefined) lossless.set(operation, (known = losslessJson(operations[operation].response)))
  return known
}
