// The contract's channel and event names without its schemas: what the preload and the
// renderer's bridge need to build `window.storedesk` and route events, without loading zod and
// every schema before the first paint (ipc-contract.ts checks at compile time that these lists
// name exactly its channels and events).
export const CHANNEL_NAMES = [
  'app.getInfo',
  'app.openExternal',
  'app.notify',
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
