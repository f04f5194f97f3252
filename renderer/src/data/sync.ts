// Fills and refreshes the cache from the store. The first sync pages through every list,
// persisting its cursor with the rows it wrote (in the same transaction), so a cancelled or
// interrupted sync resumes where it stopped. The first pass over orders (the big list) fetches
// a few pages ahead while it writes them in page order, each in small transactions that give
// the page its thread back between them. Later syncs are incremental for orders (sorted by
// -modified_date, down to the watermark less an overlap) and a full diff elsewhere (rows the
// store no longer lists are deleted, unless an unsent write touches them or they were created
// here and not sent yet). Rows with unsent writes are never overwritten: the outbox's
// optimistic state stays until the store has accepted the write.
//
// THE RULE (incremental passes: orders, and the app's tags and notes on them): every change
// the store holds at the start of a pass, modified no earlier than (watermark − overlap), is in
// the cache at the end of it; a change committed out of order by less than the overlap is
// never skipped. The watermark is the newest modified time a complete pass saw, clamped to the
// store's clock as that pass began; a pass reads back from the lowest of the watermark, the
// store's clock now (a watermark in its future is clamped), and where the store's clock stood
// at the last pass if it stepped back since (passWindow), less SYNC_OVERLAP_MS. Re-reading the
// overlap is idempotent: an order equal to its cached copy is not written (no change event, no
// redrawn row), one a queued edit holds keeps the edit, and one read from the store after the
// page was requested is not overwritten by the page (order-reads.ts). The watermark moves only
// when a pass completes. A pass sees the store's clock as it begins: a clock set back and
// forward again between two passes shows only its net move, and a change stamped in that dip
// is out of order by more than the pass can see (sync.property.test.ts generates the rest).
import type { Blog, BlogCollection, CheckoutSummary, Order } from '@common/store-api/resources'
import type { EntityTable, Table } from 'dexie'
import type { OperationResult } from '@common/store-api/operations'
import { storeKey, SYNC_RESOURCES, type CachedBlog, type CachedCollection, type CachedMetaField, type KeyedMarks, type RowKey, type StoreDatabase, type SyncResource, type SyncState } from './db'
import type { PassClock, StoreClockFact } from './records'
import { asCallError, storeCallFor, type StoreCall } from './store-client'
import { isQuotaError } from './storage'
import { appOrderFields } from './order-meta/order-meta'
import { clockOfOrders, epochOf, gmtStamp, readStoreClock, storeNowOf } from './store-clock'
import { DROPPED_ORDER_FIELDS } from './order-store/compact-order'
import { beginRead, forgetReadsBefore, noteOrderRead, readAfter } from './order-reads'

export const ORDER_PAGE_SIZE = 250
export const CHECKOUT_PAGE_SIZE = 250

export interface ProgressReport {
  resource: SyncResource
  done: number
  /** Null when the store does not say how many there are (an incremental pass). */
  total: number | null
}

export interface SyncOptions {
  signal?: AbortSignal
  /** This computer's clock, ms since epoch (tests move it). */
  now?: () => number
  onProgress?: (report: ProgressReport) => void
  resources?: readonly SyncResource[]
}

export class SyncCancelled extends Error {
  constructor() {
    super('Sync was cancelled; it resumes where it stopped next time.')
    this.name = 'SyncCancelled'
  }
}

function initialState(resource: SyncResource): SyncState {
  return { resource, lastSyncAt: null, lastError: null, lastErrorCode: null, watermark: null, cursor: null, generation: 0, complete: false, storeTotal: null }
}

async function stateOf(db: StoreDatabase, resource: SyncResource): Promise<SyncState> {
  return (await db.syncState.get(resource)) ?? initialState(resource)
}

function checkCancelled(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new SyncCancelled()
}

/** Syncs the given resources (all by default) in turn. */
export async function syncAll(db: StoreDatabase, call: StoreCall, options: SyncOptions = {}): Promise<void> {
  for (const resource of options.resources ?? SYNC_RESOURCES) {
    checkCancelled(options.signal)
    try {
      await syncResource(db, call, resource, options)
    } catch (error) {
      if (!(error instanceof SyncCancelled)) {
        const state = await stateOf(db, resource)
        const failure = asCallError(error)
        await db.syncState.put({ ...state, lastError: failure.message, lastErrorCode: isQuotaError(error) ? 'quota' : failure.code })
      }
      throw error
    }
  }
}

/** How each resource is synced (a resource with none fails to type-check). */
const SYNCS: Record<SyncResource, (db: StoreDatabase, call: StoreCall, options: SyncOptions) => Promise<void>> = {
  orders: syncOrders,
  checkouts: syncCheckouts,
  blogs: syncBlogs,
  collections: syncCollections,
  metaFields: syncMetaFields,
  orderMeta: syncOrderMeta,
}

export function syncResource(db: StoreDatabase, call: StoreCall, resource: SyncResource, options: SyncOptions = {}): Promise<void> {
  return SYNCS[resource](db, call, options)
}

// ---------------------------------------------------------------- orders

type OrderPage = OperationResult<'orders.list'>

/**
 * Pages of a first pass requested ahead of the one being written: the next pages download
 * (and are validated in the main process) while IndexedDB writes the last ones. Few enough to
 * stay far inside the store's burst of 40 requests, and to hold at most a few MB of orders in
 * memory.
 */
export const ORDER_PAGES_AHEAD = 3

function fetchOrderPage(call: StoreCall, page: number): Promise<OrderPage> {
  return call('orders.list', { query: { page, page_size: ORDER_PAGE_SIZE, sort: '-modified_date' } })
}

const isLastOrderPage = (result: OrderPage) => result.meta.current_page >= result.meta.last_page || result.data.length === 0

/**
 * Which of `orders` have cached rows an unsent write holds (marked pending): those keep their
 * optimistic state until the store has accepted the write. Only orders named by an outbox lane
 * can be pending, so only those rows are read back, not every row a page replaces.
 */
async function heldOrderIds(db: StoreDatabase, orders: Order[]): Promise<Set<number>> {
  const lanes = (await db.outbox.where('lanes').startsWith('orders:').uniqueKeys()) as string[]
  if (lanes.length === 0) return new Set()
  const inOutbox = new Set(lanes.map((lane) => Number(lane.slice('orders:'.length))))
  const rows = await db.orders.bulkGet(orders.filter((o) => inOutbox.has(o.ID)).map((o) => o.ID))
  return new Set(rows.filter((row) => row?.pending).map((row) => row!.ID))
}

/**
 * Orders per write transaction. Serialising an order into IndexedDB (and its index row) runs on
 * the page's thread, about 0.15 ms each here: one transaction per page of 250 held the thread
 * for 40 ms and more, and the order list's reads of the orders table waited for all of it. In
 * slices of this size the page gets its thread back between them (a scroll, a click, a key) and
 * a read waits for one slice at most. The sync's commits are relaxed (sync-durability.ts), so
 * the extra commits cost the backend little.
 */
export const ORDER_WRITE_SLICE = 50

/** Fields that say nothing of the store's order: what the cache drops, and its own marks. */
const NOT_COMPARED: ReadonlySet<string> = new Set([...DROPPED_ORDER_FIELDS, 'pending', 'seen', 'server'])

/** An order's store fields as JSON, in the order the store sent them (the cache keeps that order). */
function storeJson(order: object): string {
  const kept: Record<string, unknown> = {}
  for (const field of Object.keys(order)) if (!NOT_COMPARED.has(field)) kept[field] = (order as Record<string, unknown>)[field]
  return JSON.stringify(kept)
}

/**
 * Writes one page of fetched orders in slices, and the sync state that says the page was
 * written in the last slice's transaction: the cursor never points past an order not written. A
 * pass stopped part way fetches the page again and writes the same orders over the ones already
 * there. Not written: an order an unsent write holds (its optimistic state stays), and one whose
 * cached copy was read from the store after this page was requested (`read`, order-reads.ts).
 * With `compare` (a later pass, which reads the overlap again), neither is an order whose cached
 * copy equals what the store sent: it costs no write, so no change event and no redrawn row.
 */
async function storeOrders(db: StoreDatabase, orders: Order[], read: number, compare: boolean, nextState: () => SyncState): Promise<SyncState> {
  for (let at = 0; ; at += ORDER_WRITE_SLICE) {
    const slice = orders.slice(at, at + ORDER_WRITE_SLICE)
    const last = at + ORDER_WRITE_SLICE >= orders.length
    const state = await db.transaction('rw', [db.orders, db.outbox, db.syncState], async () => {
      let rows = slice.filter((o) => !readAfter(db, o.ID, read))
      if (compare) {
        const cached = await db.orders.bulkGet(rows.map((o) => o.ID))
        rows = rows.filter((o, i) => !cached[i]?.pending && (!cached[i] || storeJson(cached[i]!) !== storeJson(o)))
      } else {
        const held = await heldOrderIds(db, rows)
        if (held.size > 0) rows = rows.filter((o) => !held.has(o.ID))
      }
      if (rows.length > 0) await db.orders.bulkPut(rows)
      if (!last) return null
      const state = nextState()
      await db.syncState.put(state)
      return state
    })
    if (state) return state
  }
}

async function syncOrders(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  const state = await stateOf(db, 'orders')
  if (state.complete) await incrementalOrders(db, call, state, options)
  else await firstPassOrders(db, call, state, options)
}

/**
 * The first pass, resumable: pages are fetched ahead (ORDER_PAGES_AHEAD) but written strictly in
 * page order, each write moving the cursor past its page. A page that fails stops the pass with
 * the cursor on it; pages after it that already arrived are dropped, not written.
 */
async function firstPassOrders(db: StoreDatabase, call: StoreCall, initial: SyncState, { signal, onProgress, now = Date.now }: SyncOptions): Promise<void> {
  let state = initial
  let page = state.cursor ?? 1
  let done = (page - 1) * ORDER_PAGE_SIZE
  let newest = state.watermark
  checkCancelled(signal)
  const read = beginRead(db)
  forgetReadsBefore(db, read)
  const first = await fetchOrderPage(call, page)
  const passClock = clockAtPass(first.data[0]?.current_time, clockOfOrders(first.data, state.clock), now())
  const ahead = new PagesAhead((n) => fetchOrderPage(call, n), page + 1, isLastOrderPage(first) ? page : first.meta.last_page, ORDER_PAGES_AHEAD, (r) => r.meta.last_page, signal)
  try {
    let arrived = [first]
    for (;;) {
      // Pages that arrived are written even after a cancel: the pass stops after the writes.
      for (const result of arrived) {
        const last = isLastOrderPage(result)
        for (const order of result.data) if (!newest || order.post_modified_gmt > newest) newest = order.post_modified_gmt
        const total = result.meta.total
        const clock = clockOfOrders(result.data, state.clock)
        state = await storeOrders(db, result.data, read, false, () => ({
          ...state,
          clock,
          // The newest seen so far; used as the stopping point only once the first pass is
          // complete (until then older orders may still be unread).
          watermark: last ? passWatermark(null, newest, passClock) : newest,
          ...(last ? { passClock } : {}),
          cursor: last ? null : page + 1,
          complete: last,
          storeTotal: total,
          lastSyncAt: last ? now() : state.lastSyncAt,
          lastError: null, lastErrorCode: null,
        }))
        done += result.data.length
        onProgress?.({ resource: 'orders', done, total })
        if (last) return
        page++
      }
      checkCancelled(signal)
      arrived = await ahead.take()
    }
  } finally {
    ahead.stop()
  }
}

/**
 * Later syncs: newest-modified first, one page at a time, down to the pass's floor (passWindow:
 * the watermark less the overlap). Orders equal to their cached copy cost no write. The watermark
 * moves only when the pass is complete: a pass stopped after its first page has read the newest
 * changes but not the older ones below them, and the next pass must still reach those.
 */
async function incrementalOrders(db: StoreDatabase, call: StoreCall, initial: SyncState, { signal, onProgress, now = Date.now }: SyncOptions): Promise<void> {
  let state = initial
  let newest: string | null = null
  let window: PassWindow | null = null
  let done = 0
  for (let page = 1; ; page++) {
    checkCancelled(signal)
    const read = beginRead(db)
    if (page === 1) forgetReadsBefore(db, read)
    const result = await fetchOrderPage(call, page)
    // A change of the store's zone shows first in the orders changed since.
    const clock = clockOfOrders(result.data, state.clock)
    window ??= passWindow(initial, result.data[0]?.current_time, clock, now())
    const floor = window.floor
    const fresh = floor ? result.data.filter((o) => o.post_modified_gmt >= floor) : result.data
    const last = fresh.length < result.data.length || isLastOrderPage(result)
    for (const order of fresh) if (!newest || order.post_modified_gmt > newest) newest = order.post_modified_gmt
    const passClock = window.clock
    state = await storeOrders(db, fresh, read, true, () => ({
      ...state,
      clock,
      cursor: last ? null : page + 1,
      // What the store reports, as a first pass records it. Counting the cached orders instead
      // walked every key (100,000 and more) on IndexedDB's one backend sequence on every sync,
      // and the order list's first read waited behind it.
      ...(last ? { watermark: passWatermark(initial.watermark, newest, passClock), passClock, lastSyncAt: now(), storeTotal: result.meta.total } : {}),
      lastError: null, lastErrorCode: null,
    }))
    done += fresh.length
    onProgress?.({ resource: 'orders', done, total: null })
    if (last) return
  }
}

// ---------------------------------------------------------------- the overlap

/**
 * How far before the watermark every later pass reads again: five minutes. A store stamps a
 * change when its request begins and shows it when the request commits; a request the store
 * still runs after a minute or two is cut off by its own limits (PHP's and its proxy's time
 * limits are 30 to 120 s), so five minutes holds the slowest write another desk can commit
 * out of order, with room to spare, and the small corrections NTP makes to a running server's
 * clock. A larger step back of the store's clock is seen and widens the pass (passWindow). The
 * cost is bounded by the store's own activity: the orders changed in the five minutes before
 * the watermark are read again (on an idle store a few rows of the one page a pass reads
 * anyway), and those equal to their cached copy are not written.
 */
const SYNC_OVERLAP_MS = 5 * 60_000

interface PassWindow {
  /** The oldest modified time (GMT) the pass reads; null: every order. */
  floor: string | null
  /** The store's clock and this computer's as the pass began; null when the store's is unknown. */
  clock: PassClock | null
}

/** The store's clock (from an answer's `current_time`, on its wall clock) and this computer's now. */
function clockAtPass(currentTime: string | undefined, storeClock: StoreClockFact | null, localNow: number): PassClock | null {
  const storeNow = storeNowOf(currentTime, storeClock)
  return storeNow === null ? null : { store: gmtStamp(storeNow), local: localNow }
}

/**
 * Where a later pass starts reading back from: the watermark, less the overlap. Two cases move
 * it earlier, never later:
 * - a watermark ahead of the store's clock (a row stamped wrong, a clock that stepped back since
 *   it was seen) is clamped to the store's clock: it would otherwise hide every change until
 *   the store's clock caught up with it;
 * - the store's clock stepped back since the last pass (it moved less than this computer's did,
 *   by any amount: a step smaller than the overlap is covered twice, a larger one would hide the
 *   changes stamped in the hour it repeats): the pass reads back to where the store's clock
 *   stood at the last pass on its new time line (its clock now less the time this computer saw
 *   pass), so every change since then is read whatever time it carries. This costs the changes
 *   in that span, not a full re-check. It trusts this computer's clock across the gap; a step
 *   of that clock forward only widens the pass more.
 * Unknown clocks (no order with a readable `current_time`, no zone yet) leave the watermark as it is.
 */
function passWindow(state: SyncState, currentTime: string | undefined, storeClock: StoreClockFact | null, localNow: number): PassWindow {
  const clock = clockAtPass(currentTime, storeClock, localNow)
  let since = epochOf(state.watermark)
  if (since === null) return { floor: null, clock }
  const storeNow = epochOf(clock?.store)
  if (storeNow !== null) {
    since = Math.min(since, storeNow)
    if (state.passClock) since = Math.min(since, storeNow - (localNow - state.passClock.local))
  }
  return { floor: overlapBefore(gmtStamp(since)), clock }
}

/** The GMT time the overlap before `stamp` begins; null for no stamp or one that cannot be read. */
function overlapBefore(stamp: string | null | undefined): string | null {
  const at = epochOf(stamp)
  return at === null ? null : gmtStamp(at - SYNC_OVERLAP_MS)
}

/** The watermark a complete pass leaves: the newest change seen, never ahead of the store's clock as the pass began. */
function passWatermark(before: string | null, newest: string | null, clock: PassClock | null): string | null {
  const seen = !before ? newest : !newest || before > newest ? before : newest
  return seen && clock && seen > clock.store ? clock.store : seen
}

interface PageSlot<T> {
  settled: boolean
  failed: boolean
  result?: T
  error?: unknown
  done: Promise<void>
}

/**
 * Requests pages `from`, `from + 1`, ... up to the last page known, never more than `ahead`
 * beyond the pages handed out (and none once `signal` aborts), and hands them out in page order. `take()` answers the next page
 * with the pages right after it that have already arrived. A failed page is thrown by the
 * `take()` that reaches it, never skipped.
 */
class PagesAhead<T> {
  private readonly slots = new Map<number, PageSlot<T>>()
  private next: number
  private requested: number
  private stopped = false

  constructor(
    private readonly fetchPage: (page: number) => Promise<T>,
    from: number,
    private lastPage: number,
    private readonly ahead: number,
    private readonly lastPageOf: (result: T) => number,
    private readonly signal?: AbortSignal,
  ) {
    this.next = from
    this.requested = from - 1
    this.fill()
  }

  /** The next page (waiting for it) and the pages after it that are already here. */
  async take(): Promise<T[]> {
    const slot = this.slots.get(this.next)
    if (!slot) throw new Error(`page ${this.next} was never requested`)
    await slot.done
    const taken: T[] = []
    for (let s = this.slots.get(this.next); s?.settled && !s.failed; s = this.slots.get(this.next)) {
      taken.push(s.result as T)
      this.slots.delete(this.next++)
    }
    if (taken.length === 0) throw slot.error
    this.fill()
    return taken
  }

  /** Stops requesting; answers still on their way are ignored. */
  stop(): void {
    this.stopped = true
    this.slots.clear()
  }

  private fill(): void {
    while (!this.stopped && !this.signal?.aborted && this.requested < Math.min(this.lastPage, this.next + this.ahead - 1)) this.request(++this.requested)
  }

  private request(page: number): void {
    const slot: PageSlot<T> = { settled: false, failed: false, done: Promise.resolve() }
    slot.done = this.fetchPage(page).then(
      (result) => {
        Object.assign(slot, { settled: true, result })
        // A store that grew during the pass reports more pages than the first page said.
        const last = this.lastPageOf(result)
        if (last > this.lastPage) {
          this.lastPage = last
          this.fill()
        }
      },
      (error: unknown) => void Object.assign(slot, { settled: true, failed: true, error }),
    )
    this.slots.set(page, slot)
  }
}

// ---------------------------------------------------------------- full-diff resources

/**
 * A resumable full pass: `fetchPage(page)` answers rows and whether it was the last page; rows
 * get the pass's generation, and at the end rows of an older generation are deleted. Each page
 * is written in a transaction over `table` (the resource's rows, whose `pending` marks say
 * which an unsent write holds: outbox writes change them in transactions over the same table)
 * and syncState only, so readers of other tables (the order list during the startup sync) never
 * wait for it.
 */
async function fullDiff<R>(
  db: StoreDatabase,
  resource: SyncResource,
  table: Table,
  options: SyncOptions,
  fetchPage: (page: number) => Promise<{ items: R[]; last: boolean; total: number | null; perPage: number }>,
  store: (items: R[], generation: number) => Promise<void>,
  removeUnseen: (generation: number) => Promise<void>,
): Promise<void> {
  let state = await stateOf(db, resource)
  if (state.cursor === null) state = { ...state, generation: state.generation + 1, cursor: 1 }
  let page = state.cursor!
  for (;;) {
    checkCancelled(options.signal)
    const result = await fetchPage(page)
    const done = (page - 1) * result.perPage + result.items.length
    const reported = result.total
    await db.transaction('rw', [table, db.syncState], async () => {
      await store(result.items, state.generation)
      state = { ...state, cursor: result.last ? null : page + 1, storeTotal: reported ?? state.storeTotal, lastError: null, lastErrorCode: null }
      if (result.last) {
        await removeUnseen(state.generation)
        state = { ...state, complete: true, lastSyncAt: Date.now() }
      }
      await db.syncState.put(state)
    })
    options.onProgress?.({ resource, done, total: reported })
    if (result.last) return
    page++
  }
}

async function syncCheckouts(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  const { count } = await call('checkouts.count', {})
  await db.counters.put({ name: 'checkouts', count, fetchedAt: Date.now() })
  await fullDiff<CheckoutSummary>(
    db,
    'checkouts',
    db.checkouts,
    options,
    async (page) => {
      const { data } = await call('checkouts.list', { query: { page, page_size: CHECKOUT_PAGE_SIZE } })
      return { items: data, last: data.length < CHECKOUT_PAGE_SIZE, total: count, perPage: CHECKOUT_PAGE_SIZE }
    },
    async (items, generation) => {
      const existing = await db.checkouts.bulkGet(items.map((c) => c.ID))
      // Keep detail fields a screen fetched earlier (the list answers the summary only).
      await db.checkouts.bulkPut(items.map((c, i) => ({ ...(existing[i] ?? {}), ...c, seen: generation })))
    },
    (generation) => db.checkouts.filter((c) => c.seen !== generation).delete().then(() => undefined),
  )
}

/** Maps store ids to the rows that already hold them (a post created here keeps its `local:` key). */
async function rowsByStoreId<Row extends KeyedMarks>(table: EntityTable<Row, 'key'>, ids: number[]): Promise<Map<number, Row>> {
  const rows = await table.where('storeId').anyOf(ids).toArray()
  return new Map(rows.map((r) => [r.storeId!, r]))
}

export function blogRow(blog: Blog, key: string, generation?: number): CachedBlog {
  const { collections, ...fields } = blog
  return { ...fields, key, storeId: blog.id, title: blog.title, collectionKeys: (collections ?? []).map((c) => storeKey(c.id)), ...(generation !== undefined ? { seen: generation } : {}) }
}

/**
 * A full pass over posts, collections or meta field definitions: each store item goes into the
 * cache under the key its row already has (else `store:<id>`), except a row an unsent write
 * holds, which is only marked seen. Rows not seen by the end go, unless they were created here
 * and not accepted yet or have unsent writes.
 */
function syncKeyed<R extends { id: number }, Row extends KeyedMarks>(
  db: StoreDatabase,
  resource: SyncResource,
  table: EntityTable<Row, 'key'>,
  options: SyncOptions,
  fetchPage: (page: number) => Promise<{ items: R[]; last: boolean; total: number | null; perPage: number }>,
  toRow: (item: R, key: RowKey, generation: number) => Row,
): Promise<void> {
  return fullDiff<R>(
    db,
    resource,
    table,
    options,
    fetchPage,
    async (items, generation) => {
      const known = await rowsByStoreId(table, items.map((item) => item.id))
      const rows: Row[] = []
      for (const item of items) {
        const existing = known.get(item.id)
        if (existing?.pending) await table.update(existing, (row) => void (row.seen = generation))
        else rows.push(toRow(item, existing?.key ?? storeKey(item.id), generation))
      }
      await table.bulkPut(rows)
    },
    async (generation) => {
      await table.filter((r) => r.storeId !== null && r.seen !== generation && !r.pending).delete()
    },
  )
}

function syncBlogs(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  return syncKeyed(db, 'blogs', db.blogs, options, async (page) => {
    const result = await call('blogs.list', { query: { page, include: 'collections', sort: 'created_at' } })
    return { items: result.data, last: result.meta.current_page >= result.meta.last_page, total: result.meta.total, perPage: result.meta.per_page }
  }, blogRow)
}

function syncCollections(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  return syncKeyed(db, 'collections', db.collections, options, async (page) => {
    const result = await call('collections.list', { query: { page } })
    const items: (BlogCollection & { blogIds: number[] })[] = []
    for (const collection of result.links.data) {
      checkCancelled(options.signal)
      items.push({ ...collection, blogIds: await collectionBlogIds(call, collection.id) })
    }
    return { items, last: result.meta.current_page >= result.meta.last_page, total: result.meta.total, perPage: result.meta.per_page }
  }, ({ blogIds, ...collection }, key, generation): CachedCollection => ({ ...collection, key, storeId: collection.id, title: collection.title, blogKeys: blogIds.map(storeKey), seen: generation }))
}

/** A collection's blog ids in the store's order (without `page` the store lists them all). */
export async function collectionBlogIds(call: StoreCall, id: number): Promise<number[]> {
  const result = await call('collections.blogs', { path: { id } })
  return result.data.map((b) => b.id)
}

function syncMetaFields(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  return syncKeyed(db, 'metaFields', db.metaFieldDefinitions, options, async () => {
    const { data } = await call('metaFields.list', {})
    return { items: data, last: true, total: data.length, perPage: data.length }
  }, (field, key, generation): CachedMetaField => ({ ...field, key, fieldKey: field.key, storeId: field.id, seen: generation }))
}

// ---------------------------------------------------------------- the app's tags and notes on orders

/** Orders listed per page while looking for those changed since the last pass (most passes need one page). */
export const ORDER_META_PAGE_SIZE = 50

/**
 * Reads the meta field values of every order that may have new tags or a new note, so another
 * desk's edits appear here after this sync. The API reads values one order at a time (there is
 * no list of values), so only orders that can have changed are read: every value write bumps
 * the order's modified time, so those are the orders modified since the last pass, less the
 * overlap, as the orders pass reads them (passWindow; the first pass: since the app's oldest
 * definition was created, before which no order had a value). They are listed newest first from
 * the store (the orders pass that ran just before has the same list) down to that point, and
 * each one's values read, except an order whose values were read at the modified time it has
 * now, once that time was older than the store's clock less the overlap (`readStamps`, kept for
 * the orders inside the overlap): an idle store's pass reads one page and no values. A pass
 * stopped part way resumes after the last order it read (`position`); rows an unsent edit holds
 * are kept (refreshMetaFieldValues). Without the app's definitions there is nothing to read: no
 * request.
 */
async function syncOrderMeta(db: StoreDatabase, call: StoreCall, { signal, onProgress, now = Date.now }: SyncOptions): Promise<void> {
  const initial = await stateOf(db, 'orderMeta')
  const created = Object.values(await appOrderFields(db)).flatMap((f) => (f?.storeId && f.created_at_gmt ? [f.created_at_gmt] : []))
  if (created.length === 0) {
    await db.syncState.put({ ...initial, cursor: null, position: null, complete: true, lastSyncAt: now(), lastError: null, lastErrorCode: null })
    onProgress?.({ resource: 'orderMeta', done: 0, total: 0 })
    return
  }
  const storeClock = await readStoreClock(db)
  const resume = initial.position ?? null
  /** Whether an order was read by the pass being resumed: listed then, and not after where it stopped. */
  const readBefore = (o: Order) => !!resume && o.post_modified_gmt <= resume.top && (o.post_modified_gmt > resume.modified || (o.post_modified_gmt === resume.modified && o.ID >= resume.id))
  const readAt = new Map(initial.readStamps ?? [])
  let window: PassWindow | null = null
  let top = resume?.top ?? null
  let done = 0
  for (let page = 1; ; page++) {
    checkCancelled(signal)
    const result = await call('orders.list', { query: { page, page_size: ORDER_META_PAGE_SIZE, sort: '-modified_date' } })
    if (!window) {
      const zone = clockOfOrders(result.data, storeClock)
      window = initial.watermark ? passWindow(initial, result.data[0]?.current_time, zone, now()) : { floor: created.sort()[0]!, clock: clockAtPass(result.data[0]?.current_time, zone, now()) }
    }
    const since = window.floor
    const fresh = since ? result.data.filter((o) => o.post_modified_gmt >= since) : result.data
    const settledBefore = overlapBefore(window.clock?.store)
    /**
     * Whether no later change can carry the modified time the order has now: one stamped in the
     * same second may still commit, out of order, until the overlap has passed.
     */
    const settled = (o: Order) => settledBefore !== null && o.post_modified_gmt < settledBefore
    top ??= fresh[0]?.post_modified_gmt ?? null
    for (const order of fresh) {
      if (readAt.get(order.ID) === order.post_modified_gmt) continue
      if (!readBefore(order)) {
        checkCancelled(signal)
        await refreshMetaFieldValues(db, 'orders', order.ID, call)
        await db.syncState.put({ ...initial, position: { modified: order.post_modified_gmt, id: order.ID, top: top! }, lastError: null, lastErrorCode: null })
        onProgress?.({ resource: 'orderMeta', done: ++done, total: null })
      }
      if (settled(order)) readAt.set(order.ID, order.post_modified_gmt)
    }
    if (fresh.length < result.data.length || isLastOrderPage(result)) break
  }
  const watermark = passWatermark(initial.watermark, top, window.clock)
  // Only orders the next pass can list again need remembering: those inside the overlap.
  const keepFrom = overlapBefore(watermark)
  const readStamps = [...readAt].filter(([, modified]) => keepFrom !== null && modified >= keepFrom)
  await db.syncState.put({ ...initial, watermark, passClock: window.clock, readStamps, cursor: null, position: null, complete: true, lastSyncAt: now(), lastError: null, lastErrorCode: null })
  onProgress?.({ resource: 'orderMeta', done, total: done })
}

// ---------------------------------------------------------------- one record, on demand

/** Re-reads one order (a detail screen opening) into the cache unless an unsent write holds it; resolves with the store's copy. */
export async function refreshOrder(db: StoreDatabase, id: number, call: StoreCall = storeCallFor(db.connectionId)): Promise<Order> {
  const read = beginRead(db)
  const { data } = await call('orders.get', { path: { id } })
  const existing = await db.orders.get(id)
  if (!existing?.pending && !readAfter(db, id, read)) {
    await db.orders.put(data)
    noteOrderRead(db, id, read)
  }
  return data
}

/** Reads a checkout's detail form (shippings, fees, customer, conversion summary) into the cache. */
export async function refreshCheckout(db: StoreDatabase, id: number, call: StoreCall = storeCallFor(db.connectionId)): Promise<void> {
  const { data } = await call('checkouts.get', { path: { id } })
  await db.checkouts.put(data)
}

export async function refreshBlog(db: StoreDatabase, id: number, call: StoreCall = storeCallFor(db.connectionId)): Promise<void> {
  const { data } = await call('blogs.get', { path: { id } })
  const existing = await db.blogs.where('storeId').equals(id).first()
  if (!existing?.pending) await db.blogs.put(blogRow(data, existing?.key ?? storeKey(id), existing?.seen))
}

/** Meta field values of one resource (`resource` as the API path segment), kept unless an unsent write holds them. */
export async function refreshMetaFieldValues(db: StoreDatabase, resource: string, resourceId: string | number, call: StoreCall = storeCallFor(db.connectionId)): Promise<void> {
  const id = String(resourceId)
  const { data } = await call('metaFieldValues.list', { path: { resource, id } })
  await db.transaction('rw', db.metaFieldValues, async () => {
    const cached = await db.metaFieldValues.where('[resource+resourceId]').equals([resource, id]).toArray()
    const fresh = new Set(data.map((v) => v.meta_field_id))
    const stale = cached.filter((v) => !v.pending && !fresh.has(v.meta_field_id)).map((v): [string, string, string] => [resource, id, v.meta_field_id])
    await db.metaFieldValues.bulkDelete(stale)
    const held = new Set(cached.filter((v) => v.pending).map((v) => v.meta_field_id))
    await db.metaFieldValues.bulkPut(data.filter((v) => !held.has(v.meta_field_id)).map((v) => ({ ...v, resource, resourceId: id })))
  })
}
