// Words and numbers for the sync panel, in the app's language: resource names, durations, byte
// sizes, when a queued write goes next, and what a running sync is doing.
import type { OutboxEntry, SyncResource, SyncStatus } from '@/data'
import { hasMessage, intlLocale, t, uiLocale, type MessageKey } from '@/session/i18n'
import { appAgo } from '@/ui/dates'
import { checkingWords } from './write-state'

/** A resource's name as the Sync page's table heads its row. */
export function resourceLabel(resource: SyncResource): string {
  return t(`sync.resources.${resource}` as MessageKey)
}

/**
 * What a running sync is doing, in words: reading a resource for the first time ("Reading blog
 * posts from the store"), or checking one already cached ("Checking 67 posts for changes";
 * orders, read newest change first, "Checking orders for changes").
 */
export function syncActivity(status: SyncStatus | null, firstPass: boolean): string {
  const current = status?.current
  if (!current) return t('sync.starting')
  if (firstPass) return t('sync.reading', { resource: current })
  const total = status.progress[current]?.total
  return total ? t('sync.checkingCount', { resource: current, n: total }) : t('sync.checking', { resource: current })
}

/**
 * Why the last sync failed (the running sync's status, or a resource's stored state): a full
 * disk in the app's own words; else the main process's English words to an English reader (they
 * may name what the store said), and in another language the catalog's sentence for the
 * failure's kind. A state an earlier version stored has no kind: its English is shown as it is.
 */
export function syncErrorWords(status: { lastError: string | null; lastErrorCode?: string | null }): string {
  const code = status.lastErrorCode
  if (code === 'quota') return t('sync.quota')
  if (uiLocale() === 'en' || !code) return status.lastError ?? t('sync.failedText')
  const key = `errors.${code}`
  return hasMessage(key) ? t(key) : t('errors.fallback')
}

/** Items read so far and expected over every resource of a sync, and the share done. */
export function syncTotals(status: SyncStatus | null): { done: number; total: number; percent: number } {
  const progress = status ? Object.values(status.progress) : []
  const done = progress.reduce((sum, p) => sum + p.done, 0)
  const total = progress.reduce((sum, p) => sum + (p.total ?? p.done), 0)
  return { done, total, percent: total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0 }
}

/** "2 minutes ago" (past a day, the time itself); "never". */
export function ago(ms: number | null): string {
  return appAgo(ms)
}

export function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return t('common.dash')
  if (seconds < 60) return t('sync.seconds', { s: Math.ceil(seconds) })
  const minutes = Math.floor(seconds / 60)
  return minutes < 60 ? t('sync.minutes', { m: minutes, s: Math.round(seconds % 60) }) : t('sync.hours', { h: Math.floor(minutes / 60), m: minutes % 60 })
}

export function bytes(n: number | null): string {
  if (n === null) return t('sync.unknown')
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = n
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 ? 0 : 1
  const shown = new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
  return t('sync.bytes', { value: shown, unit: units[unit]! })
}

/** "1 attempt", "3 attempts". */
export function attempts(n: number): string {
  return t('sync.attempts', { n })
}

/**
 * When a queued write goes next, never a time already past: it waits for an earlier change of
 * the same thing (`heldBack`), is on its way now, or goes in so many seconds. An unconfirmed
 * one is being checked on the store, now or in so many seconds.
 */
export function nextTry(entry: OutboxEntry, heldBack: boolean, now: number): string | null {
  if (entry.state === 'unconfirmed') {
    const checking = checkingWords()
    if (heldBack) return t('sync.checkingAfter', { checking })
    return entry.nextAttemptAt <= now ? t('sync.askingNow', { checking }) : t('sync.askingIn', { checking, time: duration((entry.nextAttemptAt - now) / 1000) })
  }
  if (entry.state !== 'queued') return null
  if (heldBack) return t('sync.goesAfter')
  // An order change in its undo window: "Send now" does not cut it short, so say when it goes.
  if (entry.holdUntil !== undefined && entry.holdUntil > now && entry.holdUntil >= entry.nextAttemptAt) return t('sync.undoableIn', { time: duration((entry.holdUntil - now) / 1000) })
  if (entry.nextAttemptAt <= now) return t('sync.sendingNow')
  return t('sync.nextTry', { time: duration((entry.nextAttemptAt - now) / 1000) })
}
