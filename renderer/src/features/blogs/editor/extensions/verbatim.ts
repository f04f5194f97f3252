// Nodes that keep a piece of the store's HTML exactly as written, because the editor's own
// nodes cannot hold it without changing it: code whose `<pre>` holds more than plain text
// (syntax highlighting, line breaks as `<br>`, paragraphs), inline widgets (`<meter>`,
// `<progress>`) and the scripts of known embed providers (Gist, Twitter/X, Instagram, Amazon...).
// Each is an atom shown as a card, sanitised with DOMPurify for display: code with its
// highlighting, apart from the app (isolated-html.ts); a widget inside a line as plain markup,
// without the post's styles; scripts never run in the editor, they are only written back where
// they were.
import { Node } from '@tiptap/core'
import { sanitizeForDisplay, sanitizeForKeeping } from '@/lib/sanitize'
import { frameLabel } from '../../frame-label'
import { isolatedHtml } from '../isolated-html'
import { DROPPED_TAG } from './preserve'
import { keepLeadingNewline } from '../pre-newline'
import { t } from '@/session/i18n'

/** Hosts whose scripts turn markup next to them into an embed on the published post. */
const EMBED_SCRIPT_HOSTS = [
  'gist.github.com', 'platform.twitter.com', 'platform.x.com', 'www.instagram.com', 'connect.facebook.net',
  'amazon-adsystem.com', 'www.tiktok.com', 'cpwebassets.codepen.io', 'static.codepen.io', 'assets.pinterest.com',
  'embed.reddit.com', 's.imgur.com', 'embedr.flickr.com', 'widgets.wp.com',
]

/** The provider's host when `element` is an external script of a known embed provider. */
export function embedScriptHost(element: Element): string | null {
  if (element.tagName.toLowerCase() !== 'script' || (element.textContent ?? '').trim() !== '') return null
  if (element.getAttributeNames().some((name) => name.toLowerCase().startsWith('on'))) return null
  const src = element.getAttribute('src')
  if (!src) return null
  try {
    const url = new URL(src, 'https://invalid.example')
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    return EMBED_SCRIPT_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)) ? url.hostname : null
  } catch {
    return null
  }
}

/** True when a `<pre>` is plain code the code block keeps character for character. */
export function isPlainCode(pre: Element): boolean {
  const children = Array.from(pre.childNodes)
  const onlyText = (nodes: ChildNode[]) => nodes.every((node) => node.nodeType === 3)
  if (onlyText(children)) return true
  const elements = children.filter((node) => node.nodeType !== 3)
  const code = elements[0] as Element | undefined
  if (elements.length !== 1 || code?.nodeType !== 1 || code.tagName.toLowerCase() !== 'code') return false
  const names = code.getAttributeNames()
  const languageOnly = names.length === 0 || (names.length === 1 && /^language-\S+$/.test(code.getAttribute('class') ?? ''))
  return languageOnly && onlyText(Array.from(code.childNodes))
}

function elementFromHtml(html: string): Element | null {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content.firstElementChild
}

/** A labelled card; a block's body keeps its look in isolation, an inline widget's is plain markup. */
function card(className: string, label: string, html: string, tag: 'div' | 'span' = 'div'): HTMLElement {
  const dom = document.createElement(tag)
  dom.className = className
  dom.setAttribute('contenteditable', 'false')
  dom.title = label
  if (tag === 'div') {
    const caption = document.createElement('div')
    caption.className = 'sd-preserved-label'
    caption.textContent = label
    dom.append(caption, isolatedHtml(html, 'sd-verbatim-body'))
  } else {
    const body = document.createElement(tag)
    body.className = 'sd-verbatim-body'
    body.append(sanitizeForDisplay(html, frameLabel))
    dom.append(body)
  }
  return dom
}

/** A `<pre>` that is more than plain text, kept exactly (its text and its highlighting). */
export const VerbatimCode = Node.create({
  name: 'verbatimCode',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return { html: { default: '', rendered: false } }
  },

  parseHTML() {
    return [{
      tag: 'pre',
      priority: 60,
      getAttrs: (element: HTMLElement) => {
        if (isPlainCode(element)) return false
        const copy = element.cloneNode(true) as Element
        keepLeadingNewline(copy)
        return { html: sanitizeForKeeping(copy.outerHTML) }
      },
    }]
  },

  renderHTML({ node }) {
    return elementFromHtml(String(node.attrs.html)) ?? ['pre']
  },

  addNodeView() {
    return ({ node }) => ({ dom: card('sd-preserved-block sd-verbatim-code', t('editor.kept.code'), String(node.attrs.html)) })
  },
})

/** `<meter>` and `<progress>`: small widgets inside a line of text. */
export const InlineWidget = Node.create({
  name: 'inlineWidget',
  group: 'inline',
  inline: true,
  atom: true,

  addAttributes() {
    return { html: { default: '', rendered: false } }
  },

  parseHTML() {
    return ['meter', 'progress'].map((tag) => ({ tag, getAttrs: (element: HTMLElement) => ({ html: sanitizeForKeeping(element.outerHTML) }) }))
  },

  renderHTML({ node }) {
    return elementFromHtml(String(node.attrs.html)) ?? ['span']
  },

  renderText: () => '',

  addNodeView() {
    return ({ node }) => ({ dom: card('sd-inline-widget', t('editor.kept.inline'), String(node.attrs.html), 'span') })
  },
})

/** The script of a known embed provider: written back as it was, shown as a card. */
export const ScriptEmbed = Node.create({
  name: 'scriptEmbed',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return { html: { default: '', rendered: false }, host: { default: '', rendered: false } }
  },

  parseHTML() {
    return [{
      tag: 'script',
      getAttrs: (element: HTMLElement) => {
        const host = embedScriptHost(element)
        return host ? { html: element.outerHTML, host } : false
      },
    }]
  },

  renderHTML({ node }) {
    const element = elementFromHtml(String(node.attrs.html))
    // Checked again: only a script that passed the same test when it was parsed is written.
    return element && embedScriptHost(element) ? element : [DROPPED_TAG]
  },

  addNodeView() {
    return ({ node }) => ({ dom: card('sd-embed', t('editor.kept.embed', { host: String(node.attrs.host) }), '') })
  },
})
