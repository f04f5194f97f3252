// Auto-update through electron-updater: what is checked, and where nothing is. electron-updater
// is not even loaded when nothing is checked.
// - The feed is baked in at build time (MAIN_VITE_STOREDESK_UPDATE_FEED_URL, docs/packaging.md).
//   An installed (packaged) app checks that feed only: STOREDESK_UPDATE_FEED_URL is ignored
//   there, since anything running as the user can set an environment variable, and a feed is
//   what decides which code the app installs next. Whether the app is packaged is Electron's
//   own word (app.isPackaged), which no setting changes.
// - An update is installed only where its publisher is checked: on macOS Squirrel checks its code
//   signature against the running app's; on Windows electron-updater checks the installer is
//   signed by the publisher the build's app-update.yml names (electron-builder writes it when the
//   build is signed; without it nothing is checked). On Linux (AppImage, deb) only the feed's own
//   hash would vouch for a download, so the app does not update itself there.
// - A development run installs nothing; given STOREDESK_UPDATE_FEED_URL it asks that feed what it
//   offers and logs the answer (to try a staging feed).
// Only https feeds without credentials. The plan's status is shown in Settings, About this app.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import type { AppUpdater } from 'electron-updater'
import type { UpdateStatus } from '../common/ipc-contract'

export type Updater = Pick<AppUpdater, 'setFeedURL' | 'checkForUpdatesAndNotify' | 'checkForUpdates' | 'on' | 'forceDevUpdateConfig' | 'autoDownload' | 'autoInstallOnAppQuit'>

export interface PlanOptions {
  /** The feed baked in at build time, if any. */
  builtInFeedUrl: string | undefined
  env: Record<string, string | undefined>
  isPackaged: boolean
  platform: NodeJS.Platform
  /** Whether the build's app-update.yml names the publisher that signed it (Windows). */
  publisherDeclared: () => boolean
}

export interface UpdatePlan {
  status: Exclude<UpdateStatus, 'browser-shell'>
  /** The feed to check; null when nothing is checked. */
  feed: string | null
  /** False in a development run: the feed is only asked what it offers. */
  installs: boolean
  /** What the log says about the plan, or null. */
  note: string | null
}

const OVERRIDE = 'STOREDESK_UPDATE_FEED_URL'

/** The feed as an https URL without credentials, or null. */
function checkedFeed(feed: string): string | null {
  try {
    const url = new URL(feed)
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null
  } catch {
    return null
  }
}

const INVALID_FEED_NOTE = 'Auto-update is off: its feed must be an https URL without credentials.'

export function planAutoUpdate(options: PlanOptions): UpdatePlan {
  const override = options.env[OVERRIDE]?.trim() || null
  if (!options.isPackaged) {
    if (!override) return { status: 'development', feed: null, installs: false, note: null }
    const feed = checkedFeed(override)
    if (!feed) return { status: 'invalid-feed', feed: null, installs: false, note: INVALID_FEED_NOTE }
    return { status: 'development', feed, installs: false, note: `Development run: asking ${feed} what it offers; nothing is downloaded or installed.` }
  }
  const ignored = override ? `${OVERRIDE} is ignored: an installed app checks only the update feed it was built with.` : null
  const builtIn = options.builtInFeedUrl?.trim() || null
  if (!builtIn) return { status: 'off', feed: null, installs: false, note: ignored }
  const feed = checkedFeed(builtIn)
  if (!feed) return { status: 'invalid-feed', feed: null, installs: false, note: INVALID_FEED_NOTE }
  const afterIgnored = (note: string) => (ignored ? `${ignored} ${note}` : note)
  if (options.platform === 'win32' && !options.publisherDeclared()) {
    return { status: 'unverifiable', feed: null, installs: false, note: afterIgnored('Auto-update is off: this build is not signed, so an update’s publisher cannot be checked.') }
  }
  if (options.platform !== 'win32' && options.platform !== 'darwin') {
    return { status: 'unverifiable', feed: null, installs: false, note: afterIgnored('Auto-update is off: on this system Storedesk cannot check who published an update.') }
  }
  return { status: 'on', feed, installs: true, note: ignored }
}

/**
 * True when app-update.yml (electron-builder's, YAML) gives `publisherName` a value, inline or as
 * a list: electron-updater verifies a Windows update's signature only then.
 */
export function declaresPublisher(appUpdateYml: string): boolean {
  return /^publisherName:[ \t]*(?:[^\s#].*|\r?\n[ \t]+-[ \t]*\S.*)$/m.test(appUpdateYml)
}

/** The plan for this Electron app: packaged or not as Electron says, the build's app-update.yml from its resources. */
export function planForThisApp(options: { builtInFeedUrl: string | undefined; env: Record<string, string | undefined>; platform?: NodeJS.Platform; resourcesPath?: string }): UpdatePlan {
  const resourcesPath = options.resourcesPath ?? process.resourcesPath
  return planAutoUpdate({
    builtInFeedUrl: options.builtInFeedUrl,
    env: options.env,
    isPackaged: app.isPackaged,
    platform: options.platform ?? process.platform,
    publisherDeclared: () => {
      try {
        return declaresPublisher(readFileSync(join(resourcesPath, 'app-update.yml'), 'utf8'))
      } catch {
        return false
      }
    },
  })
}

async function loadElectronUpdater(): Promise<Updater> {
  const module = await import('electron-updater')
  // electron-updater is CommonJS: from ESM its exports arrive as the default export.
  const exports = (module as unknown as { default?: typeof module }).default ?? module
  return exports.autoUpdater
}

export async function startAutoUpdate(plan: UpdatePlan, options: { log: (message: string) => void; loadUpdater?: () => Promise<Updater> }): Promise<UpdatePlan['status']> {
  if (plan.note) options.log(plan.note)
  if (!plan.feed) return plan.status
  const updater = await (options.loadUpdater ?? loadElectronUpdater)()
  if (!plan.installs) {
    updater.forceDevUpdateConfig = true
    updater.autoDownload = false
    updater.autoInstallOnAppQuit = false
  }
  updater.setFeedURL({ provider: 'generic', url: plan.feed })
  updater.on('error', (error: Error) => options.log(`Update check failed: ${error.message}`))
  if (plan.installs) {
    void updater.checkForUpdatesAndNotify().catch(() => undefined)
  } else {
    updater.on('update-available', (info: { version: string }) => options.log(`The feed offers Storedesk ${info.version} (not downloaded: development run).`))
    updater.on('update-not-available', () => options.log('The feed offers no newer version.'))
    void updater.checkForUpdates().catch(() => undefined)
  }
  return plan.status
}
