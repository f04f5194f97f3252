// The store's request signature: a lowercase hex HMAC-SHA256, keyed with the app's client
// secret, over every query parameter except `hmac` itself, sorted by name and joined as
// `name=value` pairs with `&` (the procedure docs/demo-store.md writes down). Used for the
// OAuth redirect and the app_url launch link.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The exact text the store signs: `a=1&b=2`, parameters sorted by name, `hmac` left out. */
export function signedMessage(params: Iterable<readonly [string, string]>): string {
  return [...params]
    .filter(([name]) => name !== 'hmac')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
}

export function computeHmac(params: Iterable<readonly [string, string]>, secret: string): string {
  return createHmac('sha256', secret).update(signedMessage(params), 'utf8').digest('hex')
}

/**
 * Whether `params` carry a valid `hmac`. Compared in constant time; a value of the wrong
 * length or one that is not lowercase hex is refused before comparing, because
 * timingSafeEqual throws on unequal lengths.
 */
export function verifyHmac(params: Iterable<readonly [string, string]>, secret: string): boolean {
  const list = [...params]
  const given = list.find(([name]) => name === 'hmac')?.[1]
  if (given === undefined || !/^[0-9a-f]{64}$/.test(given)) return false
  const expected = Buffer.from(computeHmac(list, secret), 'utf8')
  const actual = Buffer.from(given, 'utf8')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
