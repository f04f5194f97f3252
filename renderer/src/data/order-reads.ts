// Which copy of an order was read from the store last, in this window. An order reaches the
// cache three ways: a sync's page, the order page re-reading it (refreshOrder) and the store's
// answer to a write the outbox sent (acceptOrder). A page requested before one of the other two
// was read holds an older copy of that order, whatever its modified time says (a store's clock
// can stamp a later change earlier), so the sync does not write it over the newer one: the next
// pass reads the order again. Reads are numbered in the order they began; the numbers live in
// memory only (a copy read by another window is not known here, and the next pass mends it).
import type { StoreDatabase } from './db'

interface Reads {
  next: number
  /** Order id → the number of the last read (not a sync's page) written to the cache. */
  last: Map<number, number>
}

const byDatabase = new WeakMap<StoreDatabase, Reads>()

function readsOf(db: StoreDatabase): Reads {
  let reads = byDatabase.get(db)
  if (!reads) byDatabase.set(db, (reads = { next: 1, last: new Map() }))
  return reads
}

/** Numbers a read of the store that is about to begin. */
export function beginRead(db: StoreDatabase): number {
  return readsOf(db).next++
}

/** Says the cache now holds the copy of `orderId` read by `read` (a refresh or a write's answer). */
export function noteOrderRead(db: StoreDatabase, orderId: number, read: number): void {
  const last = readsOf(db).last
  last.set(orderId, Math.max(read, last.get(orderId) ?? 0))
}

/** Whether the cache holds a copy of `orderId` read after `read` began. */
export function readAfter(db: StoreDatabase, orderId: number, read: number): boolean {
  return (readsOf(db).last.get(orderId) ?? 0) > read
}

/** Forgets reads older than `read`: a sync pass beginning then needs none of them. */
export function forgetReadsBefore(db: StoreDatabase, read: number): void {
  const last = readsOf(db).last
  for (const [id, at] of last) if (at < read) last.delete(id)
}
