// Comparing a revision with another version of the post for the revision history: the words of
// the title, summary and body side by side with insertions and deletions marked (jsdiff's
// diffWords on the readable text), whether only the HTML around the words differs, and which
// other fields differ. Words rather than canonical HTML lines: a line per text run marks a whole
// paragraph for one changed word, and an unchanged canonical form marked nothing at all.
import { diffLines, diffWords, type Change } from 'diff'
import { canonicalHtml } from './html-fidelity'
import { BODY_FIELDS, differingFields, fieldLabel, type DraftFields } from './blog-draft'

/** Elements whose content reads as its own line. */
const BLOCKS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6',
  'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TD', 'TH', 'TR', 'UL',
])

/** The text a reader sees in `html`, one line per block, spaces collapsed. */
export function readableText(html: string): string {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body
  let text = ''
  // Line breaks in the source are spaces to a reader, except inside <pre>.
  const walk = (node: Node, inPre = false) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += inPre ? (node.textContent ?? '') : (node.textContent ?? '').replace(/\s+/g, ' ')
      return
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return
    const element = node as Element
    if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE' || element.tagName === 'TEMPLATE') return
    const block = BLOCKS.has(element.tagName)
    if (block) text += '\n'
    if (element.tagName === 'IMG') text += element.getAttribute('alt') ? ` [image: ${element.getAttribute('alt')}] ` : ' [image] '
    for (const child of Array.from(element.childNodes)) walk(child, inPre || element.tagName === 'PRE')
    if (block) text += '\n'
  }
  walk(body)
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
}

export interface TextComparison {
  field: 'title' | 'summary' | 'content'
  label: string
  changes: Change[]
}

export interface Comparison {
  /** Nothing differs that the writer could see or publish. */
  identical: boolean
  /** Title, summary and body whose words differ, each as word-level changes. */
  texts: TextComparison[]
  /** The body's words are the same but its HTML is not (formatting, links, attributes): a line diff of the canonical HTML. */
  markupOnly: Change[] | null
  /** Other fields that differ (SEO title, slug, cover…), by their labels. */
  otherFields: string[]
}

const TEXT_FIELDS = [
  { field: 'title', read: (value: string) => value },
  { field: 'summary', read: (value: string) => value },
  { field: 'content', read: readableText },
] as const

/** How `newer` differs from `older` (a revision and the current version, usually). */
export function compareVersions(older: Partial<DraftFields>, newer: Partial<DraftFields>): Comparison {
  const texts: TextComparison[] = []
  for (const { field, read } of TEXT_FIELDS) {
    const before = read(String(older[field] ?? ''))
    const after = read(String(newer[field] ?? ''))
    if (before !== after) texts.push({ field, label: fieldLabel(field), changes: diffWords(before, after) })
  }
  const olderContent = String(older.content ?? '')
  const newerContent = String(newer.content ?? '')
  const bodyWordsSame = !texts.some((text) => text.field === 'content')
  const olderCanonical = canonicalHtml(olderContent)
  const newerCanonical = canonicalHtml(newerContent)
  const markupOnly = bodyWordsSame && olderCanonical !== newerCanonical ? diffLines(olderCanonical, newerCanonical) : null
  const shown = new Set<string>(['title', 'summary', 'content'])
  const otherFields = differingFields(pickKnown(newer), pickKnown(older))
    .filter((field) => !shown.has(field))
    .map(fieldLabel)
  return { identical: texts.length === 0 && markupOnly === null && otherFields.length === 0, texts, markupOnly, otherFields }
}

/** Revisions keep no collections; comparing only the fields both sides hold keeps that from reading as a change. */
function pickKnown(fields: Partial<DraftFields>): Partial<DraftFields> {
  const known: Partial<DraftFields> = {}
  for (const field of [...BODY_FIELDS, 'status'] as const) if (field in fields) Object.assign(known, { [field]: fields[field] })
  return known
}
