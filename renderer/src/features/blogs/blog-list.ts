// The blog list's rules, kept apart from the screen: which posts match a search (the store's
// filter[key]: case-insensitive "contains" on title, summary and body HTML; filter[status]),
// their order for each of the API's sort values, and the state each post is in for the writer
// (publish-state.ts: the same one the editor shows).
import type { BLOG_SORTS } from '@common/store-api/operations'
import type { BlogDraft, CachedBlog, OutboxEntry } from '@/data'
import { storeNow } from '@/ui/store-time'
import { draftDiffers } from './blog-draft'
import { publishStateOf, type PublishState } from './publish-state'

export type BlogSort = (typeof BLOG_SORTS)[number]

export interface BlogListItem {
  key: string
  storeId: number | null
  title: string
  summary: string
  content: string
  author: string
  status: number
  created_at: string
  updated_at: string
  visible_at: string | null
  collectionKeys: string[]
  state: PublishState
  /** Only on this device: not yet created on the store, so store batch actions cannot include it. */
  localOnly: boolean
}

export interface BlogListFilter {
  key: string
  status: '' | '1' | '2'
}

/** Cached posts and local drafts, merged into the list's items with their state. */
export function listItems(rows: CachedBlog[], drafts: BlogDraft[], outbox: OutboxEntry[], online: boolean | null = null, now: Date = storeNow()): BlogListItem[] {
  const draftByKey = new Map(drafts.map((draft) => [draft.key, draft]))
  const items: BlogListItem[] = []
  for (const row of rows) {
    if (row.deleted) continue
    const draft = draftByKey.get(row.key)?.fields
    const changed = draft !== undefined && draftDiffers(draft, row)
    items.push({
      key: row.key,
      storeId: row.storeId ?? null,
      title: draft?.title ?? row.title ?? '',
      summary: draft?.summary ?? row.summary ?? '',
      content: draft?.content ?? row.content ?? '',
      author: draft?.author ?? row.author ?? '',
      status: draft?.status ?? row.status ?? 1,
      created_at: row.created_at ?? '',
      updated_at: row.updated_at ?? '',
      visible_at: draft?.visible_at ?? row.visible_at ?? null,
      collectionKeys: draft?.collectionKeys ?? row.collectionKeys ?? [],
      state: publishStateOf(row, outbox, changed, online, now),
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
      author: draft.fields.author ?? '',
      status: draft.fields.status ?? 1,
      created_at: savedAt,
      updated_at: savedAt,
      visible_at: draft.fields.visible_at ?? null,
      collectionKeys: draft.fields.collectionKeys ?? [],
      state: publishStateOf({ key: draft.key }, outbox, true, online, now),
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
