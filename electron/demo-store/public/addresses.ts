// The store's public addresses. Its data keeps them as they would be on a real store's own
// domain (posts at `https://demo.storedesk.invalid/blogs/…`, pictures at
// `https://images.demo-store.invalid/…`), so a saved store works on whatever port it starts on.
// Every answer gives them as this running store's public site, which serves them (site.ts):
// `http://localhost:<port>/blogs/…` and `http://localhost:<port>/images/…`. A body sent with
// those addresses is stored in the first form again, so a post keeps working after a restart.
//
// The public site answers on `localhost`, apart from the API's `127.0.0.1`, as a real store's
// blog lives on its shop domain while apps call its API: a client that showed the connection's
// address where the store gave a `public_url` would be visibly wrong.
import type { MiddlewareHandler } from 'hono'
import { IMAGE_HOST, SHOP_URL } from '../data/catalog'
import type { DemoEnv } from '../http/env'

/** The public site's origin for a store listening on `shop` (`127.0.0.1:<port>`). */
export function publicOriginOf(shop: string): string {
  return `http://${shop.replace(/^127\.0\.0\.1(?=:|$)/, 'localhost')}`
}

/** The prefixes the data keeps and the ones clients see, in pairs. */
function pairs(origin: string): [stored: string, shown: string][] {
  return [[`${SHOP_URL}/blogs/`, `${origin}/blogs/`], [`${IMAGE_HOST}/`, `${origin}/images/`]]
}

/** Text as clients see it: the stored addresses as this store's public site. */
export function shownText(text: string, origin: string): string {
  let out = text
  for (const [stored, shown] of pairs(origin)) out = out.replaceAll(stored, shown)
  return out
}

/** Text as the data keeps it: this store's public site addresses in their stored form. */
export function storedText(text: string, origin: string): string {
  let out = text
  for (const [stored, shown] of pairs(origin)) out = out.replaceAll(shown, stored)
  return out
}

/**
 * For the API and the image list: JSON answers carry the public site's addresses, and request
 * bodies (read by http/body.ts) are stored with the stored form.
 */
export function publicAddresses(origin: () => string): MiddlewareHandler<DemoEnv> {
  return async (c, next) => {
    const here = origin()
    c.set('storedText', (text) => storedText(text, here))
    await next()
    if (!/^application\/json/i.test(c.res.headers.get('content-type') ?? '')) return
    const { status, headers } = c.res
    const text = await c.res.text()
    const shown = new Headers(headers)
    shown.delete('content-length')
    // Cleared first: Hono would otherwise copy the old answer's headers over the new one.
    c.res = undefined
    c.res = new Response(shownText(text, here), { status, headers: shown })
  }
}
