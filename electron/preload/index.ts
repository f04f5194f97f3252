// Electron preload (sandboxed, built as CommonJS): exposes `window.storedesk`, the contract's
// named functions only (electron/common/ipc-api.ts). The page never gets ipcRenderer: it
// could otherwise send on any channel. One listener dispatches every pushed event to the
// page's subscriptions; each subscription returns its own unsubscribe function.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { buildNamespacedApi } from '../common/ipc-api'
import type { EventName, PreloadApi } from '../common/ipc-contract'
import { EVENT_CHANNEL } from './event-channel'

const subscribers = new Map<EventName, Set<(payload: unknown) => void>>()

ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, name: EventName, payload: unknown) => {
  for (const listener of subscribers.get(name) ?? []) listener(payload)
})

function subscribe(event: EventName, listener: (payload: unknown) => void): () => void {
  let listeners = subscribers.get(event)
  if (!listeners) subscribers.set(event, (listeners = new Set()))
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

contextBridge.exposeInMainWorld(
  'storedesk',
  buildNamespacedApi<PreloadApi>((channel, args) => ipcRenderer.invoke(channel, args), subscribe),
)
