// The blog's own look in the preview: a stylesheet per store, either CSS the writer pastes or one
// fetched from the blog's address (by the main process: the app's CSP lets the renderer fetch
// nothing else, electron/services/preview-stylesheet.ts), kept on this device as a store setting
// (session/settings.ts), so the preview keeps its style offline. Either way it is sanitised before
// it is kept and again before it is used, and applied only inside the sandboxed preview frame,
// after the neutral theme it refines. Sanitising removes what could reach out or run: @import
// (the frame has no origin of its own, so every import is another origin's, and the app's CSP
// would block it anyway), url()s and image-set() addresses other than https and data images
// (the frame shares the app's CSP, which lets images come from this computer for the demo store:
// a stylesheet must not use that to probe local services), IE expressions, behaviours and
// -moz-binding, and anything that could close the <style> element. CSS escapes could spell
// those in disguise; a stylesheet that still names one once escapes are decoded is refused whole.
// A fetched stylesheet's relative url()s are first made absolute against its address, so its
// images still show; they are then kept or removed by the same rules. previewDocument puts the
// post, the neutral theme and this stylesheet together into the frame's document.
import { ref, watch, type Ref } from 'vue'
import { z } from 'zod'
import { api } from '@/bridge'
import { readSetting, storeSetting, writeSetting } from '@/session/settings'
import { sanitizeForIsolatedView } from '@/lib/sanitize'
import { frameLabel } from './frame-label'
import { say, t, wordsOf } from '@/session/i18n'

/** Size limit, the same as for a fetched stylesheet: a whole theme fits; localStorage and the frame stay reasonable. */
export const MAX_PREVIEW_CSS = 512 * 1024

export interface SanitisedCss {
  css: string
  /** What was taken out, in words, for the writer. */
  removed: string[]
}

const SAFE_URL = /^\s*(["']?)\s*(https:\/\/|data:image\/(png|jpeg|gif|webp|avif);)/i
const URL_FUNCTION = /url\(\s*([^)]*)\)/gi
/** image-set() takes addresses as plain strings too; its url()s are handled as url()s. */
const IMAGE_SET = /(?:-webkit-)?image-set\(([^()]*(?:\([^()]*\)[^()]*)*)\)/gi
const QUOTED = /(["'])(.*?)\1/g

const unsafeImageSet = (inner: string) => [...inner.matchAll(QUOTED)].some(([, , target]) => !SAFE_URL.test(target ?? ''))
const hasUnsafeAddress = (css: string) => [...css.matchAll(URL_FUNCTION)].some(([, target]) => !SAFE_URL.test(target ?? '')) || [...css.matchAll(IMAGE_SET)].some(([, inner]) => unsafeImageSet(inner ?? ''))
const UNSAFE_URLS = 'url() addresses other than https and data images'
/** `behavior:` is IE's, not the end of `scroll-behavior:`. */
const DANGER = /@import|javascript:|vbscript:|expression\s*\(|-moz-binding|(?<![\w-])behaviou?r\s*:|<\/?style|<!--|-->/i

function decodeEscapes(css: string): string {
  return css
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_match, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd))
    .replace(/\\(.)/g, '$1')
}

export function sanitizePreviewCss(input: string): SanitisedCss {
  const removed = new Set<string>()
  let css = input.slice(0, MAX_PREVIEW_CSS)
  if (input.length > MAX_PREVIEW_CSS) removed.add(`everything after the first ${MAX_PREVIEW_CSS.toLocaleString('en')} characters`)
  // Comments go first, so that none can split a keyword (`@im/**/port`) past the checks below.
  css = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
  css = css.replace(/@import\b[^;]*(;|$)/gi, () => {
    removed.add('@import rules')
    return ''
  })
  css = css.replace(URL_FUNCTION, (whole, target: string) => {
    if (SAFE_URL.test(target)) return whole
    removed.add(UNSAFE_URLS)
    return 'none'
  })
  css = css.replace(IMAGE_SET, (whole, inner: string) => {
    if (!unsafeImageSet(inner)) return whole
    removed.add(UNSAFE_URLS)
    return 'none'
  })
  css = css.replace(/[\w-]*expression\s*\([^)]*\)/gi, () => {
    removed.add('expression()')
    return 'none'
  })
  css = css.replace(/(-moz-binding|(?<![\w-])behaviou?r)\s*:[^;}]*;?/gi, () => {
    removed.add('behaviours and bindings')
    return ''
  })
  css = css.replace(/<\/?style|<!--|-->/gi, () => {
    removed.add('HTML inside the CSS')
    return ''
  })
  const decoded = decodeEscapes(css)
  if (DANGER.test(decoded) || hasUnsafeAddress(decoded)) return { css: '', removed: ['the whole stylesheet: it hides a forbidden rule behind CSS escapes'] }
  return { css: css.trim(), removed: [...removed] }
}

/** Relative url()s of a stylesheet fetched from `base`, made absolute (others stay as written). */
export function resolveStylesheetUrls(css: string, base: string): string {
  return css.replace(/url\(\s*(["']?)([^"')]*)\1\s*\)/gi, (whole, quote: string, target: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target.trim()) || target.trim() === '') return whole
    try {
      return `url(${quote}${new URL(target.trim(), base).href}${quote})`
    } catch {
      return whole
    }
  })
}

/** A store's preview style: pasted CSS, or CSS fetched from an address (kept, for offline use). */
const PreviewStyle = z.discriminatedUnion('source', [
  z.object({ source: z.literal('pasted'), css: z.string() }),
  z.object({ source: z.literal('url'), url: z.string(), css: z.string(), fetchedAt: z.string() }),
])
export type PreviewStyleSetting = z.infer<typeof PreviewStyle>

/** Null is the neutral theme. Before a stylesheet could come from an address, pasted CSS was kept alone, as text. */
const PREVIEW_STYLE = storeSetting('blogPreviewStyle', PreviewStyle.nullable(), (): PreviewStyleSetting | null => null, (id) => [
  { key: `storedesk.blogPreviewStyle.${id}` },
  { key: `storedesk.blogPreviewCss.${id}`, decode: (css) => ({ source: 'pasted', css }) },
])

/** The store's preview style, its CSS sanitised again in case storage was edited by hand; null for the neutral theme. */
export function loadPreviewStyle(connectionId: string): PreviewStyleSetting | null {
  const setting = readSetting(PREVIEW_STYLE, connectionId)
  if (!setting) return null
  const css = sanitizePreviewCss(setting.css).css
  return css || setting.source === 'url' ? { ...setting, css } : null
}

/** Keeps pasted CSS, sanitised, for the store; '' goes back to the neutral theme. */
export function savePreviewCss(connectionId: string, css: string): SanitisedCss {
  const result = sanitizePreviewCss(css)
  writeSetting(PREVIEW_STYLE, result.css ? { source: 'pasted', css: result.css } : null, connectionId)
  return result
}

export type StylesheetLoad = { ok: true; setting: PreviewStyleSetting; removed: string[] } | { ok: false; message: string }

/** The main process's own opening of a refusal, left off where the catalog's message says it. */
const LOAD_FAILED = 'The stylesheet could not be loaded: '

/**
 * Fetches the stylesheet at `url` through the main process, sanitises it and keeps it for the
 * store with its address. On failure nothing changes: the previous style stays.
 */
export async function loadStylesheetFromUrl(connectionId: string | null, url: string, now: () => Date = () => new Date()): Promise<StylesheetLoad> {
  let fetched
  try {
    fetched = await api.blogs.fetchPreviewStylesheet(url.trim())
  } catch (error) {
    // A refusal carries its reason as a catalog message; any other failure is said as it came.
    const words = wordsOf(error)
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, message: t('editor.previewStyle.loadFailed', { reason: words ? say(words) : message.startsWith(LOAD_FAILED) ? message.slice(LOAD_FAILED.length) : message }) }
  }
  const result = sanitizePreviewCss(resolveStylesheetUrls(fetched.css, fetched.url))
  if (!result.css) return { ok: false, message: result.removed.length > 0 ? t('editor.previewStyle.sanitisedAway', { list: result.removed.join('; ') }) : t('editor.previewStyle.empty') }
  const setting: PreviewStyleSetting = { source: 'url', url: url.trim(), css: result.css, fetchedAt: now().toISOString() }
  if (connectionId) {
    try {
      writeSetting(PREVIEW_STYLE, setting, connectionId)
    } catch {
      return { ok: false, message: t('editor.previewStyle.noRoom') }
    }
  }
  return { ok: true, setting, removed: result.removed }
}

/** The active store's preview style, reloaded when the store changes. */
export function usePreviewCss(connectionId: () => string | null | undefined): {
  css: Ref<string>
  setting: Ref<PreviewStyleSetting | null>
  save: (css: string) => SanitisedCss
  loadFromUrl: (url: string) => Promise<StylesheetLoad>
} {
  const setting = ref<PreviewStyleSetting | null>(null)
  const css = ref('')
  const apply = (next: PreviewStyleSetting | null) => {
    setting.value = next
    css.value = next?.css ?? ''
  }
  watch(connectionId, (id) => apply(id ? loadPreviewStyle(id) : null), { immediate: true })
  return {
    css,
    setting,
    save: (next: string) => {
      const id = connectionId()
      const result = id ? savePreviewCss(id, next) : sanitizePreviewCss(next)
      apply(result.css ? { source: 'pasted', css: result.css } : null)
      return result
    },
    loadFromUrl: async (url: string) => {
      const id = connectionId() ?? null
      const result = await loadStylesheetFromUrl(id, url)
      // Kept for the store it was asked for; shown only if that store is still the active one.
      if (result.ok && (connectionId() ?? null) === id) apply(result.setting)
      return result
    },
  }
}

const PREVIEW_STYLES = `
  body { font: 16px/1.6 system-ui, sans-serif; max-width: 42rem; margin: 1.5rem auto; padding: 0 1rem; color: #1f2328; }
  img, video { max-width: 100%; height: auto; }
  table { border-collapse: collapse; } td, th { border: 1px solid #d0d7de; padding: .25rem .5rem; }
  blockquote { border-left: 3px solid #d0d7de; margin-left: 0; padding-left: 1rem; color: #57606a; }
  pre { background: #f6f8fa; padding: .75rem; overflow: auto; }
  .sd-embed { border: 1px dashed #8c959f; padding: 1rem; color: #57606a; }
`

/**
 * A complete, sanitised document for the preview frame's `srcdoc` (the frame is `sandbox=""`).
 * `css` is the store's preview stylesheet: sanitised here too, and placed after the neutral theme
 * so the blog's own rules win.
 */
export function previewDocument(title: string, html: string, css = ''): string {
  const fragment = sanitizeForIsolatedView(html, frameLabel)
  const container = document.createElement('div')
  container.append(fragment)
  const heading = document.createElement('h1')
  heading.textContent = title
  const blogStyle = css ? `<style>${sanitizePreviewCss(css).css}</style>` : ''
  return `<!doctype html><html><head><meta charset="utf-8"><style>${PREVIEW_STYLES}</style>${blogStyle}</head><body>${heading.outerHTML}${container.innerHTML}</body></html>`
}
