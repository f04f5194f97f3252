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
      'Removes an embedded frame (https://maps.example/x)',
    )
  })

  it('names removed attributes, inline styles and classes', () => {
    const changes = messages('<p id="x" class="lead big" style="color: red; font-size: 2em">t</p>', '<p class="big" style="font-size: 2em">t</p>')
    expect(changes).toEqual(expect.arrayContaining([
      'Removes the anchor name “x” from a paragraph',
      'Removes the inline style “color: red” from a paragraph',
      'Removes the style class “lead” from a paragraph',
    ]))
  })

  it('reports removed text and removed comments', () => {
    const changes = messages('<p>keep <!-- note --> this and that</p>', '<p>keep this</p>')
    expect(changes).toContain('Removes text: “and that”')
    expect(changes).toContain('Removes a hidden note in the HTML; readers do not see them')
  })

  it('treats the nesting order of inline formatting as no change, and names a block that moves', () => {
    expect(compareHtml('<p><strong><em>x</em></strong></p>', '<p><em><strong>x</strong></em></p>').changed).toBe(false)
    const report = compareHtml('<blockquote><p>Quote</p></blockquote><p><cite>Someone</cite></p>', '<blockquote><p>Quote</p><cite>Someone</cite></blockquote>')
    expect(report.changes.map((change) => change.message)).toContain('The paragraph moves into a quote')
    expect(report.patch).toContain('-  <cite>')
  })

  it('treats bare text and comments as readers see them: the same text in a paragraph, comments unseen', () => {
    expect(compareHtml('Hello\n\nworld<h2>T</h2>', '<p>Hello world</p><h2>T</h2>').changed).toBe(false)
    const report = compareHtml('<!-- wp:paragraph --><p>a</p><!-- /wp:paragraph -->', '<p>a</p>')
    expect(report.changed).toBe(false)
    expect(report.changes).toEqual([expect.objectContaining({ visible: false, message: expect.stringContaining('WordPress block markers') })])
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

  it('keeps WordPress block comments, bare text and a quote with its citation as they were', () => {
    const html = '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><p>Quote</p><cite>Someone</cite></blockquote>\n<!-- /wp:quote -->\nBare text <!--more--> here'
    expect(checkFidelity(html).output).toBe('<!-- wp:quote --><blockquote class="wp-block-quote"><p>Quote</p><cite>Someone</cite></blockquote><!-- /wp:quote --> Bare text <!--more--> here')
    expect(checkFidelity(html).changed).toBe(false)
  })

  it('keeps highlighted code character for character, newlines between spans included', () => {
    const html = '<pre class="highlight"><code><span class="n">Circle</span> <span class="mi">5.0</span>\n<span class="k">let</span> rectangle</code></pre><pre><p>Paragraph in pre</p></pre>'
    const { output, changed } = checkFidelity(html)
    expect(output).toBe(html)
    expect(changed).toBe(false)
  })

  it('keeps a table caption, a link around an image, meters and a Gist embed script', () => {
    const html = '<table><caption>Sizes</caption><tbody><tr><td>S</td></tr></tbody></table><p><a href="https://example.com/big.jpg"><img src="https://example.com/small.jpg"></a> <meter min="0" max="10" value="6">6</meter></p><script src="https://gist.github.com/someone/abc123.js"></script>'
    expect(checkFidelity(html).output).toBe(html)
  })

  it('removes other scripts and says so in words', () => {
    const report = checkFidelity('<p>a</p><script>track()</script><script src="https://evil.example/x.js"></script>')
    expect(report.output).toBe('<p>a</p>')
    expect(report.changes.map((change) => change.message)).toContain('Removes 2 scripts “track()”, (https://evil.example/x.js)')
  })

  it('reports a link with a script URL as removed', () => {
    expect(checkFidelity('<p><a href="javascript:alert(1)">x</a></p>').changes.map((change) => change.message)).toContain(
      'Removes a link to javascript:alert(1)',
    )
  })
})
