// Fetches a blog's stylesheet for the editor's preview, by its web address. The renderer cannot:
// its CSP allows no connection beyond its own origin, and widening that for any address a writer
// types would open it to everything else too. So the main process fetches, under narrow rules,
// and hands back plain text, which the renderer sanitises exactly as it does pasted CSS:
// - https only, to public addresses only: every host name is resolved and each of its addresses
//   must be public (not loopback, private, link-local, carrier-grade NAT, unspecified, multicast,
//   IPv4-mapped or NAT64), and the connection goes to the address that was checked, so a second
//   DNS answer cannot send it elsewhere. A page elsewhere must not make Storedesk read a service
//   on this computer or its network (a router, a cloud's metadata address).
// - The one exception is an address the writer types as this computer: 127.0.0.1, [::1] or
//   localhost (which must resolve to loopback), where the demo store and tests serve one; plain
//   http is allowed there. A redirect never leads to this computer or a private network.
// - No user name or password in the address, no cookies, nothing but `Accept: text/css` sent.
// - At most MAX_REDIRECTS redirects, each hop checked by the same rules.
// - One deadline for the whole exchange, body included; at most MAX_STYLESHEET_BYTES, counted as
//   they arrive (a missing or false Content-Length is not trusted).
// - The answer must say it is CSS (`text/css`).
// Failures come back as data: the reason in English for the log, and the same reason as a
// catalog message with plain arguments (stylesheetProblems.*), said in the app's language.
import { lookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP } from 'node:net'
import { Readable } from 'node:stream'
import type { IpcErrorData } from '../common/ipc-contract'
import type { FetchLike } from './api-client'

export const MAX_STYLESHEET_BYTES = 512 * 1024
export const STYLESHEET_TIMEOUT_MS = 10_000
export const MAX_REDIRECTS = 3

export interface FetchedStylesheet {
  /** The address the CSS finally came from (after redirects), to resolve its relative url()s against. */
  url: string
  css: string
}

export type StylesheetResult = { ok: true; value: FetchedStylesheet } | { ok: false; error: IpcErrorData }

const PREFIX = 'The stylesheet could not be loaded: '
type Words = NonNullable<IpcErrorData['words']>
/** Why, in English and as the catalog's message (stylesheetProblems.<key>). */
type Reason = { english: string; key: string; params?: NonNullable<Words['params']> }
const reason = (english: string, key: string, params?: Reason['params']): Reason => ({ english, key: `stylesheetProblems.${key}`, params })
const failure = (code: IpcErrorData['code'], why: Reason): StylesheetResult => ({
  ok: false,
  error: { code, message: `${PREFIX}${why.english}`, words: { key: why.key, ...(why.params ? { params: why.params } : {}) } },
})

/** Addresses that are not on the public internet. */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches this computer
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address, private ones included, behind a gateway
  ['64:ff9b:1::', 48],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

/**
 * IPv4-mapped IPv6 (::ffff:a.b.c.d), refused whatever the IPv4 address: kept apart because a
 * BlockList matches every IPv4 address against an IPv6 rule for this range.
 */
const IPV4_MAPPED = new BlockList()
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6')

/** True for an IP address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4')
  return family === 6 && !NOT_PUBLIC.check(address, 'ipv6') && !IPV4_MAPPED.check(address, 'ipv6')
}

export interface ResolvedAddress {
  address: string
  family: number
}

/** A host name's addresses (the system's resolver by default). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>
const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true })

/** The host as an address or a name: no IPv6 brackets, no trailing dot, lower case. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase()
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** An address the writer typed as this computer (the demo store, tests): the one exception. */
const TYPED_LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]'])

const CREDENTIALS = 'addresses with a user name or password are not used.'
const HTTPS_ONLY = 'only https addresses can be used (plain http only on this computer, at 127.0.0.1 or localhost).'

/** Why an address may not be fetched, whatever it resolves to, or null when it may be tried. */
function refusal(url: URL, typedLocal: boolean): 'credentials' | 'httpsOnly' | null {
  if (url.username || url.password) return 'credentials'
  if (url.protocol === 'https:' || (url.protocol === 'http:' && typedLocal)) return null
  return 'httpsOnly'
}
const REFUSAL_ENGLISH = { credentials: CREDENTIALS, httpsOnly: HTTPS_ONLY } as const

type Checked = { ok: true; address: ResolvedAddress } | { ok: false; reason: Reason }

/** A host that is this computer or a private network; `address` is what its name resolved to. */
const privateHost = (host: string, address?: string): Reason =>
  reason(`${host} is on this computer or a private network${address ? ` (${address})` : ''}. Use the blog’s public address.`, 'privateHost', { host, address: address ?? 'none' })

/**
 * The address to connect to for `url`: one the writer typed as this computer, or a public one
 * (every address the name resolves to must be public, or none is used).
 */
async function checkAddress(url: URL, typedLocal: boolean, resolve: Resolver): Promise<Checked> {
  const host = hostOf(url)
  const loopbackOnly = typedLocal && host === 'localhost'
  let addresses: ResolvedAddress[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else if (isLocalName(host) && !loopbackOnly) return { ok: false, reason: privateHost(host) }
  else addresses = await resolve(host)
  if (addresses.length === 0) throw new Error(`${host} has no address`)
  if (typedLocal) {
    const loopback = addresses.every(({ address }) => LOOPBACK.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4'))
    return loopback ? { ok: true, address: addresses[0]! } : { ok: false, reason: privateHost(host, addresses[0]!.address) }
  }
  const hidden = addresses.find(({ address }) => !isPublicAddress(address))
  return hidden ? { ok: false, reason: privateHost(host, isIP(host) ? undefined : hidden.address) } : { ok: true, address: addresses[0]! }
}

/**
 * One GET of `url` over a connection to `address`, which was checked: the host name still goes
 * into the Host header and the TLS handshake, but is not looked up again.
 */
export function pinnedRequest(url: URL, address: ResolvedAddress, init: { headers: Record<string, string>; signal: AbortSignal }): Promise<Response> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'GET',
        headers: init.headers,
        signal: init.signal,
        agent: false,
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [address])
          else callback(null, address.address, address.family)
        },
      },
      (response: IncomingMessage) => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one)
        }
        const status = response.statusCode ?? 502
        const empty = status === 204 || status === 205 || status === 304
        if (empty) response.resume()
        resolve(new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), { status, statusText: response.statusMessage ?? '', headers }))
      },
    )
    request.on('error', reject)
    request.end()
  })
}

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString('en')} KB`
}

/** Reads at most `limit` bytes of the body; null when it is longer. */
async function readCapped(response: Response, limit: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

export interface StylesheetFetchOptions {
  /** Resolves host names; the system's resolver by default. */
  resolve?: Resolver
  /** Sends each request instead of a connection to the checked address (unit tests). */
  fetch?: FetchLike
  timeoutMs?: number
  maxBytes?: number
}

export async function fetchPreviewStylesheet(address: string, options: StylesheetFetchOptions = {}): Promise<StylesheetResult> {
  const resolve = options.resolve ?? systemResolver
  const send = (url: URL, to: ResolvedAddress, signal: AbortSignal): Promise<Response> =>
    options.fetch
      ? options.fetch(url.href, { method: 'GET', headers: { Accept: 'text/css' }, redirect: 'manual', credentials: 'omit', signal })
      : pinnedRequest(url, to, { headers: { Accept: 'text/css' }, signal })
  const timeoutMs = options.timeoutMs ?? STYLESHEET_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? MAX_STYLESHEET_BYTES

  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return failure('bad_request', reason('that is not a web address. Enter it like https://blog.example.com/theme.css.', 'notAddress'))
  }
  const typedLocal = TYPED_LOCAL.has(url.hostname.toLowerCase())
  const refused = refusal(url, typedLocal)
  if (refused) return failure('bad_request', reason(REFUSAL_ENGLISH[refused], refused))

  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    let checked = await checkAddress(url, typedLocal, resolve)
    if (!checked.ok) return failure('bad_request', checked.reason)
    for (let hop = 0; ; hop++) {
      const response = await send(url, checked.address, controller.signal)
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location')
        await response.body?.cancel().catch(() => undefined)
        if (!location) return failure('invalid_response', reason(`the address answered ${response.status} without saying where the stylesheet went.`, 'movedNowhere', { status: response.status }))
        if (hop >= MAX_REDIRECTS) return failure('invalid_response', reason(`the address moved it more than ${MAX_REDIRECTS} times.`, 'movedTooOften', { n: MAX_REDIRECTS }))
        const next = new URL(location, url)
        // A redirect is never the writer's own choice: it may lead to public addresses only.
        const nextChecked = next.username || next.password || (next.protocol !== 'https:' && next.protocol !== 'http:') ? null : await checkAddress(next, false, resolve)
        if (nextChecked && !nextChecked.ok) return failure('bad_request', reason(`it moved to ${next.origin}, an address on this computer or a private network, which Storedesk does not follow.`, 'movedPrivate', { origin: next.origin }))
        const nextRefused = refusal(next, false)
        if (nextRefused) return failure('bad_request', reason(`it moved to ${next.origin}, and ${REFUSAL_ENGLISH[nextRefused]}`, 'movedRefused', { origin: next.origin, why: nextRefused }))
        url = next
        checked = nextChecked!
        continue
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        const answered = reason(`the address answered ${response.status}${response.statusText ? ` (${response.statusText})` : ''}.`, 'answered', { status: response.status, text: response.statusText || 'none' })
        return failure(response.status >= 500 ? 'server' : response.status === 404 ? 'not_found' : 'invalid_response', answered)
      }
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (type !== 'text/css') {
        await response.body?.cancel().catch(() => undefined)
        return failure('invalid_response', reason(`the address sent ${type ? `“${type}”` : 'something without a type'}, not a stylesheet (text/css).`, 'notCss', { type: type || 'none' }))
      }
      const declared = Number(response.headers.get('content-length'))
      const tooLarge = failure('payload_too_large', reason(`it is larger than ${kilobytes(maxBytes)}.`, 'tooLarge', { kb: Math.round(maxBytes / 1024) }))
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined)
        return tooLarge
      }
      const body = await readCapped(response, maxBytes)
      if (body === null) return tooLarge
      return { ok: true, value: { url: url.href, css: new TextDecoder('utf-8').decode(body) } }
    }
  } catch {
    if (controller.signal.aborted) {
      const seconds = Math.max(1, Math.round(timeoutMs / 1000))
      return failure('timeout', reason(`the address did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`, 'timedOut', { seconds }))
    }
    return failure('network', reason('the address could not be reached. Check the address and the connection.', 'unreachable'))
  } finally {
    clearTimeout(timer)
  }
}
