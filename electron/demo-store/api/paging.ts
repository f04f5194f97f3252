// The pagination envelope (meta + links) and its two shapes: `data` beside meta/links
// (blogs, blogs of a collection, orders) and `data` nested inside links (collection list).
import type { Context } from 'hono'

export interface Envelope<T> {
  data: T[]
  meta: { current_page: number; from: number | null; last_page: number; path: string; per_page: number; to: number | null; total: number }
  links: { first: string | null; last: string | null; prev: string | null; next: string | null }
}

/** Builds meta/links for one page; links keep the request's other query parameters. */
export function envelope<T>(c: Context, items: T[], page: number, perPage: number, total: number): Envelope<T> {
  const url = new URL(c.req.url)
  const path = `${url.origin}${url.pathname}`
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const link = (n: number) => {
    const u = new URL(url)
    u.searchParams.set('page', String(n))
    return u.toString()
  }
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null
  return {
    data: items,
    meta: { current_page: page, from, last_page: lastPage, path, per_page: perPage, to: from === null ? null : from + items.length - 1, total },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  }
}

/** A list answered whole when `page` is omitted (blog list, blogs of a collection): one page of everything. */
export function wholeList<T>(c: Context, items: T[]): Envelope<T> {
  const env = envelope(c, items, 1, Math.max(1, items.length), items.length)
  const url = new URL(c.req.url)
  const self = url.toString()
  return { ...env, links: { first: self, last: self, prev: null, next: null } }
}

export function pageOf<T>(items: T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage)
}
