// The post's local revision history apart from the screen: what each revision is called, and
// the store's copy kept as the first revision before the first local change, so the version a
// writer started from can always be looked at and restored (publishing replaces it on the store).
import { storeDayTime, uses12HourClock, wallClock } from '@/ui/dates'
import { intlLocale, t, type MessageKey } from '@/session/i18n'
import type { BlogRevision, CachedBlog, StoreDatabase } from '@/data'
import { draftFromRow } from './blog-draft'

const CAUSES: Record<Exclude<BlogRevision['reason'], 'store'>, MessageKey> = {
  timer: 'editor.revisions.causes.timer',
  publish: 'editor.revisions.causes.publish',
  restore: 'editor.revisions.causes.restore',
  manual: 'editor.revisions.causes.manual',
}

/** A time on this computer in the screens' language: "Mar 2, 2026, 2:05 PM", "Mar 2, 2:05:09 PM". */
function computerTime(ms: number, precise: boolean): string {
  const locale = intlLocale()
  const options: Intl.DateTimeFormatOptions = precise
    ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }
    : { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
  return new Intl.DateTimeFormat(locale, { ...options, hourCycle: uses12HourClock(locale) ? 'h12' : 'h23' }).format(ms)
}

/** The store's own time, as the store wrote it; the revision's time here when the store gave none. */
function storeTime(value: string | null | undefined, fallback: number): string {
  return wallClock(value) ? storeDayTime(value) : computerTime(fallback, false)
}

/** A revision's cause as the list shows it: "As on the store, 2 Mar 2026, 10:15", "While writing"… */
export function revisionLabel(revision: BlogRevision): string {
  if (revision.reason === 'store') return t('editor.revisions.asOnStore', { when: storeTime(revision.storeUpdatedAt, revision.createdAt) })
  if (revision.reason === 'restore' && revision.restoring) return t('editor.revisions.restoring', { what: revision.restoring })
  return t(CAUSES[revision.reason])
}

/** The store's updated_at of a cached row: the copy before any optimistic change, when there is one. */
export function storeUpdatedAtOf(row: CachedBlog): string | null {
  return (row.server?.updated_at as string | undefined) ?? row.updated_at ?? null
}

/**
 * Keeps the store's copy of `row` as an "As on the store" revision, once per store version.
 * Only a row the store sent and nothing local has changed qualifies: a pending row already holds
 * this device's edits. Check and add run in one transaction, so two quick edits keep one copy.
 * Returns whether a revision was added.
 */
export async function keepStoreOriginal(db: StoreDatabase, row: CachedBlog, now = Date.now()): Promise<boolean> {
  if (!row.storeId || row.pending) return false
  const storeUpdatedAt = storeUpdatedAtOf(row)
  return db.transaction('rw', db.blogRevisions, async () => {
    const kept = await db.blogRevisions
      .where('key')
      .equals(row.key)
      .filter((revision) => revision.reason === 'store' && revision.storeUpdatedAt === storeUpdatedAt)
      .count()
    if (kept > 0) return false
    const { collectionKeys: _collections, ...fields } = draftFromRow(row)
    await db.blogRevisions.add({ key: row.key, createdAt: now, reason: 'store', fields, storeUpdatedAt })
    return true
  })
}

/**
 * What a "Before restoring" revision names: the revision about to be restored. It is kept with
 * the revision as words, in the language of the moment it was made.
 */
export function restoringWhat(revision: BlogRevision): string {
  return t('editor.revisions.restoringWhat', { when: computerTime(revision.createdAt, true), label: revisionLabel(revision) })
}
