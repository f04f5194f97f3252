// Words and numbers for the sync panel: resource names, durations, byte sizes, when a queued
// write goes next, and a write's body checked against the store API's own schema before it is
// queued again.
import { formatDistanceToNowStrict } from 'date-fns'
import type { OutboxEntry, SyncResource, SyncStatus } from '@/data'
import { count } from '@/ui/words'
import { CHECKING_WORDS } from './write-state'

export const RESOURCE_LABELS: Record<SyncResource, string> = {
  orders: 'Orders',
  checkouts: 'Abandoned checkouts',
  blogs: 'Blog posts',
  collections: 'Blog collections',
  metaFields: 'Meta field definitions',
  orderMeta: 'Order tags and notes',
}

/** One item of each resource, counted: "67 posts". */
const RESOURCE_NOUNS: Record<SyncResource, string> = {
  orders: 'order',
  checkouts: 'abandoned checkout',
  blogs: 'post',
  collections: 'collection',
  metaFields: 'meta field definition',
  orderMeta: 'order',
}

/**
 * What a running sync is doing, in words: reading a resource for the first time ("Reading blog
 * posts from the store"), or checking one already cached ("Checking 67 posts for changes";
 * orders, read newest change first, "Checking orders for changes").
 */
export function syncActivity(status: SyncStatus | null, firstPass: boolean): string {
  const current = status?.current
  if (!current) return 'Starting to sync with the store'
  if (firstPass) return `Reading ${RESOURCE_LABELS[current].toLowerCase()} from the store`
  const total = status.progress[current]?.total
  return total ? `Checking ${count(total, RESOURCE_NOUNS[current])} for changes` : `Checking ${RESOURCE_LABELS[current].toLowerCase()} for changes`
}

/** Items read so far and expected over every resource of a sync, and the share done. */
export function syncTotals(status: SyncStatus | null): { done: number; total: number; percent: number } {
  const progress = status ? Object.values(status.progress) : []
  const done = progress.reduce((sum, p) => sum + p.done, 0)
  const total = progress.reduce((sum, p) => sum + (p.total ?? p.done), 0)
  return { done, total, percent: total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0 }
}

export function ago(ms: number | null): string {
  return ms === null ? 'never' : `${formatDistanceToNowStrict(ms)} ago`
}

export function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—'
  if (seconds < 60) return `${Math.ceil(seconds)} s`
  const minutes = Math.floor(seconds / 60)
  return minutes < 60 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export function bytes(n: number | null): string {
  if (n === null) return 'unknown'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = n
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`
}

const attemptsRule = new Intl.PluralRules('en')

/** "1 attempt", "3 attempts". */
export function attempts(n: number): string {
  return `${n} ${attemptsRule.select(n) === 'one' ? 'attempt' : 'attempts'}`
}

/**
 * When a queued write goes next, never a time already past: it waits for an earlier change of
 * the same thing (`heldBack`), is on its way now, or goes in so many seconds. An unconfirmed
 * one is being checked on the store, now or in so many seconds.
 */
export function nextTry(entry: OutboxEntry, heldBack: boolean, now: number): string | null {
  if (entry.state === 'unconfirmed') {
    if (heldBack) return `${CHECKING_WORDS}, after the earlier change to the same item`
    return entry.nextAttemptAt <= now ? `${CHECKING_WORDS}: asking it now` : `${CHECKING_WORDS}: asking it again in ${duration((entry.nextAttemptAt - now) / 1000)}`
  }
  if (entry.state !== 'queued') return null
  if (heldBack) return 'Goes after the earlier change to the same item'
  // An order change in its undo window: "Send now" does not cut it short, so say when it goes.
  if (entry.holdUntil !== undefined && entry.holdUntil > now && entry.holdUntil >= entry.nextAttemptAt) return `Can be undone; sending in ${duration((entry.holdUntil - now) / 1000)}`
  if (entry.nextAttemptAt <= now) return 'Sending now'
  return `Next try in ${duration((entry.nextAttemptAt - now) / 1000)}`
}
