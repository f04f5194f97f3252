// The contract's plain values without its schemas: the channel and event names the preload and
// the renderer's bridge build `window.storedesk` from, the connect attempt's lifetime the
// start screen counts down, and the failures' codes the frame's error words read, so none of them loads zod and every schema before the first paint
// (ipc-contract.ts re-exports them and checks at compile time that the lists name exactly its
// channels and events).
export const CHANNEL_NAMES = [
  'app.getInfo',
  'app.openExternal',
  'app.notify',
  'app.setSpellCheckLanguage',
  'connections.get',
  'connections.setActive',
  'connections.tryDemo',
  'connections.begin',
  'connections.cancel',
  'connections.disconnect',
  'store.call',
  'store.checkReachability',
  'diagnostics.requestLog',
  'blogs.fetchPreviewStylesheet',
  'localData.exportToFolder',
  'print.print',
  'print.savePdf',
] as const

export const EVENT_NAMES = [
  'connections.onDidChange',
  'connections.onDidFinishConnect',
  'store.onDidChangeReachability',
] as const

export type ChannelName = (typeof CHANNEL_NAMES)[number]
export type EventName = (typeof EVENT_NAMES)[number]

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES)

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && EVENTS.has(value)
}

/** How long a connect attempt waits for the store's consent before both processes give it up. */
export const ATTEMPT_LIFETIME_MS = 10 * 60 * 1000

// ---------------------------------------------------------------- failures

export const ERROR_CODES = [
  'bad_request', // the payload failed validation at the boundary
  'unauthorized', // the store refused the token: reconnect
  'forbidden', // a scope is missing
  'not_found',
  'conflict',
  'validation_failed', // the store's 422, with per-field messages
  'payload_too_large',
  'rate_limited',
  'network', // the store could not be reached
  'timeout',
  'cancelled',
  'server', // the store's 5xx
  'invalid_response', // the store answered something that does not match the reference
  'not_connected', // no such connection, or its token can no longer be read
  'oauth', // a connect attempt was refused (bad hmac, foreign shop, stale, replayed...)
  'internal',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** True for a code of ERROR_CODES (a failure's data checked without zod: ui/error-words.ts). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value)
}
