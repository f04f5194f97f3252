// Blog post writes (blogs.create, blogs.update, blogs.delete, blogs.batch): a post's lanes are
// its own and its collections', an update watches the fields it writes (and the collections
// when it moves the post), and a create whose answer never came is looked for on the store
// (filter[key]=title, then the same title + seo_slug + content) before it is sent again.
import type { Blog } from '@common/store-api/resources'
import { storeKey, type CachedBlog, type RowKey, type StoreDatabase } from '../db'
import type { StoreCall } from '../store-client'
import type { WriteHandler, WriteHandlers, WriteOf } from './contract'
import { acceptCount, created, keyedDelete, mergeBody, putCreated, sendUpdate } from './keyed'
import { ALL_BLOGS_LANE, blogLane, collectionLane, laneSet } from './lanes'
import { applyUpdate, batchFilter, claimedByAnotherRow, findOnPages, quoted, restoreByRef, restoreRow, rowByRef, snapshotBeforeChange, storeIds } from './rows'

type BlogKind = 'blogs.create' | 'blogs.update' | 'blogs.delete' | 'blogs.batch'


/** A post's lanes and those of the collections it is put in. */
const postLanes = (write: { key: RowKey; collectionKeys?: RowKey[] }) => laneSet([blogLane(write.key)], write.collectionKeys?.map(collectionLane))

export function collectionKeysOf(blog: Blog): RowKey[] {
  return (blog.collections ?? []).map((c) => storeKey(c.id))
}

/** The store's post into the cache under the row's own key; what later writes are now based on. */
async function acceptPost(db: StoreDatabase, key: RowKey, blog: Blog) {
  const row = await rowByRef<CachedBlog>(db, 'blogs', key)
  const { collections: _collections, ...fields } = blog
  await db.blogs.put({ ...fields, key: row?.key ?? storeKey(blog.id), storeId: blog.id, title: blog.title, collectionKeys: blog.collections ? collectionKeysOf(blog) : (row?.collectionKeys ?? []) })
  return { updatedAt: blog.updated_at, record: { ...blog, collectionKeys: collectionKeysOf(blog) } }
}

async function findCreatedBlog(db: StoreDatabase, call: StoreCall, body: WriteOf<'blogs.create'>['body']): Promise<Blog | null> {
  return findOnPages(
    async (page) => {
      const result = await call('blogs.list', { query: { page, 'filter[key]': body.title, sort: '-created_at' } })
      return { items: result.data, last: result.meta.current_page >= result.meta.last_page }
    },
    async (blog) =>
      blog.title === body.title &&
      (body.seo_slug === undefined || blog.seo_slug === body.seo_slug) &&
      (body.content === undefined || blog.content === body.content) &&
      !(await claimedByAnotherRow(db, 'blogs', blog.id)),
  )
}

const create: WriteHandler<'blogs.create'> = {
  lanes: postLanes,
  describe: (write) => `New post “${write.body.title}”`,
  apply: (db, write) =>
    putCreated<CachedBlog>(db, 'blogs', write.key, (existing) => ({
      ...write.body,
      // The store makes a new post visible unless told otherwise.
      status: existing?.status ?? 2,
      collectionKeys: write.collectionKeys ?? existing?.collectionKeys ?? [],
    })),
  revert: (db, write) => restoreByRef(db, 'blogs', write.key, true),
  async deliver({ db, call, uncertain }, write) {
    const collection_ids = await storeIds(db, 'collections', write.collectionKeys)
    const found = uncertain ? await findCreatedBlog(db, call, write.body) : null
    return found ? { data: found } : call('blogs.create', { body: { ...write.body, ...(write.collectionKeys ? { collection_ids } : {}) } })
  },
  accept: async (db, write, answer) => (answer?.data.id ? created('blogs', write.key, answer.data.id, await acceptPost(db, write.key, answer.data)) : {}),
}

// A post's update may also move it between collections: those are written and watched too.
const update: WriteHandler<'blogs.update'> = {
  lanes: postLanes,
  describe: (_write, name) => `Changes to post${quoted(name)}`,
  apply(db, write) {
    const moved = write.collectionKeys
    const moves = moved && {
      based: (before: Record<string, unknown>) => ({ collectionKeys: before.collectionKeys ?? [] }),
      apply: (blog: CachedBlog) => void (blog.collectionKeys = moved),
    }
    return applyUpdate<CachedBlog>(db, 'blogs', write.key, write.body, 'updated_at', moves)
  },
  async deliver(sending, write) {
    const moved = write.collectionKeys
    const collection_ids = moved ? await storeIds(sending.db, 'collections', moved) : undefined
    const extra = moved && { mine: { collectionKeys: moved }, theirs: (current: Blog) => ({ collectionKeys: collectionKeysOf(current) }) }
    return sendUpdate(sending, 'blogs', { ...write, extra }, (path) => sending.call('blogs.get', { path }), (current) => current.updated_at, (path) =>
      sending.call('blogs.update', { path, body: { ...write.body, ...(collection_ids ? { collection_ids } : {}) } }),
    )
  },
  revert: (db, write) => restoreByRef(db, 'blogs', write.key),
  accept: async (db, write, answer) => (answer?.data.id ? { rebase: await acceptPost(db, write.key, answer.data) } : {}),
  // An update folds into an unsent create, or a refused create or update, of the same post.
  fold: (earlier, write) =>
    earlier.kind === 'blogs.create' || earlier.kind === 'blogs.update'
      ? { ...mergeBody(earlier, write.body), ...(write.collectionKeys ? { collectionKeys: write.collectionKeys } : {}) }
      : undefined,
}

const remove: WriteHandler<'blogs.delete'> = keyedDelete('blogs', 'post', (call, path) => call('blogs.delete', { path }))

/** "Hide 3 posts", "Add 1 post to a collection": what a batch does, in words. */
const BATCH_WORDS: Record<WriteOf<'blogs.batch'>['action'], (posts: string) => string> = {
  show: (posts) => `Show ${posts}`,
  hide: (posts) => `Hide ${posts}`,
  delete: (posts) => `Delete ${posts}`,
  add_to_collections: (posts) => `Add ${posts} to a collection`,
  remove_from_collections: (posts) => `Remove ${posts} from a collection`,
}

const batch: WriteHandler<'blogs.batch'> = {
  lanes: (write) => laneSet(write.selectAll ? [ALL_BLOGS_LANE] : [], write.blogKeys.map(blogLane), write.collectionKeys?.map(collectionLane)),
  // Names the posts (the titles the screen gives as `name`): the undo bar and a refusal say which.
  describe: (write, name) => `${BATCH_WORDS[write.action](write.selectAll ? 'all matching posts' : write.blogKeys.length === 1 ? '1 post' : `${write.blogKeys.length} posts`)}${name ? `: ${name}` : ''}`,
  async apply(db, write) {
    const rows = write.selectAll ? await db.blogs.toArray() : await Promise.all(write.blogKeys.map((k) => rowByRef<CachedBlog>(db, 'blogs', k)))
    const matches = (b: CachedBlog) =>
      !write.selectAll ||
      ((!write.filter?.status || String(b.status) === write.filter.status) && (!write.filter?.key || b.title.toLowerCase().includes(write.filter.key.toLowerCase())))
    for (const blog of rows) {
      if (!blog || !matches(blog)) continue
      snapshotBeforeChange(blog)
      if (write.action === 'show') blog.status = 2
      if (write.action === 'hide') blog.status = 1
      if (write.action === 'delete') blog.deleted = true
      if (write.action === 'add_to_collections') blog.collectionKeys = [...new Set([...blog.collectionKeys, ...(write.collectionKeys ?? [])])]
      if (write.action === 'remove_from_collections') blog.collectionKeys = blog.collectionKeys.filter((k) => !write.collectionKeys?.includes(k))
      await db.blogs.put(blog)
    }
    return null
  },
  async revert(db, write) {
    for (const row of write.selectAll ? await db.blogs.filter((b) => !!b.server).toArray() : await Promise.all(write.blogKeys.map((k) => rowByRef<CachedBlog>(db, 'blogs', k))))
      await restoreRow(db.blogs, row, false, row?.key)
  },
  async deliver({ db, call }, write) {
    const collection_ids = write.collectionKeys ? await storeIds(db, 'collections', write.collectionKeys) : undefined
    return call('blogs.batch', {
      body: {
        ...(write.selectAll ? { select_all: true } : { ids: await storeIds(db, 'blogs', write.blogKeys) }),
        operate: { action: write.action, ...(collection_ids ? { collection_ids } : {}) },
        ...batchFilter(write.filter),
      },
    })
  },
  accept: acceptCount,
}

export const blogHandlers: Pick<WriteHandlers, BlogKind> = { 'blogs.create': create, 'blogs.update': update, 'blogs.delete': remove, 'blogs.batch': batch }
