// Preservation extensions: they let the editor keep HTML that other editors wrote and that the
// blog blocks alone cannot represent. Global attributes (style, class, id, data-*, dir, lang...)
// survive on every node and mark; containers (div, section...), figures, iframes and unknown
// inline elements keep their tags; block elements the editor cannot edit (dl, details, video...)
// are kept verbatim as non-editable "preserved HTML" blocks. Markers named `data-sd-*` are
// internal: serialize.ts turns them back into the original structure and strips them.
// What is kept is written back, but not all of it is shown as such: the editor's DOM is the app's
// own document, where a post's `style` or `class` (the app's own classes include fixed,
// full-window layers) could restyle or cover the window. So the editor shows the store's nodes
// and marks without them (inertNodeViews), and preserved blocks keep their look apart from the
// app (isolated-html.ts); the HTML saved is unchanged.
import { Extension, Mark, Node } from '@tiptap/core'
import { DOMSerializer, type DOMOutputSpec, type Mark as ProseMirrorMark, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model'
import { Plugin } from '@tiptap/pm/state'
import type { MarkViewConstructor, NodeViewConstructor } from '@tiptap/pm/view'
import { sanitizeForKeeping } from '@/lib/sanitize'
import { frameLabel } from '../../frame-label'
import { isolatedHtml } from '../isolated-html'
import { t } from '@/session/i18n'

/** Attribute names that start with this prefix are Storedesk markers, never saved. */
export const MARKER_PREFIX = 'data-sd-'

/** An element serialize.ts removes: what a node renders when it has nothing safe to write. */
export const DROPPED_TAG = 'sd-dropped'

/** Marks a paragraph that prepare.ts made around bare text; serialize.ts unwraps it. */
export const BARE_TEXT_ATTRIBUTE = `${MARKER_PREFIX}bare-text`

/** Block-level tags: text directly beside them is "bare inline" content. */
export const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'dialog', 'dd', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr',
  'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th',
  'ul', 'video', 'audio', 'iframe', 'center', 'summary', 'caption', 'colgroup', 'col', 'picture', 'canvas',
  'svg', 'math', 'object', 'embed', 'noscript', 'script', 'style', 'template',
])

/** Elements kept verbatim as one non-editable block. */
export const PRESERVED_BLOCK_TAGS = [
  'dl', 'details', 'video', 'audio', 'picture', 'svg', 'math', 'canvas', 'form', 'object', 'embed',
  'address', 'fieldset', 'hgroup', 'dialog',
] as const

/** Wrapper elements that stay editable: their tag and attributes are kept around the blocks. */
export const CONTAINER_TAGS = ['div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'center'] as const

/** Inline elements without a dedicated mark: kept with their tag and attributes. */
export const INLINE_ELEMENT_TAGS = [
  'span', 'sup', 'sub', 'small', 'mark', 'abbr', 'cite', 'q', 'kbd', 'time', 'ins', 'bdi', 'bdo', 'dfn',
  'var', 'samp', 'font', 'big', 'acronym', 'label', 'data', 'tt',
] as const

/** Attributes each node or mark owns through its own attribute definitions. */
const OWNED_ATTRIBUTES: Record<string, readonly string[]> = {
  link: ['href', 'target', 'rel', 'class', 'title'],
  image: ['src', 'alt', 'title', 'width', 'height'],
  blockImage: ['src', 'alt', 'title', 'width', 'height'],
  tableCell: ['colspan', 'rowspan', 'data-colwidth'],
  tableHeader: ['colspan', 'rowspan', 'data-colwidth'],
  orderedList: ['start', 'type'],
}

/** Node types whose `text-align` is owned by the TextAlign extension. */
const TEXT_ALIGN_TYPES = new Set(['paragraph', 'heading'])

const PRESERVING_TYPES = [
  'paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'codeBlock', 'horizontalRule',
  'table', 'tableRow', 'tableCell', 'tableHeader', 'image', 'blockImage', 'figure', 'figcaption', 'container',
  'hardBreak', 'bold', 'italic', 'underline', 'strike', 'code', 'link',
]

function isEventHandler(name: string): boolean {
  return name.toLowerCase().startsWith('on')
}

function styleWithout(style: string, property: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration && declaration.split(':')[0]?.trim().toLowerCase() !== property)
    .join('; ')
}

/**
 * ProseMirror writes `style` through CSSOM (`style.cssText`), which drops properties the browser
 * does not know (mso-*, vendor prefixes) and rewrites values. A copy under a marker keeps the
 * original text; serialize.ts puts it back.
 */
export function withVerbatimStyle(attributes: Record<string, string>): Record<string, string> {
  return attributes.style === undefined ? attributes : { ...attributes, [`${MARKER_PREFIX}style`]: attributes.style }
}

/** Declarations the editor's own extensions write into `style` (TextAlign): the app's, not the store's. */
const OWNED_STYLE_PROPERTIES = new Set(['text-align'])

/** True when a node or mark carries the store's style or class (global attributes, kept elements, a link's class). */
function carriesStoreLook(attrs: Record<string, unknown>): boolean {
  const kept = (attrs.htmlAttributes ?? attrs.attributes) as Record<string, string> | null | undefined
  return (!!kept && ('style' in kept || 'class' in kept)) || (typeof attrs.class === 'string' && attrs.class !== '')
}

/** The declarations of a style the editor owns, or '' when none. */
const ownedStyle = (style: string) =>
  style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => OWNED_STYLE_PROPERTIES.has(declaration.split(':')[0]?.trim().toLowerCase() ?? ''))
    .join('; ')

/**
 * Rendered attributes as the editor shows them: without the store's class, and with only the
 * style declarations the editor owns. The verbatim copy of the style, under its `data-sd-style`
 * marker, is inert text. (For node views that take rendered attributes, such as the table's.)
 */
export function shownAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  const { class: _class, style, ...rest } = attributes
  const owned = typeof style === 'string' ? ownedStyle(style) : ''
  return owned ? { ...rest, style: owned } : rest
}

/** The element as the schema renders it (the HTML that is saved), shown with shownAttributes' rule. */
function withoutStoreLook(spec: DOMOutputSpec): { dom: HTMLElement; contentDOM?: HTMLElement } {
  const rendered = DOMSerializer.renderSpec(document, spec)
  const dom = rendered.dom as HTMLElement
  const contentDOM = rendered.contentDOM as HTMLElement | undefined
  if (dom.nodeType === 1) {
    dom.removeAttribute('class')
    const owned = ownedStyle(dom.getAttribute('style') ?? '')
    if (owned) dom.setAttribute('style', owned)
    else dom.removeAttribute('style')
  }
  return contentDOM ? { dom, contentDOM } : { dom }
}

/**
 * Views for every node and mark of `schema` that show it without the store's look. A node or mark
 * without one gets no view: ProseMirror renders it itself when a view returns nothing (its
 * NodeViewDesc.create and MarkViewDesc.create fall back to toDOM), which the view types do not
 * say. A type with a node view of its own keeps it: the editor's own views come before plugins'.
 */
export function inertNodeViews(schema: Schema): { nodeViews: Record<string, NodeViewConstructor>; markViews: Record<string, MarkViewConstructor> } {
  const nodeViews: Record<string, NodeViewConstructor> = {}
  for (const type of Object.values(schema.nodes)) {
    const toDOM = type.spec.toDOM
    if (!toDOM || type.isText) continue
    nodeViews[type.name] = ((node: ProseMirrorNode) => (carriesStoreLook(node.attrs) ? withoutStoreLook(toDOM(node)) : undefined)) as NodeViewConstructor
  }
  const markViews: Record<string, MarkViewConstructor> = {}
  for (const type of Object.values(schema.marks)) {
    const toDOM = type.spec.toDOM
    if (!toDOM) continue
    markViews[type.name] = ((mark: ProseMirrorMark, _view: unknown, inline: boolean) => (carriesStoreLook(mark.attrs) ? withoutStoreLook(toDOM(mark, inline)) : undefined)) as MarkViewConstructor
  }
  return { nodeViews, markViews }
}

/** Every attribute of `element` except those the node owns, event handlers and markers. */
export function collectAttributes(element: HTMLElement, owned: readonly string[] = []): Record<string, string> | null {
  const kept: Record<string, string> = {}
  for (const { name, value } of Array.from(element.attributes)) {
    if (owned.includes(name) || isEventHandler(name) || name.startsWith(MARKER_PREFIX)) continue
    kept[name] = value
  }
  return Object.keys(kept).length > 0 ? kept : null
}

/** True when `element` holds text or inline elements directly (`<li>text</li>`), or nothing (`<td></td>`). */
export function hasBareInlineContent(element: HTMLElement): boolean {
  if (element.children.length === 0 && /^[ \t\n\r\f]*$/.test(element.textContent ?? '')) return true
  return Array.from(element.childNodes).some((child) => {
    if (child.nodeType === 3) return (child.textContent ?? '').trim() !== ''
    if (child.nodeType !== 1) return false
    return !BLOCK_TAGS.has((child as HTMLElement).tagName.toLowerCase())
  })
}

/**
 * Keeps style, class, id, data-*, dir, lang, title... on every node and mark, so that loading
 * and saving a post does not strip them. Also records where the schema must add structure
 * (a `<p>` inside `<li>text</li>`, rows of a `<thead>`) so serialisation can undo it.
 */
export const GlobalAttributes = Extension.create({
  name: 'globalAttributes',

  addGlobalAttributes() {
    return [
      ...PRESERVING_TYPES.map((type) => ({
        types: [type],
        attributes: {
          htmlAttributes: {
            default: null,
            parseHTML: (element: HTMLElement) => {
              const kept = collectAttributes(element, OWNED_ATTRIBUTES[type])
              if (kept?.style !== undefined && TEXT_ALIGN_TYPES.has(type)) {
                const rest = styleWithout(kept.style, 'text-align')
                if (rest) kept.style = rest
                else delete kept.style
              }
              return kept && Object.keys(kept).length > 0 ? kept : null
            },
            renderHTML: (attributes: Record<string, unknown>) => withVerbatimStyle((attributes.htmlAttributes as Record<string, string> | null) ?? {}),
          },
        },
      })),
      {
        types: ['paragraph'],
        attributes: {
          // A paragraph prepare.ts made around bare text: saved as the bare text. A paragraph
          // split from it (Enter) is a paragraph the writer made.
          bareText: {
            default: false,
            keepOnSplit: false,
            parseHTML: (element: HTMLElement) => element.hasAttribute(BARE_TEXT_ATTRIBUTE),
            renderHTML: (attributes: Record<string, unknown>) => (attributes.bareText ? { [BARE_TEXT_ATTRIBUTE]: '' } : {}),
          },
        },
      },
      {
        types: ['listItem', 'tableCell', 'tableHeader'],
        attributes: {
          bareInline: {
            default: false,
            parseHTML: (element: HTMLElement) => hasBareInlineContent(element),
            renderHTML: (attributes: Record<string, unknown>) => (attributes.bareInline ? { [`${MARKER_PREFIX}bare`]: '' } : {}),
          },
        },
      },
      {
        types: ['codeBlock'],
        attributes: {
          bareCode: {
            default: false,
            parseHTML: (element: HTMLElement) => element.querySelector(':scope > code') === null,
            renderHTML: (attributes: Record<string, unknown>) => (attributes.bareCode ? { [`${MARKER_PREFIX}bare-code`]: '' } : {}),
          },
        },
      },
      {
        types: ['tableRow'],
        attributes: {
          section: {
            default: null,
            parseHTML: (element: HTMLElement) => {
              const parent = element.parentElement?.tagName.toLowerCase()
              return parent === 'thead' || parent === 'tfoot' ? parent : null
            },
            renderHTML: (attributes: Record<string, unknown>) => (attributes.section ? { [`${MARKER_PREFIX}section`]: String(attributes.section) } : {}),
          },
        },
      },
    ]
  },

  addProseMirrorPlugins() {
    return [new Plugin({ props: inertNodeViews(this.editor.schema) })]
  },
})

/** A block element kept verbatim (sanitised): shown as a labelled, non-editable block. */
export const PreservedBlock = Node.create({
  name: 'preservedBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return {
      html: { default: '', rendered: false },
      tag: { default: 'div', rendered: false },
    }
  },

  parseHTML() {
    const keep = (element: HTMLElement) => ({ html: sanitizeForKeeping(element.outerHTML), tag: element.tagName.toLowerCase() })
    return [
      ...PRESERVED_BLOCK_TAGS.map((tag) => ({ tag, priority: 60, getAttrs: keep })),
      // Custom elements (a store theme's <product-card>): only their own theme knows them.
      { tag: '*', priority: 40, getAttrs: (element: HTMLElement) => (element.tagName.includes('-') ? keep(element) : false) },
    ]
  },

  renderHTML({ node }) {
    const template = document.createElement('template')
    template.innerHTML = String(node.attrs.html)
    const element = template.content.firstElementChild
    return element ?? ['div']
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div')
      dom.className = 'sd-preserved-block'
      dom.setAttribute('contenteditable', 'false')
      const label = document.createElement('div')
      label.className = 'sd-preserved-label'
      label.textContent = t('editor.kept.html', { tag: String(node.attrs.tag) })
      dom.append(label, isolatedHtml(String(node.attrs.html), 'sd-preserved-body'))
      return { dom }
    }
  },
})

/** div, section, article... around editable blocks; the original tag is kept. */
export const Container = Node.create({
  name: 'container',
  group: 'block',
  content: 'block+',
  defining: true,

  addAttributes() {
    return { tag: { default: 'div', rendered: false } }
  },

  parseHTML() {
    return CONTAINER_TAGS.map((tag) => ({ tag, getAttrs: () => ({ tag }) }))
  },

  renderHTML({ node, HTMLAttributes }) {
    return [String(node.attrs.tag), HTMLAttributes, 0]
  },
})

export const Figcaption = Node.create({
  name: 'figcaption',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'figcaption' }],
  renderHTML: ({ HTMLAttributes }) => ['figcaption', HTMLAttributes, 0],
})

export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  content: '(block | figcaption)+',
  defining: true,
  parseHTML: () => [{ tag: 'figure' }],
  renderHTML: ({ HTMLAttributes }) => ['figure', HTMLAttributes, 0],
})

/** An image standing on its own (in a figure, a div, or at the top level). */
export const BlockImage = Node.create({
  name: 'blockImage',
  group: 'block',
  draggable: true,
  atom: true,

  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      title: { default: null },
      width: { default: null },
      height: { default: null },
    }
  },

  parseHTML() {
    return [{
      tag: 'img[src]',
      priority: 60,
      getAttrs: (element: HTMLElement) => {
        const parent = element.parentElement?.tagName.toLowerCase() ?? 'body'
        const blockContext = parent === 'body' || parent === 'figure' || (CONTAINER_TAGS as readonly string[]).includes(parent)
        return blockContext ? null : false
      },
    }]
  },

  renderHTML({ HTMLAttributes }) {
    return ['img', HTMLAttributes]
  },
})

/** Only web addresses may be the source of an embedded frame. */
function safeFrameSource(src: string | null): boolean {
  if (!src) return false
  try {
    const protocol = new URL(src, 'https://invalid.example').protocol
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * An `<iframe>` (video, map...) with all its attributes. In the editor it is a labelled
 * placeholder: the app's CSP allows only a few frame hosts, and a live frame is not needed to edit.
 */
export const IframeEmbed = Node.create({
  name: 'iframeEmbed',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return { attributes: { default: {}, rendered: false } }
  },

  parseHTML() {
    return [{
      tag: 'iframe',
      getAttrs: (element: HTMLElement) => {
        if (!safeFrameSource(element.getAttribute('src'))) return false
        const attributes = collectAttributes(element, ['srcdoc']) ?? {}
        return { attributes }
      },
    }]
  },

  renderHTML({ node }) {
    return ['iframe', withVerbatimStyle(node.attrs.attributes as Record<string, string>)]
  },

  addNodeView() {
    return ({ node }) => {
      const attributes = node.attrs.attributes as Record<string, string>
      const dom = document.createElement('div')
      dom.className = 'sd-embed'
      dom.setAttribute('contenteditable', 'false')
      dom.textContent = frameLabel(attributes.title || null, attributes.src ?? '')
      return { dom }
    }
  },
})

/** span, sup, small, abbr...: kept with their tag and every attribute (several may nest). */
export const InlineElement = Mark.create({
  name: 'inlineElement',
  excludes: '',
  priority: 90,

  addAttributes() {
    return {
      tag: { default: 'span', rendered: false },
      attributes: { default: null, rendered: false },
    }
  },

  parseHTML() {
    return [
      ...INLINE_ELEMENT_TAGS.map((tag) => ({
        tag,
        getAttrs: (element: HTMLElement) => ({ tag, attributes: collectAttributes(element) }),
      })),
      // An anchor without href (a WordPress button with no link yet) is not a link.
      { tag: 'a', getAttrs: (element: HTMLElement) => (element.hasAttribute('href') ? false : { tag: 'a', attributes: collectAttributes(element) }) },
    ]
  },

  renderHTML({ mark }) {
    return [String(mark.attrs.tag), withVerbatimStyle((mark.attrs.attributes as Record<string, string> | null) ?? {}), 0]
  },
})
