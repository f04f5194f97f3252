// The data layer's view of the store: one function that calls an operation by name (the bridge's
// `api.store.call` bound to a connection, or a fake in tests), Web Locks with an in-process
// fallback, and how a failed call is classified (retry later, stop the write, stop everything,
// or, for a write that was sent, "its outcome is unknown").
import type { OperationName, OperationParams, OperationResult } from '@common/store-api/operations'
import type { ErrorCode } from '@common/ipc-contract'
import { api } from '@/bridge'

export type StoreCall = <N extends OperationName>(operation: N, params: OperationParams<N>) => Promise<OperationResult<N>>

export function storeCallFor(connectionId: string): StoreCall {
  return (operation, params) => api.store.call(connectionId, operation, params)
}

/** The shape of the bridge's StoredeskError that this layer relies on. */
export interface CallError {
  code: ErrorCode
  message: string
  fields?: Record<string, string[]>
  retryAfter?: number
  uncertain?: boolean
}

export function asCallError(error: unknown): CallError {
  if (error && typeof error === 'object' && 'code' in error && typeof (error as CallError).code === 'string') return error as CallError
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) }
}

/** The store could not be reached: stop and wait for reachability, do not blame the write. */
export function isOffline(error: { code: string }): boolean {
  return error.code === 'network' || error.code === 'timeout'
}

/** Worth trying again later without the user's help. */
export function isTransient(error: CallError): boolean {
  return isOffline(error) || ['rate_limited', 'server', 'internal', 'invalid_response', 'cancelled'].includes(error.code)
}

/** Nothing can be sent until the user reconnects the store. */
export function needsReconnect(error: CallError): boolean {
  return error.code === 'unauthorized' || error.code === 'not_connected'
}

/**
 * Whether a write that was sent may have been applied although this is what came back: a
 * failure the transport marks so (no answer: the connection dropped, a timeout; in the browser
 * shell the local host dying or answering without a result), a 5xx, a failure inside the app's
 * own host after the request may have left, or an answer that could not be read. A refusal
 * (4xx), a 429 and "not connected" say the store did not apply it.
 */
export function outcomeUnknown(error: CallError): boolean {
  return error.uncertain === true || ['server', 'internal', 'invalid_response'].includes(error.code)
}

const localLocks = new Map<string, Promise<unknown>>()

/**
 * Runs `fn` holding the named lock: Web Locks across windows and reloads where the browser has
 * them, otherwise a promise chain in this window. With `ifAvailable`, resolves null at once
 * when someone else holds it.
 */
export async function withLock<T>(name: string, fn: () => Promise<T>, options: { ifAvailable?: boolean } = {}): Promise<T | null> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(name, { ifAvailable: options.ifAvailable ?? false }, async (lock) => (lock ? fn() : null))
  }
  const held = localLocks.get(name)
  if (held && options.ifAvailable) return null
  const run = (held ?? Promise.resolve()).catch(() => undefined).then(fn)
  localLocks.set(name, run)
  try {
    return await run
  } finally {
    if (localLocks.get(name) === run) localLocks.delete(name)
  }
}
