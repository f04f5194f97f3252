// The blog editor's extension list, shared by the live editor and the headless round trip
// (html-fidelity.ts), so that what the fidelity report predicts is exactly what saving does.
import type { AnyExtension } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'
import Image from '@tiptap/extension-image'
import TextAlign from '@tiptap/extension-text-align'
import { Table, TableRow, TableCell, TableHeader } from '@tiptap/extension-table'
import Bold from '@tiptap/extension-bold'
import Italic from '@tiptap/extension-italic'
import Strike from '@tiptap/extension-strike'
import Underline from '@tiptap/extension-underline'
import {
  GlobalAttributes, PreservedBlock, Container, Figure, Figcaption, BlockImage, IframeEmbed, InlineElement,
} from './extensions/preserve'

function spanAttribute(name: 'colspan' | 'rowspan') {
  return {
    default: 1,
    parseHTML: (element: HTMLElement) => Number.parseInt(element.getAttribute(name) ?? '1', 10) || 1,
    renderHTML: (attributes: Record<string, unknown>) => (Number(attributes[name]) > 1 ? { [name]: attributes[name] } : {}),
  }
}

/** Cell attributes without Tiptap's always-rendered colspan="1" and its alignment rewrite. */
const cellAttributes = () => ({
  colspan: spanAttribute('colspan'),
  rowspan: spanAttribute('rowspan'),
  colwidth: {
    default: null,
    parseHTML: (element: HTMLElement) => element.getAttribute('data-colwidth')?.split(',').map((width) => Number.parseInt(width, 10)) ?? null,
    renderHTML: (attributes: Record<string, unknown>) => (Array.isArray(attributes.colwidth) ? { 'data-colwidth': attributes.colwidth.join(',') } : {}),
  },
})

/** A table serialised as written: no generated `<colgroup>` or min-width style. */
const BlogTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', HTMLAttributes, ['tbody', 0]]
  },
})

/*
 * Marks recognised by their tag only. Tiptap also reads them from inline styles
 * (`font-weight: bold` on a <td>), which would wrap content that keeps its style attribute in
 * an extra <strong>. Pasted styles are turned into tags by paste-cleanup.ts instead.
 */
const TagBold = Bold.extend({
  parseHTML: () => [{ tag: 'strong' }, { tag: 'b', getAttrs: (node: HTMLElement) => node.style.fontWeight !== 'normal' && null }],
})
const TagItalic = Italic.extend({
  parseHTML: () => [{ tag: 'em' }, { tag: 'i', getAttrs: (node: HTMLElement) => node.style.fontStyle !== 'normal' && null }],
})
const TagStrike = Strike.extend({ parseHTML: () => [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }] })
const TagUnderline = Underline.extend({ parseHTML: () => [{ tag: 'u' }] })

/** The schema-defining extensions: everything that decides how HTML is parsed and serialised. */
export function contentExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      trailingNode: false,
      bold: false,
      italic: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        HTMLAttributes: { target: null, rel: null, class: null },
      },
    }),
    TagBold,
    TagItalic,
    TagStrike,
    TagUnderline,
    Image.configure({ inline: true, allowBase64: true }),
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    BlogTable.configure({ resizable: false }),
    TableRow,
    TableCell.extend({ addAttributes: cellAttributes }),
    TableHeader.extend({ addAttributes: cellAttributes }),
    GlobalAttributes,
    PreservedBlock,
    Container,
    Figure,
    Figcaption,
    BlockImage,
    IframeEmbed,
    InlineElement,
  ]
}
