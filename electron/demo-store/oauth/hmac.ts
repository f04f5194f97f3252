// The demo store's HMAC signature on the redirects and launch links it sends an app
// (docs/demo-store-platform.md, "HMAC"): lowercase hex HMAC-SHA256 keyed with the client
// secret, over every other query parameter sorted by name and joined as `name=value` with `&`,
// values as they are (decoded, not URL-encoded). The app verifies with its own implementation.
import { createHmac } from 'node:crypto'

/** The signed message: every parameter except `hmac`, sorted by name, `name=value` joined with `&`. */
export function hmacMessage(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'hmac')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')
}

export function signParams(params: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(hmacMessage(params), 'utf8').digest('hex')
}

/** `base` with `params` and their `hmac` appended as its query string. */
export function signedUrl(base: string, params: Record<string, string>, secret: string): string {
  const url = new URL(base)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  url.searchParams.set('hmac', signParams(params, secret))
  return url.toString()
}
