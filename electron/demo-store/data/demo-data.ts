// DemoData owns the demo store's state: generation from a seed, restore from saved JSON
// (checked with zod), and the indexes that keep big stores fast (orders by id, orders
// pre-sorted per sort key, a lower-cased search text per order). Route handlers in
// ../api change the state through it and call `ordersChanged()` so the indexes follow.
import type { CheckoutDetail, MetaFieldDefinition, Order } from '../../common/store-api/resources'
import { IMAGE_LIBRARY, PRODUCTS } from './catalog'
import { fillCustomerTotals, generateCheckouts, generateCustomers, generateOrders } from './generate-commerce'
import { generateBlogs, generateCollections, generateMetaFields } from './generate-content'
import { Prng } from './prng'
import {
  DemoState, STATE_VERSION, type BlogRecord, type CollectionRecord, type CustomerRecord, type ImageRecord,
  type MetaValueRecord, type SentEmail,
} from './state'

export type OrderSortKey = 'date' | 'modified_date' | 'paid_date' | 'total_sales'

/** What the order list filters and sorts on, small enough to keep for 100,000 orders. */
export interface OrderSummary {
  id: number
  createdGmt: string
  modifiedGmt: string
  /** Store-local day of post_modified, `YYYY-MM-DD` (filter[modified_date]). */
  modifiedDay: string
  /** Empty for unpaid orders, which therefore sort as the oldest by paid date. */
  paidGmt: string
  /** Store-local day of paid_date, `YYYY-MM-DD` (filter[date]); empty when unpaid. */
  paidDay: string
  total: number
  status: string
  financial: string
  fulfillment: string
  /** Lower-cased number, product names, SKUs, transaction id and customer e-mail. */
  search: string
}

export function summarizeOrder(order: Order): OrderSummary {
  return {
    id: order.ID,
    createdGmt: order.post_date_gmt,
    modifiedGmt: order.post_modified_gmt,
    modifiedDay: order.post_modified.slice(0, 10),
    paidGmt: order.paid_date_gmt ?? '',
    paidDay: order.paid_date ? order.paid_date.slice(0, 10) : '',
    total: order.order_total,
    status: order.post_status,
    financial: order.financial_status,
    fulfillment: order.fulfillment_status,
    search: [order.number, ...order.line_items.flatMap((l) => [l.order_item_name, l.sku]), order.transaction_id ?? '', order.billing_address.email]
      .join('\n').toLowerCase(),
  }
}

function sortValue(summary: OrderSummary, key: OrderSortKey): string | number {
  switch (key) {
    case 'date': return summary.createdGmt
    case 'modified_date': return summary.modifiedGmt
    case 'paid_date': return summary.paidGmt
    case 'total_sales': return summary.total
  }
}

export class DemoData {
  readonly seed: number
  orders: Order[]
  checkouts: CheckoutDetail[]
  customers: CustomerRecord[]
  productIds: number[]
  images: ImageRecord[]
  blogs: BlogRecord[]
  collections: CollectionRecord[]
  metaFields: MetaFieldDefinition[]
  metaValues: MetaValueRecord[]
  private readonly emails: SentEmail[]
  private nextIds: DemoState['nextIds']

  private orderIndex = new Map<number, Order>()
  private summaries = new Map<number, OrderSummary>()
  private ascendingBy = new Map<OrderSortKey, OrderSummary[]>()

  private constructor(state: DemoState) {
    this.seed = state.seed
    this.orders = state.orders
    this.checkouts = state.checkouts
    this.customers = state.customers
    this.productIds = state.productIds
    this.images = state.images
    this.blogs = state.blogs
    this.collections = state.collections
    this.metaFields = state.metaFields
    this.metaValues = state.metaValues
    this.emails = state.sentEmails
    this.nextIds = state.nextIds
    for (const order of this.orders) {
      this.orderIndex.set(order.ID, order)
      this.summaries.set(order.ID, summarizeOrder(order))
    }
  }

  static generate(opts: { seed: number; orders: number; checkouts?: number }): DemoData {
    const rng = new Prng(opts.seed)
    const orderCount = Math.max(0, Math.floor(opts.orders))
    const { customers, homes } = generateCustomers(rng, Math.max(20, Math.min(20_000, Math.ceil(orderCount / 3))))
    const orders = generateOrders(rng, orderCount, homes)
    const checkouts = generateCheckouts(rng, opts.checkouts ?? 40, homes, orders)
    fillCustomerTotals(checkouts, orders)
    const blogs = generateBlogs(rng)
    const collections = generateCollections(blogs)
    const { definitions, values } = generateMetaFields(rng, orders.map((o) => o.ID), customers)
    return new DemoData({
      version: STATE_VERSION,
      seed: opts.seed,
      orders,
      checkouts,
      customers,
      productIds: PRODUCTS.map((p) => p.id),
      images: IMAGE_LIBRARY.map((i) => ({ ...i })),
      blogs,
      collections,
      metaFields: definitions,
      metaValues: values,
      sentEmails: [],
      nextIds: { blog: blogs.length + 1, collection: collections.length + 1, metaField: definitions.length + 1 },
    })
  }

  /** Restores a saved store; throws (with zod's message) when the JSON is not a valid state. */
  static fromJSON(json: unknown): DemoData {
    return new DemoData(DemoState.parse(json))
  }

  toJSON(): DemoState {
    return {
      version: STATE_VERSION,
      seed: this.seed,
      orders: this.orders,
      checkouts: this.checkouts,
      customers: this.customers,
      productIds: this.productIds,
      images: this.images,
      blogs: this.blogs,
      collections: this.collections,
      metaFields: this.metaFields,
      metaValues: this.metaValues,
      sentEmails: this.emails,
      nextIds: this.nextIds,
    }
  }

  get sentEmails(): ReadonlyArray<SentEmail> {
    return this.emails
  }

  recordSentEmail(email: SentEmail): void {
    this.emails.push(email)
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
    return this.orderIndex.get(id)
  }

  get orderCount(): number {
    return this.orders.length
  }

  /** Call after changing an order in place, so the summaries and sorted lists follow. */
  orderChanged(order: Order): void {
    this.summaries.set(order.ID, summarizeOrder(order))
    this.ascendingBy.clear()
  }

  /** Order summaries ascending by a sort key, ties by ID; built once per key and cached until a write. */
  ordersAscending(key: OrderSortKey): OrderSummary[] {
    let sorted = this.ascendingBy.get(key)
    if (!sorted) {
      const keyed = [...this.summaries.values()].map((summary) => ({ summary, value: sortValue(summary, key) }))
      keyed.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : a.summary.id - b.summary.id))
      sorted = keyed.map((k) => k.summary)
      this.ascendingBy.set(key, sorted)
    }
    return sorted
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
      case 'order': return this.orderIndex.has(id)
      case 'blog': return this.blog(id) !== undefined
      case 'blog_collection': return this.collection(id) !== undefined
      case 'product': return this.productIds.includes(id)
      case 'customer': return this.customers.some((c) => c.id === id)
      default: return false
    }
  }
}
