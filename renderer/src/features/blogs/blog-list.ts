// The blog list's rules, kept apart from the screen: which posts match a search (the store's
// filter[key]: case-insensitive "contains" on title, summary and body HTML; filter[status]),
// their order for each of the API's sort values, and the state each post is in for the writer
// (a draft on this device, queued for the store, in conflict, or sent).
import type { BLOG_SORTS } from '@common/store-api/operations'
import type { BlogDraft, CachedBlog, OutboxEntry } from '@/data'

export type BlogSort = (typeof BLOG_SORTS)[number]
export type PostState = 'draft' | 'queued' | 'conflict' | 'sent'

export interface BlogListItem {
  key: string
  storeId: number | null
  title: string
  summary: string
  content: string
  status: number
  created_at: string
  updated_at: string
  visible_at: string | null
  collectionKeys: string[]
  state: PostState
  /** Only on this device: not yet created on the store, so store batch actions cannot include it. */
  localOnly: boolean
}

export interface BlogListFilter {
  key: string
  status: '' | '1' | '2'
}

/** The outbox lanes a post's writes run in (see the data layer's writes.ts). */
function lanesOfPost(post: { key: string; storeId: number | null }): string[] {
  return [`blogs:${post.key}`, ...(post.storeId ? [`blogs:store:${post.storeId}`] : [])]
}

/** Cached posts and local drafts, merged into the list's items with their state. */
export function listItems(rows: CachedBlog[], drafts: BlogDraft[], outbox: OutboxEntry[]): BlogListItem[] {
  const conflictLanes = new Set(outbox.filter((entry) => entry.state === 'conflict').flatMap((entry) => entry.lanes))
  const draftByKey = new Map(drafts.map((draft) => [draft.key, draft]))
  const items: BlogListItem[] = []
  const stateOf = (post: { key: string; storeId: number | null }, pending: boolean): PostState => {
    if (lanesOfPost(post).some((lane) => conflictLanes.has(lane))) return 'conflict'
    if (pending) return 'queued'
    if (draftByKey.has(post.key)) return 'draft'
    return 'sent'
  }
  for (const row of rows) {
    if (row.deleted) continue
    const draft = draftByKey.get(row.key)?.fields
    items.push({
      key: row.key,
      storeId: row.storeId ?? null,
      title: draft?.title ?? row.title ?? '',
      summary: draft?.summary ?? row.summary ?? '',
      content: draft?.content ?? row.content ?? '',
      status: draft?.status ?? row.status ?? 1,
      created_at: row.created_at ?? '',
      updated_at: row.updated_at ?? '',
      visible_at: draft?.visible_at ?? row.visible_at ?? null,
      collectionKeys: draft?.collectionKeys ?? row.collectionKeys ?? [],
      state: stateOf({ key: row.key, storeId: row.storeId ?? null }, Boolean(row.pending)),
      localOnly: !row.storeId,
    })
  }
  const known = new Set(rows.map((row) => row.key))
  for (const draft of drafts) {
    if (known.has(draft.key)) continue
    const savedAt = new Date(draft.savedAt).toISOString().replace('T', ' ').slice(0, 19)
    items.push({
      key: draft.key,
      storeId: null,
      title: draft.fields.title ?? '',
      summary: draft.fields.summary ?? '',
      content: draft.fields.content ?? '',
      status: draft.fields.status ?? 1,
      created_at: savedAt,
      updated_at: savedAt,
      visible_at: draft.fields.visible_at ?? null,
      collectionKeys: draft.fields.collectionKeys ?? [],
      state: 'draft',
      localOnly: true,
    })
  }
  return items
}

/** The store's filter[key] and filter[status], applied to the cache. */
export function matchesFilter(item: BlogListItem, filter: BlogListFilter): boolean {
  if (filter.status && String(item.status) !== filter.status) return false
  const needle = filter.key.trim().toLowerCase()
  if (!needle) return true
  return [item.title, item.summary, item.content].some((text) => text.toLowerCase().includes(needle))
}

export function sortItems(items: BlogListItem[], sort: BlogSort): BlogListItem[] {
  const descending = sort.startsWith('-')
  const field = (descending ? sort.slice(1) : sort) as 'created_at' | 'updated_at' | 'title' | 'visible_at'
  const value = (item: BlogListItem) => (field === 'title' ? item.title.toLocaleLowerCase() : item[field] ?? '')
  return [...items].sort((a, b) => {
    const order = value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0
    return descending ? -order : order
  })
}
