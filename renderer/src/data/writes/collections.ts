// Blog collection writes (collections.create, collections.update, collections.delete,
// collections.batch): a collection's lanes are its own and those of the posts a write moves,
// a manual sort moves posts the way the store does (moveKeys), and a create whose answer never
// came is looked for on the store (same title + seo_slug) before it is sent again.
import type { BlogCollection } from '@common/store-api/resources'
import { storeKey, type CachedBlog, type CachedCollection, type RowKey, type StoreDatabase } from '../db'
import type { StoreCall } from '../store-client'
import type { CollectionBody, WriteHandler, WriteHandlers, WriteOf } from './contract'
import { ALL_BLOGS_LANE, blogLane, collectionLane, laneSet } from './lanes'
import { acceptCount, created, keyedDelete, keyedUpdate, mergeBody, putCreated } from './keyed'
import { batchFilter, claimedByAnotherRow, findOnPages, quoted, restoreByRef, rowByRef, snapshotBeforeChange, storeIdOf, storeIds } from './rows'

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
  await db.collections.put({ ...collection, key: row?.key ?? storeKey(collection.id), storeId: collection.id, title: collection.title, blogKeys: row?.blogKeys ?? [] })
  return { updatedAt: collection.updated_at, record: collection }
}

async function findCreatedCollection(db: StoreDatabase, call: StoreCall, body: WriteOf<'collections.create'>['body']): Promise<BlogCollection | null> {
  return findOnPages(
    async (page) => {
      const result = await call('collections.list', { query: { page, 'filter[key]': body.title } })
      return { items: result.links.data, last: result.meta.current_page >= result.meta.last_page }
    },
    async (collection) =>
      collection.title === body.title && (body.seo_slug === undefined || collection.seo_slug === body.seo_slug) && !(await claimedByAnotherRow(db, 'collections', collection.id)),
  )
}

const create: WriteHandler<'collections.create'> = {
  lanes: (write) => laneSet(ownLane(write), write.blogKeys?.map(blogLane)),
  describe: (write) => `New collection “${write.body.title}”`,
  apply: (db, write) => putCreated<CachedCollection>(db, 'collections', write.key, (existing) => ({ ...write.body, blogKeys: write.blogKeys ?? existing?.blogKeys ?? [] })),
  revert: (db, write) => restoreByRef(db, 'collections', write.key, true),
  async deliver({ db, call, uncertain }, write) {
    const blog_ids = await storeIds(db, 'blogs', write.blogKeys)
    const found = uncertain ? await findCreatedCollection(db, call, write.body) : null
    return found ? { data: found } : call('collections.create', { body: { ...write.body, ...(write.blogKeys ? { blog_ids } : {}) } })
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

const batch: WriteHandler<'collections.batch'> = {
  lanes: (write) => laneSet(ownLane(write), write.blogKeys.map(blogLane), write.selectAll ? [ALL_BLOGS_LANE] : []),
  describe: (write, name) => (write.operate === 'sort_blogs_manual' ? `Reorder collection${quoted(name)}` : `${write.operate.replaceAll('_', ' ')} in collection${quoted(name)}`),
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
