// The post's local revision history apart from the screen: what each revision is called, and
// the store's copy kept as the first revision before the first local change, so the version a
// writer started from can always be looked at and restored (publishing replaces it on the store).
import { format } from 'date-fns'
import { clockPattern, storeDayTime, wallClock } from '@/ui/dates'
import type { BlogRevision, CachedBlog, StoreDatabase } from '@/data'
import { draftFromRow } from './blog-draft'

const CAUSES: Record<Exclude<BlogRevision['reason'], 'store'>, string> = {
  timer: 'While writing',
  publish: 'Before publishing',
  restore: 'Before restoring',
  manual: 'Saved by hand',
}

/** The store's own time, as the store wrote it; the revision's time here when the store gave none. */
function storeTime(value: string | null | undefined, fallback: number): string {
  return wallClock(value) ? storeDayTime(value) : format(fallback, `MMM d, yyyy, ${clockPattern()}`)
}

/** A revision's cause as the list shows it: "As on the store, 2 Mar 2026, 10:15", "While writing"… */
export function revisionLabel(revision: BlogRevision): string {
  if (revision.reason === 'store') return `As on the store, ${storeTime(revision.storeUpdatedAt, revision.createdAt)}`
  if (revision.reason === 'restore' && revision.restoring) return `${CAUSES.restore} ${revision.restoring}`
  return CAUSES[revision.reason]
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

/** What a "Before restoring" revision names: the revision about to be restored. */
export function restoringWhat(revision: BlogRevision): string {
  return `the revision of ${format(revision.createdAt, `MMM d, ${clockPattern(true)}`)} (${revisionLabel(revision)})`
}
