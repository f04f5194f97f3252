// Sanitising blog HTML for the places it appears:
// - kept inside the post (preserved blocks, the export): only scripts, event handlers and script
//   URLs go, everything else stays byte for byte (sanitizeForKeeping, sanitizeForExport);
// - shown in the app's own document (a table's caption, an inline widget): DOMPurify, and nothing
//   that could restyle or cover the app: no <style>, no style=, no class= (the app's own classes
//   include fixed, full-window layers), no id= (sanitizeForDisplay);
// - shown apart from the app, in a document or shadow tree of its own where the post's look is
//   kept (the preview frame, preserved blocks in the editor): DOMPurify with styles and classes,
//   without the attributes that open a layer above the whole window (popovers, invoker commands)
//   (sanitizeForIsolatedView).
// Frames are replaced by labelled placeholders wherever HTML is shown, because the app's CSP
// allows only a few frame hosts and a blocked frame is just an error. The placeholder's words
// are the caller's (`FrameLabel`, in the app's language): this module imports nothing of the app.
import DOMPurify from 'dompurify'

/** The words of a frame's placeholder: its title (null when it has none) and its address. */
export type FrameLabel = (title: string | null, src: string) => string

/** Declarative ways to put an element in the top layer, above everything, with no script. */
const TOP_LAYER_ATTRIBUTES = ['popover', 'popovertarget', 'popovertargetaction', 'commandfor', 'command', 'interestfor']

const ISOLATED_CONFIG = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'scrolling', 'target', 'loading', 'referrerpolicy', 'controls', 'poster', 'playsinline'],
  FORBID_ATTR: ['srcdoc', ...TOP_LAYER_ATTRIBUTES],
  FORCE_BODY: true,
}

const APP_DOCUMENT_CONFIG = {
  ...ISOLATED_CONFIG,
  FORBID_TAGS: ['style'],
  FORBID_ATTR: [...ISOLATED_CONFIG.FORBID_ATTR, 'style', 'class', 'id'],
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'poster', 'xlink:href', 'background'])
const SCRIPT_URL = /^(javascript|vbscript|data:text\/html)/i

/**
 * True when a URL attribute's value would run a script. Read as a browser reads it: leading
 * control characters and spaces are dropped, and tabs and line breaks anywhere, so
 * `java\nscript:` is `javascript:`.
 */
function isScriptUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return SCRIPT_URL.test(value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''))
}

/**
 * Removes scripts, event handlers, `srcdoc` and script URLs; keeps every other element and
 * attribute unchanged. Not for display: DOMPurify rewrites more than a post can afford to lose,
 * so this is only used for HTML that is stored, never for HTML that is shown.
 */
export function sanitizeForKeeping(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  for (const script of Array.from(template.content.querySelectorAll('script'))) script.remove()
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase()
      const unsafe = lower.startsWith('on') || lower === 'srcdoc' || (URL_ATTRIBUTES.has(lower) && isScriptUrl(element.getAttribute(name) ?? ''))
      if (unsafe) element.removeAttribute(name)
    }
  }
  return template.innerHTML
}

/**
 * A post's HTML for a file of its own (the export): what sanitizeForKeeping keeps, without the
 * elements that act on the whole page rather than show something: `<meta http-equiv>` (a
 * refresh would send the reader elsewhere) and `<base>` (it would move every relative link).
 */
export function sanitizeForExport(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = sanitizeForKeeping(html)
  for (const element of Array.from(template.content.querySelectorAll('base, meta[http-equiv]'))) element.remove()
  return template.innerHTML
}

function replaceFramesWithPlaceholders(root: ParentNode, label: FrameLabel): void {
  for (const frame of Array.from(root.querySelectorAll('iframe'))) {
    const placeholder = document.createElement('div')
    placeholder.className = 'sd-embed'
    placeholder.setAttribute('role', 'note')
    placeholder.textContent = label(frame.getAttribute('title') || null, frame.getAttribute('src') ?? '')
    frame.replaceWith(placeholder)
  }
}

/** A sanitised fragment to show inside the app's own document: the post's words, none of its look. */
export function sanitizeForDisplay(html: string, frameLabel: FrameLabel): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, { ...APP_DOCUMENT_CONFIG, RETURN_DOM_FRAGMENT: true })
  replaceFramesWithPlaceholders(fragment, frameLabel)
  return fragment
}

/**
 * A sanitised fragment, its look kept, for a document or shadow tree of its own, which the
 * post's styles cannot leave (the preview frame, a preserved block's shadow root).
 */
export function sanitizeForIsolatedView(html: string, frameLabel: FrameLabel): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, { ...ISOLATED_CONFIG, RETURN_DOM_FRAGMENT: true })
  replaceFramesWithPlaceholders(fragment, frameLabel)
  return fragment
}
