// Fills and refreshes the cache from the store. The first sync pages through every list,
// persisting its cursor after each page (in the same transaction as the rows), so a cancelled
// or interrupted sync resumes where it stopped. Later syncs are incremental for orders (sorted
// by -modified_date, stopping at the watermark: the newest post_modified_gmt already seen) and
// a full diff elsewhere (rows the store no longer lists are deleted, unless an unsent write
// touches them or they were created here and not sent yet). Rows with unsent writes are never
// overwritten: the outbox's optimistic state stays until the store has accepted the write.
import type { Blog, BlogCollection, CheckoutSummary, MetaFieldDefinition, Order } from '@common/store-api/resources'
import { storeKey, SYNC_RESOURCES, type CachedBlog, type CachedCollection, type CachedMetaField, type StoreDatabase, type SyncResource, type SyncState } from './db'
import { storeCallFor, type StoreCall } from './store-client'

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
  return { resource, lastSyncAt: null, lastError: null, watermark: null, cursor: null, generation: 0, complete: false, storeTotal: null }
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
        await db.syncState.put({ ...state, lastError: error instanceof Error || (error && typeof error === 'object' && 'message' in error) ? String((error as Error).message) : String(error) })
      }
      throw error
    }
  }
}

export function syncResource(db: StoreDatabase, call: StoreCall, resource: SyncResource, options: SyncOptions = {}): Promise<void> {
  switch (resource) {
    case 'orders':
      return syncOrders(db, call, options)
    case 'checkouts':
      return syncCheckouts(db, call, options)
    case 'blogs':
      return syncBlogs(db, call, options)
    case 'collections':
      return syncCollections(db, call, options)
    case 'metaFields':
      return syncMetaFields(db, call, options)
  }
}

// ---------------------------------------------------------------- orders

async function syncOrders(db: StoreDatabase, call: StoreCall, { signal, onProgress }: SyncOptions): Promise<void> {
  let state = await stateOf(db, 'orders')
  const incremental = state.complete
  let page = incremental ? 1 : (state.cursor ?? 1)
  let done = incremental ? 0 : (page - 1) * ORDER_PAGE_SIZE
  let newest = state.watermark
  for (;;) {
    checkCancelled(signal)
    const result = await call('orders.list', { query: { page, page_size: ORDER_PAGE_SIZE, sort: '-modified_date' } })
    const fresh = incremental && state.watermark ? result.data.filter((o) => o.post_modified_gmt >= state.watermark!) : result.data
    const reachedWatermark = fresh.length < result.data.length
    for (const order of fresh) if (!newest || order.post_modified_gmt > newest) newest = order.post_modified_gmt
    const last = reachedWatermark || result.meta.current_page >= result.meta.last_page || result.data.length === 0
    done += fresh.length
    await db.transaction('rw', db.orders, db.syncState, async () => {
      // Rows with unsent writes keep their optimistic state until the store accepts the write.
      const cached = await db.orders.bulkGet(fresh.map((o) => o.ID))
      await db.orders.bulkPut(fresh.filter((o: Order, i) => !cached[i]?.pending))
      state = {
        ...state,
        // The newest seen so far; used as the stopping point only once the first pass is
        // complete (until then older orders may still be unread).
        watermark: newest,
        cursor: last ? null : page + 1,
        complete: state.complete || last,
        storeTotal: incremental ? state.storeTotal : result.meta.total,
        lastSyncAt: last ? Date.now() : state.lastSyncAt,
        lastError: null,
      }
      await db.syncState.put(state)
    })
    onProgress?.({ resource: 'orders', done, total: incremental ? null : result.meta.total })
    if (last) {
      if (incremental) await db.syncState.put({ ...state, storeTotal: await db.orders.count() })
      return
    }
    page++
  }
}

// ---------------------------------------------------------------- full-diff resources

/**
 * A resumable full pass: `fetchPage(page)` answers rows and whether it was the last page; rows
 * get the pass's generation, and at the end rows of an older generation are deleted.
 */
async function fullDiff<R>(
  db: StoreDatabase,
  resource: SyncResource,
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
    await db.transaction('rw', [db.orders, db.checkouts, db.blogs, db.collections, db.metaFieldDefinitions, db.syncState], async () => {
      await store(result.items, state.generation)
      state = { ...state, cursor: result.last ? null : page + 1, storeTotal: reported ?? state.storeTotal, lastError: null }
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

/** Maps store ids to the keys rows already have (a post created here keeps its `local:` key). */
async function keysByStoreId(table: StoreDatabase['blogs'] | StoreDatabase['collections'] | StoreDatabase['metaFieldDefinitions'], ids: number[]) {
  const rows = (await table.where('storeId').anyOf(ids).toArray()) as (CachedBlog | CachedCollection | CachedMetaField)[]
  return new Map(rows.map((r) => [r.storeId!, r]))
}

function removeUnseenRows(table: StoreDatabase['blogs'] | StoreDatabase['collections'] | StoreDatabase['metaFieldDefinitions']) {
  return async (generation: number) => {
    // Rows created here that the store has not accepted yet, and rows with unsent writes, stay.
    await (table as StoreDatabase['blogs']).filter((r) => r.storeId !== null && r.seen !== generation && !r.pending).delete()
  }
}

export function blogRow(blog: Blog, key: string, generation?: number): CachedBlog {
  const { collections, ...fields } = blog
  return { ...fields, key, storeId: blog.id, title: blog.title, collectionKeys: (collections ?? []).map((c) => storeKey(c.id)), ...(generation !== undefined ? { seen: generation } : {}) }
}

async function storeBlogs(db: StoreDatabase, blogs: Blog[], generation: number) {
  const known = await keysByStoreId(db.blogs, blogs.map((b) => b.id))
  const rows: CachedBlog[] = []
  for (const blog of blogs) {
    const existing = known.get(blog.id)
    if (existing?.pending) {
      await db.blogs.update(existing.key, { seen: generation })
      continue
    }
    rows.push(blogRow(blog, existing?.key ?? storeKey(blog.id), generation))
  }
  await db.blogs.bulkPut(rows)
}

async function syncBlogs(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  await fullDiff<Blog>(
    db,
    'blogs',
    options,
    async (page) => {
      const result = await call('blogs.list', { query: { page, include: 'collections', sort: 'created_at' } })
      return { items: result.data, last: result.meta.current_page >= result.meta.last_page, total: result.meta.total, perPage: result.meta.per_page }
    },
    (items, generation) => storeBlogs(db, items, generation),
    removeUnseenRows(db.blogs),
  )
}

async function syncCollections(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  await fullDiff<BlogCollection & { blogIds: number[] }>(
    db,
    'collections',
    options,
    async (page) => {
      const result = await call('collections.list', { query: { page } })
      const items: (BlogCollection & { blogIds: number[] })[] = []
      for (const collection of result.links.data) {
        checkCancelled(options.signal)
        items.push({ ...collection, blogIds: await collectionBlogIds(call, collection.id) })
      }
      return { items, last: result.meta.current_page >= result.meta.last_page, total: result.meta.total, perPage: result.meta.per_page }
    },
    async (items, generation) => {
      const known = await keysByStoreId(db.collections, items.map((c) => c.id))
      for (const { blogIds, ...collection } of items) {
        const existing = known.get(collection.id) as CachedCollection | undefined
        if (existing?.pending) {
          await db.collections.update(existing.key, { seen: generation })
          continue
        }
        await db.collections.put({ ...collection, key: existing?.key ?? storeKey(collection.id), storeId: collection.id, title: collection.title, blogKeys: blogIds.map(storeKey), seen: generation })
      }
    },
    removeUnseenRows(db.collections),
  )
}

/** A collection's blog ids in the store's order (without `page` the store lists them all). */
export async function collectionBlogIds(call: StoreCall, id: number): Promise<number[]> {
  const result = await call('collections.blogs', { path: { id } })
  return result.data.map((b) => b.id)
}

async function syncMetaFields(db: StoreDatabase, call: StoreCall, options: SyncOptions): Promise<void> {
  await fullDiff<MetaFieldDefinition>(
    db,
    'metaFields',
    options,
    async () => {
      const { data } = await call('metaFields.list', {})
      return { items: data, last: true, total: data.length, perPage: data.length }
    },
    async (items, generation) => {
      const known = await keysByStoreId(db.metaFieldDefinitions, items.map((f) => f.id))
      for (const field of items) {
        const existing = known.get(field.id) as CachedMetaField | undefined
        if (existing?.pending) {
          await db.metaFieldDefinitions.update(existing.key, { seen: generation })
          continue
        }
        await db.metaFieldDefinitions.put({ ...field, key: existing?.key ?? storeKey(field.id), fieldKey: field.key, storeId: field.id, seen: generation })
      }
    },
    removeUnseenRows(db.metaFieldDefinitions),
  )
}

// ---------------------------------------------------------------- one record, on demand

/** Re-reads one order (a detail screen opening) unless an unsent write holds it. */
export async function refreshOrder(db: StoreDatabase, id: number, call: StoreCall = storeCallFor(db.connectionId)): Promise<void> {
  const { data } = await call('orders.get', { path: { id } })
  const existing = await db.orders.get(id)
  if (!existing?.pending) await db.orders.put(data)
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
