// Which posts a collection holds, in its order, as the cache knows it right now. The collection
// row keeps the store's order (`blogKeys`); a post row keeps the collections it belongs to
// (`collectionKeys`). Writes made here update one side or both before the store answers (adding
// a post through blogs.batch marks the post only; a delete marks the post deleted), so the
// members are read from both sides: the collection's order, minus posts deleted or taken out
// locally, plus posts put in locally at the end (where the store appends them). The count shown
// everywhere is the length of this list, so it is right before the next sync too.
import { storeKey, type CachedBlog, type CachedCollection, type RowKey } from '@/data'

/** The keys a post row may use for this collection. */
function collectionRefs(collection: CachedCollection): Set<RowKey> {
  return new Set([collection.key, ...(collection.storeId ? [storeKey(collection.storeId)] : [])])
}

function listsCollection(blog: Pick<CachedBlog, 'collectionKeys'>, refs: Set<RowKey>): boolean {
  return (blog.collectionKeys ?? []).some((k) => refs.has(k))
}

/** A post whose unsent change took it out of this collection (its store copy still lists it). */
function takenOutLocally(blog: CachedBlog, refs: Set<RowKey>): boolean {
  const before = blog.server as Pick<CachedBlog, 'collectionKeys'> | null | undefined
  return !!blog.pending && !listsCollection(blog, refs) && !!before && listsCollection(before, refs)
}

/** Finds a post by its row key or by `store:<id>`. */
export function indexBlogs(blogs: readonly CachedBlog[]): Map<RowKey, CachedBlog> {
  const byRef = new Map<RowKey, CachedBlog>()
  for (const blog of blogs) {
    byRef.set(blog.key, blog)
    if (blog.storeId) byRef.set(storeKey(blog.storeId), blog)
  }
  return byRef
}

export function collectionMembers(collection: CachedCollection, blogs: readonly CachedBlog[], index: Map<RowKey, CachedBlog> = indexBlogs(blogs)): CachedBlog[] {
  const refs = collectionRefs(collection)
  const members: CachedBlog[] = []
  const seen = new Set<RowKey>()
  for (const ref of collection.blogKeys) {
    const blog = index.get(ref)
    if (!blog || blog.deleted || seen.has(blog.key) || takenOutLocally(blog, refs)) continue
    seen.add(blog.key)
    members.push(blog)
  }
  for (const blog of blogs) {
    if (!blog.deleted && !seen.has(blog.key) && listsCollection(blog, refs)) {
      seen.add(blog.key)
      members.push(blog)
    }
  }
  return members
}

/** The key each member is named by in writes: the collection's own reference when it has one. */
export function memberRef(collection: CachedCollection, blog: CachedBlog): RowKey {
  if (collection.blogKeys.includes(blog.key)) return blog.key
  const byStore = blog.storeId ? storeKey(blog.storeId) : null
  return byStore && collection.blogKeys.includes(byStore) ? byStore : blog.key
}
