// The blog editor's extension list, shared by the live editor and the headless round trip
// (html-fidelity.ts), so that what the fidelity report predicts is exactly what saving does;
// and the live editor's own list on top of it, which the bench measures as the app types.
import type { AnyExtension } from '@tiptap/core'
import { CharacterCount, Placeholder } from '@tiptap/extensions'
import StarterKit from '@tiptap/starter-kit'
import Image from '@tiptap/extension-image'
import TextAlign from '@tiptap/extension-text-align'
import { Table, TableRow, TableCell, TableHeader, TableView } from '@tiptap/extension-table'
import type { Node as ProseMirrorNode } from '@tiptap/pm/model'
import type { EditorView, ViewMutationRecord } from '@tiptap/pm/view'
import Bold from '@tiptap/extension-bold'
import Italic from '@tiptap/extension-italic'
import Strike from '@tiptap/extension-strike'
import Underline from '@tiptap/extension-underline'
import {
  GlobalAttributes, PreservedBlock, Container, Figure, Figcaption, BlockImage, IframeEmbed, InlineElement, shownAttributes,
} from './extensions/preserve'
import { BlockComment, InlineComment } from './extensions/comments'
import { InlineWidget, ScriptEmbed, VerbatimCode } from './extensions/verbatim'
import { FindReplace } from './extensions/find-replace'
import { sanitizeForDisplay, sanitizeForKeeping } from '@/lib/sanitize'
import { frameLabel } from '../frame-label'
import { t } from '@/session/i18n'

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

function captionElement(html: unknown): Element | null {
  if (typeof html !== 'string' || !html) return null
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content.querySelector('caption')
}

/**
 * The editor's table with its caption shown above it (edited in the HTML source view), without
 * the store's class and style (TableView would put them on the table in the app's document).
 */
class CaptionedTableView extends TableView {
  private caption: Element | null = null

  constructor(node: ProseMirrorNode, cellMinWidth: number, view?: EditorView, attributes: Record<string, unknown> = {}) {
    super(node, cellMinWidth, view, shownAttributes(attributes))
    this.showCaption(node)
  }

  override update(node: ProseMirrorNode): boolean {
    const updated = super.update(node)
    if (updated) this.showCaption(node)
    return updated
  }

  override ignoreMutation(mutation: ViewMutationRecord): boolean {
    return (!!this.caption && this.caption.contains(mutation.target as globalThis.Node)) || super.ignoreMutation(mutation)
  }

  private showCaption(node: ProseMirrorNode): void {
    this.caption?.remove()
    const kept = captionElement(node.attrs.caption)
    if (!kept) return
    this.caption = document.createElement('caption')
    this.caption.setAttribute('contenteditable', 'false')
    this.caption.append(sanitizeForDisplay(kept.innerHTML, frameLabel))
    this.table.prepend(this.caption)
  }
}

/** A table serialised as written: no generated `<colgroup>` or min-width style; its caption kept. */
const BlogTable = Table.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      // Kept as `<table><caption>…</caption></table>`: a caption parses only inside a table.
      caption: {
        default: null,
        rendered: false,
        parseHTML: (element: HTMLElement) => {
          const caption = element.querySelector(':scope > caption')
          return caption ? sanitizeForKeeping(`<table>${caption.outerHTML}</table>`) : null
        },
      },
    }
  },

  parseHTML() {
    // The caption is an attribute of the table; its text must not become a row.
    return [{ tag: 'table' }, { tag: 'caption', ignore: true }]
  },

  renderHTML({ node, HTMLAttributes }) {
    const caption = captionElement(node.attrs.caption)
    return caption ? ['table', HTMLAttributes, caption, ['tbody', 0]] : ['table', HTMLAttributes, ['tbody', 0]]
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
    BlogTable.configure({ resizable: false, View: CaptionedTableView }),
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
    BlockComment,
    InlineComment,
    VerbatimCode,
    InlineWidget,
    ScriptEmbed,
  ]
}

/**
 * The live editor's extensions: the content schema plus what only editing needs (placeholder,
 * word count, find and replace). BlogEditor.vue adds its shortcuts, which open its own dialogs.
 */
export function editorExtensions(): AnyExtension[] {
  return [...contentExtensions(), Placeholder.configure({ placeholder: t('editor.view.placeholder') }), CharacterCount, FindReplace]
}
