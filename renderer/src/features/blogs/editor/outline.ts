// The document outline: the post's headings in order, with where each starts in the editor's
// document, for the outline beside the editor to jump to. Headings inside kept containers
// (<section>, <div>) count too: a reader sees them as headings.
import type { Node as ProseMirrorNode } from '@tiptap/pm/model'

export interface OutlineHeading {
  level: number
  text: string
  /** Position of the heading node in the document (its content starts at pos + 1). */
  pos: number
}

export function outlineOf(doc: ProseMirrorNode): OutlineHeading[] {
  const headings: OutlineHeading[] = []
  doc.descendants((node, pos) => {
    if (node.type.name !== 'heading') return true
    headings.push({ level: Number(node.attrs.level) || 1, text: node.textContent.trim(), pos })
    return false
  })
  return headings
}
