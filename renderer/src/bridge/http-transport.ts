// The browser shell's transport (docs/ipc.md): POST /ipc/invoke/<channel> with
// `{ "args": [...] }` answering an IpcResult, and one Server-Sent Events stream at
// /ipc/events carrying `event: <name>` / `data: <json>`. The host authenticates both
// with the HttpOnly session cookie it set from the launch secret. One channel is answered here:
// `app.openExternal`, since the host has no system browser to open (it runs beside the user's),
// opens a new tab instead. The failures it words itself carry a catalog message (localHost.*), so
// the screens say them in the app's language.
import type { IpcResult, RawTransport } from '@common/ipc-contract'
import { isEventName, type EventName } from '@common/ipc-names'

export function createHttpTransport(base = ''): RawTransport {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  let source: EventSource | null = null

  function ensureStream() {
    if (source) return
    source = new EventSource(`${base}/ipc/events`)
    source.onmessage = (message) => {
      let parsed: unknown
      try {
        parsed = JSON.parse(message.data)
      } catch {
        return
      }
      const { event, payload } = (parsed ?? {}) as { event?: unknown; payload?: unknown }
      if (!isEventName(event)) return
      for (const listener of listeners.get(event) ?? []) listener(payload)
    }
  }

  return {
    async invoke(channel, args): Promise<IpcResult<unknown>> {
      if (channel === 'app.openExternal') return openInNewTab(args[0])
      let response: Response
      try {
        response = await fetch(`${base}/ipc/invoke/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify({ args }),
        })
      } catch {
        // The host may have died after it passed the request on: whether it reached the store is unknown.
        return { ok: false, error: { code: 'internal', message: 'Storedesk’s local host is not answering. Is `npm run web` still running?', uncertain: true, words: { key: 'localHost.silent' } } }
      }
      try {
        return (await response.json()) as IpcResult<unknown>
      } catch {
        return { ok: false, error: { code: 'internal', message: `Storedesk’s local host answered ${response.status} without a result.`, uncertain: true, words: { key: 'localHost.noResult', params: { status: response.status } } } }
      }
    },
    subscribe(event, listener) {
      ensureStream()
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
  }
}

/**
 * An external link in a new tab of the user's browser: `noopener`, so the page cannot reach
 * back into Storedesk's window (window.opener), and `noreferrer`, so it is not told where the
 * user came from. Only web links, as the Electron shell's main process allows.
 */
function openInNewTab(raw: unknown): IpcResult<unknown> {
  let url: URL | null
  try {
    url = typeof raw === 'string' ? new URL(raw) : null
  } catch {
    url = null
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { ok: false, error: { code: 'bad_request', message: 'Only web links (http or https) can be opened.', words: { key: 'problems.notWebLink' } } }
  window.open(url.href, '_blank', 'noopener,noreferrer')
  return { ok: true, value: null }
}
