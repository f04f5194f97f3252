// The app:// scheme the Electron shell loads its renderer from (Electron's security
// checklist: a privileged custom protocol instead of file://, so the page has a real origin
// and cannot read other local files by relative URL). Owns the scheme's privileges, the
// app's entry URL and origin, and the mapping from a request URL to a file in the built
// renderer folder, refusing anything outside it. Pure, so it is unit-tested under Node;
// index.ts only registers it with Electron.
import { extname, resolve, sep } from 'node:path'

export const APP_SCHEME = 'app'
export const APP_HOST = 'storedesk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** What the window loads, and the only page IPC senders and navigation may show. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/`

/**
 * standard: parsed like http (origin, relative URLs, storage for IndexedDB); secure: a secure
 * context, like https; supportFetchAPI: the renderer's own assets load through fetch.
 * Nothing more: no CORS for other origins, no bypass of the CSP.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

export type AppRequest = { ok: true; file: string } | { ok: false; status: 400 | 404 }

/** The file in `rendererDir` that an app:// request names, or why there is none. */
export function resolveAppRequest(requestUrl: string, rendererDir: string): AppRequest {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return { ok: false, status: 400 }
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) return { ok: false, status: 404 }
  let path: string
  try {
    path = decodeURIComponent(url.pathname || '/')
  } catch {
    return { ok: false, status: 400 }
  }
  // An encoded separator or dot segment only decodes here, after the URL parser normalised
  // the path: the containment check below is what keeps a request inside the folder.
  if (path.includes('\0') || path.includes('\\')) return { ok: false, status: 404 }
  const root = resolve(rendererDir)
  const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`)
  if (!file.startsWith(root + sep)) return { ok: false, status: 404 }
  return { ok: true, file }
}

/** Headers of a served file: its type, never sniffed, and the renderer's CSP. */
export function appResponseHeaders(file: string, csp: string): Record<string, string> {
  return {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': csp,
  }
}
