// The words the fidelity report uses for HTML: what a writer calls an element or an attribute
// ("a link", "the quote's citation", "the image description"), so the report never speaks in
// tags or tag counts.

const ELEMENT_NOUNS: Record<string, string> = {
  a: 'link', abbr: 'abbreviation', acronym: 'abbreviation', address: 'address block', article: 'article section',
  aside: 'aside', audio: 'audio player', b: 'bold text', big: 'large text', blockquote: 'quote', br: 'line break',
  button: 'button', canvas: 'drawing', caption: 'table caption', center: 'centred section', cite: 'citation',
  code: 'inline code', col: 'table column', colgroup: 'table column group', dd: 'definition', del: 'deleted text',
  details: 'expandable section', dfn: 'definition term', div: 'section', dl: 'definition list', dt: 'term',
  em: 'italic text', embed: 'embedded object', fieldset: 'form group', figcaption: 'caption', figure: 'figure',
  font: 'font change', footer: 'footer', form: 'form', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading',
  h5: 'heading', h6: 'heading', header: 'header', hr: 'divider', i: 'italic text', iframe: 'embedded frame',
  img: 'image', input: 'form field', ins: 'inserted text', kbd: 'keyboard key', label: 'form label', li: 'list item',
  main: 'main section', mark: 'highlighted text', meter: 'meter', nav: 'navigation', object: 'embedded object',
  ol: 'numbered list', p: 'paragraph', picture: 'picture', pre: 'code block', progress: 'progress bar',
  q: 'inline quotation', s: 'struck-through text', samp: 'sample output', script: 'script', section: 'section',
  select: 'drop-down list', small: 'small text', source: 'media source', span: 'styled text', strong: 'bold text',
  sub: 'subscript', summary: 'summary', sup: 'superscript', svg: 'vector drawing', table: 'table',
  tbody: 'table body', td: 'table cell', textarea: 'text box', tfoot: 'table footer', th: 'table header cell',
  thead: 'table header', time: 'time', tr: 'table row', tt: 'teletype text', u: 'underlined text',
  ul: 'bulleted list', var: 'variable', video: 'video', style: 'style sheet', noscript: 'no-script fallback',
}

const ATTRIBUTE_NOUNS: Record<string, string> = {
  href: 'link address', src: 'source address', alt: 'image description', title: 'tooltip', id: 'anchor name',
  width: 'width', height: 'height', target: 'link target', rel: 'link relation', lang: 'language', dir: 'text direction',
  colspan: 'column span', rowspan: 'row span', start: 'starting number', type: 'numbering type', srcset: 'image sizes',
  sizes: 'image sizes', loading: 'loading mode', cite: 'source address', datetime: 'date', value: 'value',
  min: 'minimum', max: 'maximum', allow: 'frame permissions', allowfullscreen: 'full-screen permission',
}

/** "a link", "the quote": the writer's word for an element. */
export function elementNoun(tag: string): string {
  if (ELEMENT_NOUNS[tag]) return ELEMENT_NOUNS[tag]
  return tag.includes('-') ? `custom element “${tag}”` : `“${tag}” element`
}

export function attributeNoun(name: string): string {
  if (ATTRIBUTE_NOUNS[name]) return ATTRIBUTE_NOUNS[name]
  if (name.startsWith('on')) return `event handler ${name}`
  if (name.startsWith('data-')) return `data field ${name.slice(5)}`
  if (name.startsWith('aria-')) return `accessibility label ${name.slice(5)}`
  return `setting “${name}”`
}

export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
}

export function pluralNoun(count: number, noun: string): string {
  if (count === 1) return withArticle(noun)
  const plural = noun.replace(/^(.*?)( “.*)?$/, (_, head: string, rest = '') => `${head.endsWith('s') || head.endsWith('x') ? `${head}es` : head.endsWith('y') && !/[aeiou]y$/.test(head) ? `${head.slice(0, -1)}ies` : `${head}s`}${rest}`)
  return `${count} ${plural}`
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function shorten(value: string, length = 80): string {
  return value.length > length ? `${value.slice(0, length - 1)}…` : value
}
