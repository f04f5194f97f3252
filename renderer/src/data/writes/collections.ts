// Blog collection writes (collections.create, collections.update, collections.delete,
// collections.batch): a collection's lanes are its own and those of the posts a write moves,
// a manual sort moves posts the way the store does (moveKeys), and a create whose answer never
// came is looked for on the store (same title + seo_slug) before it is sent again.
import type { BlogCollection } from '@common/store-api/resources'
import { storeKey, type CachedBlog, type CachedCollection, type RowKey, type StoreDatabase } from '../db'
import type { StoreCall } from '../store-client'
import type { WriteHandler, WriteHandlers, WriteOf } from './contract'
import { ALL_BLOGS_LANE, blogLane, collectionLane, laneSet } from './lanes'
import { applyUpdate, batchFilter, claimedByAnotherRow, findOnPages, forgetRow, markDeleted, pick, quoted, restoreByRef, rowByRef, snapshotBeforeChange, storeIdOf, storeIds } from './rows'

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
  async apply(db, write) {
    const existing = await db.collections.get(write.key)
    await db.collections.put({
      ...(existing ?? {}),
      ...write.body,
      key: write.key,
      storeId: existing?.storeId ?? null,
      title: write.body.title,
      blogKeys: write.blogKeys ?? existing?.blogKeys ?? [],
      pending: true,
      server: null,
    })
    return null
  },
  revert: (db, write) => restoreByRef(db, 'collections', write.key, true),
  async deliver({ db, call, uncertain }, write) {
    const blog_ids = await storeIds(db, 'blogs', write.blogKeys)
    if (uncertain) {
      const found = await findCreatedCollection(db, call, write.body)
      if (found) return { data: found }
    }
    return call('collections.create', { body: { ...write.body, ...(write.blogKeys ? { blog_ids } : {}) } })
  },
  async accept(db, write, answer) {
    if (!answer?.data.id) return {}
    return { rebase: await acceptCollection(db, write.key, answer.data), created: { family: 'collections', key: write.key, storeId: answer.data.id } }
  },
}

const update: WriteHandler<'collections.update'> = {
  lanes: ownLane,
  describe: (_write, name) => `Changes to collection${quoted(name)}`,
  apply: (db, write) => applyUpdate(db, 'collections', write.key, write.body, 'updated_at'),
  revert: (db, write) => restoreByRef(db, 'collections', write.key),
  async deliver({ db, call, unlessChanged }, write) {
    const path = { id: await storeIdOf(db, 'collections', write.key) }
    const current = (await call('collections.get', { path })).data
    const theirs = { updatedAt: current.updated_at, fields: pick(current, Object.keys(write.body)) }
    return unlessChanged({ ...write.body }, theirs, { data: current }, () => call('collections.update', { path, body: write.body }))
  },
  accept: async (db, write, answer) => (answer?.data.id ? { rebase: await acceptCollection(db, write.key, answer.data) } : {}),
  // An update folds into an unsent create, or a refused create or update, of the same collection.
  fold(earlier, write) {
    if (earlier.kind === 'collections.create') return { ...earlier, body: { ...earlier.body, ...write.body } }
    if (earlier.kind === 'collections.update') return { ...earlier, body: { ...earlier.body, ...write.body } }
    return undefined
  },
}

const remove: WriteHandler<'collections.delete'> = {
  lanes: ownLane,
  describe: (_write, name) => `Delete collection${quoted(name)}`,
  apply: (db, write) => markDeleted(db, 'collections', write.key),
  revert: (db, write) => restoreByRef(db, 'collections', write.key),
  deliver: async ({ db, call }, write) => call('collections.delete', { path: { id: await storeIdOf(db, 'collections', write.key) } }),
  accept: async (db, write) => (await forgetRow(db, 'collections', write.key), {}),
  fold: (earlier) => (earlier.kind === 'collections.create' ? 'drop' : undefined),
}

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
  // The store answers a count only: the rows keep their optimistic state until the next sync.
  accept: async () => ({}),
}

export const collectionHandlers: Pick<WriteHandlers, CollectionKind> = {
  'collections.create': create,
  'collections.update': update,
  'collections.delete': remove,
  'collections.batch': batch,
}
