// How blogs and collections leave the store: derived fields (cover, public_url, path,
// blogs_count, pivot) are computed from the records every time, so they cannot drift,
// and a collection's blogs come out in its sort_type's order.
import type { Blog, BlogCollection } from '../../common/store-api/resources'
import { SHOP_URL, imageUrls } from '../data/catalog'
import type { DemoData } from '../data/demo-data'
import type { BlogRecord, CollectionRecord } from '../data/state'

export function coverOf(data: DemoData, coverId: number | null): Blog['cover'] {
  const image = coverId === null ? undefined : data.image(coverId)
  return image ? { ID: image.ID, ...imageUrls(image.name) } : null
}

export function collectionOut(collection: CollectionRecord): BlogCollection {
  const { blog_ids, ...fields } = collection
  return { ...fields, blogs_count: blog_ids.length, public_url: `${SHOP_URL}/blogs/collections/${collection.seo_slug}`, path: `/blogs/collections/${collection.seo_slug}` }
}

export function blogOut(data: DemoData, blog: BlogRecord, withCollections: boolean): Blog {
  const out: Blog = { ...blog, public_url: `${SHOP_URL}/blogs/${blog.seo_slug}`, path: `/blogs/${blog.seo_slug}`, cover: coverOf(data, blog.cover_id) }
  if (withCollections) {
    out.collections = data.collections
      .filter((col) => col.blog_ids.includes(blog.id))
      .map((col) => ({ ...collectionOut(col), pivot: { blog_id: blog.id, collection_id: col.id } }))
  }
  return out
}

/** Compares by a text field, ties by id, so every sort is total and stable. */
export function byField<T extends { id: number }>(field: keyof T, descending: boolean): (a: T, b: T) => number {
  return (a, b) => {
    const x = (a[field] ?? '') as string
    const y = (b[field] ?? '') as string
    const order = x < y ? -1 : x > y ? 1 : a.id - b.id
    return descending ? -order : order
  }
}

/** Blogs of a collection in display order: manual order, or by the sort_type rule. */
export function collectionBlogs(data: DemoData, collection: CollectionRecord): BlogRecord[] {
  const blogs = collection.blog_ids.map((id) => data.blog(id)).filter((b): b is BlogRecord => b !== undefined)
  switch (collection.sort_type) {
    case 'manual': return blogs
    case 'newest': return blogs.sort(byField('created_at', true))
    case 'oldest': return blogs.sort(byField('created_at', false))
    case 'title_asc': return blogs.sort((a, b) => a.title.localeCompare(b.title, 'en') || a.id - b.id)
    case 'title_desc': return blogs.sort((a, b) => b.title.localeCompare(a.title, 'en') || b.id - a.id)
  }
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
