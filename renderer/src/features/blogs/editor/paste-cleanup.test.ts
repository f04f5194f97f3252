// Paste cleaning: what the writer gets in the editor after pasting from Word, Google Docs or a page.
import { describe, expect, it } from 'vitest'
import { cleanPastedHtml } from './paste-cleanup'

const corpus = import.meta.glob('../../../../../e2e/fixtures/html-corpus/1[12]-*.html', { query: '?raw', import: 'default', eager: true }) as Record<string, string>
const fixture = (prefix: string) => Object.entries(corpus).find(([path]) => path.includes(prefix))?.[1] ?? ''

describe('cleanPastedHtml', () => {
  it('cleans Word HTML to paragraphs with bold and italic, without office markup or bullets drawn as text', () => {
    const cleaned = cleanPastedHtml(fixture('11-word-paste')).replace(/>\s+</g, '><').trim()
    expect(cleaned).toBe(
      '<p><b>Autumn newsletter</b></p>' +
      '<p>Dear customers, the <i>autumn</i> range is here.</p>' +
      '<p>Wool coats</p><p>Knitted scarves</p><p>&nbsp;</p>',
    )
  })

  it('cleans Google Docs HTML: no guid wrapper, styled spans become tags, list items stay plain', () => {
    const cleaned = cleanPastedHtml(fixture('12-google-docs'))
    expect(cleaned).not.toContain('docs-internal-guid')
    expect(cleaned).not.toContain('style=')
    expect(cleaned).toContain('<h2>Holiday opening hours</h2>')
    expect(cleaned).toContain('<p><strong>All shops</strong> close at 14:00 on 24 December.</p>')
    expect(cleaned).toContain('<ul><li><em>Lisbon: 10:00–14:00</em></li><li>Porto: 10:00–13:00</li></ul>')
  })

  it('keeps links, images, table spans, centred text and right-to-left direction from web pages', () => {
    const cleaned = cleanPastedHtml(
      '<div class="x"><p style="text-align:center;color:red" dir="rtl">مرحبا <a href="https://a.example/" class="btn" onclick="x()">a</a></p>' +
      '<img src="https://a.example/i.png" alt="A" style="float:left"><table><tr><td colspan="2" class="c">t</td></tr></table></div>',
    )
    expect(cleaned).toBe(
      '<div><p dir="rtl" style="text-align: center">مرحبا <a href="https://a.example/">a</a></p>' +
      '<img src="https://a.example/i.png" alt="A"><table><tbody><tr><td colspan="2">t</td></tr></tbody></table></div>',
    )
  })
})
