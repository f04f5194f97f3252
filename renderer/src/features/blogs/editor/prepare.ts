// From the store's HTML to the editor's document. ProseMirror's parser drops comments and
// wraps text that stands beside blocks in paragraphs it invents, so saving would add `<p>`s and
// lose WordPress block comments (`<!-- wp:paragraph -->`). Here comments become marker elements
// that the comment nodes parse, and each run of bare text in a block container is wrapped in a
// `<p data-sd-bare-text>` that serialize.ts unwraps again. The document is parsed here rather
// than by Tiptap's HTML loader, which deletes every text node that is only a newline, inside
// `<pre>` too (the line breaks between highlighted spans).
import { getSchema, type JSONContent } from '@tiptap/core'
import { DOMParser as ProseMirrorParser, type Schema } from '@tiptap/pm/model'
import { BARE_TEXT_ATTRIBUTE, BLOCK_TAGS, CONTAINER_TAGS, PRESERVED_BLOCK_TAGS } from './extensions/preserve'
import { BLOCK_COMMENT_TAG, COMMENT_TEXT_ATTRIBUTE, INLINE_COMMENT_TAG } from './extensions/comments'
import { contentExtensions } from './schema'

/** Parents whose children are blocks in the schema: bare text in them gets a paragraph. */
const BLOCK_PARENTS = new Set<string>(['body', 'blockquote', 'figure', ...CONTAINER_TAGS])

/** Blocks whose children are inline in the schema (as are inline elements): a comment there is an inline node. */
const INLINE_PARENTS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption'])

/** Kept verbatim or as exact text by their own nodes: nothing inside them is touched. */
const UNTOUCHED = new Set<string>(['pre', 'code', 'script', 'style', 'textarea', 'template', 'iframe', ...PRESERVED_BLOCK_TAGS])

function tagOf(node: Node): string {
  return node.nodeType === 1 ? (node as Element).tagName.toLowerCase() : ''
}

function isInline(node: Node): boolean {
  if (node.nodeType === 3 || node.nodeType === 8) return true
  const tag = tagOf(node)
  return node.nodeType === 1 && !BLOCK_TAGS.has(tag) && !tag.includes('-')
}

function commentElement(comment: Comment, tag: string): Element {
  const element = comment.ownerDocument.createElement(tag)
  element.setAttribute(COMMENT_TEXT_ATTRIBUTE, comment.data)
  return element
}

/** Anything but the whitespace HTML collapses (a no-break space is visible). */
const HAS_VISIBLE_TEXT = /[^ \t\n\r\f]/

/** A run worth a paragraph: some text or an inline element other than standalone images. */
function needsParagraph(run: Node[]): boolean {
  return run.some((node) => (node.nodeType === 3 ? HAS_VISIBLE_TEXT.test(node.textContent ?? '') : node.nodeType === 1 && tagOf(node) !== 'img'))
}

function textBefore(child: Element): string {
  let text = ''
  for (let node = child.previousSibling; node; node = node.previousSibling) text += node.textContent ?? ''
  return text
}

function convertInlineComments(parent: Node): void {
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === 8) child.replaceWith(commentElement(child as Comment, INLINE_COMMENT_TAG))
  }
}

function wrapRun(parent: Element, run: Node[]): void {
  if (!needsParagraph(run)) {
    for (const node of run) {
      if (node.nodeType === 8) (node as Comment).replaceWith(commentElement(node as Comment, BLOCK_COMMENT_TAG))
    }
    return
  }
  const paragraph = parent.ownerDocument.createElement('p')
  paragraph.setAttribute(BARE_TEXT_ATTRIBUTE, '')
  parent.insertBefore(paragraph, run[0]!)
  paragraph.append(...run)
  convertInlineComments(paragraph)
}

/** An empty marked paragraph: it fills a place the schema cannot leave empty and saves as nothing. */
function placeholderParagraph(element: Element): Element {
  const paragraph = element.ownerDocument.createElement('p')
  paragraph.setAttribute(BARE_TEXT_ATTRIBUTE, '')
  return paragraph
}

function prepareElement(element: Element, tag: string): void {
  if (UNTOUCHED.has(tag) || tag.includes('-')) return
  if (BLOCK_PARENTS.has(tag) && tag !== 'body' && element.children.length === 0 && !HAS_VISIBLE_TEXT.test(element.textContent ?? '')) {
    // An empty <div> (a WordPress spacer): a container holds at least one block.
    element.append(placeholderParagraph(element))
    return
  }
  // A list item starts with a paragraph in the schema; `<li><figure>` (a gallery) has none.
  const first = element.firstElementChild
  if (tag === 'li' && first && BLOCK_TAGS.has(tagOf(first)) && !['p', 'ul', 'ol'].includes(tagOf(first)) && !HAS_VISIBLE_TEXT.test(textBefore(first))) {
    element.prepend(placeholderParagraph(element))
  }
  if (BLOCK_PARENTS.has(tag)) {
    let run: Node[] = []
    for (const child of Array.from(element.childNodes)) {
      if (isInline(child)) {
        run.push(child)
        continue
      }
      if (run.length > 0) wrapRun(element, run)
      run = []
    }
    if (run.length > 0) wrapRun(element, run)
  } else if (INLINE_PARENTS.has(tag) || !BLOCK_TAGS.has(tag)) {
    convertInlineComments(element)
  }
  for (const child of Array.from(element.children)) prepareElement(child, tagOf(child))
}

let schema: Schema | undefined

/** The editor's document for `html` as the store holds it. */
export function contentForEditor(html: string): JSONContent {
  schema ??= getSchema(contentExtensions())
  const document = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
  prepareElement(document.body, 'body')
  return ProseMirrorParser.fromSchema(schema).parse(document.body).toJSON() as JSONContent
}
