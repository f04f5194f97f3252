// Blog collections (2021-08): the list (20 per page, `data` nested inside `links`), get,
// create, update, delete (its blogs stay), the blogs of a collection in its order, and batch
// (sort_blogs_manual, show, hide, delete, remove_from_collection). Membership and manual
// order live in the collection's `blog_ids`; blogs_count is derived from it.
import { COLLECTION_SORTS } from '../../common/store-api/operations'
import { slugify } from '../data/generate-content'
import type { BlogRecord, CollectionRecord } from '../data/state'
import { ApiError } from '../http/errors'
import { blogMatches, deleteBlog } from './blogs'
import type { RouteContext } from './context'
import { SLUG_PATTERN, blogOut, byField, collectionBlogs, collectionOut } from './content-shape'
import { envelope, pageOf, wholeList } from './paging'
import { checkLengths, containsText, found, parseBody, parseQuery, pathId, routePath, throwIfAny, validationError } from './validation'

export const COLLECTION_PAGE_SIZE = 20
export const COLLECTION_BLOGS_PAGE_SIZE = 15

export function sortCollections(collections: CollectionRecord[], sort: (typeof COLLECTION_SORTS)[number]): CollectionRecord[] {
  const descending = sort.startsWith('-')
  const field = sort.replace(/^-/, '') as 'created_at' | 'updated_at' | 'title'
  if (field === 'title') return collections.sort((a, b) => (descending ? -1 : 1) * (a.title.localeCompare(b.title, 'en') || a.id - b.id))
  return collections.sort(byField(field, descending))
}

/**
 * Moves `ids` so the first lands at 1-based `endPosition` and the rest follow it in the given
 * order. Positions past the end are clamped so the moved block ends the list.
 */
export function moveBlogs(order: number[], ids: number[], endPosition: number): number[] {
  const moving = new Set(ids)
  const rest = order.filter((id) => !moving.has(id))
  const at = Math.min(endPosition - 1, rest.length)
  return [...rest.slice(0, at), ...ids, ...rest.slice(at)]
}

export function registerCollectionRoutes({ app, data, hooks }: RouteContext): void {
  const findCollection = (id: number) => found(data.collection(id), 'blog collection', id)

  app.get(routePath('collections.list'), (c) => {
    const q = parseQuery(c, 'collections.list')
    const page = q.page ?? 1
    const key = q['filter[key]']?.trim() ?? ''
    const matching = sortCollections(data.collections.filter((col) => key === '' || containsText([col.title, col.description], key)), q.sort ?? '-created_at')
    const { data: items, meta, links } = envelope(c, pageOf(matching, page, COLLECTION_PAGE_SIZE).map(collectionOut), page, COLLECTION_PAGE_SIZE, matching.length)
    // The store's quirk: this list nests `data` inside `links`.
    return c.json({ meta, links: { ...links, data: items } })
  })

  app.get(routePath('collections.get'), (c) => c.json({ data: collectionOut(findCollection(pathId(c, 'blog collection'))) }))

  const applyInput = (col: CollectionRecord, input: { title?: string; description?: string; seo_title?: string; seo_description?: string; seo_slug?: string; sort_type?: CollectionRecord['sort_type'] }, creating: boolean) => {
    const fields: Record<string, string[]> = {}
    checkLengths(input, fields)
    if (input.title !== undefined && input.title.trim() === '') fields.title = ['must not be empty']
    const slug = input.seo_slug !== undefined && input.seo_slug !== '' ? input.seo_slug : undefined
    if (slug !== undefined && !SLUG_PATTERN.test(slug)) fields.seo_slug = ['use lower-case letters, digits and single hyphens, e.g. "summer-reads"']
    throwIfAny(fields)
    if (slug !== undefined && data.collections.some((o) => o.seo_slug === slug && o.id !== col.id)) {
      throw new ApiError(409, `Another collection already uses the seo_slug "${slug}".`, { seo_slug: ['is already taken'] })
    }
    for (const key of ['title', 'description', 'seo_title', 'seo_description'] as const) {
      const value = input[key]
      if (value !== undefined) col[key] = value
    }
    if (slug !== undefined) col.seo_slug = slug
    else if (creating) {
      const base = slugify(col.title) || `collection-${col.id}`
      let candidate = base
      for (let n = 2; data.collections.some((o) => o.seo_slug === candidate && o.id !== col.id); n++) candidate = `${base}-${n}`
      col.seo_slug = candidate
    }
    if (input.sort_type !== undefined && input.sort_type !== col.sort_type) {
      // Switching to manual keeps what the merchant was looking at as the starting manual order.
      if (input.sort_type === 'manual') col.blog_ids = collectionBlogs(data, col).map((b) => b.id)
      col.sort_type = input.sort_type
    }
    col.updated_at = data.clock.local(hooks.now())
  }

  app.post(routePath('collections.create'), async (c) => {
    const { body } = await parseBody(c, 'collections.create')
    const missing = (body.blog_ids ?? []).filter((id) => !data.blog(id))
    if (missing.length > 0) throw validationError({ blog_ids: [`no blog with id ${missing.join(', ')}`] })
    const now = data.clock.local(hooks.now())
    const col: CollectionRecord = {
      id: data.peekNextId('collection'), title: '', description: '', seo_title: '', seo_description: '', seo_slug: '',
      sort_type: 'manual', created_at: now, updated_at: now, blog_ids: [...new Set(body.blog_ids ?? [])],
    }
    applyInput(col, body, true)
    data.nextId('collection')
    data.collections.push(col)
    hooks.onChange()
    return c.json({ data: collectionOut(col) }, 201)
  })

  app.put(routePath('collections.update'), async (c) => {
    const col = findCollection(pathId(c, 'blog collection'))
    const { body } = await parseBody(c, 'collections.update')
    applyInput(col, body, false)
    hooks.onChange()
    return c.json({ data: collectionOut(col) })
  })

  app.delete(routePath('collections.delete'), (c) => {
    const id = pathId(c, 'blog collection')
    findCollection(id)
    data.collections = data.collections.filter((col) => col.id !== id)
    const fieldIds = new Set(data.metaFields.filter((m) => m.resource_type === 'blog_collection').map((m) => m.id))
    data.metaValues = data.metaValues.filter((v) => !(v.resource_id === id && fieldIds.has(v.meta_field_id)))
    hooks.onChange()
    return c.body(null, 204)
  })

  app.get(routePath('collections.blogs'), (c) => {
    const col = findCollection(pathId(c, 'blog collection'))
    const q = parseQuery(c, 'collections.blogs')
    const blogs = collectionBlogs(data, col)
    const shape = (b: BlogRecord) => blogOut(data, b, false)
    if (q.page === undefined) return c.json(wholeList(c, blogs.map(shape)))
    return c.json(envelope(c, pageOf(blogs, q.page, COLLECTION_BLOGS_PAGE_SIZE).map(shape), q.page, COLLECTION_BLOGS_PAGE_SIZE, blogs.length))
  })

  app.post(routePath('collections.batch'), async (c) => {
    const col = findCollection(pathId(c, 'blog collection'))
    const { body } = await parseBody(c, 'collections.batch')
    const members = collectionBlogs(data, col)
    let selected: BlogRecord[]
    if (body.select_all === true) {
      selected = members.filter((b) => blogMatches(b, { status: body['filter[status]'], key: body['filter[key]'] }))
    } else {
      if (!body.ids || body.ids.length === 0) throw validationError({ ids: ['send the blog ids, or select_all: true'] })
      const outside = body.ids.filter((id) => !col.blog_ids.includes(id))
      if (outside.length > 0) throw validationError({ ids: [`blog ${outside.join(', ')} is not in this collection`] })
      selected = [...new Set(body.ids)].map((id) => data.blog(id)!)
    }
    const now = hooks.now()
    switch (body.operate) {
      case 'sort_blogs_manual': {
        if (body.end_position === undefined) throw validationError({ end_position: ['is required for sort_blogs_manual'] })
        if (body.end_position > members.length) throw validationError({ end_position: [`must be between 1 and ${members.length}, the number of blogs in the collection`] })
        col.blog_ids = moveBlogs(members.map((b) => b.id), selected.map((b) => b.id), body.end_position)
        col.sort_type = 'manual'
        break
      }
      case 'show':
      case 'hide':
        for (const blog of selected) {
          blog.status = body.operate === 'show' ? 2 : 1
          blog.updated_at = data.clock.local(now)
        }
        break
      case 'delete':
        for (const blog of selected) deleteBlog(data, blog.id, now)
        break
      case 'remove_from_collection': {
        const removing = new Set(selected.map((b) => b.id))
        col.blog_ids = col.blog_ids.filter((id) => !removing.has(id))
        break
      }
    }
    col.updated_at = data.clock.local(now)
    hooks.onChange()
    return c.json({ data: { affected: selected.length } })
  })
}

