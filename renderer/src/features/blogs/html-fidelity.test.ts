// The fidelity report: equal HTML is recognised through harmless differences, and every real
// difference (element, attribute, style, class, text, comment, nesting) becomes a sentence.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { applyLocale } from '@/session/i18n'
import { canonicalHtml, checkFidelity, compareHtml, type FidelityReport } from './html-fidelity'
import { describeChange } from './fidelity-words'

const said = (report: FidelityReport) => report.changes.map(describeChange)
const messages = (before: string, after: string) => said(compareHtml(before, after))

beforeAll(() => {
  // happy-dom would try to fetch the iframes' pages over the network.
  (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }).happyDOM.settings.disableIframePageLoading = true
})

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
    expect(said(report)).toContain('The paragraph moves into a quote')
    expect(report.patch).toContain('-  <cite>')
  })

  it('treats bare text and comments as readers see them: the same text in a paragraph, comments unseen', () => {
    expect(compareHtml('Hello\n\nworld<h2>T</h2>', '<p>Hello world</p><h2>T</h2>').changed).toBe(false)
    const report = compareHtml('<!-- wp:paragraph --><p>a</p><!-- /wp:paragraph -->', '<p>a</p>')
    expect(report.changed).toBe(false)
    expect(report.changes).toEqual([expect.objectContaining({ visible: false })])
    expect(said(report)).toEqual(['Removes 2 hidden notes in the HTML (among them WordPress block markers); readers do not see them'])
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
    expect(said(report)).toContain('Removes 2 scripts “track()”, (https://evil.example/x.js)')
  })

  it('reports a link with a script URL as removed', () => {
    expect(said(checkFidelity('<p><a href="javascript:alert(1)">x</a></p>'))).toContain(
      'Removes a link to javascript:alert(1)',
    )
  })
})

describe('the report in the app’s language', () => {
  afterEach(() => applyLocale('en'))
  const sample = () => [
    compareHtml('<p>a</p><iframe src="https://maps.example/x"></iframe>', '<p>a</p>'),
    compareHtml('<p>a</p><script>track()</script><script>count()</script>', '<p>a</p>'),
    compareHtml('<p title="t" class="lead" style="color: red">a</p><p title="t">b</p>', '<p>a</p><p>b</p>'),
    compareHtml('<blockquote><p>Quote</p></blockquote><p><cite>Someone</cite></p>', '<blockquote><p>Quote</p><cite>Someone</cite></blockquote>'),
    compareHtml('<ul><li>a</li></ul><ol><li>b</li></ol>', '<ul></ul><ol><li>b</li><li>a</li></ol>'),
    compareHtml('<p>keep <!-- note --> this and that</p>', '<p>keep this</p>'),
    compareHtml('<p onclick="tip()" data-x="1">a<x-widget></x-widget></p>', '<p>a</p>'),
  ].flatMap(said)

  it('speaks English by default', () => {
    expect(sample()).toEqual([
      'Removes an embedded frame (https://maps.example/x)',
      'Removes the source address “https://maps.example/x” from an embedded frame',
      'Removes 2 scripts “track()”, “count()”',
      'Removes the tooltip “t” from 2 paragraphs',
      'Removes the inline style “color: red” from a paragraph',
      'Removes the style class “lead” from a paragraph',
      'The paragraph moves into a quote',
      'The bulleted list’s list item moves into a numbered list',
      'Removes text: “a”',
      'Adds text: “a”',
      'Removes text: “and that”',
      'Removes a hidden note in the HTML; readers do not see them',
      'Removes a custom element “x-widget”',
      'Removes the event handler onclick “tip()” from a paragraph',
      'Removes the data field x “1” from a paragraph',
    ])
  })

  it('speaks German: whole sentences, the count beside a noun that stands alone', () => {
    applyLocale('de')
    expect(sample()).toEqual([
      'Wird entfernt: Eingebetteter Frame (https://maps.example/x)',
      'Eingebetteter Frame: Quelladresse „https://maps.example/x“ wird entfernt',
      'Wird entfernt: 2 × Skript „track()“, „count()“',
      '2 × Absatz: Tooltip „t“ wird entfernt',
      'Absatz: Inline-Stil „color: red“ wird entfernt',
      'Absatz: Stilklasse „lead“ wird entfernt',
      'Wird verschoben: Absatz → Zitat',
      'Wird verschoben: Listenpunkt (bisher in: Aufzählung) → Nummerierte Liste',
      'Text wird entfernt: „a“',
      'Text wird hinzugefügt: „a“',
      'Text wird entfernt: „and that“',
      'Ein versteckter Hinweis im HTML wird entfernt; Leser sehen ihn nicht',
      'Wird entfernt: Eigenes Element „x-widget“',
      'Absatz: Ereignis-Handler onclick „tip()“ wird entfernt',
      'Absatz: Datenfeld x „1“ wird entfernt',
    ])
  })

  it('speaks Chinese', () => {
    applyLocale('zh-CN')
    expect(sample()).toEqual([
      '将删除嵌入框架（https://maps.example/x）',
      '将从嵌入框架中删除来源地址“https://maps.example/x”',
      '将删除 2 个脚本“track()”、“count()”',
      '将从 2 个段落中删除提示文字“t”',
      '将从段落中删除内联样式“color: red”',
      '将从段落中删除样式类“lead”',
      '段落将移到引用中',
      '项目符号列表中的列表项将移到编号列表中',
      '将删除文字：“a”',
      '将添加文字：“a”',
      '将删除文字：“and that”',
      '将删除 HTML 中的 1 条隐藏注释；读者看不到这些注释',
      '将删除自定义元素“x-widget”',
      '将从段落中删除事件处理程序 onclick“tip()”',
      '将从段落中删除数据字段 x“1”',
    ])
  })
})
