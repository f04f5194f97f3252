// HTML fidelity: what loading a post into the editor and saving it would change, said the way a
// writer sees it. Both versions are parsed with DOMParser and brought to a canonical form that
// drops what readers cannot see (whitespace between blocks, bare text vs a paragraph around
// it, attribute and class order, entity spelling, default values, equivalent tags, the nesting
// order of inline formatting), so only real differences remain. Each becomes a change of a kind,
// with what it concerns (which element, attribute or text, how many), that fidelity-words.ts says
// as a sentence in the app's language ("Removes a link to https://…", "The quote's citation moves
// into a paragraph"), marked visible or not: comments and data fields change nothing on the page, so they alone do not
// ask the writer. A line diff of the canonical forms shows where. Nothing the editor changes goes
// unreported: when the canonical forms differ and no other change explains it, the report
// says that the nesting changed.
import { diffLines, diffWords, createTwoFilesPatch, type Change } from 'diff'
import { roundTrip } from './editor/serialize'
import { BLOCK_TAGS, CONTAINER_TAGS, MARKER_PREFIX } from './editor/extensions/preserve'
import { shorten } from './fidelity-words'

/** How a writer would point at one removed element: a link by its address, an image by its source, else its text. */
export interface FidelityExample {
  kind: 'address' | 'source' | 'text'
  value: string
}

/** Elements by their tag, attributes by their name: fidelity-words.ts names them in words. */
type ChangeDetails =
  | { kind: 'element-removed'; tag: string; n: number; examples: FidelityExample[] }
  | { kind: 'element-added'; tag: string; n: number }
  /** `from` and `to` are the parent elements' tags, null for the top level. */
  | { kind: 'element-moved'; tag: string; from: string | null; to: string | null }
  | { kind: 'attribute-removed' | 'attribute-added'; tag: string; n: number; name: string; value: string }
  | { kind: 'style-removed' | 'style-added'; tag: string; n: number; declaration: string }
  | { kind: 'class-removed' | 'class-added'; tag: string; n: number; className: string }
  | { kind: 'text-removed' | 'text-added'; texts: string[] }
  | { kind: 'spacing-changed' | 'structure-changed' }
  | { kind: 'comment-removed'; n: number; blockMarkers: boolean }

export type FidelityChange = ChangeDetails & {
  /** False for what no reader can see (HTML comments, data fields). */
  visible: boolean
}
export type FidelityChangeKind = FidelityChange['kind']

export interface FidelityReport {
  /** True when a reader would see a difference: the only case in which the writer is asked. */
  changed: boolean
  /** Visible changes first, then the ones readers cannot see. */
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
const DEFAULT_ATTRIBUTES = new Set(['td colspan=1', 'td rowspan=1', 'th colspan=1', 'th rowspan=1', 'ol start=1', 'ol type=1'])

/** Parents in which whitespace between children never renders as text. */
const WHITESPACE_INSENSITIVE_PARENTS = new Set([
  'figure', 'video', 'audio', 'picture', 'object', 'ul', 'ol', 'dl', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup', 'select',
])

/** Parents in which bare text reads the same as the same text in a paragraph. */
const PARAGRAPH_PARENTS = new Set<string>(['#root', 'blockquote', 'figure', ...CONTAINER_TAGS])

/** Attributes no reader sees: a change to them alone does not ask the writer. */
const isUnseenAttribute = (name: string) => name.startsWith('data-')

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
  comments: string[]
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

const isBlockNode = (node: CanonicalNode | undefined) => node?.type === 'element' && BLOCK_TAGS.has(node.tag)
const isImage = (node: CanonicalNode) => node.type === 'element' && node.tag === 'img'
const hasVisibleText = (node: CanonicalNode): boolean => (node.type === 'text' ? node.text.trim() !== '' : !isImage(node) || false)

/** Elements and merged text runs, comments collected aside, whitespace collapsed outside <pre>. */
function readChildren(parent: ParentNode, preformatted: boolean, comments: string[]): CanonicalNode[] {
  const nodes: CanonicalNode[] = []
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === 8) {
      comments.push((child as Comment).data.trim())
      continue
    }
    if (child.nodeType === 3) {
      const text = preformatted ? (child.textContent ?? '') : (child.textContent ?? '').replace(/[ \t\n\r\f]+/g, ' ')
      const last = nodes[nodes.length - 1]
      // Text on both sides of a comment is one run: collapse it again once joined.
      if (last?.type === 'text') last.text = preformatted ? last.text + text : (last.text + text).replace(/ {2,}/g, ' ')
      else if (text) nodes.push({ type: 'text', text })
      continue
    }
    if (child.nodeType !== 1) continue
    const element = child as Element
    const rawTag = element.tagName.toLowerCase()
    const tag = TAG_ALIASES[rawTag] ?? rawTag
    const source = rawTag === 'template' ? (element as HTMLTemplateElement).content : element
    const inPre = preformatted || tag === 'pre' || tag === 'textarea'
    nodes.push({ type: 'element', tag, attributes: normaliseAttributes(tag, element), children: readChildren(source, inPre, comments) })
  }
  return nodes
}

/** The first (or last) text leaf of an inline run, descending into inline elements. */
function edgeText(nodes: CanonicalNode[], fromEnd: boolean): CanonicalText | null {
  const ordered = fromEnd ? [...nodes].reverse() : nodes
  for (const node of ordered) {
    if (node.type === 'text') return node
    if (node.tag === 'img' || node.tag === 'br') return null
    const inner = edgeText(node.children, fromEnd)
    if (inner) return inner
  }
  return null
}

function dropEmptyText(nodes: CanonicalNode[]): CanonicalNode[] {
  return nodes.filter((node) => node.type !== 'text' || node.text !== '')
}

/** Inline formatting around the same content reads the same in any nesting order. */
function sortInlineChain(element: CanonicalElement): CanonicalElement {
  const chain: CanonicalElement[] = [element]
  let inner = element
  while (inner.children.length === 1 && inner.children[0]!.type === 'element' && !BLOCK_TAGS.has(inner.children[0]!.tag) && !isImage(inner.children[0]!)) {
    inner = inner.children[0] as CanonicalElement
    chain.push(inner)
  }
  if (chain.length === 1) return element
  const content = inner.children
  const sorted = chain.map((link) => ({ ...link, children: [] as CanonicalNode[] })).sort((a, b) => describeElement(a).localeCompare(describeElement(b)))
  sorted.forEach((link, index) => { link.children = index === sorted.length - 1 ? content : [sorted[index + 1]!] })
  return sorted[0]!
}

const TABLE_SECTION_ORDER = ['caption', 'colgroup', 'col', 'thead', 'tbody', 'tr', 'tfoot']

/** A table shows its footer last wherever the source puts it. */
function orderTableSections(children: CanonicalNode[]): CanonicalNode[] {
  const rank = (node: CanonicalNode) => (node.type === 'element' ? TABLE_SECTION_ORDER.indexOf(node.tag) : -1)
  return [...children].sort((a, b) => rank(a) - rank(b))
}

/** Whitespace readers cannot see, bare text vs paragraph, inline nesting order: all made equal. */
function normalise(nodes: CanonicalNode[], parentTag: string, preformatted: boolean): CanonicalNode[] {
  let children = nodes.map((node) => {
    if (node.type === 'text') return node
    const inPre = preformatted || node.tag === 'pre' || node.tag === 'textarea'
    const element = { ...node, children: normalise(node.children, node.tag, inPre) }
    return BLOCK_TAGS.has(element.tag) ? element : sortInlineChain(element)
  })
  if (preformatted) return children
  if (parentTag === 'table') children = orderTableSections(children)
  if (WHITESPACE_INSENSITIVE_PARENTS.has(parentTag)) children = children.filter((node) => node.type !== 'text' || node.text.trim() !== '')
  const holdsBlocks = parentTag === '#root' || BLOCK_TAGS.has(parentTag)
  if (!holdsBlocks) return children
  const result: CanonicalNode[] = []
  let run: CanonicalNode[] = []
  const closeRun = () => {
    const first = edgeText(run, false)
    if (first) first.text = first.text.replace(/^ /, '')
    const last = edgeText(run, true)
    if (last) last.text = last.text.replace(/ $/, '')
    const kept = dropEmptyText(run)
    const wrap = PARAGRAPH_PARENTS.has(parentTag) && kept.some(hasVisibleText) && children.some(isBlockNode)
    if (wrap) result.push({ type: 'element', tag: 'p', attributes: [], children: kept })
    else result.push(...kept)
    run = []
  }
  for (const node of children) {
    if (isBlockNode(node)) {
      closeRun()
      result.push(node)
    } else {
      run.push(node)
    }
  }
  closeRun()
  return result
}

function canonicalise(html: string): Canonical {
  const document = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
  const comments: string[] = []
  const nodes = normalise(readChildren(document.body, false, comments), '#root', false)
  return { nodes, comments }
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

interface Placed {
  element: CanonicalElement
  parent: string
}

interface Inventory {
  elements: Map<string, Placed[]>
  attributes: Map<string, number>
  styles: Map<string, number>
  classes: Map<string, number>
  text: string
}

function add(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1)
}

function inventory(nodes: CanonicalNode[], parent = '#root', into: Inventory = { elements: new Map(), attributes: new Map(), styles: new Map(), classes: new Map(), text: '' }): Inventory {
  for (const node of nodes) {
    if (node.type === 'text') {
      into.text += node.text
      continue
    }
    into.text += ' '
    const sameTag = into.elements.get(node.tag) ?? []
    sameTag.push({ element: node, parent })
    into.elements.set(node.tag, sameTag)
    for (const [name, value] of node.attributes) {
      if (name === 'style') value.split('; ').forEach((declaration) => add(into.styles, `${node.tag}\u0000${declaration}`))
      else if (name === 'class') value.split(' ').forEach((className) => add(into.classes, `${node.tag}\u0000${className}`))
      else add(into.attributes, `${node.tag}\u0000${name}\u0000${value}`)
    }
    // A script's or a style sheet's text is never shown; the element itself is counted above.
    if (node.tag !== 'script' && node.tag !== 'style') inventory(node.children, node.tag, into)
    into.text += ' '
  }
  return into
}

function textOf(nodes: CanonicalNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.text : textOf(node.children))).join('').replace(/\s+/g, ' ').trim()
}

/** How a writer would point at one element: a link by its address, an image by its source. */
function identify(element: CanonicalElement): FidelityExample | null {
  const attribute = (name: string) => element.attributes.find(([key]) => key === name)?.[1]
  const text = textOf(element.children)
  if (element.tag === 'a' && attribute('href')) return { kind: 'address', value: shorten(attribute('href')!) }
  if ((element.tag === 'img' || element.tag === 'iframe' || element.tag === 'script') && attribute('src')) return { kind: 'source', value: shorten(attribute('src')!) }
  if (text) return { kind: 'text', value: shorten(text, 60) }
  return null
}

function compareCounts(before: Map<string, number>, after: Map<string, number>, onDifference: (key: string, delta: number) => void): void {
  const keys = new Set([...before.keys(), ...after.keys()])
  for (const key of keys) {
    const delta = (after.get(key) ?? 0) - (before.get(key) ?? 0)
    if (delta !== 0) onDifference(key, delta)
  }
}

function placementCounts(placed: Placed[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const { parent } of placed) add(counts, parent)
  return counts
}

function elementChanges(before: Inventory, after: Inventory): FidelityChange[] {
  const changes: FidelityChange[] = []
  const tags = new Set([...before.elements.keys(), ...after.elements.keys()])
  for (const tag of tags) {
    const was = before.elements.get(tag) ?? []
    const is = after.elements.get(tag) ?? []
    if (is.length < was.length) {
      const kept = new Set(is.map(({ element }) => describeElement(element) + textOf(element.children)))
      const gone = was.filter(({ element }) => !kept.has(describeElement(element) + textOf(element.children)))
      const examples = gone.slice(0, 3).map(({ element }) => identify(element)).filter((example) => example !== null)
      changes.push({ kind: 'element-removed', visible: true, tag, n: was.length - is.length, examples })
    } else if (is.length > was.length) {
      changes.push({ kind: 'element-added', visible: true, tag, n: is.length - was.length })
    } else {
      compareCounts(placementCounts(was), placementCounts(is), (parent, delta) => {
        if (delta <= 0) return
        const from = was.find(({ parent: original }) => (placementCounts(is).get(original) ?? 0) < (placementCounts(was).get(original) ?? 0))?.parent
        const topLevel = (name: string | undefined) => (name && name !== '#root' ? name : null)
        changes.push({ kind: 'element-moved', visible: true, tag, from: topLevel(from), to: topLevel(parent) })
      })
    }
  }
  return changes
}

function attributeChanges(before: Inventory, after: Inventory): FidelityChange[] {
  const changes: FidelityChange[] = []
  compareCounts(before.attributes, after.attributes, (key, delta) => {
    const [tag, name, value] = key.split('\u0000') as [string, string, string]
    changes.push({ kind: delta < 0 ? 'attribute-removed' : 'attribute-added', visible: !isUnseenAttribute(name), tag, n: Math.abs(delta), name, value })
  })
  compareCounts(before.styles, after.styles, (key, delta) => {
    const [tag, declaration] = key.split('\u0000') as [string, string]
    changes.push({ kind: delta < 0 ? 'style-removed' : 'style-added', visible: true, tag, n: Math.abs(delta), declaration })
  })
  compareCounts(before.classes, after.classes, (key, delta) => {
    const [tag, className] = key.split('\u0000') as [string, string]
    changes.push({ kind: delta < 0 ? 'class-removed' : 'class-added', visible: true, tag, n: Math.abs(delta), className })
  })
  return changes
}

function textChanges(before: string, after: string): FidelityChange[] {
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()
  if (collapse(before) === collapse(after)) return []
  const parts = diffWords(collapse(before), collapse(after))
  const removed = parts.filter((part) => part.removed).map((part) => part.value.trim()).filter(Boolean)
  const added = parts.filter((part) => part.added).map((part) => part.value.trim()).filter(Boolean)
  const firstThree = (texts: string[]) => texts.slice(0, 3).map((text) => shorten(text, 60))
  const changes: FidelityChange[] = []
  if (removed.length > 0) changes.push({ kind: 'text-removed', visible: true, texts: firstThree(removed) })
  if (added.length > 0) changes.push({ kind: 'text-added', visible: true, texts: firstThree(added) })
  if (changes.length === 0) changes.push({ kind: 'spacing-changed', visible: true })
  return changes
}

function commentChanges(before: string[], after: string[]): FidelityChange[] {
  const remaining = [...after]
  const lost = before.filter((comment) => {
    const index = remaining.indexOf(comment)
    if (index >= 0) remaining.splice(index, 1)
    return index < 0
  })
  if (lost.length === 0) return []
  return [{ kind: 'comment-removed', visible: false, n: lost.length, blockMarkers: lost.some((comment) => /^\/?wp:/.test(comment)) }]
}

/** Everything that differs between two versions of a post's HTML, once normalised. */
export function compareHtml(before: string, after: string): FidelityReport {
  const original = canonicalise(before)
  const result = canonicalise(after)
  const beforeLines = prettyLines(original.nodes).join('\n') + '\n'
  const afterLines = prettyLines(result.nodes).join('\n') + '\n'
  const was = inventory(original.nodes)
  const is = inventory(result.nodes)
  const changes = [
    ...elementChanges(was, is),
    ...attributeChanges(was, is),
    ...textChanges(was.text, is.text),
    ...commentChanges(original.comments, result.comments),
  ]
  if (!changes.some((change) => change.visible) && beforeLines !== afterLines) {
    changes.push({ kind: 'structure-changed', visible: true })
  }
  changes.sort((a, b) => Number(b.visible) - Number(a.visible))
  return {
    changed: changes.some((change) => change.visible),
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
