// The round trip over the corpus of real-world blog HTML (e2e/fixtures/html-corpus): for every
// post, what the editor would save either equals the original once normalised, or each
// difference is in the fidelity report. The expectations are computed here from the raw DOMs,
// independently of the report's own bookkeeping.
import { beforeAll, describe, expect, it } from 'vitest'
import { canonicalHtml, checkFidelity, type FidelityReport } from './html-fidelity'

const corpus = import.meta.glob('../../../../e2e/fixtures/html-corpus/*.html', { query: '?raw', import: 'default', eager: true }) as Record<string, string>
const files = Object.entries(corpus).map(([path, html]) => ({ name: path.split('/').pop() ?? path, html }))
const byName = (name: string) => files.find((file) => file.name === name)?.html ?? ''

/** The equivalences the editor is allowed to apply (they render the same). */
const SAME_TAG: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' }

interface Census {
  tags: Map<string, number>
  attributes: Map<string, number>
  styleProperties: Map<string, number>
  text: string
}

function census(html: string): Census {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body
  const result: Census = { tags: new Map(), attributes: new Map(), styleProperties: new Map(), text: body.textContent?.replace(/\s+/g, '') ?? '' }
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  for (const element of Array.from(body.querySelectorAll('*'))) {
    const raw = element.tagName.toLowerCase()
    const tag = SAME_TAG[raw] ?? raw
    bump(result.tags, tag)
    for (const name of element.getAttributeNames()) bump(result.attributes, `${tag} ${name}`)
    for (const declaration of (element.getAttribute('style') ?? '').split(';')) {
      const property = declaration.split(':')[0]?.trim().toLowerCase()
      if (property) bump(result.styleProperties, `${tag} ${property}`)
    }
  }
  return result
}

function lost(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...before].filter(([key, count]) => (after.get(key) ?? 0) < count).map(([key]) => key)
}

function reported(report: FidelityReport, ...words: string[]): boolean {
  return report.changes.some((change) => words.every((word) => change.message.includes(word)))
}

beforeAll(() => {
  // happy-dom would try to fetch the corpus's iframe pages over the network.
  (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }).happyDOM.settings.disableIframePageLoading = true
})

describe('html corpus round trip', () => {
  it('has a corpus of at least 12 posts', () => {
    expect(files.length).toBeGreaterThanOrEqual(12)
  })

  it.each(files)('$name: nothing is lost silently', ({ html }) => {
    const report = checkFidelity(html)
    if (!report.changed) {
      expect(canonicalHtml(report.output)).toBe(canonicalHtml(html))
      return
    }
    const before = census(html)
    const after = census(report.output)
    for (const tag of lost(before.tags, after.tags)) expect(reported(report, `<${tag}>`), `<${tag}> removed without a report`).toBe(true)
    for (const key of lost(before.attributes, after.attributes)) {
      const [tag, name] = key.split(' ') as [string, string]
      expect(reported(report, `<${tag}>`, name) || reported(report, `<${tag}>`, 'Removes'), `${name} on <${tag}> removed without a report`).toBe(true)
    }
    for (const key of lost(before.styleProperties, after.styleProperties)) {
      const [tag, property] = key.split(' ') as [string, string]
      expect(reported(report, `<${tag}>`, property), `style ${property} on <${tag}> removed without a report`).toBe(true)
    }
    if (after.text !== before.text) expect(report.changes.some((change) => change.kind === 'text-changed')).toBe(true)
  })

  it('reports the script, the event handlers and the script link it removes', () => {
    const report = checkFidelity(byName('09-scripts-handlers.html'))
    expect(report.output).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:/)
    expect(reported(report, 'Removes 1 <script> element')).toBe(true)
    expect(reported(report, 'onerror', '<img>')).toBe(true)
    expect(reported(report, 'onclick', '<a>')).toBe(true)
    expect(reported(report, 'onmouseover', '<div>')).toBe(true)
    expect(reported(report, 'href="javascript:alert(\'hi\')"')).toBe(true)
  })

  it('keeps tables with a header section, colspan and rowspan unchanged', () => {
    const report = checkFidelity(byName('02-table-colspan.html'))
    expect(report.changes).toEqual([])
    expect(report.output).toContain('<thead><tr><th>Size</th><th colspan="2">Chest (cm)</th>')
    expect(report.output).toContain('<td rowspan="2">70</td>')
  })

  it('keeps every iframe with its attributes', () => {
    const report = checkFidelity(byName('04-embeds-iframes.html'))
    expect(report.changes).toEqual([])
    const frames = new DOMParser().parseFromString(report.output, 'text/html').querySelectorAll('iframe')
    expect(Array.from(frames).map((frame) => frame.getAttribute('src'))).toEqual([
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871?h=8272103f6e',
      'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3004.2',
    ])
    expect(report.output).toContain('referrerpolicy="no-referrer-when-downgrade"')
  })

  it('keeps definition lists and details verbatim', () => {
    const report = checkFidelity(byName('07-definition-details.html'))
    expect(report.changes).toEqual([])
    expect(report.output).toContain('<dl class="glossary">')
    expect(report.output).toContain('<details open="">')
  })

  it('keeps figures with their captions and three levels of nested lists', () => {
    expect(checkFidelity(byName('03-figures-captions.html')).changes).toEqual([])
    const lists = checkFidelity(byName('06-nested-lists.html'))
    expect(lists.changes).toEqual([])
    expect(lists.output).toContain('<li>Use a mild detergent</li>')
  })

  it('keeps the demo store\'s custom element, form, details and definition list', () => {
    expect(checkFidelity(byName('17-demo-store-custom-element.html')).output).toContain('<product-card data-product-id="5015"></product-card>')
    expect(checkFidelity(byName('16-demo-store-form.html')).output).toContain('<input type="email" name="email">')
    const details = checkFidelity(byName('19-demo-store-details-dl.html'))
    expect(details.changes.map((change) => change.message)).toEqual(['Removes 1 HTML comment'])
  })

  it('reports what it drops from HTML pasted from Word into the store', () => {
    const report = checkFidelity(byName('11-word-paste.html'))
    expect(reported(report, '<o:p> element')).toBe(true)
    expect(reported(report, 'HTML comment')).toBe(true)
    expect(report.output).toContain('mso-list:l0 level1 lfo1')
  })
})
