// The Electron shell's wiring, with Electron replaced by recorders: the window's
// webPreferences, the session's fences (permissions, CSP header), the guard every
// webContents gets, the IPC gate on every contract channel, storedesk:// links from a
// second instance, the app:// scheme the renderer loads from, and the capabilities the
// services receive (the network state among them).
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES, type ChannelName, type EventName } from '../common/ipc-contract'
import type { HostCapabilities } from '../services/host-contract'

const PAGE_CSP = "default-src 'self'; script-src 'self'"

const rec = vi.hoisted(() => {
  type Handler = (...args: never[]) => unknown
  const appHandlers = new Map<string, Handler>()
  const ipcHandlers = new Map<string, Handler>()
  const windows: { options: Record<string, unknown>; webContents: { id: number; send: (...args: unknown[]) => void }; loaded: string[] }[] = []
  const protocol = {
    privileged: [] as unknown[],
    /** Whether a scheme was made privileged before the app was ready (Electron requires it). */
    privilegedBeforeReady: false,
    ready: false,
    handlers: new Map<string, (request: { url: string }) => Promise<Response>>(),
  }
  const sent: unknown[][] = []
  const opened: string[] = []
  const network = { online: true }
  const session = {
    permissionRequest: undefined as undefined | Handler,
    permissionCheck: undefined as undefined | Handler,
    headersReceived: undefined as undefined | Handler,
    spellCheckerLanguages: [] as string[],
  }
  const services = {
    host: undefined as HostCapabilities | undefined,
    invoked: [] as { channel: ChannelName; args: unknown }[],
    callbacks: [] as string[],
    launches: [] as string[],
    emit: undefined as undefined | ((event: EventName, payload: unknown) => void),
  }
  const dialogs: unknown[][] = []
  return { appHandlers, ipcHandlers, windows, sent, opened, network, session, services, protocol, dialogs }
})

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...fs,
    readFile: (async (path: string, ...rest: unknown[]) => {
      if (String(path).endsWith('renderer/index.html')) return Buffer.from('<!doctype html><title>Storedesk</title>')
      if (String(path).endsWith('renderer/assets/app.js')) return Buffer.from('console.info(1)')
      if (String(path).includes('renderer')) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
      return (fs.readFile as (...a: unknown[]) => unknown)(path, ...rest)
    }) as typeof fs.readFile,
  }
})

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>()
  return {
    ...fs,
    readFileSync: ((path: string, ...rest: unknown[]) =>
      String(path).endsWith('renderer/index.html')
        ? `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">`
        : (fs.readFileSync as (...a: unknown[]) => unknown)(path, ...rest)) as typeof fs.readFileSync,
  }
})

vi.mock('electron', () => {
  class BrowserWindow {
    readonly webContents: { id: number; send: (...args: unknown[]) => void; on: () => void }
    readonly loaded: string[] = []
    constructor(readonly options: Record<string, unknown>) {
      this.webContents = { id: 100 + rec.windows.length, send: (...args: unknown[]) => rec.sent.push(args), on: () => {} }
      rec.windows.push(this)
    }
    once() {}
    on() {}
    show() {}
    focus() {}
    restore() {}
    isMinimized() {
      return false
    }
    isDestroyed() {
      return false
    }
    async loadURL(url: string) {
      this.loaded.push(url)
    }
  }
  return {
    app: {
      getPath: () => '/tmp/storedesk-electron-test',
      setPath: () => {},
      getVersion: () => '1.2.3',
      getPreferredSystemLanguages: () => ['de-CH', 'en-GB'],
      requestSingleInstanceLock: () => true,
      isReady: () => true,
      quit: () => {},
      whenReady: () => {
        rec.protocol.ready = true
        return Promise.resolve()
      },
      setAsDefaultProtocolClient: () => true,
      on: (event: string, handler: never) => rec.appHandlers.set(event, handler),
    },
    BrowserWindow,
    Menu: { buildFromTemplate: () => ({ popup: () => {} }) },
    Notification: class {
      static isSupported() {
        return true
      }
      show() {}
    },
    dialog: {
      showOpenDialog: async (...args: unknown[]) => {
        rec.dialogs.push(args)
        return { canceled: false, filePaths: ['/home/ann/Exports'] }
      },
    },
    net: { isOnline: () => rec.network.online },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => {
        rec.protocol.privileged.push(...schemes)
        rec.protocol.privilegedBeforeReady = !rec.protocol.ready
      },
      handle: (scheme: string, handler: never) => rec.protocol.handlers.set(scheme, handler),
    },
    ipcMain: { handle: (channel: string, handler: never) => rec.ipcHandlers.set(channel, handler) },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: (s: string) => Buffer.from(s),
      decryptString: (b: Buffer) => b.toString(),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: never) => (rec.session.permissionRequest = h),
        setPermissionCheckHandler: (h: never) => (rec.session.permissionCheck = h),
        webRequest: { onHeadersReceived: (h: never) => (rec.session.headersReceived = h) },
        availableSpellCheckerLanguages: ['de-DE', 'en-GB', 'en-US'],
        setSpellCheckerLanguages: (languages: string[]) => (rec.session.spellCheckerLanguages = languages),
      },
    },
    shell: { openExternal: async (url: string) => void rec.opened.push(url) },
  }
})

vi.mock('../services/main-services', () => ({
  createMainServices: async (host: HostCapabilities) => {
    rec.services.host = host
    return {
      invoke: async (channel: ChannelName, args: unknown) => {
        rec.services.invoked.push({ channel, args })
        return { ok: true, value: 'answered' }
      },
      onEvent: (listener: (event: EventName, payload: unknown) => void) => {
        rec.services.emit = listener
        return () => {}
      },
      handleOAuthCallback: async (url: string) => {
        rec.services.callbacks.push(url)
        return { attemptId: null, ok: true }
      },
      handleLaunchLink: async (url: string) => {
        rec.services.launches.push(url)
        return { attemptId: null, ok: true }
      },
      dispose: async () => {},
    }
  },
}))

const entryUrl = () => rec.windows[0]!.loaded[0]!

beforeAll(async () => {
  await import('./index')
  await vi.waitFor(() => expect(rec.windows[0]?.loaded).toHaveLength(1))
})

describe('Electron shell wiring', () => {
  it('opens one window with an isolated, sandboxed renderer and the CommonJS preload', () => {
    expect(rec.windows).toHaveLength(1)
    const prefs = rec.windows[0]!.options.webPreferences as Record<string, unknown>
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, disableBlinkFeatures: 'Auxclick' })
    expect(String(prefs.preload)).toMatch(/preload\/index\.cjs$/)
    expect(rec.windows[0]!.loaded).toEqual(['app://storedesk/'])
  })

  it('loads the renderer from app://, a scheme made standard, secure and fetchable before the app is ready', () => {
    expect(rec.protocol.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }])
    expect(rec.protocol.privilegedBeforeReady).toBe(true)
    expect([...rec.protocol.handlers.keys()]).toEqual(['app'])
  })

  it('serves the built renderer on app://storedesk with the CSP, and nothing outside it', async () => {
    const serve = rec.protocol.handlers.get('app')!
    const page = await serve({ url: 'app://storedesk/' })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(`${PAGE_CSP}; frame-ancestors 'none'`)
    expect(await page.text()).toContain('<title>Storedesk</title>')
    expect((await serve({ url: 'app://storedesk/assets/app.js' })).headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect((await serve({ url: 'app://storedesk/assets/missing.js' })).status).toBe(404)
    expect((await serve({ url: 'app://storedesk/..%2F..%2Fpackage.json' })).status).toBe(404)
    expect((await serve({ url: 'app://elsewhere/' })).status).toBe(404)
  })

  it('spell checks in the user’s languages that have a dictionary', () => {
    expect(rec.session.spellCheckerLanguages).toEqual(process.platform === 'darwin' ? [] : ['de-DE', 'en-GB'])
  })

  it('denies every permission request and check', () => {
    const answers: boolean[] = []
    ;(rec.session.permissionRequest as unknown as (c: unknown, p: string, cb: (ok: boolean) => void) => void)({}, 'media', (ok) => answers.push(ok))
    expect(answers).toEqual([false])
    expect((rec.session.permissionCheck as unknown as () => boolean)()).toBe(false)
  })

  it('sends the renderer’s CSP (plus frame-ancestors) as a header, replacing any other', () => {
    let headers: Record<string, string[]> = {}
    ;(rec.session.headersReceived as unknown as (d: unknown, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void)(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] } },
      (response) => (headers = response.responseHeaders),
    )
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [`${PAGE_CSP}; frame-ancestors 'none'`] })
  })

  it('fences every webContents: foreign navigation and redirects stopped, new windows denied, web links to the system browser', () => {
    const listeners = new Map<string, (event: { url: string; preventDefault: () => void }) => void>()
    let openHandler: (details: { url: string }) => { action: string } = () => ({ action: 'allow' })
    const contents = {
      on: (event: string, listener: never) => listeners.set(event, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    }
    ;(rec.appHandlers.get('web-contents-created') as unknown as (e: unknown, c: unknown) => void)({}, contents)

    const navigate = (event: string, url: string) => {
      let prevented = false
      listeners.get(event)!({ url, preventDefault: () => (prevented = true) })
      return prevented
    }
    expect(navigate('will-navigate', `${entryUrl()}#/orders`)).toBe(false)
    expect(navigate('will-navigate', 'https://help.example/guide')).toBe(true)
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(navigate('will-navigate', 'app://elsewhere/')).toBe(true)
    expect(navigate('will-redirect', 'https://evil.example/')).toBe(true)
    expect(listeners.has('will-attach-webview')).toBe(true)

    expect(openHandler({ url: 'https://store.example/admin' })).toEqual({ action: 'deny' })
    expect(openHandler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(rec.opened).toEqual(['https://help.example/guide', 'https://store.example/admin'])
  })

  it('answers every contract channel through the sender check', async () => {
    expect([...rec.ipcHandlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort())
    const handler = rec.ipcHandlers.get('connections.setActive') as unknown as (event: unknown, args: unknown) => Promise<unknown>
    const appFrame = { url: `${entryUrl()}#/`, parent: null }

    expect(await handler({ sender: { id: rec.windows[0]!.webContents.id }, senderFrame: appFrame }, ['c1'])).toEqual({ ok: true, value: 'answered' })
    expect(await handler({ sender: { id: rec.windows[0]!.webContents.id }, senderFrame: { url: 'https://evil.example/', parent: null } }, ['c2'])).toMatchObject({
      ok: false,
      error: { message: 'Refused: unknown sender' },
    })
    expect(await handler({ sender: { id: rec.windows[0]!.webContents.id }, senderFrame: { ...appFrame, parent: appFrame } }, ['c3'])).toMatchObject({ ok: false })
    expect(rec.services.invoked).toEqual([{ channel: 'connections.setActive', args: ['c1'] }])
  })

  it('hands a second instance’s storedesk:// links to the services, wherever they sit in argv', async () => {
    const secondInstance = rec.appHandlers.get('second-instance') as unknown as (event: unknown, argv: string[]) => void
    secondInstance({}, ['/opt/storedesk', 'storedesk://oauth/callback?code=abc&state=s', '--flag'])
    secondInstance({}, ['/opt/storedesk', '--flag', 'storedesk://launch?shop=acme.example.com&timestamp=1&hmac=ff'])
    secondInstance({}, ['/opt/storedesk', '--flag'])
    await vi.waitFor(() => expect(rec.services.launches).toHaveLength(1))
    expect(rec.services.callbacks).toEqual(['storedesk://oauth/callback?code=abc&state=s'])
    expect(rec.services.launches).toEqual(['storedesk://launch?shop=acme.example.com&timestamp=1&hmac=ff'])
  })

  it('gives the services the storedesk:// redirect and a plain vault when Linux offers only basic_text', () => {
    const host = rec.services.host!
    expect(host.shell).toBe('electron')
    expect(host.version).toBe('1.2.3')
    expect(host.redirectUri()).toBe('storedesk://oauth/callback')
    expect(host.vault.encrypted).toBe(process.platform !== 'linux')
  })

  it('tells About this app what auto-update does: nothing in an app Electron does not call packaged', () => {
    expect(rec.services.host!.updates).toBe('development')
  })

  it('tells the services whether the machine has a network, from Electron’s net module', () => {
    const host = rec.services.host!
    expect(host.networkOnline?.()).toBe(true)
    rec.network.online = false
    expect(host.networkOnline?.()).toBe(false)
    rec.network.online = true
  })

  it('gives the services a folder picker over the app’s window, for exports', async () => {
    const options = { title: 'Choose where to export the drafts and revisions', buttonLabel: 'Export here' }
    expect(await rec.services.host!.chooseFolder!(options)).toBe('/home/ann/Exports')
    expect(rec.dialogs).toEqual([[rec.windows[0], { ...options, properties: ['openDirectory', 'createDirectory'] }]])
  })

  it('forwards service events to the window', () => {
    rec.services.emit!('connections.onDidChange', { connections: [], activeId: null })
    expect(rec.sent).toEqual([['storedesk:event', 'connections.onDidChange', { connections: [], activeId: null }]])
  })
})
