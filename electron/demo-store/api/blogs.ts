// Blogs (2021-08): list (all blogs when `page` is omitted, 15 per page otherwise), get,
// create, update, delete and batch. Collections membership is kept on the collections'
// records, so deleting a blog or changing its collection_ids keeps blogs_count and the
// manual order right.
import { BLOG_SORTS } from '../../common/store-api/operations'
import type { DemoData } from '../data/demo-data'
import { slugify } from '../data/generate-content'
import type { BlogRecord } from '../data/state'
import type { RouteContext } from './context'
import { SLUG_PATTERN, blogOut, byField } from './content-shape'
import { envelope, pageOf, wholeList } from './paging'
import { ApiError } from '../http/errors'
import { checkLengths, containsText, found, parseBody, parseQuery, pathId, routePath, throwIfAny, validationError } from './validation'

export const BLOG_PAGE_SIZE = 15

export function blogMatches(blog: BlogRecord, filter: { status?: '1' | '2'; key?: string }): boolean {
  const key = filter.key?.trim() ?? ''
  return (filter.status === undefined || blog.status === Number(filter.status)) && (key === '' || containsText([blog.title, blog.summary, blog.content], key))
}

export function sortBlogs(blogs: BlogRecord[], sort: (typeof BLOG_SORTS)[number]): BlogRecord[] {
  const descending = sort.startsWith('-')
  const field = sort.replace(/^-/, '') as 'created_at' | 'updated_at' | 'title' | 'visible_at'
  if (field === 'title') return blogs.sort((a, b) => (descending ? -1 : 1) * (a.title.localeCompare(b.title, 'en') || a.id - b.id))
  return blogs.sort(byField(field, descending))
}

/** Removes a blog everywhere: its record, its collection memberships and its meta field values. */
export function deleteBlog(data: DemoData, id: number, now: Date): void {
  data.blogs = data.blogs.filter((b) => b.id !== id)
  for (const col of data.collections) {
    if (col.blog_ids.includes(id)) {
      col.blog_ids = col.blog_ids.filter((b) => b !== id)
      col.updated_at = data.clock.local(now)
    }
  }
  const blogFieldIds = new Set(data.metaFields.filter((m) => m.resource_type === 'blog').map((m) => m.id))
  data.metaValues = data.metaValues.filter((v) => !(v.resource_id === id && blogFieldIds.has(v.meta_field_id)))
}

function uniqueSlug(data: DemoData, base: string, selfId: number): string {
  const taken = (slug: string) => data.blogs.some((b) => b.seo_slug === slug && b.id !== selfId)
  let slug = base
  for (let n = 2; taken(slug); n++) slug = `${base}-${n}`
  return slug
}

export function registerBlogRoutes({ app, data, hooks }: RouteContext): void {
  const findBlog = (id: number) => found(data.blog(id), 'blog', id)

  app.get(routePath('blogs.list'), (c) => {
    const q = parseQuery(c, 'blogs.list')
    const excluded = new Set((q['filter[exclude_ids]'] ?? '').split(',').filter(Boolean).map(Number))
    const blogs = sortBlogs(
      data.blogs.filter((b) => !excluded.has(b.id) && blogMatches(b, { status: q['filter[status]'], key: q['filter[key]'] })),
      q.sort ?? '-created_at',
    )
    const shape = (b: BlogRecord) => blogOut(data, b, q.include === 'collections')
    if (q.page === undefined) return c.json(wholeList(c, blogs.map(shape)))
    return c.json(envelope(c, pageOf(blogs, q.page, BLOG_PAGE_SIZE).map(shape), q.page, BLOG_PAGE_SIZE, blogs.length))
  })

  app.get(routePath('blogs.get'), (c) => c.json({ data: blogOut(data, findBlog(pathId(c, 'blog')), true) }))

  /** Checks and applies the writable fields of a create or update to `blog`; throws 422/409 without changing anything. */
  const applyInput = (blog: BlogRecord, input: Record<string, unknown> & { title?: string; seo_slug?: string; cover_id?: number | null; visible_at?: string | null; collection_ids?: number[] }, creating: boolean) => {
    const fields: Record<string, string[]> = {}
    checkLengths(input, fields)
    if (input.title !== undefined && input.title.trim() === '') fields.title = ['must not be empty']
    let slug: string | undefined
    if (input.seo_slug !== undefined && input.seo_slug !== '') {
      if (!SLUG_PATTERN.test(input.seo_slug)) (fields.seo_slug ??= []).push('use lower-case letters, digits and single hyphens, e.g. "my-first-post"')
      slug = input.seo_slug
    }
    let coverId = blog.cover_id
    if (input.cover_id !== undefined) {
      if (input.cover_id === null || input.cover_id === 0) coverId = null
      else if (!data.image(input.cover_id)) fields.cover_id = [`no image with id ${input.cover_id} in the image library`]
      else coverId = input.cover_id
    }
    let visibleAt = blog.visible_at
    if (input.visible_at !== undefined) {
      if (input.visible_at === null) visibleAt = null
      else {
        const parsed = data.clock.parseClientDateTime(input.visible_at)
        if (!parsed) fields.visible_at = ['expected YYYY-MM-DD HH:MM:SS (store time) or ISO 8601 with an offset']
        else visibleAt = data.clock.local(parsed)
      }
    }
    const missing = (input.collection_ids ?? []).filter((id) => !data.collection(id))
    if (missing.length > 0) fields.collection_ids = [`no collection with id ${missing.join(', ')}`]
    throwIfAny(fields)
    if (slug !== undefined && data.blogs.some((b) => b.seo_slug === slug && b.id !== blog.id)) {
      throw new ApiError(409, `Another blog already uses the seo_slug "${slug}".`, { seo_slug: ['is already taken'] })
    }
    for (const key of ['title', 'summary', 'content', 'author', 'seo_title', 'seo_description'] as const) {
      const value = input[key]
      if (typeof value === 'string') blog[key] = value
    }
    if (slug !== undefined) blog.seo_slug = slug
    else if (creating || blog.seo_slug === '') blog.seo_slug = uniqueSlug(data, slugify(blog.title) || `blog-${blog.id}`, blog.id)
    blog.cover_id = coverId
    blog.visible_at = visibleAt
    blog.updated_at = data.clock.local(hooks.now())
    if (input.collection_ids !== undefined) {
      const wanted = new Set(input.collection_ids)
      for (const col of data.collections) {
        const member = col.blog_ids.includes(blog.id)
        if (wanted.has(col.id) && !member) col.blog_ids.push(blog.id)
        else if (!wanted.has(col.id) && member) col.blog_ids = col.blog_ids.filter((id) => id !== blog.id)
        else continue
        col.updated_at = data.clock.local(hooks.now())
      }
    }
  }

  app.post(routePath('blogs.create'), async (c) => {
    const { body } = await parseBody(c, 'blogs.create')
    const now = data.clock.local(hooks.now())
    const draft: BlogRecord = {
      id: 0, title: '', summary: '', content: '', cover_id: null, author: '', seo_title: '', seo_description: '', seo_slug: '',
      status: 2, visible_at: now, created_at: now, updated_at: now,
    }
    // applyInput checks everything before it changes anything, so a rejected create leaves no trace.
    draft.id = data.peekNextId('blog')
    applyInput(draft, body, true)
    data.nextId('blog')
    data.blogs.push(draft)
    hooks.onChange()
    return c.json({ data: blogOut(data, draft, true) }, 201)
  })

  app.put(routePath('blogs.update'), async (c) => {
    const blog = findBlog(pathId(c, 'blog'))
    const { body } = await parseBody(c, 'blogs.update')
    applyInput(blog, body, false)
    hooks.onChange()
    return c.json({ data: blogOut(data, blog, true) })
  })

  app.delete(routePath('blogs.delete'), (c) => {
    const id = pathId(c, 'blog')
    findBlog(id)
    deleteBlog(data, id, hooks.now())
    hooks.onChange()
    return c.body(null, 204)
  })

  app.post(routePath('blogs.batch'), async (c) => {
    const { body } = await parseBody(c, 'blogs.batch')
    const { action, collection_ids: collectionIds } = body.operate
    let selected: BlogRecord[]
    if (body.select_all === true) {
      selected = data.blogs.filter((b) => blogMatches(b, { status: body['filter[status]'], key: body['filter[key]'] }))
    } else {
      if (!body.ids || body.ids.length === 0) throw validationError({ ids: ['send the blog ids, or select_all: true'] })
      const missing = body.ids.filter((id) => !data.blog(id))
      if (missing.length > 0) throw validationError({ ids: [`no blog with id ${missing.join(', ')}`] })
      selected = [...new Set(body.ids)].map((id) => data.blog(id)!)
    }
    const needsCollections = action === 'add_to_collections' || action === 'remove_from_collections'
    if (needsCollections) {
      if (!collectionIds || collectionIds.length === 0) throw validationError({ 'operate.collection_ids': [`is required for ${action}`] })
      const missing = collectionIds.filter((id) => !data.collection(id))
      if (missing.length > 0) throw validationError({ 'operate.collection_ids': [`no collection with id ${missing.join(', ')}`] })
    }
    const now = hooks.now()
    const stamp = data.clock.local(now)
    for (const blog of selected) {
      switch (action) {
        case 'show':
        case 'hide':
          blog.status = action === 'show' ? 2 : 1
          blog.updated_at = stamp
          break
        case 'delete':
          deleteBlog(data, blog.id, now)
          break
        case 'add_to_collections':
        case 'remove_from_collections':
          for (const id of collectionIds ?? []) {
            const col = data.collection(id)!
            const member = col.blog_ids.includes(blog.id)
            if (action === 'add_to_collections' && !member) col.blog_ids.push(blog.id)
            else if (action === 'remove_from_collections' && member) col.blog_ids = col.blog_ids.filter((b) => b !== blog.id)
            else continue
            col.updated_at = stamp
          }
          break
      }
    }
    hooks.onChange()
    return c.json({ data: { affected: selected.length } })
  })
}
