// Sanitising blog HTML for the places it appears: kept inside the post (preserved blocks:
// only scripts, event handlers and script URLs go, everything else stays byte for byte), and
// shown, in the editor or the preview frame (features/blogs/preview-style.ts), with DOMPurify.
// Frames are replaced by labelled placeholders wherever HTML is shown, because the app's CSP
// allows only a few frame hosts and a blocked frame is just an error.
import DOMPurify from 'dompurify'

const KEEP_CONFIG = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'scrolling', 'target', 'loading', 'referrerpolicy', 'controls', 'poster', 'playsinline'],
  FORBID_ATTR: ['srcdoc'],
  FORCE_BODY: true,
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'poster', 'xlink:href', 'background'])
const SCRIPT_URL = /^\s*(javascript|vbscript|data:text\/html)/i

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
      const unsafe = lower.startsWith('on') || lower === 'srcdoc' || (URL_ATTRIBUTES.has(lower) && SCRIPT_URL.test(element.getAttribute(name) ?? ''))
      if (unsafe) element.removeAttribute(name)
    }
  }
  return template.innerHTML
}

function replaceFramesWithPlaceholders(root: ParentNode): void {
  for (const frame of Array.from(root.querySelectorAll('iframe'))) {
    const placeholder = document.createElement('div')
    placeholder.className = 'sd-embed'
    placeholder.setAttribute('role', 'note')
    placeholder.textContent = `Embedded frame: ${frame.getAttribute('title') ? `${frame.getAttribute('title')} — ` : ''}${frame.getAttribute('src') ?? ''}`
    frame.replaceWith(placeholder)
  }
}

/** A sanitised fragment to show inside the app (preserved blocks in the editor). */
export function sanitizeForDisplay(html: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, { ...KEEP_CONFIG, RETURN_DOM_FRAGMENT: true })
  replaceFramesWithPlaceholders(fragment)
  return fragment
}
