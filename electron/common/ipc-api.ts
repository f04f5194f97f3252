// Builds the namespaced API object (`api.connections.get()`, `api.store.call(...)`,
// `api.connections.onDidChange(cb)`) from the contract's channel list, so the preload
// and the renderer's bridge expose exactly the contract's names and nothing else.
import { CHANNEL_NAMES, EVENT_NAMES, type ChannelName, type EventName } from './ipc-contract'

type Invoke = (channel: ChannelName, args: unknown[]) => unknown
type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void

export type NamespacedApi = Record<string, Record<string, (...args: never[]) => unknown>>

export function buildNamespacedApi(invoke: Invoke, subscribe: Subscribe): NamespacedApi {
  const api: Record<string, Record<string, (...args: never[]) => unknown>> = {}
  const slot = (name: string) => {
    const [ns, method] = name.split('.') as [string, string]
    return { ns: (api[ns] ??= {}), method }
  }
  for (const channel of CHANNEL_NAMES) {
    const { ns, method } = slot(channel)
    ns[method] =
      channel === 'store.call'
        ? (connectionId: unknown, operation: unknown, params: unknown) =>
            invoke(channel, [{ connectionId, operation, params: params ?? {} }])
        : (...args: unknown[]) => invoke(channel, args)
  }
  for (const event of EVENT_NAMES) {
    const { ns, method } = slot(event)
    ns[method] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${event} needs a listener function`)
      return subscribe(event, listener)
    }
  }
  return api
}
