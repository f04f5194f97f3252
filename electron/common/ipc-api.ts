// Builds the namespaced API object (`api.connections.get()`, `api.store.call(...)`,
// `api.connections.onDidChange(cb)`) from the contract's channel list, so the preload
// and the renderer's bridge expose exactly the contract's names and nothing else.
import type { PreloadApi, StoredeskApi } from './ipc-contract'
import { CHANNEL_NAMES, EVENT_NAMES, type ChannelName, type EventName } from './ipc-names'

type Invoke = (channel: ChannelName, args: unknown[]) => unknown
type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void

/**
 * Every channel becomes a function passing its arguments on as they are (the contract declares
 * each channel's arguments as a tuple); `Api` says what `invoke` answers: values for the
 * bridge's `StoredeskApi`, `IpcResult`s for the preload's `PreloadApi`.
 */
export function buildNamespacedApi<Api extends StoredeskApi | PreloadApi>(invoke: Invoke, subscribe: Subscribe): Api {
  const api: Record<string, Record<string, (...args: never[]) => unknown>> = {}
  const slot = (name: string) => {
    const [ns, method] = name.split('.') as [string, string]
    return { ns: (api[ns] ??= {}), method }
  }
  for (const channel of CHANNEL_NAMES) {
    const { ns, method } = slot(channel)
    ns[method] = (...args: unknown[]) => invoke(channel, args)
  }
  for (const event of EVENT_NAMES) {
    const { ns, method } = slot(event)
    ns[method] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${event} needs a listener function`)
      return subscribe(event, listener)
    }
  }
  // Built from the same name lists the two types are mapped from.
  return api as unknown as Api
}
