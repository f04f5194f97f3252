// DemoData owns the demo store's state: generation from a seed, restore from saved JSON
// (checked with zod), and the indexes that keep big stores fast (orders by id, orders
// pre-sorted per sort key, a lower-cased search text per order, the JSON of recently read
// orders). Route handlers in ../api change the state through it and call `orderChanged()` so
// the indexes and the JSON cache follow.
// Orders are not stored whole: they are rebuilt from the seed on demand (OrderGenerator),
// and only orders changed through the API are kept (and saved) as overrides.
import { randomUUID } from 'node:crypto'
import type { CheckoutDetail, MetaFieldDefinition, Order } from '../../common/store-api/resources'
import { IMAGE_LIBRARY, PRODUCTS } from './catalog'
import { OrderGenerator, fillCustomerTotals, generateCheckouts, generateCustomers } from './generate-commerce'
import { summarizeOrder, type OrderSummary } from './order-summary'
import { generateBlogs, generateCollections, generateMetaFields } from './generate-content'
import { Prng } from './prng'
import { DataDating, LEGACY_DATING } from './dating'
import { StoreClock } from './time'
import {
  DemoState, STATE_VERSION, type BlogRecord, type CollectionRecord, type CustomerRecord, type ImageRecord,
  type MetaValueRecord, type SentEmail, type ValueWrite,
} from './state'

export type { OrderSummary }
export type OrderSortKey = 'date' | 'modified_date' | 'paid_date' | 'total_sales'

/** The digits of text[from, from + length) as a number, or NaN when one is not a digit. */
function digitsAt(text: string, from: number, length: number): number {
  let value = 0
  for (let i = from; i < from + length; i++) {
    const digit = text.charCodeAt(i) - 48
    if (!(digit >= 0 && digit <= 9)) return NaN
    value = value * 10 + digit
  }
  return value
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) as epoch milliseconds; -1 for an empty date (unpaid orders sort oldest). */
function epoch(text: string): number {
  if (text === '') return -1
  // Read digit by digit (no substrings): sorting 100,000 orders starts by reading 100,000 dates.
  const fields = [digitsAt(text, 0, 4), digitsAt(text, 5, 2), digitsAt(text, 8, 2), digitsAt(text, 11, 2), digitsAt(text, 14, 2), digitsAt(text, 17, 2)]
  if (text.length === 19 && !fields.some(Number.isNaN)) return Date.UTC(fields[0]!, fields[1]! - 1, fields[2]!, fields[3]!, fields[4]!, fields[5]!)
  // Anything else (a hand-edited data file) reads as it always did.
  return Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10), +text.slice(11, 13), +text.slice(14, 16), +text.slice(17, 19))
}

function sortValue(summary: OrderSummary, key: OrderSortKey): number {
  switch (key) {
    case 'date': return epoch(summary.createdGmt)
    case 'modified_date': return epoch(summary.modifiedGmt)
    case 'paid_date': return epoch(summary.paidGmt)
    case 'total_sales': return summary.total
  }
}

/**
 * Stands in for `current_time` while an order is serialised, so the cached JSON can take the
 * time of each response. Random per process: no stored string can contain it by chance (and a
 * JSON that holds it twice is never cached).
 */
const CURRENT_TIME_HOLE = `current-time-${randomUUID()}`
const CURRENT_TIME_HOLE_JSON = JSON.stringify(CURRENT_TIME_HOLE)

/** Separates orders serialised in one JSON.stringify call; random for the same reason as the hole. */
const ORDER_BOUNDARY = `order-boundary-${randomUUID()}`
const ORDER_BOUNDARY_JSON = JSON.stringify(ORDER_BOUNDARY)

/**
 * The JSON of orders whose current_time is CURRENT_TIME_HOLE. One JSON.stringify call for the
 * lot, cut at boundary markers: a call per order costs about half as much again. Inside a string
 * every quote is escaped, so `,"<boundary>",` only occurs between array items; a count that does
 * not add up falls back to a call per order.
 */
function serialiseWithHoles(orders: readonly Order[]): string[] {
  if (orders.length === 0) return []
  const items: unknown[] = []
  for (const order of orders) {
    if (items.length > 0) items.push(ORDER_BOUNDARY)
    items.push(order)
  }
  const texts = JSON.stringify(items).slice(1, -1).split(`,${ORDER_BOUNDARY_JSON},`)
  if (texts.length === orders.length) return texts
  return orders.map((order) => JSON.stringify(order))
}

/**
 * The same text in a string that does not share memory with the one it was cut from: the engine
 * makes a slice of a long string a view of it, and a view keeps the whole string alive. Slicing a
 * concatenation makes the engine copy it into a new string first.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1)
}

/** Serialised orders kept for repeated reads: about 3,800 orders (15 pages of 250). */
const ORDER_JSON_CACHE_CHARS = 16 * 2 ** 20

/** An order's JSON split where its `current_time` value goes. */
interface OrderJsonParts {
  before: string
  after: string
}

function customerCount(orders: number): number {
  return Math.max(20, Math.min(20_000, Math.ceil(orders / 3)))
}

/** Summaries ascending by one sort key, and each order's sort value by index. */
interface SortedOrders {
  sorted: OrderSummary[]
  values: Float64Array
  /** Some value is not a number (only a hand-edited data file has one): writes sort afresh. */
  hasNaN: boolean
}

interface Orders {
  generator: OrderGenerator
  summaries: OrderSummary[]
}

function ordersFor(seed: number, count: number, dating: DataDating): Orders & { rng: Prng; customers: ReturnType<typeof generateCustomers> } {
  const rng = new Prng(seed)
  const customers = generateCustomers(rng, customerCount(count), dating)
  const generator = new OrderGenerator(seed, count, customers.homes, dating)
  return { rng, customers, generator, summaries: generator.summaries() }
}

/** What a new store is generated for; each has a default. */
export interface GenerateOptions {
  seed: number
  orders: number
  checkouts?: number
  /** The store's clock now: the data is dated to its store-local day (default: the current time). */
  now?: Date
  /** The store's zone (default UTC−05:00). */
  utcOffsetMinutes?: number
}

export class DemoData {
  readonly seed: number
  /** The day and zone the generated data was made for. */
  readonly dating: DataDating
  /** The store's clock: the zone every time written from now on is in (setZone changes it). */
  clock: StoreClock
  /**
   * Seconds the store's clock runs off the real time (a server's clock set wrong, or stepped by
   * NTP): every time the API writes or tells (`post_modified`, `current_time`) follows it. A
   * control route sets it; it is not saved with the data.
   */
  clockSkewSeconds = 0
  checkouts: CheckoutDetail[]
  customers: CustomerRecord[]
  productIds: number[]
  images: ImageRecord[]
  blogs: BlogRecord[]
  collections: CollectionRecord[]
  metaFields: MetaFieldDefinition[]
  metaValues: MetaValueRecord[]
  private readonly emails: SentEmail[]
  private readonly valueWriteLog: ValueWrite[]
  private nextIds: DemoState['nextIds']

  private readonly generator: OrderGenerator
  /** Orders changed through the API; they replace the generated ones and are saved. */
  private readonly overrides = new Map<number, Order>()
  /** Generated orders handed out as objects (single reads, writes), kept so repeated reads are cheap. */
  private readonly built = new Map<number, Order>()
  /** JSON of orders read through orderJson, least recently read first; dropped when the order changes. */
  private readonly jsonParts = new Map<number, OrderJsonParts>()
  private jsonPartsChars = 0
  private readonly summaries: OrderSummary[]
  /** Per sort key: the summaries ascending (ties by id) and each order's sort value, by index. */
  private readonly ascendingBy = new Map<OrderSortKey, SortedOrders>()

  private constructor(state: DemoState, orders: Orders, dating: DataDating) {
    this.seed = state.seed
    this.dating = dating
    this.clock = new StoreClock(state.utcOffsetMinutes ?? dating.clock.utcOffsetMinutes)
    this.checkouts = state.checkouts
    this.customers = state.customers
    this.productIds = state.productIds
    this.images = state.images
    this.blogs = state.blogs
    this.collections = state.collections
    this.metaFields = state.metaFields
    this.metaValues = state.metaValues
    this.emails = state.sentEmails
    this.valueWriteLog = state.valueWrites
    this.nextIds = state.nextIds
    this.generator = orders.generator
    this.summaries = orders.summaries
    for (const order of state.orderOverrides) {
      const index = order.ID - this.generator.idOf(0)
      if (index < 0 || index >= this.summaries.length) throw new Error(`saved order ${order.ID} is not one of this store's orders`)
      this.overrides.set(order.ID, order)
      this.summaries[index] = summarizeOrder(order)
    }
  }

  static generate(opts: GenerateOptions): DemoData {
    const orderCount = Math.max(0, Math.floor(opts.orders))
    const dating = DataDating.forStart(opts.now ?? new Date(), new StoreClock(opts.utcOffsetMinutes))
    const { rng, customers: { customers, homes }, generator, summaries } = ordersFor(opts.seed, orderCount, dating)
    const checkouts = generateCheckouts(rng, opts.checkouts ?? 40, homes, summaries, (id) => generator.build(id - generator.idOf(0)), dating)
    fillCustomerTotals(checkouts, summaries)
    const blogs = generateBlogs(rng, dating)
    const collections = generateCollections(blogs, dating)
    const { definitions, values } = generateMetaFields(rng, summaries.map((o) => o.id), customers, dating)
    return new DemoData({
      version: STATE_VERSION,
      seed: opts.seed,
      dating: dating.facts,
      utcOffsetMinutes: dating.clock.utcOffsetMinutes,
      orderCount,
      orderOverrides: [],
      checkouts,
      customers,
      productIds: PRODUCTS.map((p) => p.id),
      images: IMAGE_LIBRARY.map((i) => ({ ...i })),
      blogs,
      collections,
      metaFields: definitions,
      metaValues: values,
      sentEmails: [],
      valueWrites: [],
      nextIds: { blog: blogs.length + 1, collection: collections.length + 1, metaField: definitions.length + 1 },
    }, { generator, summaries }, dating)
  }

  /** Restores a saved store; throws (with zod's message) when the JSON is not a valid state. */
  static fromJSON(json: unknown): DemoData {
    const state = DemoState.parse(json)
    const dating = new DataDating(state.dating ?? LEGACY_DATING)
    const { generator, summaries } = ordersFor(state.seed, state.orderCount, dating)
    return new DemoData(state, { generator, summaries }, dating)
  }

  /**
   * Moves the store to another zone. Times already recorded keep the local form they were
   * written with, as a real store's do; times written from now on (writes, `current_time`) use it.
   */
  setZone(utcOffsetMinutes: number): void {
    this.clock = new StoreClock(utcOffsetMinutes)
  }

  toJSON(): DemoState {
    return {
      version: STATE_VERSION,
      seed: this.seed,
      dating: this.dating.facts,
      utcOffsetMinutes: this.clock.utcOffsetMinutes,
      orderCount: this.generator.count,
      orderOverrides: [...this.overrides.values()].sort((a, b) => a.ID - b.ID),
      checkouts: this.checkouts,
      customers: this.customers,
      productIds: this.productIds,
      images: this.images,
      blogs: this.blogs,
      collections: this.collections,
      metaFields: this.metaFields,
      metaValues: this.metaValues,
      sentEmails: this.emails,
      valueWrites: this.valueWriteLog,
      nextIds: this.nextIds,
    }
  }

  get sentEmails(): ReadonlyArray<SentEmail> {
    return this.emails
  }

  recordSentEmail(email: SentEmail): void {
    this.emails.push(email)
  }

  get valueWrites(): ReadonlyArray<ValueWrite> {
    return this.valueWriteLog
  }

  recordValueWrite(write: ValueWrite): void {
    this.valueWriteLog.push(write)
  }

  peekNextId(kind: keyof DemoState['nextIds']): number {
    return this.nextIds[kind]
  }

  nextId(kind: keyof DemoState['nextIds']): number {
    const id = this.nextIds[kind]
    this.nextIds[kind] = id + 1
    return id
  }

  // ------------------------------------------------------------ orders

  order(id: number): Order | undefined {
    const changed = this.overrides.get(id)
    if (changed) return changed
    let order = this.built.get(id)
    if (!order) {
      order = this.generatedOrder(id)
      if (!order) return undefined
      // Bounded: a client reading 100,000 orders one by one must not keep them all.
      if (this.built.size >= 5000) this.built.clear()
      this.built.set(id, order)
    }
    return order
  }

  get orderCount(): number {
    return this.generator.count
  }

  /**
   * The order's JSON exactly as `JSON.stringify({ ...order, current_time: currentTime })` gives it,
   * from a bounded cache of serialised orders: a list page is mostly serialising, and the same pages
   * are read again and again (the app's incremental sync reads the newest page each time).
   */
  orderJson(id: number, currentTime: string): string | undefined {
    return this.ordersJson([id], currentTime)[0]
  }

  /** orderJson for many orders (a page): the ones not cached are serialised together. */
  ordersJson(ids: readonly number[], currentTime: string): (string | undefined)[] {
    const time = JSON.stringify(currentTime)
    const answers: (string | undefined)[] = new Array(ids.length)
    const missing: { at: number; order: Order }[] = []
    ids.forEach((id, at) => {
      const cached = this.jsonParts.get(id)
      if (cached) {
        // Least recently read first: a hit moves to the end.
        this.jsonParts.delete(id)
        this.jsonParts.set(id, cached)
        answers[at] = `${cached.before}${time}${cached.after}`
        return
      }
      const shared = this.overrides.get(id) ?? this.built.get(id)
      // An order generated for this answer alone can take the hole itself; a shared one is copied.
      const order = shared ? { ...shared } : this.generatedOrder(id)
      if (!order) return
      order.current_time = CURRENT_TIME_HOLE
      missing.push({ at, order })
    })
    const texts = serialiseWithHoles(missing.map((m) => m.order))
    missing.forEach(({ at, order }, i) => {
      // A copy of its own: a piece of the page's text would keep the whole page's text alive.
      const text = ownCopy(texts[i]!)
      const hole = text.indexOf(CURRENT_TIME_HOLE_JSON)
      if (hole < 0 || text.indexOf(CURRENT_TIME_HOLE_JSON, hole + 1) >= 0) {
        answers[at] = JSON.stringify({ ...order, current_time: currentTime })
        return
      }
      const parts = { before: text.slice(0, hole), after: text.slice(hole + CURRENT_TIME_HOLE_JSON.length) }
      this.jsonParts.delete(order.ID)
      this.jsonParts.set(order.ID, parts)
      this.jsonPartsChars += text.length
      answers[at] = `${parts.before}${time}${parts.after}`
    })
    for (const [oldest, old] of this.jsonParts) {
      if (this.jsonPartsChars <= ORDER_JSON_CACHE_CHARS) break
      this.forgetJson(oldest, old)
    }
    return answers
  }

  /** A generated order built without keeping it (orderJson keeps its JSON instead). */
  private generatedOrder(id: number): Order | undefined {
    const index = id - this.generator.idOf(0)
    if (!Number.isInteger(index) || index < 0 || index >= this.generator.count) return undefined
    return this.generator.build(index)
  }

  private forgetJson(id: number, parts: OrderJsonParts): void {
    this.jsonParts.delete(id)
    this.jsonPartsChars -= parts.before.length + CURRENT_TIME_HOLE_JSON.length + parts.after.length
  }

  /** Call after changing an order in place: it becomes an override (saved) and the indexes follow. */
  orderChanged(order: Order): void {
    this.overrides.set(order.ID, order)
    this.built.delete(order.ID)
    const parts = this.jsonParts.get(order.ID)
    if (parts) this.forgetJson(order.ID, parts)
    const index = order.ID - this.generator.idOf(0)
    const previous = this.summaries[index]!
    const summary = summarizeOrder(order)
    this.summaries[index] = summary
    for (const [key, byKey] of this.ascendingBy) {
      if (!this.moveInSorted(byKey, index, previous, summary, sortValue(summary, key))) this.ascendingBy.delete(key)
    }
  }

  /**
   * Takes a changed order out of a sorted list and puts it back where its new value sorts, so a
   * write costs a move instead of sorting 100,000 orders again on the next list. False when the
   * list must be sorted afresh (a value that is not a number, which only a hand-edited data file has).
   */
  private moveInSorted({ sorted, values, hasNaN }: SortedOrders, index: number, previous: OrderSummary, summary: OrderSummary, value: number): boolean {
    const at = sorted.indexOf(previous)
    if (hasNaN || Number.isNaN(value) || at < 0) return false
    values[index] = value
    sorted.splice(at, 1)
    const firstId = this.generator.idOf(0)
    // The first position whose order sorts after the changed one (value, then index, as the full sort).
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const other = sorted[middle]!.id - firstId
      const otherValue = values[other]!
      if (otherValue < value || (otherValue === value && other < index)) low = middle + 1
      else high = middle
    }
    sorted.splice(low, 0, summary)
    return true
  }

  /**
   * Order summaries ascending by a sort key, ties by ID: sorted once per key, then kept in order
   * through writes (orderChanged moves the changed order).
   */
  ordersAscending(key: OrderSortKey): OrderSummary[] {
    let byKey = this.ascendingBy.get(key)
    if (!byKey) {
      // Numeric keys and an index sort: string compares over 100,000 objects are several times slower.
      // Summaries are in id order, so comparing indexes breaks ties by id.
      const summaries = this.summaries
      const values = new Float64Array(summaries.length)
      let alreadySorted = true
      let hasNaN = false
      for (let i = 0; i < summaries.length; i++) {
        values[i] = sortValue(summaries[i]!, key)
        if (i > 0 && values[i]! < values[i - 1]!) alreadySorted = false
        if (Number.isNaN(values[i])) hasNaN = true
      }
      let sorted: OrderSummary[]
      if (alreadySorted) sorted = summaries.slice()
      else {
        const order = Array.from({ length: summaries.length }, (_, i) => i)
        order.sort((a, b) => values[a]! - values[b]! || a - b)
        sorted = order.map((i) => summaries[i]!)
      }
      byKey = { sorted, values, hasNaN }
      this.ascendingBy.set(key, byKey)
    }
    return byKey.sorted
  }

  // ------------------------------------------------------------ lookups

  checkout(id: number): CheckoutDetail | undefined {
    return this.checkouts.find((c) => c.ID === id)
  }

  blog(id: number): BlogRecord | undefined {
    return this.blogs.find((b) => b.id === id)
  }

  collection(id: number): CollectionRecord | undefined {
    return this.collections.find((c) => c.id === id)
  }

  image(id: number): ImageRecord | undefined {
    return this.images.find((i) => i.ID === id)
  }

  metaField(id: number): MetaFieldDefinition | undefined {
    return this.metaFields.find((m) => m.id === id)
  }

  /** True when a resource that meta field values can attach to exists. */
  resourceExists(resourceType: string, id: number): boolean {
    switch (resourceType) {
      case 'order': return this.order(id) !== undefined
      case 'blog': return this.blog(id) !== undefined
      case 'blog_collection': return this.collection(id) !== undefined
      case 'product': return this.productIds.includes(id)
      case 'customer': return this.customers.some((c) => c.id === id)
      default: return false
    }
  }
}
