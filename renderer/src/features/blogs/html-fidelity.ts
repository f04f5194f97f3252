// HTML fidelity: what loading a post into the editor and saving it would change.
// Both versions are parsed with DOMParser and brought to a canonical form (whitespace collapsed
// outside <pre>, attributes sorted, style declarations and classes sorted, default values and
// equivalent tags unified), so that only real differences remain. Each difference becomes a
// sentence a writer can read ("Removes 1 <script> element"), and a line diff of the canonical
// forms shows where. Nothing the editor changes goes unreported: when the canonical forms differ
// and no element, attribute, style, class, text or comment difference explains it, the report
// still says that nesting or order changed.
import { diffLines, diffWords, createTwoFilesPatch, type Change } from 'diff'
import { roundTrip } from './editor/serialize'
import { BLOCK_TAGS, MARKER_PREFIX } from './editor/extensions/preserve'

export type FidelityChangeKind =
  | 'element-removed' | 'element-added'
  | 'attribute-removed' | 'attribute-added'
  | 'style-removed' | 'style-added'
  | 'class-removed' | 'class-added'
  | 'text-changed' | 'comment-removed' | 'structure-changed'

export interface FidelityChange {
  kind: FidelityChangeKind
  message: string
}

export interface FidelityReport {
  /** False when the two versions are equal once normalised. */
  changed: boolean
  changes: FidelityChange[]
  /** Line diff of the canonical forms (for a side-by-side or inline view). */
  diff: Change[]
  /** The same diff as a unified patch. */
  patch: string
}

/** Tags the editor writes differently but that mean and render the same. */
const TAG_ALIASES: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' }

const BOOLEAN_ATTRIBUTES = new Set([
  'allowfullscreen', 'controls', 'autoplay', 'muted', 'loop', 'playsinline', 'open', 'hidden', 'disabled',
  'checked', 'async', 'defer', 'novalidate', 'readonly', 'required', 'selected', 'multiple', 'reversed',
])

/** Attribute values that equal the HTML default, keyed `tag name=value`. */
const DEFAULT_ATTRIBUTES = new Set(['td colspan=1', 'td rowspan=1', 'th colspan=1', 'th rowspan=1', 'ol start=1'])

/** Parents in which whitespace between children never renders as text. */
const WHITESPACE_INSENSITIVE_PARENTS = new Set([
  'figure', 'video', 'audio', 'picture', 'object', 'ul', 'ol', 'dl', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup', 'select',
])

interface CanonicalElement {
  type: 'element'
  tag: string
  attributes: [string, string][]
  children: CanonicalNode[]
}
interface CanonicalText {
  type: 'text'
  text: string
}
type CanonicalNode = CanonicalElement | CanonicalText

interface Canonical {
  nodes: CanonicalNode[]
  comments: number
}

function normaliseStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':')
      if (colon < 0) return ''
      const property = declaration.slice(0, colon).trim().toLowerCase()
      const value = declaration.slice(colon + 1).trim().replace(/\s+/g, ' ')
      return property && value ? `${property}: ${value}` : ''
    })
    .filter(Boolean)
    .sort()
    .join('; ')
}

function normaliseAttributes(tag: string, element: Element): [string, string][] {
  const result: [string, string][] = []
  for (const { name, value } of Array.from(element.attributes)) {
    if (name.startsWith(MARKER_PREFIX)) continue
    let normalised = value
    if (name === 'style') normalised = normaliseStyle(value)
    else if (name === 'class') normalised = [...new Set(value.split(/\s+/).filter(Boolean))].sort().join(' ')
    else if (BOOLEAN_ATTRIBUTES.has(name)) normalised = ''
    if ((name === 'style' || name === 'class') && !normalised) continue
    if (DEFAULT_ATTRIBUTES.has(`${tag} ${name}=${normalised}`)) continue
    result.push([name, normalised])
  }
  return result.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

function isBlock(node: Node | null | undefined): boolean {
  return !!node && node.nodeType === 1 && BLOCK_TAGS.has((node as Element).tagName.toLowerCase())
}

function canonicalChildren(parent: ParentNode, preformatted: boolean, counter: { comments: number }): CanonicalNode[] {
  const nodes: CanonicalNode[] = []
  const children = Array.from(parent.childNodes)
  const parentIsBlock = parent.nodeType !== 1 || isBlock(parent as Element)
  const parentIgnoresWhitespace = parent.nodeType === 1 && WHITESPACE_INSENSITIVE_PARENTS.has((parent as Element).tagName.toLowerCase())
  children.forEach((child, index) => {
    if (child.nodeType === 8) {
      counter.comments += 1
      return
    }
    if (child.nodeType === 3) {
      let text = child.textContent ?? ''
      if (parentIgnoresWhitespace && !preformatted && text.trim() === '') return
      if (!preformatted) {
        text = text.replace(/[ \t\n\r\f]+/g, ' ')
        const previous = children[index - 1]
        const next = children[index + 1]
        if ((index === 0 && parentIsBlock) || isBlock(previous)) text = text.replace(/^ /, '')
        if ((index === children.length - 1 && parentIsBlock) || isBlock(next)) text = text.replace(/ $/, '')
      }
      if (!text) return
      const last = nodes[nodes.length - 1]
      if (last?.type === 'text') last.text += text
      else nodes.push({ type: 'text', text })
      return
    }
    if (child.nodeType !== 1) return
    const element = child as Element
    const rawTag = element.tagName.toLowerCase()
    const tag = TAG_ALIASES[rawTag] ?? rawTag
    const source = rawTag === 'template' ? (element as HTMLTemplateElement).content : element
    nodes.push({
      type: 'element',
      tag,
      attributes: normaliseAttributes(tag, element),
      children: canonicalChildren(source, preformatted || tag === 'pre' || tag === 'textarea', counter),
    })
  })
  return nodes
}

function canonicalise(html: string): Canonical {
  const document = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
  const counter = { comments: 0 }
  const nodes = canonicalChildren(document.body, false, counter)
  return { nodes, comments: counter.comments }
}

function quote(value: string): string {
  return value.replace(/"/g, '&quot;')
}

function describeElement(element: CanonicalElement): string {
  const attributes = element.attributes.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${quote(value)}"`)).join('')
  return `<${element.tag}${attributes}>`
}

/** One line per element and text run, indented by depth: readable and diffable. */
function prettyLines(nodes: CanonicalNode[], depth = 0, lines: string[] = []): string[] {
  const indent = '  '.repeat(depth)
  for (const node of nodes) {
    if (node.type === 'text') {
      lines.push(`${indent}${JSON.stringify(node.text)}`)
    } else {
      lines.push(`${indent}${describeElement(node)}`)
      prettyLines(node.children, depth + 1, lines)
    }
  }
  return lines
}

/** The canonical form of `html`, one line per element or text run. */
export function canonicalHtml(html: string): string {
  return prettyLines(canonicalise(html).nodes).join('\n') + '\n'
}

interface Inventory {
  elements: Map<string, CanonicalElement[]>
  attributes: Map<string, number>
  styles: Map<string, number>
  classes: Map<string, number>
  text: string
}

function add(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1)
}

function inventory(nodes: CanonicalNode[], into: Inventory = { elements: new Map(), attributes: new Map(), styles: new Map(), classes: new Map(), text: '' }): Inventory {
  for (const node of nodes) {
    if (node.type === 'text') {
      into.text += node.text
      continue
    }
    into.text += ' '
    const sameTag = into.elements.get(node.tag) ?? []
    sameTag.push(node)
    into.elements.set(node.tag, sameTag)
    for (const [name, value] of node.attributes) {
      if (name === 'style') value.split('; ').forEach((declaration) => add(into.styles, `${node.tag}\u0000${declaration}`))
      else if (name === 'class') value.split(' ').forEach((className) => add(into.classes, `${node.tag}\u0000${className}`))
      else add(into.attributes, `${node.tag}\u0000${name}\u0000${value}`)
    }
    inventory(node.children, into)
    into.text += ' '
  }
  return into
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

function times(count: number): string {
  return count > 1 ? ` (${count} times)` : ''
}

function shorten(value: string, length = 80): string {
  return value.length > length ? `${value.slice(0, length - 1)}…` : value
}

function compareCounts(before: Map<string, number>, after: Map<string, number>, onDifference: (key: string, delta: number) => void): void {
  const keys = new Set([...before.keys(), ...after.keys()])
  for (const key of keys) {
    const delta = (after.get(key) ?? 0) - (before.get(key) ?? 0)
    if (delta !== 0) onDifference(key, delta)
  }
}

function elementChanges(before: Inventory, after: Inventory): FidelityChange[] {
  const changes: FidelityChange[] = []
  const tags = new Set([...before.elements.keys(), ...after.elements.keys()])
  for (const tag of tags) {
    const was = before.elements.get(tag) ?? []
    const is = after.elements.get(tag) ?? []
    if (is.length < was.length) {
      const missing = was.length - is.length
      const keptDescriptions = new Set(is.map(describeElement))
      const examples = was.map(describeElement).filter((description) => !keptDescriptions.has(description)).slice(0, 3)
      const detail = examples.length > 0 ? `: ${examples.map((example) => shorten(example)).join(', ')}` : ''
      changes.push({ kind: 'element-removed', message: `Removes ${plural(missing, `<${tag}> element`)}${detail}` })
    } else if (is.length > was.length) {
      changes.push({ kind: 'element-added', message: `Adds ${plural(is.length - was.length, `<${tag}> element`)}` })
    }
  }
  return changes
}

function textChanges(before: string, after: string): FidelityChange[] {
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()
  if (collapse(before) === collapse(after)) return []
  const parts = diffWords(collapse(before), collapse(after))
  const removed = parts.filter((part) => part.removed).map((part) => part.value.trim()).filter(Boolean)
  const added = parts.filter((part) => part.added).map((part) => part.value.trim()).filter(Boolean)
  const changes: FidelityChange[] = []
  if (removed.length > 0) changes.push({ kind: 'text-changed', message: `Removes text: ${removed.slice(0, 3).map((text) => `"${shorten(text, 60)}"`).join(', ')}` })
  if (added.length > 0) changes.push({ kind: 'text-changed', message: `Adds text: ${added.slice(0, 3).map((text) => `"${shorten(text, 60)}"`).join(', ')}` })
  if (changes.length === 0) changes.push({ kind: 'text-changed', message: 'Changes spacing in the text' })
  return changes
}

/** Everything that differs between two versions of a post's HTML, once normalised. */
export function compareHtml(before: string, after: string): FidelityReport {
  const original = canonicalise(before)
  const result = canonicalise(after)
  const beforeLines = prettyLines(original.nodes).join('\n') + '\n'
  const afterLines = prettyLines(result.nodes).join('\n') + '\n'
  const changes: FidelityChange[] = []

  const was = inventory(original.nodes)
  const is = inventory(result.nodes)
  changes.push(...elementChanges(was, is))
  compareCounts(was.attributes, is.attributes, (key, delta) => {
    const [tag, name, value] = key.split('\u0000') as [string, string, string]
    const shown = value === '' ? name : `${name}="${shorten(value)}"`
    changes.push(delta < 0
      ? { kind: 'attribute-removed', message: `Removes attribute ${shown} from <${tag}>${times(-delta)}` }
      : { kind: 'attribute-added', message: `Adds attribute ${shown} to <${tag}>${times(delta)}` })
  })
  compareCounts(was.styles, is.styles, (key, delta) => {
    const [tag, declaration] = key.split('\u0000') as [string, string]
    changes.push(delta < 0
      ? { kind: 'style-removed', message: `Removes inline style "${declaration}" from <${tag}>${times(-delta)}` }
      : { kind: 'style-added', message: `Adds inline style "${declaration}" to <${tag}>${times(delta)}` })
  })
  compareCounts(was.classes, is.classes, (key, delta) => {
    const [tag, className] = key.split('\u0000') as [string, string]
    changes.push(delta < 0
      ? { kind: 'class-removed', message: `Removes class "${className}" from <${tag}>${times(-delta)}` }
      : { kind: 'class-added', message: `Adds class "${className}" to <${tag}>${times(delta)}` })
  })
  changes.push(...textChanges(was.text, is.text))
  if (result.comments < original.comments) {
    changes.push({ kind: 'comment-removed', message: `Removes ${plural(original.comments - result.comments, 'HTML comment')}` })
  }
  if (changes.length === 0 && beforeLines !== afterLines) {
    changes.push({ kind: 'structure-changed', message: 'Changes how elements are nested or ordered (see the differences below)' })
  }

  return {
    changed: beforeLines !== afterLines || changes.length > 0,
    changes,
    diff: diffLines(beforeLines, afterLines),
    patch: createTwoFilesPatch('store', 'editor', beforeLines, afterLines, '', '', { context: 2 }),
  }
}

/** What loading `storeHtml` into the editor and saving it unchanged would do to it. */
export function checkFidelity(storeHtml: string): FidelityReport & { output: string } {
  const output = roundTrip(storeHtml)
  return { ...compareHtml(storeHtml, output), output }
}
