// What the outbox and the write history hold for one row, for the screens that show it: they
// name the row (RowRef: an order by id, a post, collection or meta field by key and store id)
// and never spell the outbox's lanes.
import type { ConflictRecord, OutboxEntry, StoreDatabase, WriteEvent } from './db'
import { lanesOfRow, touches, type FamilyOf, type RowRef, type WriteKind } from './writes'

/** The unsent, failed and conflicting writes that touch a row, in the order they were made. */
export function pendingFor(db: StoreDatabase, row: RowRef): Promise<OutboxEntry[]> {
  // Through the lanes index: a batch over every post (`blogs:*`) touches each post too.
  return db.outbox.where('lanes').anyOf([...lanesOfRow(row), `${row.family}:*`]).distinct().sortBy('id')
}

/** The row's first write in conflict with the store's copy, with both versions; null when none is. */
export async function conflictFor(db: StoreDatabase, row: RowRef): Promise<ConflictRecord | null> {
  const lanes = lanesOfRow(row)
  const entry = (await db.outbox.where('state').equals('conflict').toArray()).find((e) => touches(e.lanes, lanes))
  return entry ? ((await db.conflicts.get(entry.id!)) ?? null) : null
}

/** What happened to each write made from this app to a row, oldest first. */
export function historyFor(db: StoreDatabase, row: RowRef): Promise<WriteEvent[]> {
  return db.writeHistory.where('lanes').anyOf(lanesOfRow(row)).distinct().sortBy('id')
}

// The outbox and the conflicts as the screens read them: through these queries, never the tables
// (or their indexes) themselves, so how the outbox is stored stays the data layer's business.

/** Every write in the outbox (any state), in the order they were made. */
export function outboxWrites(db: StoreDatabase): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('id').toArray()
}

/** The outbox's writes of one kind, or of every kind of a family (`blogs`: its posts' writes). */
export function writesOf(db: StoreDatabase, which: { kind: WriteKind } | { family: FamilyOf<WriteKind> }): Promise<OutboxEntry[]> {
  const kinds = db.outbox.where('kind')
  return ('kind' in which ? kinds.equals(which.kind) : kinds.startsWith(`${which.family}.`)).sortBy('id')
}

/** The writes the store refused (state `failed`), in the order they were made. */
export function refusedWrites(db: StoreDatabase): Promise<OutboxEntry[]> {
  return db.outbox.where('state').equals('failed').sortBy('id')
}

/** How many writes the outbox holds (any state). */
export function outboxCount(db: StoreDatabase): Promise<number> {
  return db.outbox.count()
}

/** Every write in conflict with the store's copy, with both versions. */
export function allConflicts(db: StoreDatabase): Promise<ConflictRecord[]> {
  return db.conflicts.toArray()
}

/** The outbox entry and the conflict (each undefined when there is none) of each write id, in the order given. */
export async function writesByIds(db: StoreDatabase, ids: number[]): Promise<{ entry: OutboxEntry | undefined; conflict: ConflictRecord | undefined }[]> {
  const [entries, conflicts] = await Promise.all([db.outbox.bulkGet(ids), db.conflicts.bulkGet(ids)])
  return ids.map((_, i) => ({ entry: entries[i], conflict: conflicts[i] }))
}
