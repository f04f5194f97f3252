// The order list's answer from the cache: an in-memory index of every cached order, one slot
// per order in typed arrays (ID, status codes, sort and date values as numbers; the folded
// search texts, data/order-index/order-search.ts, joined per block of slots), plus one
// presorted permutation of the slots per sort key. A query is one pass over the permutation of
// its sort key in its direction, testing each slot: no sort, no row read. It answers exactly as
// order-query.ts's array reference does (order-query.test.ts checks every filter and sort,
// after writes too).
//
// It loads from the cache's compact index rows (data/order-index/order-index-row.ts, written in
// a block beside every write to orders by the cache's own middleware, order-index-blocks.ts) a
// few blocks at a time, then follows every committed write to `orders` through
// `db.onOrderRowChanges` (sync pages, optimistic writes, clears). Until it has loaded, the first
// window of an unfiltered list comes straight from the cache's sort index (`firstWindowFromCache`).
// One index per open database; dropped when that database closes (disconnect deletes it).
import type { Table } from 'dexie'
import type { Order } from '@common/store-api/resources'
import type { StoreDatabase } from '../db'
import { orderIndexBlocksNeedCompaction, type OrderIndexBlock, type OrderRowChanges } from './order-index-blocks'
import type { OrderIndexRow } from './order-index-row'
import { searchNeedles } from './order-search'
import { SearchTexts } from './search-texts'
import { stampNumber, stampString } from './stamps'
import { hasRange, inDayRange, parseSort, SORT_FIELDS, type DayRange, type OrderQuery, type OrderSortKey } from './order-query'

/** Index rows read per IndexedDB request while loading (about; blocks come whole): small enough to keep frames flowing. */
const LOAD_CHUNK = 5000
/** During a burst of commits (a sync writing), changes are applied at most this often. */
const APPLY_INTERVAL_MS = 100

const SORT_KEYS: readonly OrderSortKey[] = ['date', 'modified_date', 'paid_date', 'total_sales']

// ---------------------------------------------------------------- columns

/** A missing value: smaller than every value, as order-query.ts's comparator has it. */
const MISSING = -Infinity
/** A value the numeric form cannot hold exactly: compared through its raw value instead. */
const ODD = NaN

/** `YYYY-MM-DD` as YYYYMMDD, or NaN. */
function dayNumber(s: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? Number(s.replaceAll('-', '')) : NaN
}

/** 0001-01-01 00:00:00: a stamp below it is a zero date ("not set"), never in a range. */
const FIRST_REAL_STAMP = 10101000000

type RawValue = string | number | undefined

/** order-query.ts's comparison of two sort values: a missing one is the smallest. */
function compareRaw(a: RawValue, b: RawValue): number {
  if (a === undefined) return b === undefined ? 0 : -1
  if (b === undefined) return 1
  return a === b ? 0 : a < b ? -1 : 1
}

/** A sort or date value per slot, as a number where that keeps its order exactly. */
class ValueColumn {
  keys: Float64Array
  /** Raw values of the ODD slots (a date that is not `YYYY-MM-DD hh:mm:ss`, a total that is not a number). */
  readonly odd = new Map<number, string | number>()

  constructor(
    private readonly kind: 'stamp' | 'number',
    capacity: number,
  ) {
    this.keys = new Float64Array(capacity)
  }

  grow(capacity: number) {
    const keys = new Float64Array(capacity)
    keys.set(this.keys)
    this.keys = keys
  }

  set(slot: number, value: RawValue) {
    this.odd.delete(slot)
    let key: number
    if (value === undefined || value === null) key = MISSING
    else if (this.kind === 'stamp') key = typeof value === 'string' ? stampNumber(value) : ODD
    else key = typeof value === 'number' && !Number.isNaN(value) ? value : ODD
    if (Number.isNaN(key)) this.odd.set(slot, value as string | number)
    this.keys[slot] = key
  }

  /** The value as the order holds it. */
  value(slot: number): RawValue {
    const key = this.keys[slot]!
    if (key === MISSING) return undefined
    if (Number.isNaN(key)) return this.odd.get(slot)
    return this.kind === 'stamp' ? stampString(key) : key
  }

  /** Whether the slot's stamp falls on a day of the range (order-query.ts's inDayRange). */
  dayTest(range: DayRange): (slot: number) => boolean {
    const from = range.from === undefined ? -Infinity : dayNumber(range.from)
    const to = range.to === undefined ? Infinity : dayNumber(range.to)
    if (Number.isNaN(from) || Number.isNaN(to)) return (slot) => inDayRange(this.value(slot) as string | undefined, range)
    const keys = this.keys
    return (slot) => {
      const key = keys[slot]!
      if (Number.isNaN(key)) return inDayRange(this.odd.get(slot) as string, range)
      if (key < FIRST_REAL_STAMP) return false
      const day = Math.floor(key / 1_000_000)
      return day >= from && day <= to
    }
  }
}

/** A status per slot as a small code (0: none). */
class CodeColumn {
  codes: Uint16Array
  private readonly byValue = new Map<string, number>()
  /** The value of each code (code 0 is "no value"). */
  private readonly values: (string | undefined)[] = [undefined]

  constructor(capacity: number) {
    this.codes = new Uint16Array(capacity)
  }

  grow(capacity: number) {
    const codes = new Uint16Array(capacity)
    codes.set(this.codes)
    this.codes = codes
  }

  set(slot: number, value: string | undefined) {
    if (value === undefined || value === null) {
      this.codes[slot] = 0
      return
    }
    let code = this.byValue.get(value)
    if (code === undefined) {
      code = this.byValue.size + 1
      this.byValue.set(value, code)
      this.values[code] = value
    }
    this.codes[slot] = code
  }

  /** The code of a value, or undefined when no order has it. */
  codeOf(value: string): number | undefined {
    return this.byValue.get(value)
  }

  valueAt(slot: number): string | undefined {
    return this.values[this.codes[slot]!]
  }
}

// ---------------------------------------------------------------- the index

function emptySortColumns(): Record<OrderSortKey, ValueColumn> {
  return {
    date: new ValueColumn('stamp', 0),
    modified_date: new ValueColumn('stamp', 0),
    paid_date: new ValueColumn('stamp', 0),
    total_sales: new ValueColumn('number', 0),
  }
}

export type OrderIndexState = 'loading' | 'ready' | 'dropped'

/** What the index knows of an order beyond its search text: enough for the dashboard's counts and sums. */
export interface OrderFacts {
  paid_date?: string
  order_total?: number | string
  fulfillment_status?: string
  financial_status?: string
  post_status?: string
}

export class OrderIndex {
  state: OrderIndexState = 'loading'

  private capacity = 0
  private ids = new Float64Array(0)
  private readonly texts = new SearchTexts()
  private alive = new Uint8Array(0)
  private readonly slotOf = new Map<number, number>()
  private free: number[] = []
  private fulfillment = new CodeColumn(0)
  private financial = new CodeColumn(0)
  private status = new CodeColumn(0)
  private sortColumns = emptySortColumns()
  /** Per sort key, the live slots in ascending order (ties by ID ascending); empty until loaded. */
  private sorted: Record<OrderSortKey, Int32Array> = { date: new Int32Array(0), modified_date: new Int32Array(0), paid_date: new Int32Array(0), total_sales: new Int32Array(0) }

  private readonly listeners = new Set<() => void>()
  /** Changes committed while loading: applied in order once the rows are in. */
  private queued: OrderRowChanges[] = []
  private loadRun = 0
  private readonly stopFollowing: () => void
  /** Rows committed since the last apply, by order ID (null: deleted; see defer). */
  private readonly held = new Map<number, OrderIndexRow | null>()
  private flushTimer: ReturnType<typeof setTimeout> | null = null
  private lastFlushAt = 0

  constructor(
    private readonly blocks: Table<OrderIndexBlock, number>,
    follow: (listener: (changes: OrderRowChanges) => void) => () => void,
    /** Folds the blocks together (the database's compactOrderIndexBlocks): asked once a load found them piled up. */
    private readonly compact: () => Promise<unknown>,
  ) {
    // Follow first, then read: a write committed during the load is either already in the rows
    // read or in the queue (both, at worst, which applying it again leaves the same).
    this.stopFollowing = follow((changes) => this.onChanges(changes))
    void this.load()
  }

  get size(): number {
    this.applyHeld()
    return this.slotOf.size
  }

  /** Calls `listener` when the index becomes ready, changes, or is dropped. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The IDs of the orders answering the query, in its order (once `state` is 'ready'). */
  query(query: OrderQuery): number[] {
    this.applyHeld()
    const { key, descending } = parseSort(query.sort)
    const order = this.sorted[key]
    const tests: ((slot: number) => boolean)[] = []
    const equality: [CodeColumn, string | undefined][] = [
      [this.fulfillment, query.fulfillment],
      [this.financial, query.financial],
      [this.status, query.status],
    ]
    for (const [column, value] of equality) {
      if (value === undefined) continue
      const code = column.codeOf(value)
      if (code === undefined) return []
      const codes = column.codes
      tests.push((slot) => codes[slot] === code)
    }
    if (hasRange(query.paidDate)) tests.push(this.sortColumns.paid_date.dayTest(query.paidDate))
    if (hasRange(query.modifiedDate)) tests.push(this.sortColumns.modified_date.dayTest(query.modifiedDate))
    const needles = searchNeedles(query.search)
    if (needles.length > 0) tests.push(this.texts.matcher(needles, this.capacity))
    const matches = tests.length === 0 ? null : tests.length === 1 ? tests[0]! : (slot: number) => tests.every((test) => test(slot))

    const ids = this.ids
    const out: number[] = []
    const n = order.length
    for (let i = 0; i < n; i++) {
      // Ascending order with ties by ID reversed is the descending order with ties by ID descending.
      const slot = order[descending ? n - 1 - i : i]!
      if (!matches || matches(slot)) out.push(ids[slot]!)
    }
    return out
  }

  /** An order's three states as cached (scanner mode reads them for 100,000 orders without reading the orders), or undefined when it is not cached. */
  statesOf(id: number): { fulfillment_status?: string; financial_status?: string; post_status?: string } | undefined {
    this.applyHeld()
    const slot = this.slotOf.get(id)
    if (slot === undefined) return undefined
    return { fulfillment_status: this.fulfillment.valueAt(slot), financial_status: this.financial.valueAt(slot), post_status: this.status.valueAt(slot) }
  }

  /** Every cached order's paid day, total and states, without reading the orders (the dashboard's numbers). */
  *facts(): Generator<OrderFacts> {
    this.applyHeld()
    const { paid_date, total_sales } = this.sortColumns
    for (const slot of this.slotOf.values()) {
      yield {
        paid_date: paid_date.value(slot) as string | undefined,
        order_total: total_sales.value(slot),
        fulfillment_status: this.fulfillment.valueAt(slot),
        financial_status: this.financial.valueAt(slot),
        post_status: this.status.valueAt(slot),
      }
    }
  }

  /** Frees the memory and stops following the database. */
  drop() {
    this.stopFollowing()
    if (this.flushTimer !== null) clearTimeout(this.flushTimer)
    this.flushTimer = null
    this.held.clear()
    this.loadRun++
    this.reset()
    this.state = 'dropped'
    this.notify()
  }

  // ---------------------------------------------------------------- loading

  private reset() {
    this.capacity = 0
    this.ids = new Float64Array(0)
    this.texts.clear()
    this.alive = new Uint8Array(0)
    this.slotOf.clear()
    this.free = []
    this.fulfillment = new CodeColumn(0)
    this.financial = new CodeColumn(0)
    this.status = new CodeColumn(0)
    this.sortColumns = emptySortColumns()
    for (const key of SORT_KEYS) this.sorted[key] = new Int32Array(0)
  }

  private async load() {
    const run = ++this.loadRun
    this.state = 'loading'
    this.queued = []
    this.reset()
    try {
      let after: number | undefined
      let perRead = 1
      let blocksRead = 0
      let rowsRead = 0
      for (;;) {
        const read = await (after === undefined ? this.blocks.toCollection() : this.blocks.where(':id').above(after)).limit(perRead).toArray()
        if (run !== this.loadRun) return
        let rowsInRead = 0
        for (const block of read) {
          this.ensureCapacity(this.slotOf.size + block.rows.length)
          for (const row of block.rows) this.put(row)
          for (const id of block.deleted) this.remove(id)
          rowsInRead += block.rows.length
        }
        rowsRead += rowsInRead
        blocksRead += read.length
        if (read.length < perRead) break
        after = read[read.length - 1]!.seq
        // As many blocks next time as held about LOAD_CHUNK rows this time (small blocks are many).
        perRead = Math.max(1, Math.min(1000, Math.floor((LOAD_CHUNK * read.length) / Math.max(1, rowsInRead))))
      }
      if (orderIndexBlocksNeedCompaction(blocksRead, rowsRead, this.slotOf.size)) {
        this.compact().catch((error: unknown) => {
          if (!(error instanceof Error && error.name === 'DatabaseClosedError')) console.error('The order index blocks could not be compacted:', error)
        })
      }
      // Joined now rather than at the first search: that search stays fast, and the texts read
      // one by one are let go.
      this.texts.flush()
      for (const key of SORT_KEYS) {
        this.sorted[key] = this.sortSlots(key, this.liveSlots())
        // One sort per task: the list keeps scrolling while the other keys sort.
        await new Promise((resolve) => setTimeout(resolve))
        if (run !== this.loadRun) return
      }
    } catch (error) {
      // A database closed under the load (disconnect deletes it) drops the index anyway.
      if (run !== this.loadRun || (error instanceof Error && error.name === 'DatabaseClosedError')) return
      console.error('The order list index could not be loaded:', error)
      return
    }
    const queued = this.queued
    this.queued = []
    this.state = 'ready'
    for (const changes of queued) this.apply(changes.rows)
    this.notify()
  }

  private onChanges(changes: OrderRowChanges) {
    if (this.state === 'dropped') return
    if (changes.rangeDeleted) {
      // A range of orders went (clear): read what is left rather than guess.
      this.held.clear()
      void this.load()
      this.notify()
      return
    }
    if (this.state === 'loading') this.queued.push(changes)
    else this.defer(changes)
  }

  /**
   * Holds changes to apply together: a sync commits a slice of orders every few milliseconds,
   * and each apply rewrites the four sort permutations (O(cached orders)). A change after a
   * quiet spell is applied at once; during a burst, at most once per APPLY_INTERVAL_MS. Every
   * reader applies what is held first, so no answer is stale.
   */
  private defer(changes: OrderRowChanges) {
    for (const [id, row] of changes.rows) this.held.set(id, row)
    if (this.flushTimer !== null) return
    const wait = Math.max(0, this.lastFlushAt + APPLY_INTERVAL_MS - Date.now())
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null
      this.lastFlushAt = Date.now()
      this.applyHeld()
      this.notify()
    }, wait)
  }

  private applyHeld() {
    if (this.held.size === 0) return
    if (this.state === 'ready') this.apply(this.held)
    this.held.clear()
  }

  // ---------------------------------------------------------------- slots

  private ensureCapacity(needed: number) {
    if (needed <= this.capacity) return
    const capacity = Math.max(needed, this.capacity * 2, 1024)
    const ids = new Float64Array(capacity)
    ids.set(this.ids)
    this.ids = ids
    const alive = new Uint8Array(capacity)
    alive.set(this.alive)
    this.alive = alive
    for (const column of [this.fulfillment, this.financial, this.status]) column.grow(capacity)
    for (const key of SORT_KEYS) this.sortColumns[key].grow(capacity)
    this.capacity = capacity
  }

  /** Writes a row into its order's slot (a new one if needed); returns the slot. */
  private put(row: OrderIndexRow): number {
    const [id, search, fulfillment, financial, status, postDate, postModified, paidDate, total] = row
    let slot = this.slotOf.get(id)
    if (slot === undefined) {
      // Slots 0..size-1 are all taken when none is free.
      slot = this.free.pop() ?? this.slotOf.size
      this.ensureCapacity(slot + 1)
      this.slotOf.set(id, slot)
      this.ids[slot] = id
      this.alive[slot] = 1
    }
    this.texts.set(slot, search)
    this.fulfillment.set(slot, fulfillment)
    this.financial.set(slot, financial)
    this.status.set(slot, status)
    this.sortColumns.date.set(slot, postDate)
    this.sortColumns.modified_date.set(slot, postModified)
    this.sortColumns.paid_date.set(slot, paidDate)
    this.sortColumns.total_sales.set(slot, total)
    return slot
  }

  private remove(id: number): number | undefined {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return undefined
    this.slotOf.delete(id)
    this.alive[slot] = 0
    this.texts.set(slot, '')
    this.free.push(slot)
    return slot
  }

  private liveSlots(): Int32Array {
    const slots = new Int32Array(this.slotOf.size)
    let n = 0
    for (const slot of this.slotOf.values()) slots[n++] = slot
    return slots
  }

  private comparator(key: OrderSortKey): (a: number, b: number) => number {
    const column = this.sortColumns[key]
    const keys = column.keys
    const ids = this.ids
    return (a, b) => {
      const ka = keys[a]!
      const kb = keys[b]!
      if (ka === ka && kb === kb) {
        if (ka !== kb) return ka < kb ? -1 : 1
      } else {
        const c = compareRaw(column.value(a), column.value(b))
        if (c !== 0) return c
      }
      return ids[a]! - ids[b]!
    }
  }

  private sortSlots(key: OrderSortKey, slots: Int32Array): Int32Array {
    return slots.sort(this.comparator(key))
  }

  /** Applies committed rows (by order ID; null: deleted): slots rewritten, permutations merged. */
  private apply(rows: ReadonlyMap<number, OrderIndexRow | null>) {
    const touched = new Set<number>()
    for (const [id, row] of rows) {
      const gone = row === null ? this.remove(id) : undefined
      if (gone !== undefined) touched.add(gone)
      if (row !== null) touched.add(this.put(row))
    }
    if (touched.size === 0) return
    const mark = new Uint8Array(this.capacity)
    for (const slot of touched) mark[slot] = 1
    for (const key of SORT_KEYS) {
      const compare = this.comparator(key)
      const moved = [...touched].filter((slot) => this.alive[slot] === 1).sort(compare)
      // The permutation without the touched slots, then each moved slot inserted where a binary
      // search puts it, the runs between copied whole: a sync's burst touches a few hundred of
      // 100,000 slots, and comparing each slot would cost the frame.
      const previous = this.sorted[key]
      const kept = new Int32Array(previous.length)
      let k = 0
      for (let i = 0; i < previous.length; i++) if (mark[previous[i]!] === 0) kept[k++] = previous[i]!
      const next = new Int32Array(this.slotOf.size)
      let n = 0
      let from = 0
      for (const slot of moved) {
        let lo = from
        let hi = k
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          if (compare(kept[mid]!, slot) < 0) lo = mid + 1
          else hi = mid
        }
        next.set(kept.subarray(from, lo), n)
        n += lo - from
        from = lo
        next[n++] = slot
      }
      next.set(kept.subarray(from, k), n)
      this.sorted[key] = next
    }
  }

  private notify() {
    for (const listener of this.listeners) listener()
  }
}

const indexes = new WeakMap<StoreDatabase, OrderIndex>()

/** The database's order index if one is loading or loaded; never starts one. */
export function existingOrderIndex(db: StoreDatabase): OrderIndex | undefined {
  const index = indexes.get(db)
  return index?.state === 'dropped' ? undefined : index
}

/** The order index of a store's cache: created (and loading) on first use, dropped when the database closes. */
export function orderIndexFor(db: StoreDatabase): OrderIndex {
  let index = indexes.get(db)
  if (!index || index.state === 'dropped') {
    const created = new OrderIndex(
      db.orderIndexBlocks,
      (listener) => db.onOrderRowChanges(listener),
      () => db.compactOrderIndexBlocks(),
    )
    const drop = () => {
      db.on.close.unsubscribe(drop)
      if (indexes.get(db) === created) indexes.delete(db)
      created.drop()
    }
    db.on('close', drop)
    indexes.set(db, created)
    index = created
  }
  return index
}

// ---------------------------------------------------------------- before the index has loaded

/**
 * The first `limit` orders of the answer, read from the cache's `post_date` index alone, when
 * the query has no filter and no search and sorts by order date (every order has one: the Order
 * schema requires it); null otherwise (the list waits for the index). The cache keeps no index
 * for the other sorts (db.ts, SCHEMA_V8): each would be written with every order the sync writes.
 * Descending, the index's reverse order is the answer's (ties by ID descending).
 */
export async function firstWindowFromCache<T extends Order, I>(orders: Table<T, number, I>, query: OrderQuery, limit: number): Promise<T[] | null> {
  const filtered = query.search.trim() !== '' || query.fulfillment || query.financial || query.status || hasRange(query.paidDate) || hasRange(query.modifiedDate)
  if (filtered) return null
  const { key, descending } = parseSort(query.sort)
  if (key !== 'date') return null
  const byValue = orders.orderBy(SORT_FIELDS.date)
  return (descending ? byValue.reverse() : byValue).limit(limit).toArray()
}
