// From the editor's document to the HTML saved on the store, and the headless round trip.
// Tiptap's schema adds structure the original may not have had (`<p>` around bare text and
// inside `<li>text</li>`, `<code>` inside a bare `<pre>`, rows of `<thead>` moved into
// `<tbody>`); prepare.ts and the preservation extensions mark those places with `data-sd-*` and
// this module restores the original shape.
import { generateHTML, type AnyExtension, type Editor } from '@tiptap/core'
import { BARE_TEXT_ATTRIBUTE, DROPPED_TAG, MARKER_PREFIX } from './extensions/preserve'
import { BLOCK_COMMENT_TAG, COMMENT_TEXT_ATTRIBUTE, INLINE_COMMENT_TAG } from './extensions/comments'
import { contentForEditor } from './prepare'
import { contentExtensions } from './schema'
import { keepLeadingNewline } from './pre-newline'

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes))
}

function restoreTableSections(table: HTMLTableElement): void {
  const body = table.querySelector(':scope > tbody')
  if (!body) return
  for (const section of ['thead', 'tfoot'] as const) {
    const rows = Array.from(body.querySelectorAll(`:scope > tr[${MARKER_PREFIX}section="${section}"]`))
    if (rows.length === 0) continue
    const wrapper = document.createElement(section)
    wrapper.append(...rows)
    if (section === 'thead') table.insertBefore(wrapper, body)
    else table.append(wrapper)
  }
  if (body.children.length === 0) body.remove()
}

/** Declarations other extensions write into `style` (TextAlign), kept beside the verbatim style. */
const OWNED_STYLE_PROPERTIES = ['text-align']

function restoreVerbatimStyle(element: Element): void {
  const verbatim = element.getAttribute(`${MARKER_PREFIX}style`) ?? ''
  const verbatimProperties = new Set(verbatim.split(';').map((declaration) => declaration.split(':')[0]?.trim().toLowerCase()))
  const owned = (element.getAttribute('style') ?? '')
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const property = declaration.split(':')[0]?.trim().toLowerCase() ?? ''
      return OWNED_STYLE_PROPERTIES.includes(property) && !verbatimProperties.has(property)
    })
  const style = [verbatim.trim().replace(/;$/, ''), ...owned].filter(Boolean).join('; ')
  element.setAttribute('style', style)
}

/** Turns the editor's HTML back into the original structure and strips the internal markers. */
export function restoreStructure(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  const root = template.content
  for (const element of Array.from(root.querySelectorAll(`[${MARKER_PREFIX}bare]`))) {
    for (const child of Array.from(element.children)) {
      if (child.tagName === 'P' && child.attributes.length === 0) unwrap(child)
    }
  }
  for (const paragraph of Array.from(root.querySelectorAll(`p[${BARE_TEXT_ATTRIBUTE}]`))) unwrap(paragraph)
  for (const marker of Array.from(root.querySelectorAll(`${BLOCK_COMMENT_TAG}, ${INLINE_COMMENT_TAG}`))) {
    marker.replaceWith(document.createComment(marker.getAttribute(COMMENT_TEXT_ATTRIBUTE) ?? ''))
  }
  for (const dropped of Array.from(root.querySelectorAll(DROPPED_TAG))) dropped.remove()
  for (const pre of Array.from(root.querySelectorAll(`pre[${MARKER_PREFIX}bare-code]`))) {
    const code = pre.querySelector(':scope > code')
    if (code && code.attributes.length === 0) unwrap(code)
  }
  for (const pre of Array.from(root.querySelectorAll('pre'))) keepLeadingNewline(pre)
  for (const table of Array.from(root.querySelectorAll('table'))) restoreTableSections(table)
  for (const element of Array.from(root.querySelectorAll(`[${MARKER_PREFIX}style]`))) restoreVerbatimStyle(element)
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const name of element.getAttributeNames()) {
      if (name.startsWith(MARKER_PREFIX)) element.removeAttribute(name)
    }
  }
  return template.innerHTML
}

/** The HTML to save for the editor's current document ('' for an empty post). */
export function serializeEditor(editor: Editor): string {
  return editor.isEmpty ? '' : restoreStructure(editor.getHTML())
}

let sharedExtensions: AnyExtension[] | null = null

/** What the editor would save after loading `html` and changing nothing. */
export function roundTrip(html: string): string {
  sharedExtensions ??= contentExtensions()
  const json = contentForEditor(html)
  const isEmpty = json.content?.length === 1 && json.content[0]?.type === 'paragraph' && !json.content[0]?.content && !json.content[0]?.attrs?.htmlAttributes
  if (isEmpty || !json.content?.length) return ''
  return restoreStructure(generateHTML(json, sharedExtensions))
}
