// What happened to each write made from this app, kept after the outbox lets it go: queued,
// sent, accepted by the store, refused, in conflict, undone, discarded. The outbox deletes an
// entry once the store accepts it (or the user withdraws it), so without this a screen could
// never say "you changed this address at 10:42 and the store accepted it at 10:42". Events
// are written in the same transaction as the outbox change they describe (a reload never
// leaves one without the other), under the write's lanes, so a screen reads one row's story
// with historyFor(db, row) (row-writes.ts).
import type { OutboxEntry, OutboxError, StoreDatabase, WriteEvent, WriteEventKind } from './db'

/**
 * Adds one event for `entry` inside the caller's transaction (which must include
 * db.writeHistory). `why` says what the store answered (its `message`) or what the app found
 * (its `words`), for refusals, conflicts and writes the store already had.
 */
export async function recordWriteEvent(db: StoreDatabase, entry: Pick<OutboxEntry, 'id' | 'kind' | 'label' | 'lanes'>, event: WriteEventKind, why?: Partial<Pick<OutboxError, 'code' | 'message' | 'words'>>, at: number = Date.now()): Promise<void> {
  if (entry.id === undefined) return
  const row: WriteEvent = { outboxId: entry.id, kind: entry.kind, label: entry.label, lanes: entry.lanes, event, at, ...(why?.message ? { message: why.message, ...(why.code ? { code: why.code } : {}) } : {}), ...(why?.words ? { words: why.words } : {}) }
  await db.writeHistory.add(row)
}
