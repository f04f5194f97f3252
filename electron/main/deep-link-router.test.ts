// storedesk:// links on every OS, with Electron's `app` replaced by an EventEmitter: macOS's
// open-url (also before the app is ready and before any window exists), a second instance's
// argv on Windows and Linux, and the first instance's own argv all reach the one handler.
// @vitest-environment node
import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { MAX_QUEUED_LINKS, claimSingleInstance, routeDeepLinks, type DeepLinkApp, type LaunchFacts } from './deep-link-router'
import type { DeepLink } from './deep-links'

const CALLBACK = 'storedesk://oauth/callback?code=abc&state=s1&shop=acme.example.com'
const LAUNCH = 'storedesk://launch?shop=acme.example.com&timestamp=1&hmac=ff'

class FakeApp extends EventEmitter implements DeepLinkApp {
  lock = true
  quits = 0
  registered: unknown[][] = []
  requestSingleInstanceLock() {
    return this.lock
  }
  setAsDefaultProtocolClient(...args: unknown[]) {
    this.registered.push(args)
    return true
  }
  quit() {
    this.quits += 1
  }
  openUrl(url: string): boolean {
    let prevented = false
    this.emit('open-url', { preventDefault: () => (prevented = true) }, url)
    return prevented
  }
}

const packaged: LaunchFacts = { argv: ['/opt/Storedesk/storedesk'], execPath: '/opt/Storedesk/storedesk', defaultApp: false }

function setUp(launch: LaunchFacts = packaged) {
  const app = new FakeApp()
  const handled: DeepLink[] = []
  const log: string[] = []
  let focused = 0
  const router = routeDeepLinks({
    app,
    launch,
    handle: async (link) => void handled.push(link),
    focus: () => (focused += 1),
    log: (message) => log.push(message),
  })
  return { app, router, handled, log, focused: () => focused }
}

describe('the single-instance lock', () => {
  it('lets the first instance run and makes a second one quit', () => {
    const first = new FakeApp()
    expect(claimSingleInstance(first)).toBe(true)
    expect(first.quits).toBe(0)
    const second = new FakeApp()
    second.lock = false
    expect(claimSingleInstance(second)).toBe(false)
    expect(second.quits).toBe(1)
  })
})

describe('routeDeepLinks', () => {
  it('registers the scheme; in development, as `electron <app path>` for the OS to relaunch', () => {
    expect(setUp().app.registered).toEqual([['storedesk']])
    const dev = setUp({ argv: ['/x/electron', 'out/main/index.js'], execPath: '/x/electron', defaultApp: true })
    expect(dev.app.registered).toEqual([['storedesk', '/x/electron', ['out/main/index.js']]])
  })

  it('macOS: holds a link that arrives before the app is ready, then hands it over once', async () => {
    const { app, router, handled } = setUp()
    expect(app.openUrl(CALLBACK)).toBe(true)
    expect(handled).toEqual([])
    await router.ready()
    expect(handled).toEqual([{ kind: 'oauth-callback', url: CALLBACK }])
    await router.ready()
    expect(handled).toHaveLength(1)
  })

  it('macOS: after ready, open-url goes straight to the handler and brings the window forward', async () => {
    const { app, router, handled, focused } = setUp()
    await router.ready()
    app.openUrl(LAUNCH)
    await router.ready()
    expect(handled).toEqual([{ kind: 'launch', url: LAUNCH }])
    expect(focused()).toBe(1)
  })

  it('Windows and Linux: the link in a second instance’s argv, wherever Chromium put it', async () => {
    const { app, router, handled, focused } = setUp()
    await router.ready()
    app.emit('second-instance', {}, ['C:\\Storedesk\\Storedesk.exe', '--allow-file-access-from-files', CALLBACK])
    app.emit('second-instance', {}, ['/opt/Storedesk/storedesk', CALLBACK.replace('s1', 's2'), '--no-sandbox'])
    await router.ready()
    expect(handled.map((link) => link.url)).toEqual([CALLBACK, CALLBACK.replace('s1', 's2')])
    // Brought forward for each instance, and again as each link is handled.
    expect(focused()).toBe(4)
  })

  it('Windows and Linux: a relaunch without a link only brings the window forward', async () => {
    const { app, router, handled, focused } = setUp()
    await router.ready()
    app.emit('second-instance', {}, ['/opt/Storedesk/storedesk'])
    await router.ready()
    expect(handled).toEqual([])
    expect(focused()).toBe(1)
  })

  it('Windows and Linux: the link that started the first instance is handled once the app is ready', async () => {
    const { router, handled } = setUp({ ...packaged, argv: [...packaged.argv, CALLBACK] })
    expect(handled).toEqual([])
    await router.ready()
    expect(handled).toEqual([{ kind: 'oauth-callback', url: CALLBACK }])
  })

  it('keeps arrival order across the queue and later links', async () => {
    const { app, router, handled } = setUp({ ...packaged, argv: [...packaged.argv, LAUNCH] })
    app.openUrl(CALLBACK)
    const flushing = router.ready()
    app.openUrl(CALLBACK.replace('s1', 's3'))
    await flushing
    await router.ready()
    expect(handled.map((link) => link.url)).toEqual([LAUNCH, CALLBACK, CALLBACK.replace('s1', 's3')])
  })

  it('ignores links that are not ours, and bounds the queue before ready', async () => {
    const { app, router, handled, log } = setUp()
    app.openUrl('storedesk://evil.example/callback?code=x')
    app.openUrl('https://acme.example.com/')
    for (let i = 0; i <= MAX_QUEUED_LINKS; i += 1) app.openUrl(`${CALLBACK}&n=${i}`)
    await router.ready()
    expect(handled).toHaveLength(MAX_QUEUED_LINKS)
    expect(log).toEqual(['Storedesk ignored an OAuth callback link that arrived before the app was ready (too many waiting).'])
  })

  it('logs the kind of a link the handler failed on, never the link (it holds the OAuth code)', async () => {
    const app = new FakeApp()
    const log: string[] = []
    const router = routeDeepLinks({ app, launch: packaged, handle: async () => Promise.reject(new Error('boom')), focus: () => {}, log: (m) => log.push(m) })
    app.openUrl(CALLBACK)
    await router.ready()
    expect(log).toEqual(['Storedesk could not handle an OAuth callback link.'])
    expect(log.join(' ')).not.toContain('abc')
  })
})
