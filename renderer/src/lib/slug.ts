// A post's slug (the last part of its address on the store): made from the title until the
// writer changes it, normalised as it is typed (lower case, transliterated with the slugify
// library, single hyphens), and checked against the posts this device knows before publishing,
// so the store's "use lower-case letters…" and "is already taken" are caught here first.
import slugifyLibrary from 'slugify'

const MAX_LENGTH = 80

function base(text: string): string {
  return slugifyLibrary(text.replace(/&/g, ' and '), { lower: true, strict: true, trim: false, replacement: '-' })
    .replace(/-+/g, '-')
    .replace(/^-+/, '')
}

/** "Spring sale: 20% off!" → "spring-sale-20percent-off"; "Привет мир" → "privet-mir". */
export function slugify(title: string): string {
  return base(title).slice(0, MAX_LENGTH).replace(/-+$/, '')
}

/**
 * What the slug field shows as the writer types: the same rules, except that one hyphen at the
 * end stays, or "my-" could never become "my-post".
 */
export function normaliseTypedSlug(value: string): string {
  const typed = base(value).slice(0, MAX_LENGTH)
  return /[\s\-_]$/.test(value) && typed !== '' && !typed.endsWith('-') ? `${typed}-` : typed
}

/** The slug as it will be sent: no hyphen left dangling at the end. */
export function finishedSlug(value: string): string {
  return value.replace(/-+$/, '')
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
