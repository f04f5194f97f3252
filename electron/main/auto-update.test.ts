// Auto-update: which feed is checked, and where nothing is. A packaged app checks only the feed
// it was built with, never one named in its environment, and only where the update's publisher
// can be checked (macOS; Windows when the build is signed); a development run checks the feed
// STOREDESK_UPDATE_FEED_URL names and installs nothing. electron-updater and Electron's `app`
// are mocked.
// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { declaresPublisher, planAutoUpdate, planForThisApp, startAutoUpdate, type PlanOptions } from './auto-update'

const updater = vi.hoisted(() => ({
  loaded: 0,
  feeds: [] as unknown[],
  notifyingChecks: 0,
  quietChecks: 0,
  settings: {} as Record<string, unknown>,
  listeners: new Map<string, (value: never) => void>(),
}))

const electronApp = vi.hoisted(() => ({ isPackaged: true }))
vi.mock('electron', () => ({ app: electronApp }))

vi.mock('electron-updater', () => {
  updater.loaded += 1
  const autoUpdater = {
    setFeedURL: (options: unknown) => updater.feeds.push(options),
    checkForUpdatesAndNotify: async () => {
      updater.notifyingChecks += 1
      return null
    },
    checkForUpdates: async () => {
      updater.quietChecks += 1
      return null
    },
    on: (event: string, listener: (value: never) => void) => updater.listeners.set(event, listener),
    set forceDevUpdateConfig(value: boolean) {
      updater.settings.forceDevUpdateConfig = value
    },
    set autoDownload(value: boolean) {
      updater.settings.autoDownload = value
    },
    set autoInstallOnAppQuit(value: boolean) {
      updater.settings.autoInstallOnAppQuit = value
    },
  }
  return { autoUpdater, default: { autoUpdater } }
})

beforeEach(() => {
  updater.feeds.length = 0
  updater.notifyingChecks = 0
  updater.quietChecks = 0
  updater.settings = {}
  updater.listeners.clear()
  electronApp.isPackaged = true
})

const FEED = 'https://updates.storedesk.example/stable'
const EVIL = 'https://evil.example/storedesk'

const packagedMac = (overrides: Partial<PlanOptions> = {}): PlanOptions => ({ builtInFeedUrl: FEED, env: {}, isPackaged: true, platform: 'darwin', publisherDeclared: () => false, ...overrides })

describe('planning auto-update', () => {
  it('is off without a feed, in a packaged app and in a development run', () => {
    expect(planAutoUpdate(packagedMac({ builtInFeedUrl: undefined }))).toEqual({ status: 'off', feed: null, installs: false, note: null })
    expect(planAutoUpdate(packagedMac({ builtInFeedUrl: '  ' }))).toMatchObject({ status: 'off', feed: null })
    expect(planAutoUpdate(packagedMac({ builtInFeedUrl: undefined, isPackaged: false }))).toMatchObject({ status: 'development', feed: null })
  })

  it('checks and installs from the built-in feed on macOS, and on Windows when the build names its signing publisher', () => {
    expect(planAutoUpdate(packagedMac())).toEqual({ status: 'on', feed: FEED, installs: true, note: null })
    expect(planAutoUpdate(packagedMac({ platform: 'win32', publisherDeclared: () => true }))).toEqual({ status: 'on', feed: FEED, installs: true, note: null })
  })

  it('ignores the feed variable in a packaged app: only the feed it was built with counts', () => {
    expect(planAutoUpdate(packagedMac({ env: { STOREDESK_UPDATE_FEED_URL: EVIL } }))).toEqual({
      status: 'on',
      feed: FEED,
      installs: true,
      note: 'STOREDESK_UPDATE_FEED_URL is ignored: an installed app checks only the update feed it was built with.',
    })
    expect(planAutoUpdate(packagedMac({ builtInFeedUrl: undefined, env: { STOREDESK_UPDATE_FEED_URL: EVIL } }))).toMatchObject({ status: 'off', feed: null })
  })

  it('refuses to update where the publisher cannot be checked: Linux (AppImage, deb), an unsigned Windows build', () => {
    expect(planAutoUpdate(packagedMac({ platform: 'linux' }))).toMatchObject({ status: 'unverifiable', feed: null, note: expect.stringContaining('cannot check who published an update') })
    expect(planAutoUpdate(packagedMac({ platform: 'win32', publisherDeclared: () => false }))).toMatchObject({ status: 'unverifiable', feed: null, note: expect.stringContaining('not signed') })
    expect(planAutoUpdate(packagedMac({ platform: 'freebsd' }))).toMatchObject({ status: 'unverifiable', feed: null })
  })

  it('lets a development run check the feed the variable names, installing nothing', () => {
    const plan = planAutoUpdate(packagedMac({ isPackaged: false, platform: 'linux', env: { STOREDESK_UPDATE_FEED_URL: 'https://staging.example/feed' } }))
    expect(plan).toMatchObject({ status: 'development', feed: 'https://staging.example/feed', installs: false })
    // Without the variable a development run checks nothing, whatever was built in.
    expect(planAutoUpdate(packagedMac({ isPackaged: false }))).toMatchObject({ status: 'development', feed: null })
  })

  it('refuses a feed that is not https or carries credentials, without repeating the credentials', () => {
    for (const feed of ['http://updates.storedesk.example/', 'https://user:pw@updates.storedesk.example/', 'not a url']) {
      const plan = planAutoUpdate(packagedMac({ builtInFeedUrl: feed }))
      expect(plan).toMatchObject({ status: 'invalid-feed', feed: null })
      expect(plan.note).not.toContain('pw')
    }
  })

  it('reads from the build’s app-update.yml whether it names the publisher that signed it', () => {
    expect(declaresPublisher('provider: generic\nurl: https://u.example\npublisherName:\n  - Storedesk Ltd\n')).toBe(true)
    expect(declaresPublisher('publisherName: Storedesk Ltd\nprovider: generic\n')).toBe(true)
    expect(declaresPublisher('provider: generic\nurl: https://u.example\nupdaterCacheDirName: storedesk-updater\n')).toBe(false)
    expect(declaresPublisher('publisherName:\nprovider: generic\n')).toBe(false)
    expect(declaresPublisher('# publisherName: Storedesk Ltd\n')).toBe(false)
  })
})

describe('starting auto-update', () => {
  it('does nothing, and never loads electron-updater, when nothing is checked', async () => {
    const log: string[] = []
    for (const plan of [planAutoUpdate(packagedMac({ builtInFeedUrl: undefined })), planAutoUpdate(packagedMac({ platform: 'linux' }))]) {
      await startAutoUpdate(plan, { log: (m) => log.push(m) })
    }
    expect(updater.loaded).toBe(0)
    expect(log).toEqual([expect.stringContaining('cannot check who published an update')])
  })

  it('points electron-updater at the built-in feed and lets it download and install', async () => {
    const log: string[] = []
    expect(await startAutoUpdate(planAutoUpdate(packagedMac()), { log: (m) => log.push(m) })).toBe('on')
    expect(updater.feeds).toEqual([{ provider: 'generic', url: FEED }])
    await vi.waitFor(() => expect(updater.notifyingChecks).toBe(1))
    expect(updater.quietChecks).toBe(0)
    updater.listeners.get('error')!(new Error('503 from feed') as never)
    expect(log).toEqual(['Update check failed: 503 from feed'])
  })

  it('in a development run only asks the feed what it offers: nothing is downloaded or installed', async () => {
    const log: string[] = []
    const plan = planAutoUpdate(packagedMac({ isPackaged: false, env: { STOREDESK_UPDATE_FEED_URL: 'https://staging.example/feed' } }))
    await startAutoUpdate(plan, { log: (m) => log.push(m) })
    expect(updater.settings).toEqual({ forceDevUpdateConfig: true, autoDownload: false, autoInstallOnAppQuit: false })
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://staging.example/feed' }])
    await vi.waitFor(() => expect(updater.quietChecks).toBe(1))
    expect(updater.notifyingChecks).toBe(0)
    updater.listeners.get('update-available')!({ version: '9.9.9' } as never)
    expect(log).toEqual([expect.stringContaining('https://staging.example/feed'), 'The feed offers Storedesk 9.9.9 (not downloaded: development run).'])
  })
})

describe('this app, as Electron reports it (packaged)', () => {
  let resources: string
  const saved = process.env.STOREDESK_UPDATE_FEED_URL
  beforeEach(() => {
    resources = mkdtempSync(join(tmpdir(), 'storedesk-resources-'))
  })
  afterEach(() => {
    rmSync(resources, { recursive: true, force: true })
    if (saved === undefined) delete process.env.STOREDESK_UPDATE_FEED_URL
    else process.env.STOREDESK_UPDATE_FEED_URL = saved
  })

  it('ignores STOREDESK_UPDATE_FEED_URL: a packaged build cannot be told to update from another feed', async () => {
    process.env.STOREDESK_UPDATE_FEED_URL = EVIL
    const plan = planForThisApp({ builtInFeedUrl: FEED, env: process.env, platform: 'darwin', resourcesPath: resources })
    expect(plan).toMatchObject({ status: 'on', feed: FEED })
    await startAutoUpdate(plan, { log: () => {} })
    expect(updater.feeds).toEqual([{ provider: 'generic', url: FEED }])
    expect(planForThisApp({ builtInFeedUrl: undefined, env: process.env, platform: 'darwin', resourcesPath: resources })).toMatchObject({ status: 'off', feed: null })
  })

  it('on Windows, updates only a build whose app-update.yml names the publisher that signed it', () => {
    expect(planForThisApp({ builtInFeedUrl: FEED, env: {}, platform: 'win32', resourcesPath: resources })).toMatchObject({ status: 'unverifiable' })
    writeFileSync(join(resources, 'app-update.yml'), `provider: generic\nurl: ${FEED}\n`)
    expect(planForThisApp({ builtInFeedUrl: FEED, env: {}, platform: 'win32', resourcesPath: resources })).toMatchObject({ status: 'unverifiable' })
    writeFileSync(join(resources, 'app-update.yml'), `provider: generic\nurl: ${FEED}\npublisherName:\n  - Storedesk Ltd\n`)
    expect(planForThisApp({ builtInFeedUrl: FEED, env: {}, platform: 'win32', resourcesPath: resources })).toMatchObject({ status: 'on', feed: FEED })
  })

  it('takes a development run from Electron’s own word (app.isPackaged), not from the environment', () => {
    electronApp.isPackaged = false
    expect(planForThisApp({ builtInFeedUrl: FEED, env: { STOREDESK_UPDATE_FEED_URL: 'https://staging.example/feed', NODE_ENV: 'production' }, platform: 'darwin', resourcesPath: resources })).toMatchObject({ status: 'development', installs: false })
  })
})
