// The contract's plain values without its schemas: the channel and event names the preload and
// the renderer's bridge build `window.storedesk` from, and the connect attempt's lifetime the
// start screen counts down, so none of them loads zod and every schema before the first paint
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
