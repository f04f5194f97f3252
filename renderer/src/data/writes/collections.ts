// Blog collection writes (collections.create, collections.update, collections.delete,
// collections.batch): a collection's lanes are its own and those of the posts a write moves,
// a manual sort moves posts the way the store does (moveKeys), and a create carries a slug
// unique among the collections this device knows, by which it is recognised on the store when
// its answer was lost.
import type { Blog, BlogCollection } from '@common/store-api/resources'
import { storeKey, type CachedBlog, type CachedCollection, type RowKey, type StoreDatabase } from '../db'
import type { StoreCall } from '../store-client'
import { newLocalKey } from '../row-key'
import type { BatchFilter, CollectionBatchOperation, CollectionBody } from './contract'
import type { Actions, EnqueueOptions, WriteHandler, WriteHandlers } from './handler'
import { ALL_BLOGS_LANE, blogLane, collectionLane, laneSet } from './lanes'
import { acceptCount, created, keyedDelete, keyedUpdate, mergeBody, putCreated, settleCreate } from './keyed'
import { allPages, batchFilter, dropSyncedCopy, restoreByRef, rowByRef, sameText, snapshotBeforeChange, storeIdOf, storeIds, uniqueSlug } from './rows'

type CollectionKind = 'collections.create' | 'collections.update' | 'collections.delete' | 'collections.batch'

const ownLane = (write: { key: RowKey }) => [collectionLane(write.key)]

/**
 * Moves `moved` so the first lands at 1-based `endPosition` and the rest follow in the given
 * order, clamped so the block at most ends the list: what the store does for sort_blogs_manual.
 */
export function moveKeys(order: RowKey[], moved: RowKey[], endPosition: number): RowKey[] {
  const movedSet = new Set(moved)
  const rest = order.filter((k) => !movedSet.has(k))
  const at = Math.max(0, Math.min(rest.length, endPosition - 1))
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)]
}

/** The store's collection into the cache under the row's own key; what later writes are now based on. */
async function acceptCollection(db: StoreDatabase, key: RowKey, collection: BlogCollection) {
  const row = await rowByRef<CachedCollection>(db, 'collections', key)
  if (row) await dropSyncedCopy(db, 'collections', row.key, collection.id)
  await db.collections.put({ ...collection, key: row?.key ?? storeKey(collection.id), storeId: collection.id, title: collection.title, blogKeys: row?.blogKeys ?? [] })
  return { updatedAt: collection.updated_at, record: collection }
}

/** Every collection on the store, page after page. */
function allCollections(call: StoreCall): Promise<BlogCollection[]> {
  return allPages(async (page) => {
    const result = await call('collections.list', { query: { page } })
    return { items: result.links.data, last: result.meta.current_page >= result.meta.last_page }
  })
}

/** A collection's posts in its order on the store (without `page` the store lists them all). */
async function postsOf(call: StoreCall, id: number): Promise<Blog[]> {
  return (await call('collections.blogs', { path: { id } })).data
}

const create: WriteHandler<'collections.create'> = {
  creates: 'collections',
  lanes: (write) => laneSet(ownLane(write), write.blogKeys?.map(blogLane)),
  describe: (write) => ({ kind: write.kind, action: 'create', target: { noun: 'collection', name: write.body.title } }),
  apply: (db, write) => putCreated<CachedCollection>(db, 'collections', write.key, (existing) => ({ ...write.body, blogKeys: write.blogKeys ?? existing?.blogKeys ?? [] })),
  revert: (db, write) => restoreByRef(db, 'collections', write.key, true),
  prepare: async (db, write) => ({ ...write, body: { ...write.body, seo_slug: await uniqueSlug(db, 'collections', write.key, write.body.seo_slug, write.body.title, 'collection') } }),
  // Looked up by the slug it was sent with (a create queued by an earlier version without one: by its title).
  async reconcile({ db, call }, write) {
    const { title, seo_slug: slug } = write.body
    return settleCreate(db, 'collections', write, await allCollections(call), (collection) => sameText(collection.title, title) && (!slug || collection.seo_slug === slug))
  },
  async deliver({ db, call }, write) {
    const blog_ids = await storeIds(db, 'blogs', write.blogKeys)
    return call('collections.create', { body: { ...write.body, ...(write.blogKeys ? { blog_ids } : {}) } })
  },
  accept: async (db, write, answer) => (answer?.data.id ? created('collections', write.key, answer.data.id, await acceptCollection(db, write.key, answer.data)) : {}),
}

const update: WriteHandler<'collections.update'> = {
  ...keyedUpdate('collections', 'collection', {
    stamp: 'updated_at',
    get: (call, path) => call('collections.get', { path }),
    put: (call, path, body: CollectionBody) => call('collections.update', { path, body }),
    keep: acceptCollection,
  }),
  // An update folds into an unsent create, or a refused create or update, of the same collection.
  fold: (earlier, write) => (earlier.kind === 'collections.create' || earlier.kind === 'collections.update' ? mergeBody(earlier, write.body) : undefined),
}

const remove: WriteHandler<'collections.delete'> = keyedDelete('collections', 'collection', (call, path) => call('collections.delete', { path }))

/**
 * Whether a collection's posts (in its order) already show what a batch does to `ids`: moved
 * into place (moving them again changes nothing), shown, hidden, or gone from it.
 */
function collectionBatchDone(operate: CollectionBatchOperation, posts: readonly Blog[], ids: readonly number[], endPosition: number): boolean {
  const order = posts.map((post) => post.id)
  const at = (id: number) => posts.find((post) => post.id === id)
  switch (operate) {
    case 'sort_blogs_manual': return moveKeys(order.map(String), ids.map(String), endPosition).join() === order.join()
    case 'show': return ids.every((id) => at(id)?.status === 2)
    case 'hide': return ids.every((id) => at(id)?.status === 1)
    case 'delete':
    case 'remove_from_collection': return !ids.some((id) => order.includes(id))
  }
}

const batch: WriteHandler<'collections.batch'> = {
  lanes: (write) => laneSet(ownLane(write), write.blogKeys.map(blogLane), write.selectAll ? [ALL_BLOGS_LANE] : []),
  describe: (write, name) => ({ kind: write.kind, action: 'batch', target: { noun: 'collection', name }, values: { operation: write.operate } }),
  async apply(db, write) {
    const collection = await rowByRef<CachedCollection>(db, 'collections', write.key)
    if (!collection) return null
    snapshotBeforeChange(collection)
    if (write.operate === 'sort_blogs_manual') collection.blogKeys = moveKeys(collection.blogKeys, write.blogKeys, write.endPosition ?? 1)
    if (write.operate === 'remove_from_collection') collection.blogKeys = collection.blogKeys.filter((k) => !write.blogKeys.includes(k))
    await db.collections.put(collection)
    if (write.operate === 'sort_blogs_manual') return null
    for (const key of write.blogKeys) {
      const blog = await rowByRef<CachedBlog>(db, 'blogs', key)
      if (!blog) continue
      snapshotBeforeChange(blog)
      if (write.operate === 'show') blog.status = 2
      if (write.operate === 'hide') blog.status = 1
      if (write.operate === 'delete') blog.deleted = true
      if (write.operate === 'remove_from_collection') blog.collectionKeys = blog.collectionKeys.filter((k) => k !== collection.key && k !== write.key)
      await db.blogs.put(blog)
    }
    return null
  },
  async revert(db, write) {
    await restoreByRef(db, 'collections', write.key)
    for (const key of write.blogKeys) await restoreByRef(db, 'blogs', key)
  },
  // Unconfirmed: read the collection's posts; done when they already show it. Otherwise sent
  // again, without the posts a delete or removal already took out (the store refuses ids that
  // are not in the collection). Over every post matching a filter, sent again: the same twice.
  async reconcile({ db, call }, write) {
    if (write.selectAll) return { send: write }
    const id = await storeIdOf(db, 'collections', write.key)
    const posts = await postsOf(call, id)
    const ids = await storeIds(db, 'blogs', write.blogKeys)
    // A manual sort also makes the collection's order manual: an order that merely looks right is not it.
    const manual = write.operate !== 'sort_blogs_manual' || (await call('collections.get', { path: { id } })).data.sort_type === 'manual'
    if (manual && collectionBatchDone(write.operate, posts, ids, write.endPosition ?? 1)) return { arrived: { data: { affected: ids.length } } }
    if (write.operate !== 'delete' && write.operate !== 'remove_from_collection') return { send: write }
    return { send: { ...write, blogKeys: write.blogKeys.filter((_key, i) => posts.some((post) => post.id === ids[i])) } }
  },
  deliver: async ({ db, call }, write) =>
    call('collections.batch', {
      path: { id: await storeIdOf(db, 'collections', write.key) },
      body: {
        operate: write.operate,
        ...(write.selectAll ? { select_all: true } : { ids: await storeIds(db, 'blogs', write.blogKeys) }),
        ...(write.endPosition !== undefined ? { end_position: write.endPosition } : {}),
        ...batchFilter(write.filter),
      },
    }),
  accept: acceptCount,
}

export const collectionHandlers: Pick<WriteHandlers, CollectionKind> = { 'collections.create': create, 'collections.update': update, 'collections.delete': remove, 'collections.batch': batch }

export const collectionActions = {
  /** Queues a new collection and returns its key; like a post, it is sent with a slug unique among the cached collections. */
  async createCollection({ enqueue }, body: CollectionBody & { title: string }, blogKeys: RowKey[] = [], key: RowKey = newLocalKey()): Promise<RowKey> {
    await enqueue({ kind: 'collections.create', key, body, blogKeys })
    return key
  },
  updateCollection: ({ enqueue }, key: RowKey, body: CollectionBody, options?: EnqueueOptions): Promise<number> => enqueue({ kind: 'collections.update', key, body }, options),
  deleteCollection: ({ enqueue }, key: RowKey, options?: EnqueueOptions): Promise<number> => enqueue({ kind: 'collections.delete', key }, options),
  /** Moves blogs within a collection so the first moved one ends at 1-based `endPosition` (sort_blogs_manual). */
  reorderCollection: ({ enqueue }, key: RowKey, movedBlogKeys: RowKey[], endPosition: number, options?: EnqueueOptions): Promise<number> =>
    enqueue({ kind: 'collections.batch', key, operate: 'sort_blogs_manual', blogKeys: movedBlogKeys, endPosition }, options),
  batchCollection: (
    { enqueue },
    key: RowKey,
    input: { operate: Exclude<CollectionBatchOperation, 'sort_blogs_manual'>; blogKeys?: RowKey[]; selectAll?: boolean; filter?: BatchFilter },
    options?: EnqueueOptions,
  ): Promise<number> => enqueue({ kind: 'collections.batch', key, operate: input.operate, blogKeys: input.blogKeys ?? [], selectAll: input.selectAll, filter: input.filter }, options),
} satisfies Actions<CollectionKind>
