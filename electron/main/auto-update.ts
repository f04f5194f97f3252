// Auto-update through electron-updater, off until a feed is configured: with no feed URL
// this module does nothing at all (electron-updater is not even loaded). The feed is baked in
// at build time (MAIN_VITE_STOREDESK_UPDATE_FEED_URL, see docs/packaging.md) or given at run
// time (STOREDESK_UPDATE_FEED_URL, for trying a staging feed). Only https feeds, only in a
// packaged app: updates replace the app's code, and a development run has nothing to replace.
import type { AppUpdater } from 'electron-updater'

export type Updater = Pick<AppUpdater, 'setFeedURL' | 'checkForUpdatesAndNotify' | 'on'>

export interface AutoUpdateOptions {
  /** The feed baked in at build time, if any. */
  builtInFeedUrl: string | undefined
  env: Record<string, string | undefined>
  isPackaged: boolean
  log: (message: string) => void
  loadUpdater?: () => Promise<Updater>
}

export type AutoUpdateState = 'off' | 'not-packaged' | 'invalid-feed' | 'checking'

/** The configured feed, run-time setting first; null when none is set. */
export function configuredFeedUrl(options: Pick<AutoUpdateOptions, 'builtInFeedUrl' | 'env'>): string | null {
  return options.env.STOREDESK_UPDATE_FEED_URL?.trim() || options.builtInFeedUrl?.trim() || null
}

async function loadElectronUpdater(): Promise<Updater> {
  const module = await import('electron-updater')
  // electron-updater is CommonJS: from ESM its exports arrive as the default export.
  const exports = (module as unknown as { default?: typeof module }).default ?? module
  return exports.autoUpdater
}

export async function startAutoUpdate(options: AutoUpdateOptions): Promise<AutoUpdateState> {
  const feed = configuredFeedUrl(options)
  if (!feed) return 'off'
  if (!options.isPackaged) {
    options.log('Auto-update is configured but this is not a packaged app; not checking for updates.')
    return 'not-packaged'
  }
  let url: URL
  try {
    url = new URL(feed)
  } catch {
    options.log('Auto-update is off: its feed URL is not a URL.')
    return 'invalid-feed'
  }
  if (url.protocol !== 'https:' || url.username || url.password) {
    options.log('Auto-update is off: its feed must be an https URL without credentials.')
    return 'invalid-feed'
  }
  const updater = await (options.loadUpdater ?? loadElectronUpdater)()
  updater.setFeedURL({ provider: 'generic', url: url.href })
  updater.on('error', (error: Error) => options.log(`Update check failed: ${error.message}`))
  void updater.checkForUpdatesAndNotify().catch(() => undefined)
  return 'checking'
}
