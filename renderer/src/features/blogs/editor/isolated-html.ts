// A piece of the store's HTML shown with its own look (a preserved block, highlighted code) but
// apart from the app. Its styles go into a shadow root, where they match nothing outside it; the
// shadow's host sits in a box that contains layout and paint, so nothing inside (position: fixed,
// a z-index, a :host rule, which reaches only the host) is laid out or painted past the box. The
// box is the app's own element, which no selector in the shadow can reach. Links and forms in it
// do nothing: the block is shown, not used (the HTML source view edits it).
import { sanitizeForIsolatedView } from '@/lib/sanitize'
import { frameLabel } from '../frame-label'

/** The editor's own look for what it shows (editor.css does not reach into the shadow root). */
const BASE_STYLE = `
:host { display: block; }
img, video, svg, canvas { max-width: 100%; height: auto; }
pre { white-space: pre-wrap; margin: 0; background: rgba(128, 128, 128, 0.12); padding: 0.75rem; border-radius: 4px; }
`

export function isolatedHtml(html: string, className: string): HTMLElement {
  const box = document.createElement('div')
  box.className = className
  // Set here, not in the stylesheet: this is the wall the block's styles must not cross.
  box.style.contain = 'layout paint'
  box.style.isolation = 'isolate'
  const host = document.createElement('div')
  const shadow = host.attachShadow({ mode: 'open' })
  const base = document.createElement('style')
  base.textContent = BASE_STYLE
  shadow.append(base, sanitizeForIsolatedView(html, frameLabel))
  box.append(host)
  const inert = (event: Event) => {
    if (event.type === 'submit' || event.composedPath().some((target) => target instanceof Element && target.matches('a[href], area[href]'))) event.preventDefault()
  }
  box.addEventListener('click', inert)
  box.addEventListener('submit', inert)
  return box
}
