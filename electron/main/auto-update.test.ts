// Auto-update stays off until a feed URL is configured; with one, electron-updater (mocked
// here) is pointed at it and asked to check. Only https feeds, only packaged apps.
// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configuredFeedUrl, startAutoUpdate } from './auto-update'

const updater = vi.hoisted(() => ({
  loaded: 0,
  feeds: [] as unknown[],
  checks: 0,
  listeners: new Map<string, (error: Error) => void>(),
}))

vi.mock('electron-updater', () => {
  updater.loaded += 1
  const autoUpdater = {
    setFeedURL: (options: unknown) => updater.feeds.push(options),
    checkForUpdatesAndNotify: async () => {
      updater.checks += 1
      return null
    },
    on: (event: string, listener: (error: Error) => void) => updater.listeners.set(event, listener),
  }
  return { autoUpdater, default: { autoUpdater } }
})

beforeEach(() => {
  updater.feeds.length = 0
  updater.checks = 0
  updater.listeners.clear()
})

const FEED = 'https://updates.storedesk.example/stable'

describe('auto-update', () => {
  it('does nothing, and never loads electron-updater, without a feed URL', async () => {
    const log: string[] = []
    expect(await startAutoUpdate({ builtInFeedUrl: undefined, env: {}, isPackaged: true, log: (m) => log.push(m) })).toBe('off')
    expect(await startAutoUpdate({ builtInFeedUrl: '  ', env: { STOREDESK_UPDATE_FEED_URL: '' }, isPackaged: true, log: (m) => log.push(m) })).toBe('off')
    expect(updater.loaded).toBe(0)
    expect(updater.checks).toBe(0)
    expect(log).toEqual([])
  })

  it('checks the built-in feed in a packaged app', async () => {
    const log: string[] = []
    expect(await startAutoUpdate({ builtInFeedUrl: FEED, env: {}, isPackaged: true, log: (m) => log.push(m) })).toBe('checking')
    expect(updater.feeds).toEqual([{ provider: 'generic', url: FEED }])
    await vi.waitFor(() => expect(updater.checks).toBe(1))
    updater.listeners.get('error')!(new Error('503 from feed'))
    expect(log).toEqual(['Update check failed: 503 from feed'])
  })

  it('lets the run-time setting override the built-in feed', () => {
    expect(configuredFeedUrl({ builtInFeedUrl: FEED, env: { STOREDESK_UPDATE_FEED_URL: 'https://staging.example/feed' } })).toBe('https://staging.example/feed')
    expect(configuredFeedUrl({ builtInFeedUrl: FEED, env: {} })).toBe(FEED)
  })

  it('does not check from a development run', async () => {
    const log: string[] = []
    expect(await startAutoUpdate({ builtInFeedUrl: FEED, env: {}, isPackaged: false, log: (m) => log.push(m) })).toBe('not-packaged')
    expect(updater.checks).toBe(0)
    expect(log).toHaveLength(1)
  })

  it('refuses a feed that is not https or carries credentials', async () => {
    for (const feed of ['http://updates.storedesk.example/', 'https://user:pw@updates.storedesk.example/', 'not a url']) {
      const log: string[] = []
      expect(await startAutoUpdate({ builtInFeedUrl: feed, env: {}, isPackaged: true, log: (m) => log.push(m) })).toBe('invalid-feed')
      expect(log.join(' ')).not.toContain('pw')
    }
    expect(updater.feeds).toEqual([])
  })
})
