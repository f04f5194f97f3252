// The outline's headings, read from the editor's document.
import { afterEach, describe, expect, it } from 'vitest'
import { Editor } from '@tiptap/core'
import { contentExtensions } from './schema'
import { contentForEditor } from './prepare'
import { outlineOf } from './outline'

let editor: Editor | undefined
afterEach(() => editor?.destroy())

describe('outlineOf', () => {
  it('lists every heading in order with its level, also inside kept containers', () => {
    editor = new Editor({
      extensions: contentExtensions(),
      content: contentForEditor('<h2>Care</h2><p>Wash cold.</p><h3> Drying </h3><section><h2>Storage</h2><p>Fold.</p></section><p>No heading</p>'),
    })
    const outline = outlineOf(editor.state.doc)
    expect(outline.map(({ level, text }) => ({ level, text }))).toEqual([
      { level: 2, text: 'Care' },
      { level: 3, text: 'Drying' },
      { level: 2, text: 'Storage' },
    ])
    for (const heading of outline) expect(editor.state.doc.nodeAt(heading.pos)?.type.name).toBe('heading')
  })

  it('is empty for a post without headings', () => {
    editor = new Editor({ extensions: contentExtensions(), content: '<p>Just text</p>' })
    expect(outlineOf(editor.state.doc)).toEqual([])
  })
})
