// Paste from Word, Google Docs and web pages, cleaned down to the editor's blocks: office
// markup (o:p, conditional comments, mso-* styles, Mso classes, list bullets Word draws as text),
// Google Docs' wrappers and styled spans, meta/style/script tags and presentational attributes
// go; bold, italic, underline and strike written as styles become the matching tags.
const DROPPED_ELEMENTS = new Set(['META', 'STYLE', 'LINK', 'TITLE', 'SCRIPT', 'NOSCRIPT', 'XML', 'TEMPLATE'])
const KEPT_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start', 'type'],
  iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
  pre: [],
  code: ['class'],
}
const ALIGNABLE = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6'])

function removeComments(root: Node): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  while (walker.nextNode()) comments.push(walker.currentNode)
  for (const comment of comments) comment.parentNode?.removeChild(comment)
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes))
}

function wrapChildren(element: Element, tag: string): void {
  const wrapper = document.createElement(tag)
  wrapper.append(...Array.from(element.childNodes))
  element.append(wrapper)
}

/** Turns the formatting Google Docs and Word express as inline styles into tags. */
function stylesToTags(element: HTMLElement): void {
  const style = element.style
  const weight = style.fontWeight
  if (weight === 'bold' || Number.parseInt(weight, 10) >= 600) wrapChildren(element, 'strong')
  if (style.fontStyle === 'italic') wrapChildren(element, 'em')
  const decoration = `${style.textDecoration} ${style.textDecorationLine}`
  if (decoration.includes('underline')) wrapChildren(element, 'u')
  if (decoration.includes('line-through')) wrapChildren(element, 's')
}

function cleanAttributes(element: HTMLElement): void {
  const tag = element.tagName.toLowerCase()
  const align = ALIGNABLE.has(element.tagName) ? element.style.textAlign : ''
  const kept = KEPT_ATTRIBUTES[tag] ?? []
  for (const name of element.getAttributeNames()) {
    const keepRtl = name === 'dir' && element.getAttribute(name) === 'rtl'
    if (!kept.includes(name) && !keepRtl) element.removeAttribute(name)
  }
  if (align && align !== 'left' && align !== 'start') element.setAttribute('style', `text-align: ${align}`)
}

/** Cleans HTML from the clipboard (Tiptap's `transformPastedHTML`). */
export function cleanPastedHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  const body = parsed.body
  removeComments(body)
  for (const element of Array.from(body.getElementsByTagName('*'))) {
    // Word draws list bullets and numbers as text inside `mso-list: Ignore` spans.
    const bullet = /mso-list:\s*ignore/i.test(element.getAttribute('style') ?? '')
    if (bullet || DROPPED_ELEMENTS.has(element.tagName.toUpperCase())) element.remove()
  }
  // Google Docs wraps the whole clipboard in <b style="font-weight:normal" id="docs-internal-guid-…">.
  for (const wrapper of Array.from(body.querySelectorAll('b[id^="docs-internal-guid"]'))) unwrap(wrapper)
  for (const element of Array.from(body.querySelectorAll<HTMLElement>('span, font, p, li, td, th, h1, h2, h3, h4, h5, h6'))) {
    stylesToTags(element)
  }
  for (const element of Array.from(body.querySelectorAll('span, font'))) unwrap(element)
  for (const element of Array.from(body.querySelectorAll<HTMLElement>('*'))) {
    // Office namespaces (o:p, w:sdt...) carry no content of their own.
    if (element.tagName.includes(':')) unwrap(element)
    else cleanAttributes(element)
  }
  // Google Docs puts every list item's text in a paragraph; the editor keeps list items plain.
  for (const paragraph of Array.from(body.querySelectorAll('li > p:only-child'))) unwrap(paragraph)
  body.normalize()
  return body.innerHTML
}
