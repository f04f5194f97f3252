// Fetches a blog's stylesheet for the editor's preview, by its web address. The renderer cannot:
// its CSP allows no connection beyond its own origin, and widening that for any address a writer
// types would open it to everything else too. So the main process fetches, under narrow rules,
// and hands back plain text, which the renderer sanitises exactly as it does pasted CSS:
// - https only; plain http only for this computer (127.0.0.1, localhost, [::1]), where the demo
//   store and tests serve one. No user name or password in the address, no cookies (Node's fetch
//   keeps none), nothing but `Accept: text/css` sent.
// - at most MAX_REDIRECTS redirects, each hop checked by the same rules, and never from another
//   computer to this one (a page elsewhere must not make Storedesk read a local service);
// - one deadline for the whole exchange, body included; at most MAX_STYLESHEET_BYTES, counted as
//   they arrive (a missing or false Content-Length is not trusted);
// - the answer must say it is CSS (`text/css`).
// Failures come back as data with the reason in the writer's words.
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
const failure = (code: IpcErrorData['code'], reason: string): StylesheetResult => ({ ok: false, error: { code, message: `${PREFIX}${reason}` } })

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
const isLoopback = (url: URL) => LOOPBACK_HOSTS.has(url.hostname.toLowerCase())

/** Why an address may not be fetched, or null when it may. */
function refusal(url: URL): string | null {
  if (url.username || url.password) return 'addresses with a user name or password are not used.'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:' && isLoopback(url)) return null
  return 'only https addresses can be used (plain http only on this computer, at 127.0.0.1 or localhost).'
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
  fetch?: FetchLike
  timeoutMs?: number
  maxBytes?: number
}

export async function fetchPreviewStylesheet(address: string, options: StylesheetFetchOptions = {}): Promise<StylesheetResult> {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? STYLESHEET_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? MAX_STYLESHEET_BYTES

  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return failure('bad_request', 'that is not a web address. Enter it like https://blog.example.com/theme.css.')
  }
  const refused = refusal(url)
  if (refused) return failure('bad_request', refused)
  const startedOnThisComputer = isLoopback(url)

  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetchImpl(url.href, {
        method: 'GET',
        headers: { Accept: 'text/css' },
        redirect: 'manual',
        credentials: 'omit',
        signal: controller.signal,
      })
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location')
        await response.body?.cancel().catch(() => undefined)
        if (!location) return failure('invalid_response', `the address answered ${response.status} without saying where the stylesheet went.`)
        if (hop >= MAX_REDIRECTS) return failure('invalid_response', `the address moved it more than ${MAX_REDIRECTS} times.`)
        const next = new URL(location, url)
        const nextRefused = refusal(next) ?? (!startedOnThisComputer && isLoopback(next) ? 'an address elsewhere may not send Storedesk to one on this computer.' : null)
        if (nextRefused) return failure('bad_request', `it moved to ${next.origin}, and ${nextRefused}`)
        url = next
        continue
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        return failure(response.status >= 500 ? 'server' : response.status === 404 ? 'not_found' : 'invalid_response', `the address answered ${response.status}${response.statusText ? ` (${response.statusText})` : ''}.`)
      }
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (type !== 'text/css') {
        await response.body?.cancel().catch(() => undefined)
        return failure('invalid_response', `the address sent ${type ? `“${type}”` : 'something without a type'}, not a stylesheet (text/css).`)
      }
      const declared = Number(response.headers.get('content-length'))
      const tooLarge = failure('payload_too_large', `it is larger than ${kilobytes(maxBytes)}.`)
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
      return failure('timeout', `the address did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`)
    }
    return failure('network', 'the address could not be reached. Check the address and the connection.')
  } finally {
    clearTimeout(timer)
  }
}
