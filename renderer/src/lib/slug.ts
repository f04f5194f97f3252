// A post's slug (the last part of its address on the store): made from a title or from what the
// writer typed, normalised as the store takes it (lower case, transliterated with the slugify
// library, single hyphens, no hyphen at either end), and checked against the posts this device
// knows before publishing, so the store's "use lower-case letters…" and "is already taken" are
// caught here first.
import slugifyLibrary from 'slugify'

const MAX_LENGTH = 80

/** "Spring sale: 20% off!" → "spring-sale-20percent-off"; "Привет мир" → "privet-mir". */
export function slugify(title: string): string {
  return slugifyLibrary(title.replace(/&/g, ' and '), { lower: true, strict: true, trim: false, replacement: '-' })
    .replace(/-+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, '')
}

export interface SlugOwner {
  key: string
  title?: string | null
  seo_slug?: string | null
  deleted?: boolean
}

/** Another known post that already uses this slug, if any. */
export function slugTakenBy(slug: string, key: string, posts: readonly SlugOwner[]): SlugOwner | undefined {
  if (!slug) return undefined
  return posts.find((post) => post.key !== key && !post.deleted && post.seo_slug === slug)
}

/** The first of `slug-2`, `slug-3`… no known post uses. */
export function freeSlug(slug: string, key: string, posts: readonly SlugOwner[]): string {
  for (let n = 2; ; n++) {
    const candidate = `${slug.slice(0, MAX_LENGTH - String(n).length - 1)}-${n}`
    if (!slugTakenBy(candidate, key, posts)) return candidate
  }
}
