// How storedesk:// links reach the app on every OS: the single-instance lock, the OS's
// registration of the scheme, macOS's `open-url` and Windows/Linux's `second-instance`
// argv, and the first instance's own argv. Every link goes to one handler, in arrival
// order, once the app says it is ready; links that come earlier (macOS delivers a link
// that launched the app before `ready`, before any window exists) wait in a short queue.
// Takes an `app`-shaped object instead of importing Electron, so it is tested under Node.
import { SCHEME, classifyDeepLink, findDeepLinkInArgv, type DeepLink } from './deep-links'

/** The part of Electron's `app` this module uses. */
export interface DeepLinkApp {
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown
  requestSingleInstanceLock(): boolean
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean
  quit(): void
}

/** What the process was started with: decides how the OS must relaunch the app for a link. */
export interface LaunchFacts {
  argv: readonly string[]
  execPath: string
  /** Electron's process.defaultApp: true when run as `electron <app path>` (development). */
  defaultApp: boolean
}

export interface DeepLinkRouterOptions {
  app: DeepLinkApp
  launch: LaunchFacts
  /** The one handler every link reaches (OAuth callbacks and launch links alike). */
  handle: (link: DeepLink) => Promise<unknown>
  /** Brings the app's window forward; a link is the user coming back to the app. */
  focus: () => void
  log: (message: string) => void
  resolvePath?: (path: string) => string
}

export interface DeepLinkRouter {
  /** The window and services exist: hand over queued links, then every later one at once. */
  ready(): Promise<void>
}

const LINK_NAMES: Record<DeepLink['kind'], string> = { 'oauth-callback': 'an OAuth callback link', launch: 'a launch link' }

/** Links held before `ready`; more than a person could produce before the window opens. */
export const MAX_QUEUED_LINKS = 8

/**
 * The first instance takes the lock and carries on; a second instance (started by the OS
 * for a link on Windows and Linux) hands its argv to the first via `second-instance` and quits.
 */
export function claimSingleInstance(app: Pick<DeepLinkApp, 'requestSingleInstanceLock' | 'quit'>): boolean {
  if (app.requestSingleInstanceLock()) return true
  app.quit()
  return false
}

/** Registers the scheme with the OS; in development the OS must relaunch `electron <app path>`. */
export function registerProtocolClient(app: Pick<DeepLinkApp, 'setAsDefaultProtocolClient'>, launch: LaunchFacts, resolvePath: (path: string) => string): void {
  const appPath = launch.argv[1]
  if (launch.defaultApp && appPath) app.setAsDefaultProtocolClient(SCHEME, launch.execPath, [resolvePath(appPath)])
  else app.setAsDefaultProtocolClient(SCHEME)
}

/** Call before `app` is ready: macOS may emit `open-url` for the launching link very early. */
export function routeDeepLinks(options: DeepLinkRouterOptions): DeepLinkRouter {
  const { app, launch, handle, focus, log } = options
  let isReady = false
  const queue: DeepLink[] = []
  // One link at a time, in arrival order: a second callback never races the first.
  let delivered: Promise<void> = Promise.resolve()

  const deliver = async (link: DeepLink): Promise<void> => {
    try {
      focus()
      await handle(link)
    } catch {
      // The URL carries the OAuth code and state: name the kind of link only.
      log(`Storedesk could not handle ${LINK_NAMES[link.kind]}.`)
    }
  }

  const arrive = (raw: string | null): void => {
    const link = raw === null ? null : classifyDeepLink(raw)
    if (!link) return
    if (isReady) {
      delivered = delivered.then(() => deliver(link))
      return
    }
    if (queue.length >= MAX_QUEUED_LINKS) {
      log(`Storedesk ignored ${LINK_NAMES[link.kind]} that arrived before the app was ready (too many waiting).`)
      return
    }
    queue.push(link)
  }

  registerProtocolClient(app, launch, options.resolvePath ?? ((path) => path))
  app.on('open-url', (event, url) => {
    event.preventDefault()
    arrive(url)
  })
  app.on('second-instance', (_event, argv) => {
    focus()
    arrive(findDeepLinkInArgv(argv))
  })
  // Windows and Linux start the first instance with the link in argv.
  arrive(findDeepLinkInArgv(launch.argv))

  return {
    ready() {
      if (!isReady) {
        isReady = true
        for (const link of queue.splice(0)) delivered = delivered.then(() => deliver(link))
      }
      return delivered
    },
  }
}
