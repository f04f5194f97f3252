// HTML comments kept through editing: WordPress block delimiters (`<!-- wp:paragraph -->`), the
// `<!--more-->` tag, notes other editors left. prepare.ts turns each comment into a marker
// element; these nodes hold its text and write the marker again (ProseMirror renders elements
// only), which serialize.ts turns back into the comment. Readers never see comments, so in the
// editor they take no space.
import { Node } from '@tiptap/core'
import { MARKER_PREFIX } from './preserve'

export const BLOCK_COMMENT_TAG = 'sd-comment-block'
export const INLINE_COMMENT_TAG = 'sd-comment-inline'
export const COMMENT_TEXT_ATTRIBUTE = `${MARKER_PREFIX}comment`

function commentNode(name: string, tag: string, inline: boolean) {
  return Node.create({
    name,
    group: inline ? 'inline' : 'block',
    inline,
    atom: true,
    selectable: false,
    draggable: false,

    addAttributes() {
      return { text: { default: '', rendered: false } }
    },

    parseHTML() {
      return [{ tag, priority: 100, getAttrs: (element: HTMLElement) => ({ text: element.getAttribute(COMMENT_TEXT_ATTRIBUTE) ?? '' }) }]
    },

    renderHTML({ node }) {
      return [tag, { [COMMENT_TEXT_ATTRIBUTE]: String(node.attrs.text) }]
    },

    renderText: () => '',

    addNodeView() {
      return () => {
        const dom = document.createElement(inline ? 'span' : 'div')
        dom.className = 'sd-html-comment'
        dom.setAttribute('contenteditable', 'false')
        dom.setAttribute('aria-hidden', 'true')
        return { dom }
      }
    },
  })
}

export const BlockComment = commentNode('blockComment', BLOCK_COMMENT_TAG, false)
export const InlineComment = commentNode('inlineComment', INLINE_COMMENT_TAG, true)
