// Electron shell: the composition root for the desktop app. Thin wiring only: lifecycle,
// the single-instance lock, one locked-down window loaded from app://storedesk/, the
// storedesk:// deep links, safeStorage for the vault, and the IPC gate. Every decision that
// can be made from plain values (who may call, where a window may go, which link is ours and
// when it is handed over, which file an app:// request names) lives in trust.ts,
// deep-links.ts, deep-link-router.ts, ipc-dispatch.ts and app-protocol.ts, tested under Node.
import { mkdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, Menu, net, Notification, protocol, safeStorage, session, shell } from 'electron'
import { editableContextMenu, spellCheckerLanguages, writingLanguages } from './spellcheck'
import { createFolderPicker } from './folder-picker'
import type { HostCapabilities, MainServices } from '../services/host-contract'
import { createMainServices } from '../services/main-services'
import { createEncryptedVault, createFileVault } from '../services/vault'
import { EVENT_CHANNEL } from '../preload/event-channel'
import { headerCsp } from '../services/renderer-csp'
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, appResponseHeaders, resolveAppRequest } from './app-protocol'
import { planForThisApp, startAutoUpdate } from './auto-update'
import { createDesktopNotifier } from './desktop-notify'
import { claimSingleInstance, routeDeepLinks } from './deep-link-router'
import { SCHEME, profileFromArgs } from './deep-links'
import { registerIpc } from './ipc'
import { createIpcDispatch } from './ipc-dispatch'
import { printChannels } from './print'
import { chooseVaultKind, isAllowedNavigation, isExternalWebUrl } from './trust'

const here = dirname(fileURLToPath(import.meta.url))
const rendererDir = join(here, '../renderer')
const entryUrl = APP_ENTRY_URL
const preloadPath = join(here, '../preload/index.cjs')

let mainWindow: BrowserWindow | null = null
const updatePlan = planForThisApp({ builtInFeedUrl: import.meta.env.MAIN_VITE_STOREDESK_UPDATE_FEED_URL, env: process.env })

async function openInSystemBrowser(url: string): Promise<boolean> {
  if (!isExternalWebUrl(url)) return false
  await shell.openExternal(url)
  return true
}

function showMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    // macOS keeps the app running without a window: a link (or a relaunch) brings one back.
    if (app.isReady()) void createMainWindow()
    return
  }
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

async function createServices(): Promise<MainServices> {
  const profileDir = app.getPath('userData')
  const vaultKind = chooseVaultKind({
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    platform: process.platform,
    ...(process.platform === 'linux' ? { linuxBackend: safeStorage.getSelectedStorageBackend() } : {}),
  })
  // Two files, so switching between keyring and plain storage never mixes the formats.
  const vault =
    vaultKind === 'encrypted'
      ? createEncryptedVault(join(profileDir, 'secrets.enc.json'), {
          encrypt: (plain) => safeStorage.encryptString(plain),
          decrypt: (sealed) => safeStorage.decryptString(sealed),
        })
      : createFileVault(join(profileDir, 'secrets.json'))
  const host: HostCapabilities = {
    shell: 'electron',
    version: app.getVersion(),
    updates: updatePlan.status,
    profileDir,
    vault,
    redirectUri: () => `${SCHEME}://oauth/callback`,
    openExternal: openInSystemBrowser,
    networkOnline: () => net.isOnline(),
    notify: createDesktopNotifier({
      platform: process.platform,
      isSupported: () => Notification.isSupported(),
      windowFocused: () => !!mainWindow && !mainWindow.isDestroyed() && mainWindow.isFocused(),
      show: (options) => new Notification(options).show(),
    }),
    chooseFolder: createFolderPicker(() => mainWindow),
    setSpellCheckLanguage: (language) => {
      // macOS's checker chooses its own languages: nothing to set there.
      if (process.platform === 'darwin') return []
      const ses = session.defaultSession
      const languages = writingLanguages(language, app.getPreferredSystemLanguages(), ses.availableSpellCheckerLanguages)
      ses.setSpellCheckerLanguages(languages)
      return languages
    },
    ...(process.env.STOREDESK_DEMO_STORE_URL ? { demoStoreUrl: process.env.STOREDESK_DEMO_STORE_URL } : {}),
  }
  const services = await createMainServices(host)
  services.onEvent((event, payload) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(EVENT_CHANNEL, event, payload)
  })
  return services
}

/** Every webContents, the app's and any other, gets the same fences. */
function guardContents(contents: Electron.WebContents): void {
  contents.on('will-navigate', (event) => {
    if (isAllowedNavigation(event.url, entryUrl)) return
    event.preventDefault()
    // A plain link to a web page: the user meant to read it, in their browser.
    void openInSystemBrowser(event.url)
  })
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, entryUrl)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    void openInSystemBrowser(url)
    return { action: 'deny' }
  })
}

/** Serves the built renderer on app://storedesk/, each file with the CSP; nothing outside its folder. */
function serveRenderer(csp: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const target = resolveAppRequest(request.url, rendererDir)
    if (!target.ok) return new Response(null, { status: target.status })
    try {
      return new Response(await readFile(target.file), { headers: appResponseHeaders(target.file, csp) })
    } catch {
      return new Response(null, { status: 404 })
    }
  })
}

function lockDownSession(csp: string): void {
  const ses = session.defaultSession
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  ses.setPermissionCheckHandler(() => false)
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = Object.fromEntries(Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'))
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp] } })
  })
}

/** The user's languages for the spell checker, and its suggestions in the editable fields' context menu. */
function enableSpellChecking(window: BrowserWindow): void {
  const ses = session.defaultSession
  if (process.platform !== 'darwin') ses.setSpellCheckerLanguages(spellCheckerLanguages(app.getPreferredSystemLanguages(), ses.availableSpellCheckerLanguages))
  window.webContents.on('context-menu', (_event, params) => {
    const template = editableContextMenu(params, {
      replace: (word) => window.webContents.replaceMisspelling(word),
      learn: (word) => ses.addWordToSpellCheckerDictionary(word),
    })
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window })
  })
}

async function createMainWindow(): Promise<void> {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Storedesk',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    },
  })
  enableSpellChecking(mainWindow)
  mainWindow.once('ready-to-show', () => mainWindow?.show())
  mainWindow.on('closed', () => {
    mainWindow = null
  })
  await mainWindow.loadURL(entryUrl)
}

function start(): void {
  const servicesReady = app.whenReady().then(createServices)

  // Registered now, before `ready`: macOS hands over the link that launched the app early.
  const deepLinks = routeDeepLinks({
    app,
    launch: { argv: process.argv, execPath: process.execPath, defaultApp: Boolean(process.defaultApp) },
    resolvePath: (path) => resolve(path),
    focus: showMainWindow,
    handle: async (link) => {
      const services = await servicesReady
      return link.kind === 'oauth-callback' ? services.handleOAuthCallback(link.url) : services.handleLaunchLink(link.url)
    },
    log: (message) => console.error(message),
  })

  app.on('web-contents-created', (_event, contents) => guardContents(contents))

  registerIpc(
    createIpcDispatch({
      services: () => servicesReady,
      app: () => ({ windowContentsId: mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents.id : null, entryUrl }),
      log: (message) => console.warn(message),
      windowChannels: printChannels((message) => console.warn(message)),
    }),
  )

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (!mainWindow) void createMainWindow()
  })
  let disposed = false
  // After the windows closed, not before: a window whose page keeps typed changes (its
  // beforeunload asks first) can still refuse to close, and the app goes on with live services.
  app.on('will-quit', (event) => {
    if (disposed) return
    event.preventDefault()
    disposed = true
    void servicesReady
      .then((services) => services.dispose())
      .catch(() => undefined)
      .finally(() => app.quit())
  })

  void app.whenReady().then(async () => {
    const csp = headerCsp(readFileSync(join(rendererDir, 'index.html'), 'utf8'))
    serveRenderer(csp)
    lockDownSession(csp)
    await createMainWindow()
    await deepLinks.ready()
    await startAutoUpdate(updatePlan, { log: (message) => console.warn(message) })
  })
}

// A chosen profile also scopes the single-instance lock, so test runs on fresh profiles do not collide.
const profile = profileFromArgs(process.argv, process.env)
if (profile) {
  mkdirSync(resolve(profile), { recursive: true, mode: 0o700 })
  app.setPath('userData', resolve(profile))
}

// Privileges can only be granted before the app is ready.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }])

if (claimSingleInstance(app)) start()
