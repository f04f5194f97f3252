// The renderer's only door to the main process: `api`, typed from the IPC contract.
// Under Electron the preload exposes `window.storedesk` (named functions answering
// IpcResult); in the browser shell the same calls go over HTTP to the local host
// (docs/ipc.md). Either way failures arrive here as data and are thrown as
// StoredeskError, so callers use plain try/catch.
import { buildNamespacedApi } from '@common/ipc-api'
import type { ChannelName, EventName, IpcErrorData, IpcResult, PreloadApi, RawTransport, StoredeskApi } from '@common/ipc-contract'
import { createHttpTransport } from './http-transport'

export class StoredeskError extends Error {
  readonly code: IpcErrorData['code']
  readonly status?: number
  readonly fields?: Record<string, string[]>
  readonly retryAfter?: number
  readonly uncertain?: boolean
  /** The app's own words for it (a catalog message), where the app decided them. */
  readonly words?: IpcErrorData['words']

  constructor(data: IpcErrorData) {
    super(data.message)
    this.name = 'StoredeskError'
    this.code = data.code
    this.status = data.status
    this.fields = data.fields
    this.retryAfter = data.retryAfter
    this.uncertain = data.uncertain
    this.words = data.words
  }

  toData(): IpcErrorData {
    return {
      code: this.code,
      message: this.message,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
      ...(this.uncertain !== undefined ? { uncertain: this.uncertain } : {}),
      ...(this.words ? { words: this.words } : {}),
    }
  }
}

/** The Electron preload's functions, looked up by channel or event name. */
function preloadTransport(raw: PreloadApi): RawTransport {
  const fn = (name: ChannelName | EventName) => {
    const [ns, method] = name.split('.') as [keyof PreloadApi, string]
    const f: unknown = (raw[ns] as Record<string, unknown> | undefined)?.[method]
    if (typeof f !== 'function') throw new Error(`preload does not expose ${name}`)
    return f as (...args: unknown[]) => unknown
  }
  return {
    invoke: (channel, args) => fn(channel)(...args) as Promise<IpcResult<unknown>>,
    subscribe: (event, listener) => fn(event)(listener) as () => void,
  }
}

export function createApi(transport: RawTransport): StoredeskApi {
  return buildNamespacedApi<StoredeskApi>(
    async (channel, args) => {
      const result = await transport.invoke(channel, args)
      if (!result.ok) throw new StoredeskError(result.error)
      return result.value
    },
    (event, listener) => transport.subscribe(event, listener),
  )
}

export const shell: 'electron' | 'web' = window.storedesk ? 'electron' : 'web'

export const api: StoredeskApi = createApi(window.storedesk ? preloadTransport(window.storedesk) : createHttpTransport())
