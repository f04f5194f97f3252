// For the corpus tests: what a save lost that the fidelity report does not name, computed from
// the two DOMs independently of the report's own bookkeeping. Code text must match exactly; every
// text run, link address, image source and embed of the original must still be there or be
// named in a visible change.
import { Editor } from '@tiptap/core'
import { NodeSelection } from '@tiptap/pm/state'
import { contentExtensions } from '../editor/schema'
import { contentForEditor } from '../editor/prepare'
import { serializeEditor } from '../editor/serialize'
import type { FidelityReport } from '../html-fidelity'
import { describeChange } from '../fidelity-words'

/** The word the corpus tests type at the end of every post. */
export const TYPED_WORD = 'Postscript'

/** Opens `html` in the editor as the app sets it up, types a word at the end, and saves. */
export function editAndSave(html: string): string {
  const editor = new Editor({ extensions: contentExtensions(), content: contentForEditor(html) })
  editor.commands.focus('end')
  // After a final atom (a kept block, an embed) the writer's cursor is a gap cursor below it:
  // typing there starts a new paragraph instead of replacing the atom.
  if (editor.state.selection instanceof NodeSelection || !editor.state.selection.$head.parent.isTextblock) {
    editor.commands.insertContentAt(editor.state.doc.content.size, { type: 'paragraph', content: [{ type: 'text', text: TYPED_WORD }] })
  } else {
    editor.commands.insertContent(` ${TYPED_WORD}`)
  }
  const output = serializeEditor(editor)
  editor.destroy()
  return output
}

/** Parsed as a browser parses it (happy-dom's DOMParser, unlike its template, keeps the newline after <pre>). */
function parse(html: string): HTMLElement {
  const template = document.createElement('template')
  template.innerHTML = html
  const body = document.createElement('body')
  body.append(template.content)
  return body
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

function textRuns(body: HTMLElement): string[] {
  const runs: string[] = []
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      const text = collapse(node.textContent ?? '')
      if (text) runs.push(text)
    } else if (node.nodeType === 1 && !['script', 'style', 'template'].includes((node as Element).tagName.toLowerCase())) {
      node.childNodes.forEach(walk)
    }
  }
  walk(body)
  return runs
}

function values(body: HTMLElement, selector: string, attribute: string): string[] {
  return Array.from(body.querySelectorAll(selector)).map((element) => element.getAttribute(attribute) ?? '').filter(Boolean)
}

const EMBEDS: [string, string][] = [['iframe[src]', 'src'], ['script[src]', 'src'], ['embed[src]', 'src'], ['object[data]', 'data']]

export interface Audit {
  /** Code blocks whose text differs from the original (beyond the typed word). */
  codeChanged: string[]
  /** Text, links, images and embeds that are gone while no visible change names them. */
  unnamed: string[]
}

export function audit(original: string, saved: string, report: FidelityReport): Audit {
  const before = parse(original)
  const after = parse(saved)
  const visible = report.changes.filter((change) => change.visible).map(describeChange)
  const named = (value: string) => visible.some((message) => message.includes(value.slice(0, 40)))

  const codeBefore = Array.from(before.querySelectorAll('pre')).map((pre) => pre.textContent ?? '')
  const codeAfter = Array.from(after.querySelectorAll('pre')).map((pre) => pre.textContent ?? '')
  const codeChanged = codeBefore.filter((text, index) => codeAfter[index] !== text && codeAfter[index] !== `${text} ${TYPED_WORD}`)
  if (codeAfter.length !== codeBefore.length) codeChanged.push(`${codeBefore.length} code blocks became ${codeAfter.length}`)

  const unnamed: string[] = []
  const savedText = collapse(textRuns(after).join(' '))
  const textNamed = (run: string) => visible.some((message) => message.startsWith('Removes text') && run.split(' ').some((word) => message.includes(word)))
  for (const run of textRuns(before)) {
    if (!savedText.includes(run) && !textNamed(run)) unnamed.push(`text “${run}”`)
  }
  const checks: [string, string, string][] = [['a[href]', 'href', 'link'], ['img[src]', 'src', 'image'], ...EMBEDS.map(([selector, attribute]): [string, string, string] => [selector, attribute, 'embed'])]
  for (const [selector, attribute, label] of checks) {
    const kept = values(after, selector, attribute)
    for (const value of values(before, selector, attribute)) {
      const index = kept.indexOf(value)
      if (index >= 0) kept.splice(index, 1)
      else if (!named(value)) unnamed.push(`${label} ${value}`)
    }
  }
  return { codeChanged, unnamed }
}

/** A message in words: no tags, no "3 <p> elements". */
export function speaksInTags(message: string): boolean {
  return /<\/?[a-z][a-z0-9-]*[\s>]/i.test(message.replace(/“[^”]*”/g, '')) || /\d+ <\w+>/.test(message)
}
