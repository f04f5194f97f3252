// What the outbox and the write history hold for one row, for the screens that show it: they
// name the row (RowRef: an order by id, a post, collection or meta field by key and store id)
// and never spell the outbox's lanes.
import type { ConflictRecord, OutboxEntry, StoreDatabase, WriteEvent } from './db'
import { lanesOfRow, touches, type RowRef } from './writes'

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
