// Where a post is on the store's public site, as the store says: its `public_url`. A post the
// store has not seen yet (or whose slug is being changed) gets the address its slug will have,
// made from another post's public_url (the store's blog address with that post's slug taken
// off); only a store with no post at all falls back to the connection's address.
import type { CachedBlog } from '@/data'

type Addressed = Pick<CachedBlog, 'public_url' | 'seo_slug'>

/** The store's blog address a post's slug is appended to, from a post whose public_url ends in its slug. */
function blogBase(post: Addressed): string | null {
  const url = post.public_url
  const slug = post.seo_slug
  if (typeof url !== 'string' || !slug || !url.endsWith(`/${slug}`)) return null
  return url.slice(0, -slug.length)
}

/**
 * The public address of the post `own` (null for a new one) with slug `slug`; `others` are the
 * store's other posts; `fallback` the connection's address, used only when no post names one.
 */
export function publicAddress(slug: string, own: Addressed | null, others: readonly Addressed[], fallback: string): string {
  if (own && typeof own.public_url === 'string' && own.seo_slug === slug) return own.public_url
  const base = (own && blogBase(own)) ?? others.map(blogBase).find((found) => found !== null) ?? `${fallback.replace(/\/+$/, '')}/blogs/`
  return `${base}${slug || '…'}`
}
