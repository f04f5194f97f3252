// The pictures a writer can insert without knowing their address: those this device has already
// seen from the store (post covers, pictures in the store's posts, product shots in cached orders
// and abandoned checkouts), one per address, each with words to search by. The API has no image
// library endpoint, so these are what the store is known to host.
import type { CachedBlog } from '@/data'
import { t } from '@/session/i18n'

export interface KnownImage {
  /** The address inserted into the post. */
  src: string
  /** A small version for the grid (the address itself when there is none). */
  thumbnail: string
  /** Alternative text the store already gives it ('' when none). */
  alt: string
  /** What it is, for the grid and the search: "Cover of “Picnic guide”", "Product: Stoneware Mug". */
  label: string
}

export interface ImageLike {
  url?: unknown
  thumbnail?: unknown
  medium?: unknown
  alt?: unknown
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** Covers first (the store's own library), then pictures used in posts, then product shots. */
export function knownImages(posts: readonly CachedBlog[], products: readonly ImageLike[]): KnownImage[] {
  const found = new Map<string, KnownImage>()
  const add = (image: KnownImage) => {
    if (/^https?:\/\//.test(image.src) && !found.has(image.src)) found.set(image.src, image)
  }
  for (const post of posts) {
    const cover = post.cover as ImageLike | null | undefined
    // The medium size suits a picture in the text; the full size is for the cover.
    const src = text(cover?.medium) || text(cover?.url)
    if (src) add({ src, thumbnail: text(cover?.thumbnail) || src, alt: '', label: t('editor.image.coverOf', { title: post.title || t('editor.seo.untitled') }) })
  }
  for (const post of posts) {
    for (const image of imagesInHtml(post.content ?? '')) add({ src: image.src, thumbnail: image.src, alt: image.alt, label: image.alt ? t('editor.image.inPost', { alt: image.alt }) : t('editor.image.inTitled', { title: post.title || t('editor.seo.untitled') }) })
  }
  for (const product of products) {
    const src = text(product.url)
    if (src) add({ src, thumbnail: text(product.thumbnail) || src, alt: text(product.alt), label: text(product.alt) ? t('editor.image.product', { name: text(product.alt) }) : t('editor.image.productUnnamed') })
  }
  return [...found.values()]
}

/** The images whose label, alt text or address holds every word of the search. */
export function searchImages(images: readonly KnownImage[], search: string): KnownImage[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  return images.filter((image) => {
    const haystack = `${image.label} ${image.alt} ${image.src}`.toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

const IMG_TAG = /<img\b[^>]*>/gi
const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : ''
}
const decodeEntities = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/**
 * `<img>` addresses and alt text in a post's HTML. Read from the text, not parsed into a
 * document: parsing a post with inline handlers makes Chromium report a (blocked) violation.
 */
export function imagesInHtml(html: string): { src: string; alt: string }[] {
  return [...html.matchAll(IMG_TAG)].map(([tag]) => ({ src: attribute(tag, 'src'), alt: attribute(tag, 'alt') })).filter((image) => image.src)
}
