// The blog's own look in the preview: a stylesheet per store (CSS the writer pastes, kept on this
// device in localStorage like the order views), sanitised before it is kept and again before it
// is used, and applied only inside the sandboxed preview frame, after the neutral theme it
// refines. Sanitising removes what could reach out or run: @import (the frame has no origin of
// its own, so every import is another origin's, and the app's CSP would block it anyway),
// url()s other than http(s) and data images, IE expressions, behaviours and -moz-binding, and
// anything that could close the <style> element. CSS escapes could spell those in disguise; a
// stylesheet that still names one once escapes are decoded is refused whole.
import { ref, watch, type Ref } from 'vue'

/** Size limit: a theme is a few kilobytes; this keeps localStorage and the frame reasonable. */
export const MAX_PREVIEW_CSS = 100_000

export interface SanitisedCss {
  css: string
  /** What was taken out, in words, for the writer. */
  removed: string[]
}

const SAFE_URL = /^\s*(["']?)\s*(https?:\/\/|data:image\/(png|jpeg|gif|webp|avif);)/i
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
  css = css.replace(/url\(\s*([^)]*)\)/gi, (whole, target: string) => {
    if (SAFE_URL.test(target)) return whole
    removed.add('url() addresses other than http(s) and data images')
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
  if (DANGER.test(decodeEscapes(css))) return { css: '', removed: ['the whole stylesheet: it hides a forbidden rule behind CSS escapes'] }
  return { css: css.trim(), removed: [...removed] }
}

function storageKey(connectionId: string): string {
  return `storedesk.blogPreviewCss.${connectionId}`
}

/** The store's preview stylesheet ('' for the neutral theme), sanitised again in case storage was edited by hand. */
export function loadPreviewCss(connectionId: string, storage: Storage = localStorage): string {
  return sanitizePreviewCss(storage.getItem(storageKey(connectionId)) ?? '').css
}

/** Keeps the sanitised stylesheet for the store; '' goes back to the neutral theme. */
export function savePreviewCss(connectionId: string, css: string, storage: Storage = localStorage): SanitisedCss {
  const result = sanitizePreviewCss(css)
  if (result.css) storage.setItem(storageKey(connectionId), result.css)
  else storage.removeItem(storageKey(connectionId))
  return result
}

/** The active store's preview stylesheet, reloaded when the store changes. */
export function usePreviewCss(connectionId: () => string | null | undefined): { css: Ref<string>; save: (css: string) => SanitisedCss } {
  const css = ref('')
  watch(connectionId, (id) => { css.value = id ? loadPreviewCss(id) : '' }, { immediate: true })
  return {
    css,
    save: (next: string) => {
      const id = connectionId()
      const result = id ? savePreviewCss(id, next) : sanitizePreviewCss(next)
      css.value = result.css
      return result
    },
  }
}
