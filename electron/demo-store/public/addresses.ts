// The store's public addresses. Its data keeps them as they would be on a real store's own
// domain (posts at `https://demo.storedesk.invalid/blogs/…`, pictures at
// `https://images.demo-store.invalid/…`), so a saved store works on whatever port it starts on.
// Every answer gives them as this running store serves them (site.ts): posts on its public site,
// `http://localhost:<port>/blogs/…`, and pictures from the store's own host, as from a CDN,
// `http://127.0.0.1:<port>/images/…` (the address an app's image policy allows for the loopback
// store). A body sent with those addresses is stored in the first form again, so a post keeps
// working after a restart on another port.
//
// The public site answers on `localhost`, apart from the API's `127.0.0.1`, as a real store's
// blog lives on its shop domain while apps call its API: a client that showed the connection's
// address where the store gave a `public_url` would be visibly wrong.
import type { MiddlewareHandler } from 'hono'
import { IMAGE_HOST, SHOP_URL } from '../data/catalog'
import type { DemoEnv } from '../http/env'

/** Where a running store serves its posts (`site`) and its pictures (`images`), as origins. */
export interface PublicOrigins {
  site: string
  images: string
}

/** The origins of a store listening on `shop` (`127.0.0.1:<port>`). */
export function publicOriginsOf(shop: string): PublicOrigins {
  return { site: `http://${shop.replace(/^127\.0\.0\.1(?=:|$)/, 'localhost')}`, images: `http://${shop}` }
}

/** The prefixes the data keeps and the ones clients see, in pairs. */
function pairs(origins: PublicOrigins): [stored: string, shown: string][] {
  return [[`${SHOP_URL}/blogs/`, `${origins.site}/blogs/`], [`${IMAGE_HOST}/`, `${origins.images}/images/`]]
}

/** Text as clients see it: the stored addresses as this store serves them. */
export function shownText(text: string, origins: PublicOrigins): string {
  let out = text
  for (const [stored, shown] of pairs(origins)) out = out.replaceAll(stored, shown)
  return out
}

/** Text as the data keeps it: this store's own addresses in their stored form. */
export function storedText(text: string, origins: PublicOrigins): string {
  let out = text
  for (const [stored, shown] of pairs(origins)) out = out.replaceAll(shown, stored)
  return out
}

/**
 * For the API and the image list: JSON answers carry this store's own addresses, and request
 * bodies (read by http/body.ts) are stored with the stored form.
 */
export function publicAddresses(origins: () => PublicOrigins): MiddlewareHandler<DemoEnv> {
  return async (c, next) => {
    const here = origins()
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
