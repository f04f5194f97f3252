// The Customers screen's answer from the cache: every cached order grouped into customers
// (customer-row.ts says who an order belongs to), with each customer's orders, money per
// currency, first and last order, refunds and folded search text, kept in memory as the order
// list's index is (data/order-index/order-index.ts): one slot per order in typed arrays, the
// search texts joined per block of slots (order-index/search-texts.ts), so a search over
// 100,000 orders' customers is a few `indexOf` scans.
//
// It loads from a snapshot of itself (one record of typed arrays, `customerSnapshots`) plus the
// customer row blocks written since (`customerRowBlocks`, one per write to orders, by the
// cache's own middleware), so the first rows need neither the orders nor every block: reading
// 100,000 compact rows costs a few hundred milliseconds, the snapshot tens. Once loaded it
// folds the blocks it read into a new snapshot and deletes them (the blocks never pile up), and
// follows every committed write to orders (`db.onOrderRowChanges`, this window's and the app's
// other windows') by reading the blocks written since. The snapshot's mark (`seq`: the last
// block folded into it) is read with the blocks in one transaction: a reader whose blocks
// another window folded and deleted meanwhile notices and loads the snapshot again.
//
// Rules (customer-index.test.ts checks them on generated orders and writes):
// - every cached order is in exactly one customer, the one its customer key names;
// - a customer's orders count is its orders; its spent per currency is the sum, over its paid
//   orders, of order total less refunds; refunded per currency is the sum of its refunds;
//   average order is spent / paid orders, per currency; first and last order are the earliest
//   and latest order dates (store time);
// - a customer's name, e-mail and phone are those of its latest order.
import type { Table } from 'dexie'
import type { StoreDatabase } from '../db'
import type { CustomerSnapshot, CustomerSnapshotMark, CustomerSnapshotRecord } from '../records'
import type { OrderIndexBlock } from '../order-index/order-index-blocks'
import { digitsOf, fold, rotations, searchNeedles, SEARCH_FIELD_SEPARATOR } from '../order-index/order-search'
import { SearchTexts } from '../order-index/search-texts'
import { stampNumber, stampString } from '../order-index/stamps'
import { customerRow, type CustomerRow } from './customer-row'

// ---------------------------------------------------------------- the snapshot

/** Bumped when the snapshot's shape changes: a snapshot of another format is rebuilt from the orders. */
export const CUSTOMER_SNAPSHOT_FORMAT = 2

const IDENTITY_SEPARATOR = '\u0000'

// ---------------------------------------------------------------- what it answers

export const CUSTOMER_SORT_KEYS = ['last', 'first', 'orders', 'spent', 'average', 'refunded', 'name'] as const
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number]
/** A sort key, with a leading `-` for descending (as the order list's sorts are written). */
export type CustomerSort = CustomerSortKey | `-${CustomerSortKey}`

export interface CustomerQuery {
  search: string
  sort: CustomerSort
}

export interface Money {
  currency: string
  cents: number
}

export interface CustomerSummary {
  key: string
  name: string
  email: string
  phone: string
  orders: number
  paidOrders: number
  /** Paid less refunded, per currency (the store's main currency first). */
  spent: Money[]
  /** Spent / paid orders, per currency. */
  average: Money[]
  refunded: Money[]
  refundedOrders: number
  /** Store times (`YYYY-MM-DD hh:mm:ss`), '' when no order has a date. */
  firstOrder: string
  lastOrder: string
}

export function parseCustomerSort(sort: CustomerSort): { key: CustomerSortKey; descending: boolean } {
  const descending = sort.startsWith('-')
  return { key: (descending ? sort.slice(1) : sort) as CustomerSortKey, descending }
}

/** Customer row blocks read per IndexedDB request while loading (blocks come whole). */
const LOAD_CHUNK = 5000
/** During a burst of commits (a sync writing), the blocks written are read at most this often. */
const FOLLOW_INTERVAL_MS = 200
/** After changes settle, the snapshot is written this much later (a sync's burst writes it once). */
const SNAPSHOT_DELAY_MS = 3000

export type CustomerIndexState = 'loading' | 'ready' | 'dropped'

/** Per customer, what its orders add up to (recomputed when one of its orders changes). */
interface Totals {
  orders: number
  paidOrders: number
  refundedOrders: number
  /** By currency code (as few as the currencies seen: one, mostly). */
  spent: number[]
  paidByCurrency: number[]
  refunded: number[]
  first: number
  last: number
  identity: number
}

const grow = <A extends Float64Array | Int32Array | Uint16Array | Uint8Array>(array: A, capacity: number, make: (n: number) => A): A => {
  const next = make(capacity)
  next.set(array)
  return next
}

export class CustomerIndex {
  state: CustomerIndexState = 'loading'

  // Per order slot.
  private capacity = 0
  private orderIds = new Float64Array(0)
  private customerOf = new Int32Array(0)
  private identityOf = new Int32Array(0)
  private currencyOf = new Uint16Array(0)
  private total = new Float64Array(0)
  private refund = new Float64Array(0)
  private paid = new Uint8Array(0)
  private date = new Float64Array(0)
  private readonly slotOf = new Map<number, number>()
  private free: number[] = []

  // Interned strings.
  private identities: string[] = []
  private readonly identityCode = new Map<string, number>()
  /** Each identity's folded search text, once made (identityText). */
  private identityTexts: (string | undefined)[] = []
  private currencies: string[] = []
  private readonly currencyCode = new Map<string, number>()
  /** Orders per currency code: the most common is the store's main currency. */
  private currencyOrders: number[] = []

  // Per customer slot.
  private keys: string[] = []
  private readonly customerSlot = new Map<string, number>()
  private members: number[][] = []
  private totals: (Totals | null)[] = []
  private readonly texts = new SearchTexts()
  private readonly dirty = new Set<number>()
  private sorted = new Map<CustomerSortKey, Int32Array>()

  /** The last customer row block this index has applied. */
  private seq = 0
  private readonly listeners = new Set<() => void>()
  private readonly stopFollowing: () => void
  private work: Promise<void> = Promise.resolve()
  private followTimer: ReturnType<typeof setTimeout> | null = null
  private snapshotTimer: ReturnType<typeof setTimeout> | null = null
  private lastFollowAt = 0
  /** Whether the state holds blocks the stored snapshot does not. */
  private unsaved = false

  private readonly snapshotDelayMs: number
  private readonly followIntervalMs: number

  constructor(
    private readonly db: StoreDatabase,
    /** How long after changes settle the snapshot is written; how often blocks are read during a burst of writes. */
    timing: { snapshotDelayMs?: number; followIntervalMs?: number } = {},
  ) {
    this.snapshotDelayMs = timing.snapshotDelayMs ?? SNAPSHOT_DELAY_MS
    this.followIntervalMs = timing.followIntervalMs ?? FOLLOW_INTERVAL_MS
    this.stopFollowing = db.onOrderRowChanges((changes) => {
      if (this.isDropped()) return
      if (changes.rangeDeleted) this.enqueue(() => this.load())
      else this.scheduleFollow()
    })
    this.enqueue(() => this.load())
  }

  private get blocks(): Table<OrderIndexBlock<CustomerRow>, number> {
    return this.db.customerRowBlocks
  }

  private get snapshots(): Table<CustomerSnapshotRecord, string> {
    return this.db.customerSnapshots
  }

  /** Whether the index was dropped (read after every wait: its database may close meanwhile). */
  private isDropped(): boolean {
    return this.state === 'dropped'
  }

  /** Calls `listener` when the index becomes ready, changes, or is dropped. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Resolves once nothing is left to do: the load, the blocks written since, the snapshot. */
  async settled(): Promise<void> {
    for (;;) {
      const work = this.work
      await work
      if (this.followTimer === null && this.snapshotTimer === null && work === this.work) return
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  /** Whether a screen follows this index (a background fold leaves it loaded for that screen). */
  get watched(): boolean {
    return this.listeners.size > 0
  }

  /** How many customers have at least one cached order. */
  get size(): number {
    this.refresh()
    let n = 0
    for (const m of this.members) if (m.length > 0) n++
    return n
  }

  /** The store's main currency: the one most cached orders are in ('' when none is cached). */
  get mainCurrency(): string {
    let best = -1
    for (let code = 0; code < this.currencyOrders.length; code++) if (best === -1 || this.currencyOrders[code]! > this.currencyOrders[best]!) best = code
    return best === -1 ? '' : this.currencies[best]!
  }

  /** The keys of the customers answering the query, in its order. */
  query(query: CustomerQuery): string[] {
    this.refresh()
    const { key, descending } = parseCustomerSort(query.sort)
    const order = this.sortedBy(key)
    const needles = searchNeedles(query.search)
    const matches = needles.length > 0 ? this.texts.matcher(needles, this.keys.length) : null
    const out: string[] = []
    const n = order.length
    for (let i = 0; i < n; i++) {
      const c = order[descending ? n - 1 - i : i]!
      if (this.members[c]!.length > 0 && (!matches || matches(c))) out.push(this.keys[c]!)
    }
    return out
  }

  /** A customer's summary, or undefined when no cached order is theirs. */
  summary(key: string): CustomerSummary | undefined {
    this.refresh()
    const c = this.customerSlot.get(key)
    const totals = c === undefined ? null : this.totals[c]
    if (c === undefined || !totals || totals.orders === 0) return undefined
    const [name = '', email = '', phone = ''] = this.identities[totals.identity]!.split(IDENTITY_SEPARATOR)
    const money = (byCode: number[], held: number[]) => this.moneyList(byCode, held)
    const average = totals.spent.map((cents, code) => Math.round(cents / Math.max(1, totals.paidByCurrency[code] ?? 0)))
    return {
      key,
      name,
      email,
      phone,
      orders: totals.orders,
      paidOrders: totals.paidOrders,
      spent: money(totals.spent, totals.paidByCurrency),
      average: money(average, totals.paidByCurrency),
      refunded: money(totals.refunded, totals.refunded),
      refundedOrders: totals.refundedOrders,
      firstOrder: Number.isFinite(totals.first) ? stampString(totals.first) : '',
      lastOrder: Number.isFinite(totals.last) ? stampString(totals.last) : '',
    }
  }

  /** A customer's cached order IDs, newest first (by order date, then ID). */
  orderIdsOf(key: string): number[] {
    this.refresh()
    const c = this.customerSlot.get(key)
    if (c === undefined) return []
    return [...this.members[c]!].sort((a, b) => this.dateKey(b) - this.dateKey(a) || this.orderIds[b]! - this.orderIds[a]!).map((slot) => this.orderIds[slot]!)
  }

  /** The customer key a cached order belongs to, or undefined when it is not cached. */
  customerOfOrder(orderId: number): string | undefined {
    const slot = this.slotOf.get(orderId)
    return slot === undefined ? undefined : this.keys[this.customerOf[slot]!]
  }

  /** Frees the memory and stops following the database. */
  drop(): void {
    this.stopFollowing()
    for (const timer of [this.followTimer, this.snapshotTimer]) if (timer !== null) clearTimeout(timer)
    this.followTimer = this.snapshotTimer = null
    this.reset()
    this.state = 'dropped'
    this.notify()
  }

  // ---------------------------------------------------------------- loading and following

  /**
   * Writes the snapshot as soon as the load (and any work queued before) is done, not after the
   * quiet delay: the fold after a sync, when the sync's writes have already settled.
   */
  async saveNow(): Promise<void> {
    this.enqueue(async () => {
      if (this.snapshotTimer !== null) clearTimeout(this.snapshotTimer)
      this.snapshotTimer = null
      await this.saveSnapshot()
    })
    await this.settled()
  }

  private enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(task).catch((error: unknown) => {
      // A database closed under the work (disconnect deletes it) drops the index anyway.
      if (this.isDropped() || (error instanceof Error && error.name === 'DatabaseClosedError')) return
      console.error('The customers index could not be read:', error)
    })
  }

  private reset(): void {
    this.capacity = 0
    for (const name of ['orderIds', 'total', 'refund', 'date'] as const) this[name] = new Float64Array(0)
    this.customerOf = new Int32Array(0)
    this.identityOf = new Int32Array(0)
    this.currencyOf = new Uint16Array(0)
    this.paid = new Uint8Array(0)
    this.slotOf.clear()
    this.free = []
    this.identities = []
    this.identityCode.clear()
    this.identityTexts = []
    this.currencies = []
    this.currencyCode.clear()
    this.currencyOrders = []
    this.keys = []
    this.customerSlot.clear()
    this.members = []
    this.totals = []
    this.texts.clear()
    this.dirty.clear()
    this.sorted.clear()
    this.seq = 0
  }

  /** Reads the snapshot, then every block written after it. */
  private async load(): Promise<void> {
    if (this.isDropped()) return
    this.state = 'loading'
    this.reset()
    const { snapshot, mark, first } = await this.db.transaction('r', [this.snapshots, this.blocks], async () => {
      const mark = (await this.snapshots.get('mark')) as CustomerSnapshotMark | undefined
      const snapshot = mark ? ((await this.snapshots.get('data')) as CustomerSnapshot | undefined) : undefined
      const first = await this.blocks.where(':id').above(mark?.seq ?? 0).limit(1).toArray()
      return { snapshot, mark, first }
    })
    if (this.isDropped()) return
    if (snapshot && snapshot.format !== CUSTOMER_SNAPSHOT_FORMAT) return this.rebuildFromOrders()
    if (snapshot) this.restore(snapshot)
    this.seq = mark?.seq ?? 0
    let read = first
    let perRead = 1
    let blocksRead = 0
    while (read.length > 0) {
      let rows = 0
      for (const block of read) {
        this.applyBlock(block)
        rows += block.rows.length
      }
      blocksRead += read.length
      if (read.length < perRead) break
      perRead = Math.max(1, Math.min(1000, Math.floor((LOAD_CHUNK * read.length) / Math.max(1, rows))))
      read = await this.blocks.where(':id').above(this.seq).limit(perRead).toArray()
      if (this.isDropped()) return
    }
    // Another window folded blocks into a newer snapshot while these were read: some may have
    // gone before this read reached them.
    if (await this.snapshotMovedPast(mark?.seq ?? 0)) return this.load()
    this.ready(blocksRead > 0)
  }

  /**
   * A snapshot this code cannot read (written by another version of the app, whose schema
   * upgrade did not clear it): the blocks it folded are gone, so the customers are made again
   * from the cached orders themselves, once.
   */
  private async rebuildFromOrders(): Promise<void> {
    await this.db.transaction('r', [this.db.orders, this.blocks], async () => {
      const last = await this.blocks.orderBy(':id').last()
      await this.db.orders.each((order) => {
        this.ensureCapacity(this.slotOf.size + 1)
        this.put(customerRow(order))
      })
      this.seq = last?.seq ?? 0
    })
    if (this.state !== 'dropped') this.ready(true)
  }

  private ready(unsaved: boolean): void {
    this.unsaved = unsaved
    this.refresh()
    this.state = 'ready'
    this.notify()
    if (unsaved) this.scheduleSnapshot()
  }

  /** Whether another window folded blocks past `seq` into a snapshot (and may have deleted them). */
  private async snapshotMovedPast(seq: number): Promise<boolean> {
    const mark = (await this.snapshots.get('mark')) as CustomerSnapshotMark | undefined
    return (mark?.seq ?? 0) > seq
  }

  private scheduleFollow(): void {
    if (this.followTimer !== null) return
    const wait = Math.max(0, this.lastFollowAt + this.followIntervalMs - Date.now())
    this.followTimer = setTimeout(() => {
      this.followTimer = null
      this.lastFollowAt = Date.now()
      this.enqueue(() => this.follow())
    }, wait)
  }

  /** Reads and applies the blocks written since the last one applied. */
  private async follow(): Promise<void> {
    if (this.state !== 'ready') return
    const { moved, blocks } = await this.db.transaction('r', [this.snapshots, this.blocks], async () => {
      const moved = await this.snapshotMovedPast(this.seq)
      return { moved, blocks: moved ? [] : await this.blocks.where(':id').above(this.seq).toArray() }
    })
    if (this.state !== 'ready') return
    if (moved) return this.load()
    if (blocks.length === 0) return
    for (const block of blocks) this.applyBlock(block)
    this.unsaved = true
    this.notify()
    this.scheduleSnapshot()
  }

  private scheduleSnapshot(): void {
    if (this.snapshotTimer !== null) clearTimeout(this.snapshotTimer)
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = null
      this.enqueue(() => this.saveSnapshot())
    }, this.snapshotDelayMs)
  }

  /**
   * Writes the state as the snapshot, marked with the last block applied, and deletes the blocks
   * it folded, in one transaction: a block is never deleted before a snapshot holds it.
   */
  private async saveSnapshot(): Promise<void> {
    if (this.state !== 'ready' || !this.unsaved) return
    const seq = this.seq
    const snapshot = this.toSnapshot()
    await this.db.transaction('rw', [this.snapshots, this.blocks], async () => {
      // Another window saved a later snapshot meanwhile: it holds more than ours.
      if (await this.snapshotMovedPast(seq)) return
      await this.snapshots.bulkPut([snapshot, { id: 'mark', seq }])
      await this.blocks.where(':id').belowOrEqual(seq).delete()
    })
    this.unsaved = false
  }

  /** The current state as a snapshot: only live orders, customers and identities, renumbered densely. */
  private toSnapshot(): CustomerSnapshot {
    const n = this.slotOf.size
    const snapshot: CustomerSnapshot = {
      id: 'data',
      format: CUSTOMER_SNAPSHOT_FORMAT,
      orderIds: new Float64Array(n),
      customerOf: new Int32Array(n),
      identityOf: new Int32Array(n),
      currencyOf: new Uint16Array(n),
      total: new Float64Array(n),
      refund: new Float64Array(n),
      paid: new Uint8Array(n),
      date: new Float64Array(n),
      keys: [],
      identities: [],
      identityTexts: [],
      currencies: [...this.currencies],
    }
    const customerIndex = new Map<number, number>()
    const identityIndex = new Map<number, number>()
    let i = 0
    for (const slot of this.slotOf.values()) {
      const c = this.customerOf[slot]!
      let ci = customerIndex.get(c)
      if (ci === undefined) customerIndex.set(c, (ci = snapshot.keys.push(this.keys[c]!) - 1))
      const id = this.identityOf[slot]!
      let ii = identityIndex.get(id)
      if (ii === undefined) {
        identityIndex.set(id, (ii = snapshot.identities.push(this.identities[id]!) - 1))
        snapshot.identityTexts.push(this.identityText(id))
      }
      snapshot.orderIds[i] = this.orderIds[slot]!
      snapshot.customerOf[i] = ci
      snapshot.identityOf[i] = ii
      snapshot.currencyOf[i] = this.currencyOf[slot]!
      snapshot.total[i] = this.total[slot]!
      snapshot.refund[i] = this.refund[slot]!
      snapshot.paid[i] = this.paid[slot]!
      snapshot.date[i] = this.date[slot]!
      i++
    }
    return snapshot
  }

  private restore(s: CustomerSnapshot): void {
    const n = s.orderIds.length
    this.capacity = n
    this.orderIds = s.orderIds
    this.identityOf = s.identityOf
    this.currencyOf = s.currencyOf
    this.total = s.total
    this.refund = s.refund
    this.paid = s.paid
    this.date = s.date
    this.identities = s.identities
    this.identityTexts = s.identityTexts
    s.identities.forEach((identity, i) => this.identityCode.set(identity, i))
    this.currencies = s.currencies
    s.currencies.forEach((currency, i) => this.currencyCode.set(currency, i))
    this.currencyOrders = s.currencies.map(() => 0)
    this.keys = s.keys
    this.members = s.keys.map(() => [])
    this.totals = s.keys.map(() => null)
    s.keys.forEach((key, c) => {
      this.customerSlot.set(key, c)
      this.dirty.add(c)
    })
    this.customerOf = s.customerOf
    for (let slot = 0; slot < n; slot++) {
      this.slotOf.set(s.orderIds[slot]!, slot)
      this.members[s.customerOf[slot]!]!.push(slot)
      this.currencyOrders[s.currencyOf[slot]!]!++
    }
  }

  // ---------------------------------------------------------------- slots

  private applyBlock(block: OrderIndexBlock<CustomerRow>): void {
    this.ensureCapacity(this.slotOf.size + block.rows.length)
    for (const row of block.rows) this.put(row)
    for (const id of block.deleted) this.remove(id)
    this.seq = Math.max(this.seq, block.seq ?? this.seq)
    this.sorted.clear()
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.capacity) return
    const capacity = Math.max(needed, this.capacity * 2, 1024)
    this.orderIds = grow(this.orderIds, capacity, (k) => new Float64Array(k))
    this.customerOf = grow(this.customerOf, capacity, (k) => new Int32Array(k))
    this.identityOf = grow(this.identityOf, capacity, (k) => new Int32Array(k))
    this.currencyOf = grow(this.currencyOf, capacity, (k) => new Uint16Array(k))
    this.total = grow(this.total, capacity, (k) => new Float64Array(k))
    this.refund = grow(this.refund, capacity, (k) => new Float64Array(k))
    this.paid = grow(this.paid, capacity, (k) => new Uint8Array(k))
    this.date = grow(this.date, capacity, (k) => new Float64Array(k))
    this.capacity = capacity
  }

  private intern(values: string[], codes: Map<string, number>, value: string): number {
    let code = codes.get(value)
    if (code === undefined) {
      code = values.push(value) - 1
      codes.set(value, code)
    }
    return code
  }

  private customer(key: string): number {
    let c = this.customerSlot.get(key)
    if (c === undefined) {
      c = this.keys.push(key) - 1
      this.customerSlot.set(key, c)
      this.members.push([])
      this.totals.push(null)
    }
    return c
  }

  private leave(c: number, slot: number): void {
    const list = this.members[c]!
    const at = list.indexOf(slot)
    if (at !== -1) {
      list[at] = list[list.length - 1]!
      list.pop()
    }
    this.dirty.add(c)
  }

  private put(row: CustomerRow): void {
    const [id, key, name, email, phone, currency, totalCents, refundCents, paid, postDate] = row
    const c = this.customer(key)
    let slot = this.slotOf.get(id)
    if (slot === undefined) {
      slot = this.free.pop() ?? this.slotOf.size
      this.ensureCapacity(slot + 1)
      this.slotOf.set(id, slot)
      this.orderIds[slot] = id
      this.members[c]!.push(slot)
    } else {
      this.currencyOrders[this.currencyOf[slot]!]!--
      const before = this.customerOf[slot]!
      if (before !== c) {
        this.leave(before, slot)
        this.members[c]!.push(slot)
      }
    }
    this.customerOf[slot] = c
    this.identityOf[slot] = this.intern(this.identities, this.identityCode, [name, email, phone].join(IDENTITY_SEPARATOR))
    const code = this.intern(this.currencies, this.currencyCode, currency)
    this.currencyOrders[code] = (this.currencyOrders[code] ?? 0) + 1
    this.currencyOf[slot] = code
    this.total[slot] = totalCents
    this.refund[slot] = refundCents
    this.paid[slot] = paid
    this.date[slot] = stampNumber(postDate)
    this.dirty.add(c)
  }

  private remove(id: number): void {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    this.slotOf.delete(id)
    this.currencyOrders[this.currencyOf[slot]!]!--
    this.leave(this.customerOf[slot]!, slot)
    this.free.push(slot)
  }

  private dateKey(slot: number): number {
    const d = this.date[slot]!
    return Number.isNaN(d) ? -Infinity : d
  }

  /** Totals and search texts of the customers whose orders changed. */
  private refresh(): void {
    if (this.dirty.size === 0) return
    const currencies = this.currencies.length
    for (const c of this.dirty) {
      const list = this.members[c]!
      if (list.length === 0) {
        this.totals[c] = null
        this.texts.set(c, '')
        continue
      }
      const zeros = () => new Array<number>(currencies).fill(0)
      const t: Totals = { orders: list.length, paidOrders: 0, refundedOrders: 0, spent: zeros(), paidByCurrency: zeros(), refunded: zeros(), first: Infinity, last: -Infinity, identity: 0 }
      let latest = -1
      let latestDate = -Infinity
      let identity = -1
      let several = false
      for (const slot of list) {
        const code = this.currencyOf[slot]!
        const refund = this.refund[slot]!
        if (this.paid[slot] === 1) {
          t.paidOrders++
          t.spent[code]! += this.total[slot]! - refund
          t.paidByCurrency[code]!++
        }
        if (refund > 0) {
          t.refundedOrders++
          t.refunded[code]! += refund
        }
        const d = this.dateKey(slot)
        if (d < t.first) t.first = d
        if (d > t.last) t.last = d
        if (latest === -1 || d > latestDate || (d === latestDate && this.orderIds[slot]! > this.orderIds[latest]!)) {
          latest = slot
          latestDate = d
        }
        if (identity === -1) identity = this.identityOf[slot]!
        else if (identity !== this.identityOf[slot]) several = true
      }
      t.identity = this.identityOf[latest]!
      this.totals[c] = t
      this.texts.set(c, several ? [...new Set(list.map((slot) => this.identityText(this.identityOf[slot]!)))].join(SEARCH_FIELD_SEPARATOR) : this.identityText(identity))
    }
    this.dirty.clear()
    this.sorted.clear()
  }

  /** An identity's folded search text: its name (each rotation), e-mail and phone digits; made once per identity. */
  private identityText(code: number): string {
    let text = this.identityTexts[code]
    if (text === undefined) {
      const [name = '', email = '', phone = ''] = this.identities[code]!.split(IDENTITY_SEPARATOR)
      const folded = fold(name)
      const fields = folded ? rotations(folded) : []
      const mail = fold(email)
      if (mail) fields.push(mail)
      const digits = digitsOf(phone)
      if (digits) fields.push(digits)
      text = fields.join(SEARCH_FIELD_SEPARATOR)
      this.identityTexts[code] = text
    }
    return text
  }

  /** Money by currency code as a list, the main currency first, leaving out the currencies `held` has nothing in. */
  private moneyList(byCode: number[], held: number[]): Money[] {
    const main = this.currencyCode.get(this.mainCurrency)
    const codes = byCode.map((_, code) => code).filter((code) => (held[code] ?? 0) !== 0)
    return codes
      .sort((a, b) => (a === main ? -1 : b === main ? 1 : this.currencies[a]!.localeCompare(this.currencies[b]!)))
      .map((code) => ({ currency: this.currencies[code]!, cents: byCode[code]! }))
  }

  /** Every customer slot (empty ones too: the query skips them) ascending by the key, ties by customer key. */
  private sortedBy(key: CustomerSortKey): Int32Array {
    const known = this.sorted.get(key)
    if (known) return known
    const n = this.keys.length
    const slots = new Int32Array(n)
    for (let c = 0; c < n; c++) slots[c] = c
    const values = this.sortValues(key)
    const keys = this.keys
    const byKey = (a: number, b: number) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0)
    if (values instanceof Float64Array) slots.sort((a, b) => values[a]! - values[b]! || byKey(a, b))
    else slots.sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : byKey(a, b)))
    this.sorted.set(key, slots)
    return slots
  }

  /** Each customer's value for a sort (money in the main currency; a customer without orders sorts first). */
  private sortValues(key: CustomerSortKey): Float64Array | string[] {
    if (key === 'name') return this.totals.map((t) => (t ? fold(this.identities[t.identity]!.split(IDENTITY_SEPARATOR)[0]!) : ''))
    const main = this.currencyCode.get(this.mainCurrency) ?? -1
    const values = new Float64Array(this.keys.length)
    this.totals.forEach((t, c) => {
      if (!t) return void (values[c] = -Infinity)
      const spent = t.spent[main] ?? 0
      values[c] = {
        last: t.last,
        first: t.first,
        orders: t.orders,
        spent,
        average: spent / Math.max(1, t.paidByCurrency[main] ?? 0),
        refunded: t.refunded[main] ?? 0,
      }[key]
    })
    return values
  }

  private notify(): void {
    for (const listener of this.listeners) listener()
  }
}

const indexes = new WeakMap<StoreDatabase, CustomerIndex>()
/** How each shared index is let go: dropped, no longer followed by its database's close. */
const releases = new WeakMap<CustomerIndex, () => void>()

/** Customer row blocks waiting outside the snapshot that make a fold worth it (a sync writes one per 50 orders). */
export const FOLD_ABOVE_BLOCKS = 40

/** Whether rows wait outside the snapshot and either no snapshot exists or many blocks wait. */
async function foldWorthIt(db: StoreDatabase): Promise<boolean> {
  return db.transaction('r', [db.customerSnapshots, db.customerRowBlocks], async () => {
    const blocks = await db.customerRowBlocks.count()
    return blocks > FOLD_ABOVE_BLOCKS || (blocks > 0 && !(await db.customerSnapshots.get('mark')))
  })
}

/**
 * After a sync: folds the customer rows written since the snapshot into a new one when there is
 * no snapshot yet (the first sync) or many rows are waiting (more than FOLD_ABOVE_BLOCKS
 * blocks), and no loaded index follows them already (it
 * folds them itself). The first open of Customers after a big sync then loads the snapshot, not
 * 100,000 rows (bench figure 8). The index it loads is shared, so a Customers screen opened
 * meanwhile uses it, and let go afterwards unless such a screen follows it. Answers whether it
 * folded.
 */
export async function foldCustomerRows(db: StoreDatabase): Promise<boolean> {
  if (indexes.get(db)?.state === 'ready' || !(await foldWorthIt(db))) return false
  const index = customerIndexFor(db)
  await index.saveNow()
  if (!index.watched) releases.get(index)?.()
  return true
}

/** The customer index of a store's cache: created (and loading) on first use, dropped when the database closes. */
export function customerIndexFor(db: StoreDatabase): CustomerIndex {
  let index = indexes.get(db)
  if (!index || index.state === 'dropped') {
    const created = new CustomerIndex(db)
    const release = () => {
      db.on.close.unsubscribe(release)
      if (indexes.get(db) === created) indexes.delete(db)
      created.drop()
    }
    db.on('close', release)
    indexes.set(db, created)
    releases.set(created, release)
    index = created
  }
  return index
}
