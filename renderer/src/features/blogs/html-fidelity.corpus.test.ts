// The round trip over the project's own corpus of blog HTML (e2e/fixtures/html-corpus): for
// every post, what the editor would save either equals the original once normalised, or each
// difference a reader would see is in the fidelity report (test-support/fidelity-audit.ts checks
// that from the raw DOMs, independently of the report's own bookkeeping).
import { beforeAll, describe, expect, it } from 'vitest'
import { canonicalHtml, checkFidelity, type FidelityReport } from './html-fidelity'
import { describeChange } from './fidelity-words'
import { audit, editAndSave, speaksInTags } from './test-support/fidelity-audit'

const corpus = import.meta.glob('../../../../e2e/fixtures/html-corpus/*.html', { query: '?raw', import: 'default', eager: true }) as Record<string, string>
const files = Object.entries(corpus).map(([path, html]) => ({ name: path.split('/').pop() ?? path, html }))
const byName = (name: string) => files.find((file) => file.name === name)?.html ?? ''

function reported(report: FidelityReport, ...words: string[]): boolean {
  return report.changes.some((change) => words.every((word) => describeChange(change).includes(word)))
}

beforeAll(() => {
  // happy-dom would try to fetch the corpus's iframe pages over the network.
  (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }).happyDOM.settings.disableIframePageLoading = true
})

describe('html corpus round trip', () => {
  it('has a corpus of at least 12 posts', () => {
    expect(files.length).toBeGreaterThanOrEqual(12)
  })

  it.each(files)('$name: code is kept exactly and nothing a reader sees is lost silently', ({ html }) => {
    const report = checkFidelity(html)
    if (!report.changed) expect(canonicalHtml(report.output)).toBe(canonicalHtml(html))
    expect(audit(html, editAndSave(html), report)).toEqual({ codeChanged: [], unnamed: [] })
    expect(report.changes.filter((change) => speaksInTags(describeChange(change)))).toEqual([])
  })

  it('reports the script, the event handlers and the script link it removes', () => {
    const report = checkFidelity(byName('09-scripts-handlers.html'))
    expect(report.output).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:/)
    expect(reported(report, 'Removes a script')).toBe(true)
    expect(reported(report, 'event handler onerror', 'from an image')).toBe(true)
    expect(reported(report, 'event handler onclick', 'from a link')).toBe(true)
    expect(reported(report, 'event handler onmouseover', 'from a section')).toBe(true)
    expect(reported(report, 'javascript:alert(\'hi\')')).toBe(true)
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
    expect(details.changes).toEqual([])
  })

  it('reports what it drops from HTML pasted from Word into the store', () => {
    const report = checkFidelity(byName('11-word-paste.html'))
    expect(reported(report, '“o:p” element')).toBe(true)
    expect(report.output).toContain('mso-list:l0 level1 lfo1')
  })
})
