// Sanitising store HTML for keeping (every byte but what could run) and for export (nor what acts
// on the whole page). What the DOMPurify-based display functions keep is checked in Chromium
// (e2e/store-content.spec.ts): under happy-dom DOMPurify skips nodes it should visit.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sanitizeForExport, sanitizeForKeeping } from './sanitize'

describe('keeping store HTML', () => {
  it('removes script URLs however a browser would still read them, and nothing else', () => {
    const html = [
      '<a href="java\nscript:alert(1)">a</a>',
      '<a href="JAVA\tSCRIPT:alert(2)">b</a>',
      '<a href="\u0001 javascript:alert(3)">c</a>',
      '<img src="java\rscript:alert(4)" alt="d">',
      '<a href="https://shop.example/javascript:-the-good-parts">e</a>',
    ].join('')
    expect(sanitizeForKeeping(html)).toBe('<a>a</a><a>b</a><a>c</a><img alt="d"><a href="https://shop.example/javascript:-the-good-parts">e</a>')
  })

  it('removes a script URL however it is spelled: any case, tabs and line breaks anywhere, control characters before it', () => {
    const scheme = fc.constantFrom('javascript', 'vbscript').chain((word) =>
      fc.tuple(...[...`${word}:`].map((c) => fc.tuple(fc.boolean(), fc.stringMatching(/^[\t\n\r]{0,2}$/)).map(([upper, gap]) => `${upper ? c.toUpperCase() : c}${gap}`))).map((parts) => parts.join('')),
    )
    // eslint-disable-next-line no-control-regex
    const lead = fc.stringMatching(/^[\u0001-\u0020]{0,3}$/)
    fc.assert(
      fc.property(lead, scheme, fc.constantFrom('href', 'src', 'action', 'formaction', 'xlink:href'), (before, url, attribute) => {
        const template = document.createElement('template')
        template.innerHTML = '<a>x</a>'
        template.content.firstElementChild!.setAttribute(attribute, `${before}${url}alert(1)`)
        expect(sanitizeForKeeping(template.innerHTML)).toBe('<a>x</a>')
      }),
    )
  })

  it('keeps styles, meta and base in what is kept for the store; the export drops meta http-equiv and base', () => {
    const html = '<details><style>p{color:red}</style><p style="color: blue">x</p></details><meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/"><meta itemprop="price" content="1">'
    expect(sanitizeForKeeping(html)).toBe(html)
    expect(sanitizeForExport(html)).toBe('<details><style>p{color:red}</style><p style="color: blue">x</p></details><meta itemprop="price" content="1">')
  })
})

