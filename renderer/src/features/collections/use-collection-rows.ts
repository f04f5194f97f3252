// The collections as the screens list them: every cached collection not deleted, with its
// posts read from both sides of the cache (collection-members.ts), so the post count is right
// while writes are unsent. One live query over collections and posts.
import { computed, toValue, type MaybeRefOrGetter } from 'vue'
import { useLiveQuery, type CachedBlog, type CachedCollection } from '@/data'
import { collectionMembers, indexBlogs } from './collection-members'

export interface CollectionRow {
  collection: CachedCollection
  members: CachedBlog[]
}

export function useCollectionRows() {
  const snapshot = useLiveQuery(
    async (db) => {
      const [collections, blogs] = await Promise.all([db.collections.filter((c) => !c.deleted).toArray(), db.blogs.toArray()])
      return { collections, blogs }
    },
    [],
    null,
  )
  const rows = computed<CollectionRow[]>(() => {
    if (!snapshot.value) return []
    const { collections, blogs } = snapshot.value
    const index = indexBlogs(blogs)
    return collections.map((collection) => ({ collection, members: collectionMembers(collection, blogs, index) }))
  })
  const blogs = computed(() => (snapshot.value?.blogs ?? []).filter((b) => !b.deleted))
  return { rows, blogs, loaded: computed(() => snapshot.value !== null) }
}

export type CollectionSort = 'title' | '-title' | 'created_at' | '-created_at' | 'updated_at' | '-updated_at'

/** Search (title or description, case-insensitive, as the store's filter[key]) and sort, ties by id. */
export function filterAndSort(rows: readonly CollectionRow[], search: MaybeRefOrGetter<string>, sort: MaybeRefOrGetter<CollectionSort>): CollectionRow[] {
  const needle = toValue(search).trim().toLowerCase()
  const order = toValue(sort)
  const field = order.replace(/^-/, '') as 'title' | 'created_at' | 'updated_at'
  const direction = order.startsWith('-') ? -1 : 1
  const found = needle ? rows.filter(({ collection: c }) => c.title.toLowerCase().includes(needle) || (c.description ?? '').toLowerCase().includes(needle)) : [...rows]
  return found.sort((a, b) => {
    const x = String(a.collection[field] ?? '')
    const y = String(b.collection[field] ?? '')
    const byField = field === 'title' ? x.localeCompare(y, undefined, { sensitivity: 'base' }) : x < y ? -1 : x > y ? 1 : 0
    return (byField || (a.collection.storeId ?? Infinity) - (b.collection.storeId ?? Infinity)) * direction
  })
}
