// The shop address a user types into "Connect a store": an https URL, or plain http only
// for a store on this computer (127.0.0.1 / localhost) when testing locally. Normalised to
// scheme + host (+ path) with no trailing slash, so the same store is always named the same.
import { isWholeHost } from '@common/shop-host'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

import type { MessageKey } from '@/session/i18n'

export type ShopUrlCheck = { ok: true; url: string } | { ok: false; message: MessageKey }

export const SHOP_URL_MESSAGES = {
  empty: 'connect.url.empty',
  invalid: 'connect.url.invalid',
  insecureHttp: 'connect.url.insecureHttp',
  scheme: 'connect.url.scheme',
  credentials: 'connect.url.credentials',
  queryOrFragment: 'connect.url.queryOrFragment',
  noDomain: 'connect.url.noDomain',
} as const satisfies Record<string, MessageKey>

export function checkShopUrl(input: string): ShopUrlCheck {
  const text = input.trim()
  if (!text) return { ok: false, message: SHOP_URL_MESSAGES.empty }
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
  // Without a scheme, a store on this computer is assumed to speak http, any other https.
  const withScheme = hasScheme ? text : `${/^(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/i.test(text) ? 'http' : 'https'}://${text}`
  // The WHATWG URL parser (what zod's z.url() asks, without loading zod on the Connect page), so
  // `new URL` below cannot throw.
  if (!URL.canParse(withScheme)) return { ok: false, message: SHOP_URL_MESSAGES.invalid }
  const url = new URL(withScheme)
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) return { ok: false, message: SHOP_URL_MESSAGES.insecureHttp }
  } else if (url.protocol !== 'https:') {
    return { ok: false, message: SHOP_URL_MESSAGES.scheme }
  }
  if (!url.hostname || url.hostname.includes('..')) return { ok: false, message: SHOP_URL_MESSAGES.invalid }
  if (!isWholeHost(url.hostname)) return { ok: false, message: SHOP_URL_MESSAGES.noDomain }
  if (url.username || url.password) return { ok: false, message: SHOP_URL_MESSAGES.credentials }
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return { ok: false, message: SHOP_URL_MESSAGES.queryOrFragment }
  const path = url.pathname.replace(/\/+$/, '')
  return { ok: true, url: `${url.protocol}//${url.host}${path}` }
}
