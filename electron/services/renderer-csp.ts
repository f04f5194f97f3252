// The Content-Security-Policy both shells send as a header. The renderer's own
// `<meta http-equiv="Content-Security-Policy">` in the built index.html is the single
// source; the header repeats it and adds `frame-ancestors 'none'`, which a meta tag
// cannot carry. Pure string handling, so the Electron main can use it too.

/** Used only when the built renderer declares no policy of its own. */
export const FALLBACK_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

const META_TAG = /<meta\b[^>]*\bhttp-equiv\s*=\s*["']content-security-policy["'][^>]*>/i
const CONTENT_ATTRIBUTE = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i

/** The policy in the page's CSP meta tag, or null when it has none. */
export function extractMetaCsp(html: string): string | null {
  const tag = META_TAG.exec(html)?.[0]
  if (!tag) return null
  const match = CONTENT_ATTRIBUTE.exec(tag)
  const policy = (match?.[1] ?? match?.[2] ?? '').replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&').trim()
  return policy || null
}

/** The header value: the page's policy (or the fallback) with framing forbidden. */
export function headerCsp(indexHtml: string): string {
  const policy = (extractMetaCsp(indexHtml) ?? FALLBACK_CSP).replace(/;\s*$/, '')
  const withoutFrameAncestors = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^frame-ancestors\b/i.test(directive))
  return [...withoutFrameAncestors, "frame-ancestors 'none'"].join('; ')
}
