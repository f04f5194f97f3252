// The store's public site, as a reader sees it on the shop's own address (addresses.ts): the
// blog's posts at their `public_url` (`/blogs/<slug>`), the blog's index (`/blogs`), each
// collection (`/blogs/collections/<slug>`), and the pictures the data names (`/images/…`,
// images.ts). Only posts a reader may see are shown: visible, and visible from a time that has
// come (store time); any other address is a 404 page. A post's HTML is the writer's and is
// shown as it is stored, on a page whose Content-Security-Policy lets nothing in it run.
import type { Context } from 'hono'
import { imageUrls } from '../data/catalog'
import type { BlogRecord } from '../data/state'
import { escapeHtml } from '../oauth/pages'
import { collectionBlogs } from '../api/content-shape'
import type { RouteContext } from '../api/context'
import { shownText, type PublicOrigins } from './addresses'
import { ImageFiles } from './images'

/** Nothing in a page runs: no script (no source is allowed), no form posts, no plugin; pictures, video and embeds load. */
const PAGE_CSP = "default-src 'none'; img-src http: https: data:; media-src http: https:; frame-src https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const STYLE = `
body { margin: 0; font: 18px/1.6 Georgia, 'Times New Roman', serif; color: #222; background: #fbfaf7; }
header, footer { font: 15px/1.4 system-ui, sans-serif; padding: 16px 24px; background: #2f3a34; color: #f4f1ea; }
header a, footer a { color: inherit; }
main { max-width: 720px; margin: 0 auto; padding: 24px; }
h1 { font-size: 2.2rem; line-height: 1.2; margin: 0.4em 0; }
.meta { font: 14px system-ui, sans-serif; color: #5b5b5b; }
img, video, iframe { max-width: 100%; height: auto; }
.cover { width: 100%; border-radius: 6px; margin: 12px 0; }
.post-list { list-style: none; padding: 0; }
.post-list li { display: grid; grid-template-columns: 150px 1fr; gap: 16px; margin: 0 0 24px; }
.post-list img { width: 150px; height: 150px; object-fit: cover; border-radius: 4px; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 4px 8px; }
`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)} · Demo Store</title><style>${STYLE}</style></head>
<body>
<header><a href="/blogs">Demo Store · Journal</a></header>
<main>${body}</main>
<footer>The demo store’s public site, served by the demo store on this computer.</footer>
</body>
</html>`
}

function sendPage(c: Context, status: 200 | 404, title: string, body: string, origins: PublicOrigins) {
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Referrer-Policy', 'no-referrer')
  return c.html(shownText(page(title, body), origins), status)
}

function dateOf(blog: BlogRecord): string {
  const day = new Date(`${(blog.visible_at ?? blog.created_at).slice(0, 10)}T12:00:00Z`)
  return Number.isNaN(day.getTime()) ? '' : day.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

export function registerPublicSite({ app, data, hooks }: RouteContext): void {
  const images = new ImageFiles()
  const origins = () => hooks.publicOrigins()
  /** Visible, and visible from a time that has come (store-local text compares in time order). */
  const isPublic = (blog: BlogRecord) => blog.status === 2 && (blog.visible_at ?? '') <= data.clock.local(hooks.now())
  const coverOf = (blog: BlogRecord) => {
    const image = blog.cover_id === null ? undefined : data.image(blog.cover_id)
    return image ? { urls: imageUrls(image.name), alt: image.alt } : null
  }
  const notFound = (c: Context, what: string) =>
    sendPage(c, 404, 'Not found', `<h1>Not found</h1><p>${escapeHtml(what)}</p><p><a href="/blogs">All posts</a></p>`, origins())
  const listOf = (blogs: BlogRecord[]) =>
    `<ul class="post-list">${blogs.map((blog) => {
      const cover = coverOf(blog)
      return `<li>${cover ? `<img src="${cover.urls.thumbnail}" alt="">` : '<span></span>'}<div><h2><a href="/blogs/${escapeHtml(blog.seo_slug)}">${escapeHtml(blog.title)}</a></h2><p class="meta">${escapeHtml(dateOf(blog))}</p><p>${escapeHtml(blog.summary)}</p></div></li>`
    }).join('')}</ul>`

  app.get('/images/*', (c) => {
    const file = images.get(c.req.path.slice('/images'.length))
    if (!file) return c.text('There is no such picture on this store.', 404)
    c.header('Content-Type', file.type)
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(file.bytes.slice().buffer, 200)
  })

  app.get('/blogs', (c) => {
    const blogs = data.blogs.filter(isPublic).sort((a, b) => (b.visible_at ?? '').localeCompare(a.visible_at ?? '') || b.id - a.id)
    return sendPage(c, 200, 'Journal', `<h1>Journal</h1>${listOf(blogs)}`, origins())
  })

  app.get('/blogs/collections/:slug', (c) => {
    const collection = data.collections.find((col) => col.seo_slug === c.req.param('slug'))
    if (!collection) return notFound(c, 'There is no collection at this address.')
    const blogs = collectionBlogs(data, collection).filter(isPublic)
    return sendPage(c, 200, collection.title, `<h1>${escapeHtml(collection.title)}</h1><p>${escapeHtml(collection.description)}</p>${listOf(blogs)}`, origins())
  })

  app.get('/blogs/:slug', (c) => {
    const blog = data.blogs.find((b) => b.seo_slug === c.req.param('slug'))
    if (!blog || !isPublic(blog)) return notFound(c, 'There is no published post at this address.')
    const cover = coverOf(blog)
    const byline = [dateOf(blog), blog.author].filter(Boolean).join(' · ')
    return sendPage(
      c,
      200,
      blog.seo_title || blog.title,
      `<article><h1>${escapeHtml(blog.title)}</h1><p class="meta">${escapeHtml(byline)}</p>${cover ? `<img class="cover" src="${cover.urls.big}" alt="${escapeHtml(cover.alt)}">` : ''}${blog.content}</article>`,
      origins(),
    )
  })
}
