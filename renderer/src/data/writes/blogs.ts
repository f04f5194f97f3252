// Blog post writes (blogs.create, blogs.update, blogs.delete, blogs.batch): a post's lanes are
// its own and its collections', an update watches the fields it writes (and the collections
// when it moves the post), and a create carries a slug unique among the posts this device
// knows, by which it is recognised on the store when its answer was lost.
import type { Blog } from '@common/store-api/resources'
import { storeKey, type CachedBlog, type RowKey, type StoreDatabase } from '../db'
import type { StoreCall } from '../store-client'
import { newLocalKey } from '../row-key'
import type { BatchFilter, BlogBatchAction, BlogBody } from './contract'
import type { Actions, EnqueueOptions, WriteHandler, WriteHandlers } from './handler'
import { acceptCount, created, keyedDelete, mergeBody, notYetThere, putCreated, sendUpdate, settleCreate } from './keyed'
import { ALL_BLOGS_LANE, blogLane, collectionLane, laneSet } from './lanes'
import { applyUpdate, batchFilter, dropSyncedCopy, restoreByRef, restoreRow, rowByRef, sameText, snapshotBeforeChange, storeIdOf, storeIds, uniqueSlug } from './rows'

type BlogKind = 'blogs.create' | 'blogs.update' | 'blogs.delete' | 'blogs.batch'

/** A post's lanes and those of the collections it is put in. */
const postLanes = (write: { key: RowKey; collectionKeys?: RowKey[] }) => laneSet([blogLane(write.key)], write.collectionKeys?.map(collectionLane))

export function collectionKeysOf(blog: Blog): RowKey[] {
  return (blog.collections ?? []).map((c) => storeKey(c.id))
}

/** The store's post into the cache under the row's own key; what later writes are now based on. */
async function acceptPost(db: StoreDatabase, key: RowKey, blog: Blog) {
  const row = await rowByRef<CachedBlog>(db, 'blogs', key)
  if (row) await dropSyncedCopy(db, 'blogs', row.key, blog.id)
  const { collections: _collections, ...fields } = blog
  await db.blogs.put({ ...fields, key: row?.key ?? storeKey(blog.id), storeId: blog.id, title: blog.title, collectionKeys: blog.collections ? collectionKeysOf(blog) : (row?.collectionKeys ?? []) })
  return { updatedAt: blog.updated_at, record: { ...blog, collectionKeys: collectionKeysOf(blog) } }
}

/** Every post on the store (without `page` the store lists them all), with its collections. */
async function allPosts(call: StoreCall): Promise<Blog[]> {
  return (await call('blogs.list', { query: { include: 'collections' } })).data
}

const create: WriteHandler<'blogs.create'> = {
  creates: 'blogs',
  lanes: postLanes,
  describe: (write) => ({ kind: write.kind, action: 'create', target: { noun: 'post', name: write.body.title } }),
  apply: (db, write) =>
    putCreated<CachedBlog>(db, 'blogs', write.key, (existing) => ({
      ...write.body,
      // The store makes a new post visible unless told otherwise.
      status: existing?.status ?? 2,
      collectionKeys: write.collectionKeys ?? existing?.collectionKeys ?? [],
    })),
  revert: (db, write) => restoreByRef(db, 'blogs', write.key, true),
  prepare: async (db, write) => ({ ...write, body: { ...write.body, seo_slug: await uniqueSlug(db, 'blogs', write.key, write.body.seo_slug, write.body.title, 'post') } }),
  // Looked up by the slug it was sent with. (A create queued by an earlier version without a
  // slug is looked for by its title and body as sent, which the store keeps as given.)
  async reconcile({ db, call }, write) {
    const { title, seo_slug: slug, content } = write.body
    const ours = (blog: Blog) => sameText(blog.title, title) && (slug ? blog.seo_slug === slug : blog.content === content)
    return settleCreate(db, 'blogs', write, await allPosts(call), ours)
  },
  async deliver({ db, call }, write) {
    const collection_ids = await storeIds(db, 'collections', write.collectionKeys)
    return call('blogs.create', { body: { ...write.body, ...(write.collectionKeys ? { collection_ids } : {}) } })
  },
  accept: async (db, write, answer) => (answer?.data.id ? created('blogs', write.key, answer.data.id, await acceptPost(db, write.key, answer.data)) : {}),
}

// A post's update may also move it between collections: those are written and watched too.
const update: WriteHandler<'blogs.update'> = {
  lanes: postLanes,
  describe: (write, name) => ({ kind: write.kind, action: 'update', target: { noun: 'post', name }, fields: [...Object.keys(write.body), ...(write.collectionKeys ? ['collections'] : [])] }),
  apply(db, write) {
    const moved = write.collectionKeys
    const moves = moved && {
      based: (before: Record<string, unknown>) => ({ collectionKeys: before.collectionKeys ?? [] }),
      apply: (blog: CachedBlog) => void (blog.collectionKeys = moved),
    }
    return applyUpdate<CachedBlog>(db, 'blogs', write.key, write.body, 'updated_at', moves)
  },
  // Unconfirmed: only the fields (and collections) the store's post does not hold yet are sent.
  async reconcile({ db, call }, write) {
    const current = (await call('blogs.get', { path: { id: await storeIdOf(db, 'blogs', write.key) } })).data
    const body = notYetThere(write.body, current)
    const moved = write.collectionKeys && !sameSet(await storeIds(db, 'collections', write.collectionKeys), (current.collections ?? []).map((c) => c.id)) ? write.collectionKeys : undefined
    if (!body && !moved) return { arrived: { data: current } }
    return { send: { kind: write.kind, key: write.key, body: body ?? {}, ...(moved ? { collectionKeys: moved } : {}) } }
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
function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id))
}

/** Whether a post already shows what a batch action does to it (collection ids: the action's). */
function batchDone(action: BlogBatchAction, post: Blog, collectionIds: readonly number[]): boolean {
  const member = (id: number) => (post.collections ?? []).some((c) => c.id === id)
  switch (action) {
    case 'show': return post.status === 2
    case 'hide': return post.status === 1
    case 'add_to_collections': return collectionIds.every(member)
    case 'remove_from_collections': return !collectionIds.some(member)
    case 'delete': return false
  }
}

const batch: WriteHandler<'blogs.batch'> = {
  lanes: (write) => laneSet(write.selectAll ? [ALL_BLOGS_LANE] : [], write.blogKeys.map(blogLane), write.collectionKeys?.map(collectionLane)),
  // Names the posts (the titles the screen gives as `name`): the undo bar and a refusal say which.
  describe: (write, name) => ({ kind: write.kind, action: 'batch', target: { noun: 'post', count: write.blogKeys.length, ...(write.selectAll ? { all: true } : {}), name }, values: { operation: write.action } }),
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
  // Unconfirmed: sent again only for the posts it has not reached (a post already deleted is
  // done, and the store refuses a batch naming a post it no longer has). Over every post
  // matching a filter, sent again: each action is the same done twice.
  async reconcile({ db, call }, write) {
    if (write.selectAll) return { send: write }
    const collectionIds = write.collectionKeys ? await storeIds(db, 'collections', write.collectionKeys) : []
    const posts = new Map((await allPosts(call)).map((post) => [post.id, post]))
    const left: RowKey[] = []
    for (const key of write.blogKeys) {
      const post = posts.get(await storeIdOf(db, 'blogs', key))
      if (post && !batchDone(write.action, post, collectionIds)) left.push(key)
    }
    return left.length > 0 ? { send: { ...write, blogKeys: left } } : { arrived: { data: { affected: write.blogKeys.length } } }
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

export const blogActions = {
  /**
   * Queues a new post and returns its local key (`local:<uuid>`), which stays its key for life.
   * Without a seo_slug it gets one made from the title, unique among the cached posts: should
   * the create's answer be lost, the post is recognised on the store by that slug (never
   * created twice).
   */
  async createBlog({ enqueue }, body: BlogBody & { title: string }, collectionKeys: RowKey[] = [], key: RowKey = newLocalKey(), options?: EnqueueOptions): Promise<RowKey> {
    await enqueue({ kind: 'blogs.create', key, body, collectionKeys }, options)
    return key
  },
  /** Queues changed fields of a post; `baseUpdatedAt` is the store's updated_at the edit started from. */
  updateBlog: ({ enqueue }, key: RowKey, body: BlogBody, options: EnqueueOptions & { collectionKeys?: RowKey[] } = {}): Promise<number> =>
    enqueue({ kind: 'blogs.update', key, body, ...(options.collectionKeys ? { collectionKeys: options.collectionKeys } : {}) }, options),
  deleteBlog: ({ enqueue }, key: RowKey, options?: EnqueueOptions): Promise<number> => enqueue({ kind: 'blogs.delete', key }, options),
  /** Batch on posts: the given keys, or every post matching `filter` when `selectAll`. */
  batchBlogs: (
    { enqueue },
    input: { action: BlogBatchAction; blogKeys?: RowKey[]; selectAll?: boolean; filter?: BatchFilter; collectionKeys?: RowKey[] },
    options?: EnqueueOptions,
  ): Promise<number> =>
    enqueue({ kind: 'blogs.batch', blogKeys: input.blogKeys ?? [], action: input.action, selectAll: input.selectAll, filter: input.filter, collectionKeys: input.collectionKeys }, options),
} satisfies Actions<BlogKind>
