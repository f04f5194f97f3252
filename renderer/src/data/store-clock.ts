// The store's UTC offset, learned from what the store sends: it writes many times twice, on
// its own wall clock and in GMT (an order's `post_modified` and `post_modified_gmt`), and the two
// differ by its offset. The sync keeps the offset its newest such pair tells with the orders'
// sync state (`SyncState.clock`), so each store's offset is kept in that store's cache and
// follows the store when its zone changes (the pairs written after the change tell the new
// one). Checkouts stand in for a store with no orders. Screens read it through the shell
// (ui/store-time.ts), where the rule it serves is written: a store time is read and picked in
// the store's zone.
import type { Order } from '@common/store-api/resources'
import type { ComputedRef } from 'vue'
import { computed } from 'vue'
import type { StoreDatabase } from './db'
import type { StoreClockFact } from './records'
import { useLiveQuery } from './live'

const STAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/

/** A store timestamp's fields as UTC, ms since epoch; null for the zero date, garbage or a date that does not exist. */
export function epochOf(stamp: string | null | undefined): number | null {
  const m = stamp ? STAMP.exec(stamp) : null
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  if (y === 0) return null
  const at = Date.UTC(y, mo - 1, d, h, mi, s)
  const back = new Date(at)
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? at : null
}

/**
 * The offset a store-local time and its GMT twin tell, or null when they are not a pair a store
 * in a real zone writes (a zero date, garbage, or a difference that is not a whole quarter hour
 * from −12:00 to +14:00): bad data from the store never moves the clock.
 */
export function clockFromPair(local: string | null | undefined, gmt: string | null | undefined): StoreClockFact | null {
  const localAt = epochOf(local)
  const gmtAt = epochOf(gmt)
  if (localAt === null || gmtAt === null) return null
  const minutes = (localAt - gmtAt) / 60_000
  if (!Number.isInteger(minutes) || minutes % 15 !== 0 || minutes < -12 * 60 || minutes > 14 * 60) return null
  return { utcOffsetMinutes: minutes, seenGmt: gmtStamp(gmtAt) }
}

/** `YYYY-MM-DD HH:MM:SS` of an instant in GMT, as the store writes its `_gmt` times. */
export function gmtStamp(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ')
}

/**
 * The store's clock at an answer, in GMT ms: its `current_time` (the store's wall clock when it
 * answered) less the store's offset. Null when either is unknown or unreadable.
 */
export function storeNowOf(currentTime: string | null | undefined, clock: StoreClockFact | null | undefined): number | null {
  const local = epochOf(currentTime)
  return local === null || !clock ? null : local - clock.utcOffsetMinutes * 60_000
}

/** The newer of two facts (by the GMT time of their pair); either may be missing. */
export function newerClock(a: StoreClockFact | null | undefined, b: StoreClockFact | null | undefined): StoreClockFact | null {
  if (!a) return b ?? null
  if (!b) return a
  return b.seenGmt > a.seenGmt ? b : a
}

/** The newest fact a page of orders tells (from each order's last change). */
export function clockOfOrders(orders: readonly Pick<Order, 'post_modified' | 'post_modified_gmt'>[], known: StoreClockFact | null | undefined): StoreClockFact | null {
  let newest = known ?? null
  for (const order of orders) newest = newerClock(newest, clockFromPair(order.post_modified, order.post_modified_gmt))
  return newest
}

/** What the cache knows of the store's offset: the orders' sync state, else its newest checkouts. */
export async function readStoreClock(db: StoreDatabase): Promise<StoreClockFact | null> {
  const fromOrders = (await db.syncState.get('orders'))?.clock ?? null
  if (fromOrders) return fromOrders
  const checkouts = await db.checkouts.orderBy('post_modified').reverse().limit(5).toArray()
  return checkouts.reduce<StoreClockFact | null>((newest, c) => newerClock(newest, clockFromPair(c.post_modified, c.post_modified_gmt)), null)
}

/** The active store's offset from UTC in minutes; null until its cache has an order or checkout. */
export function useStoreUtcOffset(): ComputedRef<number | null> {
  const fact = useLiveQuery((db) => readStoreClock(db), [], null)
  return computed(() => fact.value?.utcOffsetMinutes ?? null)
}
