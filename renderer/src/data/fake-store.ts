// An in-memory Storefront store for the data layer's unit tests: the operations sync and the
// replayer use, answering the shapes of store-api/operations.ts and refusing what the store
// refuses (a slug or meta field key already taken: 409; a batch naming a post that is not
// there: 422), with a request log, the customer e-mails tracking numbers sent, and faults (fail
// the next call of an operation, optionally after it took effect: an answer lost).
import { META_FIELD_RESOURCE_PATHS, type OperationName } from '@common/store-api/operations'
import type { Blog, BlogCollection, CheckoutSummary, MetaFieldDefinition, MetaFieldValue, Order } from '@common/store-api/resources'
import type { CallError, StoreCall } from './store-client'
import type { OperationOf, WriteKind } from './writes'
import { timestamp } from './test-support'

interface Fault {
  operation: OperationName
  error: CallError
  /** The store did the work before the answer was lost. */
  afterEffect?: boolean
  times: number
}

type Params = { path?: Record<string, string | number>; query?: Record<string, unknown>; body?: Record<string, unknown> }

/** What the store does for one write operation: the path's id, the body, all the parameters; its answer. */
type FakeWrite = (id: number, b: Record<string, unknown>, params: Params) => unknown

/**
 * The fake store's behaviour for each operation that carries a write kind (writes/contract.ts
 * OperationOf): keyed by those operations, so a kind whose operation it does not serve fails
 * type-checking rather than a test run.
 */
export type FakeStoreWrites = { [O in OperationOf<WriteKind>]: FakeWrite }

export class FakeStore {
  orders = new Map<number, Order>()
  checkouts = new Map<number, CheckoutSummary>()
  blogs = new Map<number, Blog>()
  collections = new Map<number, BlogCollection & { blogIds: number[] }>()
  metaFields = new Map<number, MetaFieldDefinition>()
  values = new Map<string, MetaFieldValue>()
  log: { operation: OperationName; params: Params }[] = []
  /** Shipment e-mails to customers (a tracking number sent with `sendemail`). */
  emails: { orderId: number; trackno: string }[] = []
  faults: Fault[] = []
  blogPageSize = 10
  private nextId = 10_000
  /**
   * The store's clock, in minutes after 2026-01-01 00:00 GMT (test-support's `timestamp`); its
   * zone is GMT. Every order answer carries it as `current_time`; a test may set it back.
   */
  clock = 100_000

  /** A store timestamp one minute on from the clock (the clock moves there). */
  now(): string {
    return timestamp(++this.clock)
  }

  fail(operation: OperationName, error: CallError, options: { afterEffect?: boolean; times?: number } = {}) {
    this.faults.push({ operation, error, afterEffect: options.afterEffect, times: options.times ?? 1 })
  }

  sent(operation: OperationName) {
    return this.log.filter((l) => l.operation === operation)
  }

  readonly call: StoreCall = (async (operation: OperationName, params: Params = {}) => {
    this.log.push({ operation, params: structuredClone(params) })
    const fault = this.faults.find((f) => f.operation === operation && f.times > 0)
    if (fault) {
      fault.times--
      if (fault.afterEffect) this.handle(operation, params)
      throw fault.error
    }
    return structuredClone(this.handle(operation, params))
  }) as StoreCall

  private notFound(): never {
    throw { code: 'not_found', message: 'Not found' } satisfies CallError
  }

  private taken(field: string): never {
    throw { code: 'conflict', message: `The store refused the change: ${field} is already taken.`, fields: { [field]: ['is already taken'] } } satisfies CallError
  }

  private invalid(field: string, message: string): never {
    throw { code: 'validation_failed', message, fields: { [field]: [message] } } satisfies CallError
  }

  /** What the store does for each operation that carries a write kind (FakeStoreWrites). */
  readonly writes: FakeStoreWrites = {
    'orders.track': (id, b) => {
      const order = this.orders.get(id) ?? this.notFound()
      Object.assign(order, { trackno: b.trackno, trackname: b.logistics_company ?? '', fulfillment_status: 'fulfilled', post_modified_gmt: this.now() })
      order.post_modified = order.post_modified_gmt
      if (b.sendemail === true) this.emails.push({ orderId: id, trackno: String(b.trackno) })
      return { data: order }
    },
    'orders.updateShipping': (id, b) => {
      const order = this.orders.get(id) ?? this.notFound()
      order.shipping_address = { ...order.shipping_address, ...(b.shipping as object) }
      order.post_modified_gmt = order.post_modified = this.now()
      return { data: order }
    },
    'blogs.create': (id, b) => {
      if (b.seo_slug && [...this.blogs.values()].some((x) => x.seo_slug === b.seo_slug)) this.taken('seo_slug')
      const blog: Blog = { ...(emptyBlog(++this.nextId, this.now())), ...(b as Partial<Blog>) }
      delete (blog as { collection_ids?: unknown }).collection_ids
      this.blogs.set(blog.id, blog)
      for (const cid of (b.collection_ids as number[] | undefined) ?? []) this.collections.get(cid)?.blogIds.push(blog.id)
      return { data: this.withCollections(blog) }
    },
    'blogs.update': (id, b) => {
      const blog = this.blogs.get(id) ?? this.notFound()
      if (b.seo_slug && [...this.blogs.values()].some((x) => x.seo_slug === b.seo_slug && x.id !== id)) this.taken('seo_slug')
      const { collection_ids, ...fields } = b
      Object.assign(blog, fields, { updated_at: this.now() })
      if (collection_ids) for (const c of this.collections.values()) c.blogIds = (collection_ids as number[]).includes(c.id) ? [...new Set([...c.blogIds, id])] : c.blogIds.filter((x) => x !== id)
      return { data: this.withCollections(blog) }
    },
    'blogs.delete': (id) => {
      if (!this.blogs.delete(id)) this.notFound()
      return null
    },
    'blogs.batch': (id, b) => {
      const ids = (b.ids as number[]) ?? []
      const action = (b.operate as { action: string }).action
      if (ids.some((bid) => !this.blogs.has(bid))) this.invalid('ids', 'no blog with that id')
      for (const bid of ids) {
        const blog = this.blogs.get(bid)
        if (!blog) continue
        if (action === 'show') blog.status = 2
        if (action === 'hide') blog.status = 1
        if (action === 'delete') {
          this.blogs.delete(bid)
          for (const c of this.collections.values()) c.blogIds = c.blogIds.filter((x) => x !== bid)
        }
      }
      return { data: { affected: ids.length } }
    },
    'collections.create': (id, b) => {
      if (b.seo_slug && [...this.collections.values()].some((c) => c.seo_slug === b.seo_slug)) this.taken('seo_slug')
      const t = this.now()
      const { blog_ids, ...fields } = b
      const collection = { id: ++this.nextId, title: '', description: '', seo_title: '', seo_description: '', seo_slug: '', created_at: t, updated_at: t, blogs_count: 0, public_url: '', path: '', ...fields, blogIds: (blog_ids as number[]) ?? [] }
      this.collections.set(collection.id, collection as BlogCollection & { blogIds: number[] })
      return { data: publicCollection(collection as BlogCollection & { blogIds: number[] }) }
    },
    'collections.update': (id, b) => {
      const collection = this.collections.get(id) ?? this.notFound()
      Object.assign(collection, b, { updated_at: this.now() })
      return { data: publicCollection(collection) }
    },
    'collections.delete': (id) => {
      if (!this.collections.delete(id)) this.notFound()
      return null
    },
    'collections.batch': (id, b) => {
      const collection = this.collections.get(id) ?? this.notFound()
      const ids = (b.ids as number[]) ?? []
      if (ids.some((bid) => !collection.blogIds.includes(bid))) this.invalid('ids', 'not a blog of this collection')
      if (b.operate === 'sort_blogs_manual') {
        const rest = collection.blogIds.filter((x) => !ids.includes(x))
        const at = Math.max(0, Math.min(rest.length, Number(b.end_position) - 1))
        collection.blogIds = [...rest.slice(0, at), ...ids, ...rest.slice(at)]
        collection.sort_type = 'manual'
      }
      if (b.operate === 'remove_from_collection') collection.blogIds = collection.blogIds.filter((x) => !ids.includes(x))
      for (const bid of ids) {
        const blog = this.blogs.get(bid)
        if (blog && b.operate === 'show') blog.status = 2
        if (blog && b.operate === 'hide') blog.status = 1
      }
      return { data: { affected: ids.length } }
    },
    'metaFields.create': (id, b) => {
      if ([...this.metaFields.values()].some((f) => f.namespace === b.namespace && f.key === b.key && f.resource_type === b.resource_type)) this.taken('key')
      const t = this.now()
      const field = { id: ++this.nextId, description: '', rule: {}, pinned_position: false, created_at_gmt: t, updated_at_gmt: t, ...b } as MetaFieldDefinition
      this.metaFields.set(field.id, field)
      return { data: field }
    },
    'metaFields.update': (id, b) => {
      const field = this.metaFields.get(id) ?? this.notFound()
      Object.assign(field, b, { updated_at_gmt: this.now() })
      return { data: field }
    },
    'metaFields.delete': (id) => {
      if (!this.metaFields.delete(id)) this.notFound()
      return null
    },
    'metaFieldValues.set': (id, b, params) => {
      const field = this.metaFields.get(Number(b.meta_field_id)) ?? this.notFound()
      if (field.status === 'disabled') throw { code: 'validation_failed', message: 'This meta field is disabled.', fields: { meta_field_id: ['this meta field is disabled; enable it before writing values'] } } satisfies CallError
      // An empty string clears the value; the write bumps the resource's modified time.
      this.values.set(`${params.path?.resource}/${params.path?.id}/${b.meta_field_id}`, { ...field, value: b.value === '' ? null : String(b.value), meta_field_id: String(field.id) })
      const order = params.path?.resource === 'orders' ? this.orders.get(id) : undefined
      if (order) order.post_modified_gmt = order.post_modified = this.now()
      return this.handle('metaFieldValues.list', { path: params.path })
    },
  }

  private handle(operation: OperationName, params: Params): unknown {
    const id = Number(params.path?.id)
    const q = params.query ?? {}
    const b = params.body ?? {}
    if (Object.hasOwn(this.writes, operation)) return this.writes[operation as OperationOf<WriteKind>](id, b, params)
    switch (operation) {
      case 'orders.list': {
        const size = Number(q.page_size ?? 50)
        const page = Number(q.page ?? 1)
        const all = [...this.orders.values()].sort((x, y) => (q.sort === '-modified_date' ? y.post_modified_gmt.localeCompare(x.post_modified_gmt) || y.ID - x.ID : x.ID - y.ID))
        return envelope(all.map((o) => ({ ...o, current_time: timestamp(this.clock) })), page, size)
      }
      case 'orders.get':
        return { data: { ...(this.orders.get(id) ?? this.notFound()), current_time: timestamp(this.clock) } }
      case 'checkouts.list': {
        const size = Number(q.page_size ?? 20)
        const page = Number(q.page ?? 1)
        return { data: [...this.checkouts.values()].slice((page - 1) * size, page * size) }
      }
      case 'checkouts.count':
        return { count: this.checkouts.size }
      case 'blogs.list': {
        const key = String(q['filter[key]'] ?? '').toLowerCase()
        const all = [...this.blogs.values()].filter((x) => !key || x.title.toLowerCase().includes(key)).map((x) => this.withCollections(x))
        // Without `page` the store lists every post in one envelope.
        return q.page === undefined ? envelope(all, 1, Math.max(1, all.length)) : envelope(all, Number(q.page), this.blogPageSize)
      }
      case 'blogs.get':
        return { data: this.withCollections(this.blogs.get(id) ?? this.notFound()) }
      case 'collections.list': {
        const key = String(q['filter[key]'] ?? '').toLowerCase()
        const all = [...this.collections.values()].filter((c) => !key || c.title.toLowerCase().includes(key)).map(publicCollection)
        const page = envelope(all, Number(q.page ?? 1), 10)
        return { meta: page.meta, links: { ...page.links, data: page.data } }
      }
      case 'collections.get':
        return { data: publicCollection(this.collections.get(id) ?? this.notFound()) }
      case 'collections.blogs': {
        const collection = this.collections.get(id) ?? this.notFound()
        const members = collection.blogIds.map((bid) => this.blogs.get(bid)!).filter(Boolean)
        return q.page ? envelope(members, Number(q.page), 15) : envelope(members, 1, Math.max(1, members.length))
      }
      case 'metaFields.list':
        return { data: [...this.metaFields.values()].filter((f) => !q['filter[resource_type]'] || f.resource_type === q['filter[resource_type]']) }
      case 'metaFields.get':
        return { data: this.metaFields.get(id) ?? this.notFound() }
      case 'metaFieldValues.list': {
        // Every definition of the resource's type, with the resource's value (null when unset), as the store answers.
        const type = Object.entries(META_FIELD_RESOURCE_PATHS).find(([, path]) => path === params.path?.resource)?.[0]
        const fields = [...this.metaFields.values()].filter((f) => f.resource_type === type)
        return { data: fields.map((f) => this.values.get(`${params.path?.resource}/${params.path?.id}/${f.id}`) ?? { ...f, value: null, meta_field_id: String(f.id) }) }
      }
    }
    throw new Error(`fake store does not serve ${operation}`)
  }

  private withCollections(blog: Blog): Blog {
    const collections = [...this.collections.values()].filter((c) => c.blogIds.includes(blog.id)).map((c) => ({ ...publicCollection(c), pivot: { blog_id: blog.id, collection_id: c.id } }))
    return { ...blog, collections }
  }
}

function publicCollection(c: BlogCollection & { blogIds: number[] }): BlogCollection {
  const { blogIds, ...rest } = c
  return { ...rest, blogs_count: blogIds.length }
}

/** A new post as the store makes it: visible (status 2) unless told otherwise, as the demo store's contract says. */
function emptyBlog(id: number, t: string): Blog {
  return { id, title: '', summary: '', content: '', cover_id: null, author: '', seo_title: '', seo_description: '', seo_slug: '', status: 2, visible_at: null, created_at: t, updated_at: t, public_url: '', path: '' }
}

function envelope<T>(all: T[], page: number, size: number) {
  const last = Math.max(1, Math.ceil(all.length / size))
  const data = all.slice((page - 1) * size, page * size)
  return {
    data,
    meta: { current_page: page, from: data.length ? (page - 1) * size + 1 : null, last_page: last, path: '', per_page: size, to: data.length ? (page - 1) * size + data.length : null, total: all.length },
    links: { first: null, last: null, prev: null, next: page < last ? `?page=${page + 1}` : null },
  }
}
