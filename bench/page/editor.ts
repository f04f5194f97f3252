// Figure 4 in the page: keystrokes in a long post, the blog editor's extensions beside bare StarterKit.
import { Editor, type AnyExtension } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'
import { editorExtensions } from '@/features/blogs/editor/schema'

/** A post of `words` words in paragraphs of 100, with some marks and headings. */
function longPost(words: number): string {
  const vocabulary = ['storefront', 'order', 'parcel', 'customer', 'shipping', 'writer', 'season', 'collection', 'draft', 'recipe', 'garden', 'coffee']
  const parts: string[] = []
  for (let p = 0; p * 100 < words; p++) {
    if (p % 10 === 0) parts.push(`<h2>Section ${p / 10 + 1}</h2>`)
    const text = Array.from({ length: 100 }, (_, i) => vocabulary[(p * 7 + i) % vocabulary.length]).join(' ')
    parts.push(`<p>${text.replace('order', '<strong>order</strong>').replace('draft', '<em>draft</em>')}</p>`)
  }
  return parts.join('')
}

/**
 * Figure 4: per keystroke, the time to apply a typed character as ProseMirror does (an
 * insertText transaction) and lay the page out again, in the middle of a long post.
 */
function keystrokeTimes(extensions: AnyExtension[], words: number, keys: number): number[] {
  const host = document.createElement('div')
  document.getElementById('bench')!.append(host)
  const editor = new Editor({ element: host, extensions, content: longPost(words), injectCSS: false })
  const times: number[] = []
  try {
    editor.commands.setTextSelection(Math.floor(editor.state.doc.content.size / 2))
    for (let i = 0; i < keys; i++) {
      const start = performance.now()
      editor.view.dispatch(editor.state.tr.insertText(i % 6 === 5 ? ' ' : 'a'))
      void host.getBoundingClientRect().height
      void document.body.offsetHeight
      times.push(performance.now() - start)
    }
  } finally {
    editor.destroy()
    host.remove()
  }
  return times
}

/**
 * Figure 4: `rounds` alternating passes of bare StarterKit and the app's extensions, their
 * keystrokes pooled: at p95s of about a millisecond, one pass each moved the ratio from 0.5x to
 * 1.18x between runs.
 */
export function editorLatency(words: number, keys: number, rounds: number): { app: number[]; bare: number[] } {
  // Without isolation the page's clock ticks in 100 µs, too coarse for keystrokes under 1 ms.
  if (!crossOriginIsolated) throw new Error('the bench page is not cross-origin isolated, so its clock is too coarse')
  // Warm both once so neither pays for first-use compilation in the measured run.
  keystrokeTimes([StarterKit], 500, 20)
  keystrokeTimes(editorExtensions(), 500, 20)
  const bare: number[] = []
  const app: number[] = []
  for (let round = 0; round < rounds; round++) {
    bare.push(...keystrokeTimes([StarterKit], words, keys))
    app.push(...keystrokeTimes(editorExtensions(), words, keys))
  }
  return { app, bare }
}

