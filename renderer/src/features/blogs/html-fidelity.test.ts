// The fidelity report: equal HTML is recognised through harmless differences, and every real
// difference (element, attribute, style, class, text, comment, nesting) becomes a sentence.
import { describe, expect, it } from 'vitest'
import { canonicalHtml, checkFidelity, compareHtml } from './html-fidelity'

const messages = (before: string, after: string) => compareHtml(before, after).changes.map((change) => change.message)

describe('compareHtml', () => {
  it('treats formatting, attribute order and style spacing as no change', () => {
    const report = compareHtml(
      '<p class="b a" style="color:red;margin:0">Hello   <b>world</b></p>\n\n<ul>\n  <li>one</li>\n</ul>',
      '<p style="margin: 0; color: red" class="a b">Hello <strong>world</strong></p><ul><li>one</li></ul>',
    )
    expect(report.changed).toBe(false)
    expect(report.changes).toEqual([])
  })

  it('names a removed element and its source', () => {
    expect(messages('<p>a</p><iframe src="https://maps.example/x"></iframe>', '<p>a</p>')).toContain(
      'Removes 1 <iframe> element: <iframe src="https://maps.example/x">',
    )
  })

  it('names removed attributes, inline styles and classes', () => {
    const changes = messages('<p id="x" class="lead big" style="color: red; font-size: 2em">t</p>', '<p class="big" style="font-size: 2em">t</p>')
    expect(changes).toEqual(expect.arrayContaining([
      'Removes attribute id="x" from <p>',
      'Removes inline style "color: red" from <p>',
      'Removes class "lead" from <p>',
    ]))
  })

  it('reports removed text and removed comments', () => {
    const changes = messages('<p>keep <!-- note --> this and that</p>', '<p>keep this</p>')
    expect(changes).toContain('Removes text: "and that"')
    expect(changes).toContain('Removes 1 HTML comment')
  })

  it('reports a change of nesting even when every element and attribute is still there', () => {
    const report = compareHtml('<p><strong><em>x</em></strong></p>', '<p><em><strong>x</strong></em></p>')
    expect(report.changes).toEqual([{ kind: 'structure-changed', message: expect.stringContaining('nested or ordered') }])
    expect(report.patch).toContain('-    <em>')
  })

  it('shows the differences as a line diff of the canonical forms', () => {
    const report = compareHtml('<p>a</p><hr>', '<p>a</p>')
    expect(report.diff.filter((part) => part.removed).map((part) => part.value)).toEqual(['<hr>\n'])
  })
})

describe('checkFidelity (the editor round trip)', () => {
  it('keeps what the blocks represent without change', () => {
    const html = '<h2>Title</h2><p style="text-align: center">Centred <a href="https://example.com">link</a></p><blockquote><p>Quote</p></blockquote><pre><code class="language-js">let a = 1</code></pre><hr>'
    const report = checkFidelity(html)
    expect(report.changes).toEqual([])
    expect(canonicalHtml(report.output)).toBe(canonicalHtml(html))
  })

  it('keeps list items and cells that hold bare text without adding paragraphs', () => {
    const html = '<ul><li>one<ul><li>nested</li></ul></li></ul><table><tbody><tr><td>cell</td></tr></tbody></table>'
    expect(checkFidelity(html).output).toBe(html)
  })

  it('keeps a verbatim style that the browser would rewrite', () => {
    const html = '<p style="mso-line-height-rule: exactly; padding: 1% 0 0 0">x</p>'
    expect(checkFidelity(html).output).toBe(html)
  })

  it('reports a link with a script URL as removed', () => {
    expect(checkFidelity('<p><a href="javascript:alert(1)">x</a></p>').changes.map((change) => change.message)).toContain(
      'Removes attribute href="javascript:alert(1)" from <a>',
    )
  })
})
