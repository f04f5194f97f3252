// What screens call to change something: one function per write, each applying the change to
// the cache and queueing it for the store in one transaction (outbox.ts). They resolve as soon
// as the change is durable locally; the replayer sends it when the store can be reached.
import { newLocalKey, type RowKey, type StoreDatabase } from './db'
import { enqueueWrite, type EnqueueOptions } from './outbox'
import { PermanentProblem, trackingRefusal } from './writes'
import type { BatchFilter, BlogBatchAction, BlogBody, ClosedState, CollectionBatchOperation, CollectionBody, MetaFieldCreateBody, MetaFieldUpdateBody, ShippingBody, TrackBody, WriteOf } from './writes'

export interface TrackOptions extends EnqueueOptions {
  /** The operator confirmed tracking the order although it is in this state (recorded on the timeline). */
  override?: ClosedState
  /** A change of the order's tracking number: the number it replaces. */
  replaces?: string
}

/**
 * Queues tracking for an order. Refused (nothing queued) when the cached order is cancelled,
 * refunded or fulfilled and the write does not say the operator overrode that (writes/orders.ts).
 */
export async function trackOrder(db: StoreDatabase, orderId: number, body: TrackBody, options: TrackOptions = {}): Promise<number> {
  const { override, replaces, ...enqueue } = options
  const write: WriteOf<'orders.track'> = { kind: 'orders.track', orderId, body, ...(override ? { override } : {}), ...(replaces !== undefined ? { replaces } : {}) }
  const order = await db.orders.get(orderId)
  const refusal = order ? trackingRefusal(order, write) : null
  if (refusal) throw new PermanentProblem(refusal)
  return enqueueWrite(db, write, enqueue)
}

/** Queues a shipping address; with `changed`, only those fields are written (the others stay the store's). */
export function updateOrderShipping(db: StoreDatabase, orderId: number, shipping: ShippingBody['shipping'], options: EnqueueOptions & { changed?: (keyof ShippingBody['shipping'])[] } = {}): Promise<number> {
  const { changed, ...enqueue } = options
  return enqueueWrite(db, { kind: 'orders.updateShipping', orderId, body: { shipping }, ...(changed ? { changed } : {}) }, enqueue)
}

/**
 * Queues a new post and returns its local key (`local:<uuid>`), which stays its key for life.
 * Without a seo_slug it gets one made from the title, unique among the cached posts: should
 * the create's answer be lost, the post is recognised on the store by that slug (never
 * created twice).
 */
export async function createBlog(db: StoreDatabase, body: BlogBody & { title: string }, collectionKeys: RowKey[] = [], key: RowKey = newLocalKey(), options?: EnqueueOptions): Promise<RowKey> {
  await enqueueWrite(db, { kind: 'blogs.create', key, body, collectionKeys }, options)
  return key
}

/** Queues changed fields of a post; `baseUpdatedAt` is the store's updated_at the edit started from. */
export function updateBlog(db: StoreDatabase, key: RowKey, body: BlogBody, options: EnqueueOptions & { collectionKeys?: RowKey[] } = {}): Promise<number> {
  return enqueueWrite(db, { kind: 'blogs.update', key, body, ...(options.collectionKeys ? { collectionKeys: options.collectionKeys } : {}) }, options)
}

export function deleteBlog(db: StoreDatabase, key: RowKey, options?: EnqueueOptions): Promise<number> {
  return enqueueWrite(db, { kind: 'blogs.delete', key }, options)
}

/** Batch on posts: the given keys, or every post matching `filter` when `selectAll`. */
export function batchBlogs(
  db: StoreDatabase,
  input: { action: BlogBatchAction; blogKeys?: RowKey[]; selectAll?: boolean; filter?: BatchFilter; collectionKeys?: RowKey[] },
  options?: EnqueueOptions,
): Promise<number> {
  return enqueueWrite(db, { kind: 'blogs.batch', blogKeys: input.blogKeys ?? [], action: input.action, selectAll: input.selectAll, filter: input.filter, collectionKeys: input.collectionKeys }, options)
}

/** Queues a new collection; like a post, it is sent with a slug unique among the cached collections. */
export async function createCollection(db: StoreDatabase, body: CollectionBody & { title: string }, blogKeys: RowKey[] = [], key: RowKey = newLocalKey()): Promise<RowKey> {
  await enqueueWrite(db, { kind: 'collections.create', key, body, blogKeys })
  return key
}

export function updateCollection(db: StoreDatabase, key: RowKey, body: CollectionBody, options?: EnqueueOptions): Promise<number> {
  return enqueueWrite(db, { kind: 'collections.update', key, body }, options)
}

export function deleteCollection(db: StoreDatabase, key: RowKey, options?: EnqueueOptions): Promise<number> {
  return enqueueWrite(db, { kind: 'collections.delete', key }, options)
}

/** Moves blogs within a collection so the first moved one ends at 1-based `endPosition` (sort_blogs_manual). */
export function reorderCollection(db: StoreDatabase, key: RowKey, movedBlogKeys: RowKey[], endPosition: number, options?: EnqueueOptions): Promise<number> {
  return enqueueWrite(db, { kind: 'collections.batch', key, operate: 'sort_blogs_manual', blogKeys: movedBlogKeys, endPosition }, options)
}

export function batchCollection(
  db: StoreDatabase,
  key: RowKey,
  input: { operate: Exclude<CollectionBatchOperation, 'sort_blogs_manual'>; blogKeys?: RowKey[]; selectAll?: boolean; filter?: BatchFilter },
  options?: EnqueueOptions,
): Promise<number> {
  return enqueueWrite(db, { kind: 'collections.batch', key, operate: input.operate, blogKeys: input.blogKeys ?? [], selectAll: input.selectAll, filter: input.filter }, options)
}

export async function createMetaField(db: StoreDatabase, body: MetaFieldCreateBody, key: RowKey = newLocalKey()): Promise<RowKey> {
  await enqueueWrite(db, { kind: 'metaFields.create', key, body })
  return key
}

export function updateMetaField(db: StoreDatabase, key: RowKey, body: MetaFieldUpdateBody, options?: EnqueueOptions): Promise<number> {
  return enqueueWrite(db, { kind: 'metaFields.update', key, body }, options)
}

export function deleteMetaField(db: StoreDatabase, key: RowKey, options?: EnqueueOptions): Promise<number> {
  return enqueueWrite(db, { kind: 'metaFields.delete', key }, options)
}

/** Sets a meta field value on a store resource (`resource` is the API path segment: blogs, orders, ...). */
export function setMetaFieldValue(db: StoreDatabase, resource: string, resourceId: string | number, metaFieldId: string | number, value: string, options?: EnqueueOptions): Promise<number> {
  return enqueueWrite(db, { kind: 'metaFieldValues.set', resource, resourceId: String(resourceId), body: { meta_field_id: String(metaFieldId), value } }, options)
}
