// The ipcMain gate: a foreign sender is refused with a typed error and logged without its
// payload; the app's own page reaches the services.
import { describe, expect, it } from 'vitest'
import type { ChannelName, IpcResult } from '../common/ipc-contract'
import type { MainServices } from '../services/host-contract'
import { REFUSED_SENDER, createIpcDispatch } from './ipc-dispatch'

const entryUrl = 'app://storedesk/'

function setup() {
  const calls: { channel: ChannelName; args: unknown }[] = []
  const logs: string[] = []
  const services = {
    async invoke(channel: ChannelName, args: unknown): Promise<IpcResult<unknown>> {
      calls.push({ channel, args })
      if (channel === 'diagnostics.requestLog') throw new Error('boom with secret shpat_123')
      return { ok: true, value: 'answered' }
    },
  } as unknown as MainServices
  const dispatch = createIpcDispatch({
    services: async () => services,
    app: () => ({ windowContentsId: 1, entryUrl }),
    log: (message) => logs.push(message),
  })
  return { calls, logs, dispatch }
}

const appSender = { webContentsId: 1, frameUrl: `${entryUrl}#/`, isMainFrame: true }

describe('createIpcDispatch', () => {
  it('passes the app page’s calls to the services', async () => {
    const { calls, dispatch } = setup()
    expect(await dispatch('connections.setActive', appSender, ['c1'])).toEqual({ ok: true, value: 'answered' })
    expect(calls).toEqual([{ channel: 'connections.setActive', args: ['c1'] }])
  })

  it('refuses a foreign origin, a subframe and another window, logging where from but not the payload', async () => {
    const { calls, logs, dispatch } = setup()
    const secretArgs = [{ shopUrl: 'https://x', clientId: 'id', clientSecret: 'very-secret', scopes: ['read_orders'] }]
    expect(await dispatch('connections.begin', { ...appSender, frameUrl: 'https://evil.example/' }, secretArgs)).toEqual(REFUSED_SENDER)
    expect(await dispatch('connections.begin', { ...appSender, isMainFrame: false }, secretArgs)).toEqual(REFUSED_SENDER)
    expect(await dispatch('connections.begin', { ...appSender, webContentsId: 2 }, secretArgs)).toEqual(REFUSED_SENDER)
    expect(REFUSED_SENDER).toEqual({ ok: false, error: { code: 'bad_request', message: 'Refused: unknown sender' } })
    expect(calls).toEqual([])
    expect(logs).toHaveLength(3)
    expect(logs[0]).toContain('https://evil.example')
    expect(logs.join('\n')).not.toContain('very-secret')
  })

  it('answers bad_request when the arguments are not a list, and internal when the services throw', async () => {
    const { calls, logs, dispatch } = setup()
    expect(await dispatch('app.getInfo', appSender, { 0: 'x' })).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    expect(calls).toEqual([])
    expect(await dispatch('diagnostics.requestLog', appSender, [])).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(logs.join('\n')).not.toContain('shpat_123')
  })

  it('answers a window channel on the sending window itself, after the same sender check', async () => {
    const calls: ChannelName[] = []
    const windowCalls: { args: unknown[]; webContentsId: number }[] = []
    const withWindow = createIpcDispatch({
      services: async () => ({ invoke: async (channel: ChannelName) => void calls.push(channel) }) as unknown as MainServices,
      app: () => ({ windowContentsId: 1, entryUrl }),
      log: () => {},
      windowChannels: {
        'print.print': async (args, webContentsId) => {
          windowCalls.push({ args, webContentsId })
          return { ok: true, value: { printed: true } }
        },
      },
    })
    const request = [{ paper: 'a4', landscape: false, fileName: 'Pick list' }]
    expect(await withWindow('print.print', appSender, request)).toEqual({ ok: true, value: { printed: true } })
    expect(await withWindow('print.print', { ...appSender, webContentsId: 2 }, request)).toEqual(REFUSED_SENDER)
    expect(windowCalls).toEqual([{ args: request, webContentsId: 1 }])
    expect(calls).toEqual([])
  })
})
