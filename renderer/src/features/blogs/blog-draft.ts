// A blog post as the editor holds it (every field the writer edits), and the decisions made on
// it without touching the screen: the fields of a cached post, which fields a publish must
// send (the body is sent only when the writer changed it, so an untouched post keeps the
// store's HTML byte for byte), the slug made from a title, the store's time format, and which
// fields differ between two versions (the conflict view).
import { roundTrip } from './editor/serialize'
import type { CachedBlog, RowKey } from '@/data'
import { t } from '@/session/i18n'

export const BLOG_STATUS_HIDDEN = 1
export const BLOG_STATUS_VISIBLE = 2

/** A type alias rather than an interface, so it fits the cache's open `BlogFields` shape. */
export type DraftFields = {
  title: string
  summary: string
  content: string
  author: string
  seo_title: string
  seo_description: string
  seo_slug: string
  cover_id: number | null
  visible_at: string | null
  status: number
  collectionKeys: RowKey[]
}

/** The fields a publish writes with `blogs.create` / `blogs.update` (status goes by batch). */
export const BODY_FIELDS = ['title', 'summary', 'content', 'author', 'seo_title', 'seo_description', 'seo_slug', 'cover_id', 'visible_at'] as const
export type BodyField = (typeof BODY_FIELDS)[number]

/** A field's name as the writer reads it (the conflict view, the revision comparison). */
export function fieldLabel(field: BodyField | 'status' | 'collectionKeys'): string {
  return t(`editor.fields.${field}`)
}

export function emptyDraft(): DraftFields {
  return {
    title: '',
    summary: '',
    content: '',
    author: '',
    seo_title: '',
    seo_description: '',
    seo_slug: '',
    cover_id: null,
    visible_at: null,
    // A new post is for readers: Publish publishes it (the store's own default too). Keeping it
    // off the blog is the writer's explicit "Hidden".
    status: BLOG_STATUS_VISIBLE,
    collectionKeys: [],
  }
}

/** The editable fields of a cached post. */
export function draftFromRow(row: CachedBlog): DraftFields {
  return {
    title: row.title ?? '',
    summary: row.summary ?? '',
    content: row.content ?? '',
    author: row.author ?? '',
    seo_title: row.seo_title ?? '',
    seo_description: row.seo_description ?? '',
    seo_slug: row.seo_slug ?? '',
    cover_id: row.cover_id ?? null,
    visible_at: row.visible_at ?? null,
    status: row.status ?? BLOG_STATUS_HIDDEN,
    collectionKeys: [...(row.collectionKeys ?? [])],
  }
}

function sameCollections(a: RowKey[], b: RowKey[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n')
}

/**
 * What a publish of `draft` sends for a post whose store copy is `row` (null for a new post).
 * The body counts as changed only if it differs from what the editor makes of the store's
 * HTML: loading a post and changing only its title leaves its HTML alone.
 */
export function changesToPublish(draft: DraftFields, row: DraftFields | null): {
  body: Partial<Pick<DraftFields, BodyField>>
  collectionsChanged: boolean
  statusChanged: boolean
  contentChanged: boolean
} {
  if (!row) {
    const body: Partial<Pick<DraftFields, BodyField>> = {}
    for (const field of BODY_FIELDS) {
      const value = draft[field]
      if (value !== null && value !== '') Object.assign(body, { [field]: value })
    }
    body.title = draft.title
    return { body, collectionsChanged: draft.collectionKeys.length > 0, statusChanged: true, contentChanged: draft.content !== '' }
  }
  const body: Partial<Pick<DraftFields, BodyField>> = {}
  let contentChanged = false
  for (const field of BODY_FIELDS) {
    if (field === 'content') {
      contentChanged = draft.content !== row.content && draft.content !== roundTrip(row.content)
      if (contentChanged) body.content = draft.content
    } else if (draft[field] !== row[field]) {
      Object.assign(body, { [field]: draft[field] })
    }
  }
  return {
    body,
    collectionsChanged: !sameCollections(draft.collectionKeys, row.collectionKeys),
    statusChanged: draft.status !== row.status,
    contentChanged,
  }
}

/**
 * Whether a draft kept on this device holds changes to the store's copy of the post. A draft
 * equal to it (left after a post was scheduled from the calendar, or an edit typed back) is no
 * change: the post is shown as the store has it, never as "changes not yet published".
 */
export function draftDiffers(draft: Partial<DraftFields>, row: CachedBlog): boolean {
  const stored = draftFromRow(row)
  return (Object.keys(draft) as (keyof DraftFields)[]).some((field) => {
    if (!(field in stored)) return false
    const [mine, theirs] = [draft[field], stored[field]]
    if (Array.isArray(mine) && Array.isArray(theirs)) return !sameCollections(mine, theirs)
    return (mine ?? '') !== (theirs ?? '')
  })
}

/** The fields whose values differ between two versions of a post. */
export function differingFields(mine: Partial<DraftFields>, theirs: Partial<DraftFields>): (BodyField | 'status' | 'collectionKeys')[] {
  const fields = [...BODY_FIELDS, 'status', 'collectionKeys'] as const
  return fields.filter((field) => {
    if (!(field in mine) || !(field in theirs)) return false
    const a = mine[field]
    const b = theirs[field]
    if (Array.isArray(a) && Array.isArray(b)) return !sameCollections(a, b)
    if (field === 'content') return a !== b && roundTrip(String(b ?? '')) !== a
    return (a ?? '') !== (b ?? '')
  })
}
