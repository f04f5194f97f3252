// The preload as the page sees it, with Electron's contextBridge and ipcRenderer replaced by
// recorders: only the contract's named functions are exposed, calls go out as
// (channel, args), and pushed events reach exactly the subscriptions still open.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES, EVENT_NAMES } from '../common/ipc-contract'

const electron = vi.hoisted(() => {
  const exposed = new Map<string, unknown>()
  const invoked: { channel: string; args: unknown }[] = []
  const handlers = new Map<string, (event: unknown, ...rest: unknown[]) => void>()
  return {
    exposed,
    invoked,
    handlers,
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: async (channel: string, args: unknown) => {
        invoked.push({ channel, args })
        return { ok: true, value: null }
      },
      on: (channel: string, handler: (event: unknown, ...rest: unknown[]) => void) => handlers.set(channel, handler),
    },
  }
})
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }))

type Api = Record<string, Record<string, (...args: unknown[]) => unknown>>
let api: Api

beforeAll(async () => {
  await import('./index')
  api = electron.exposed.get('storedesk') as Api
})

function push(event: string, payload: unknown) {
  electron.handlers.get('storedesk:event')?.({}, event, payload)
}

describe('preload', () => {
  it('exposes window.storedesk and nothing else, with one function per contract name', () => {
    expect([...electron.exposed.keys()]).toEqual(['storedesk'])
    const names = Object.entries(api).flatMap(([ns, methods]) => Object.keys(methods).map((method) => `${ns}.${method}`))
    expect(names.sort()).toEqual([...CHANNEL_NAMES, ...EVENT_NAMES].sort())
    for (const methods of Object.values(api)) for (const fn of Object.values(methods)) expect(typeof fn).toBe('function')
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/ipcRenderer|invoke|send/)
  })

  it('sends each call as (channel, args), store.call too', async () => {
    await api.connections!.setActive!('c1')
    await api.store!.call!('c1', 'orders.list', { query: { page: 2 } })
    expect(electron.invoked).toEqual([
      { channel: 'connections.setActive', args: ['c1'] },
      { channel: 'store.call', args: ['c1', 'orders.list', { query: { page: 2 } }] },
    ])
  })

  it('delivers pushed events to open subscriptions only, by event name', () => {
    const changes: unknown[] = []
    const reachability: unknown[] = []
    const stopChanges = api.connections!.onDidChange!((payload: unknown) => changes.push(payload)) as () => void
    api.store!.onDidChangeReachability!((payload: unknown) => reachability.push(payload))

    push('connections.onDidChange', { connections: [], activeId: null })
    stopChanges()
    push('connections.onDidChange', { connections: [], activeId: 'gone' })
    push('store.onDidChangeReachability', { connectionId: 'c1', online: true, checkedAt: 'now' })

    expect(changes).toEqual([{ connections: [], activeId: null }])
    expect(reachability).toEqual([{ connectionId: 'c1', online: true, checkedAt: 'now' }])
  })
})
