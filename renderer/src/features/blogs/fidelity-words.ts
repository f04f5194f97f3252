// The fidelity report's sentences in the app's language: a change found by html-fidelity.ts
// (what kind, which element or attribute, how many, which values) becomes one catalog sentence
// per kind of change (the `fidelity` group), with the element or attribute named by the
// writer's word for it ("a link", "the quote's citation", "the image description"), so the
// report never speaks in tags or tag counts. A noun is a catalog message of its own, said
// first (with its count, as the language counts: "2 links", "2 × Skript", "2 个脚本") and
// passed to the sentence as a phrase that stands alone, so no article or case is glued on
// (German "Wird entfernt: 2 × Skript", "Absatz: Tooltip „t“ wird entfernt").
import { intlLocale, t, type MessageKey } from '@/session/i18n'
import type { FidelityChange, FidelityExample } from './html-fidelity'

/** Elements the catalog names (fidelity.element.*); any other tag is named by its own name. */
const ELEMENTS = new Set([
  'a', 'abbr', 'acronym', 'address', 'article', 'aside', 'audio', 'b', 'big', 'blockquote', 'br', 'button', 'canvas',
  'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em',
  'embed', 'fieldset', 'figcaption', 'figure', 'font', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hr', 'i', 'iframe', 'img', 'input', 'ins', 'kbd', 'label', 'li', 'main', 'mark', 'meter', 'nav', 'object', 'ol',
  'p', 'picture', 'pre', 'progress', 'q', 's', 'samp', 'script', 'section', 'select', 'small', 'source', 'span',
  'strong', 'sub', 'summary', 'sup', 'svg', 'table', 'tbody', 'td', 'textarea', 'tfoot', 'th', 'thead', 'time', 'tr',
  'tt', 'u', 'ul', 'var', 'video', 'style', 'noscript',
])

/** Attributes the catalog names (fidelity.attribute.*). */
const ATTRIBUTES = new Set([
  'href', 'src', 'alt', 'title', 'id', 'width', 'height', 'target', 'rel', 'lang', 'dir', 'colspan', 'rowspan', 'start',
  'type', 'srcset', 'sizes', 'loading', 'cite', 'datetime', 'value', 'min', 'max', 'allow', 'allowfullscreen',
])

/**
 * The writer's word for an element. `n` is how many: 0 asks for the bare noun (after "the",
 * in "The quote's citation"), 1 and more for that many of them ("a link", "2 links").
 */
export function elementNoun(tag: string, n: number): string {
  if (ELEMENTS.has(tag)) return t(`fidelity.element.${tag}` as MessageKey, { n })
  return t(tag.includes('-') ? 'fidelity.customElement' : 'fidelity.otherElement', { n, tag })
}

/** The writer's word for an attribute: "link address", "event handler onclick". */
export function attributeNoun(name: string): string {
  if (ATTRIBUTES.has(name)) return t(`fidelity.attribute.${name}` as MessageKey)
  const kind = name.startsWith('on') ? 'handler' : name.startsWith('data-') ? 'data' : name.startsWith('aria-') ? 'aria' : 'other'
  return t('fidelity.otherAttribute', { kind, name: kind === 'data' || kind === 'aria' ? name.slice(5) : name })
}

export function shorten(value: string, length = 80): string {
  return value.length > length ? `${value.slice(0, length - 1)}…` : value
}

/** Quoted texts as the language lists them: “a”, “b”. */
function quotedList(texts: readonly string[]): string {
  const quoted = texts.map((text) => t('fidelity.quoted', { text }))
  return new Intl.ListFormat(intlLocale(), { style: 'short', type: 'unit' }).format(quoted)
}

function examples(list: readonly FidelityExample[]): string {
  return list.map((example) => t('fidelity.example', { kind: example.kind, value: example.value })).join(t('fidelity.exampleSeparator'))
}


/** One change of the report as a sentence in the app's language. */
export function describeChange(change: FidelityChange): string {
  switch (change.kind) {
    case 'element-removed':
      return t('fidelity.elementRemoved', { what: elementNoun(change.tag, change.n), examples: examples(change.examples) })
    case 'element-added':
      return t('fidelity.elementAdded', { what: elementNoun(change.tag, change.n) })
    case 'element-moved':
      return t('fidelity.elementMoved', {
        noun: elementNoun(change.tag, 0),
        from: change.from === null ? 'top' : 'inside',
        owner: change.from === null ? '' : elementNoun(change.from, 0),
        to: change.to === null ? 'top' : 'inside',
        target: change.to === null ? '' : elementNoun(change.to, 1),
      })
    case 'attribute-removed':
    case 'attribute-added':
      return t(change.kind === 'attribute-removed' ? 'fidelity.attributeRemoved' : 'fidelity.attributeAdded', {
        where: elementNoun(change.tag, change.n),
        attribute: attributeNoun(change.name),
        valued: change.value === '' ? 'no' : 'yes',
        value: shorten(change.value),
      })
    case 'style-removed':
    case 'style-added':
      return t(change.kind === 'style-removed' ? 'fidelity.styleRemoved' : 'fidelity.styleAdded', { where: elementNoun(change.tag, change.n), declaration: change.declaration })
    case 'class-removed':
    case 'class-added':
      return t(change.kind === 'class-removed' ? 'fidelity.classRemoved' : 'fidelity.classAdded', { where: elementNoun(change.tag, change.n), name: change.className })
    case 'text-removed':
      return t('fidelity.textRemoved', { texts: quotedList(change.texts) })
    case 'text-added':
      return t('fidelity.textAdded', { texts: quotedList(change.texts) })
    case 'spacing-changed':
      return t('fidelity.spacingChanged')
    case 'comment-removed':
      return t('fidelity.commentsRemoved', { n: change.n, blocks: change.blockMarkers ? 'yes' : 'no' })
    case 'structure-changed':
      return t('fidelity.structureChanged')
  }
}
