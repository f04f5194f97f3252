// Whether a store address names a whole host. A store on the web has a dotted domain
// (acme.example.com) or an IP address; a bare word ("acme") would send the user to a consent
// page that never loads. Shared by the Connect form (a message as the user types) and the
// main process (oauth.ts's normaliseShopUrl, which has the last word).

const LOOPBACK_NAMES = new Set(['localhost'])

export function isWholeHost(hostname: string): boolean {
  if (LOOPBACK_NAMES.has(hostname.toLowerCase()) || hostname.startsWith('[')) return true
  const labels = hostname.split('.')
  const last = labels[labels.length - 1] ?? ''
  return labels.length >= 2 && labels.every((label) => label.length > 0) && /^([a-z]{2,}|xn--[a-z0-9-]+|\d+)$/i.test(last)
}
