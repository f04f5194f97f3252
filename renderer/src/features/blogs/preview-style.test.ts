// The per-store preview stylesheet: what sanitising keeps and removes, and where it is kept.
import { describe, expect, it } from 'vitest'
import { loadPreviewCss, savePreviewCss, sanitizePreviewCss } from './preview-style'
import { previewDocument } from './sanitize'

describe('sanitizePreviewCss', () => {
  it('keeps ordinary theme CSS as it is, web and data images included', () => {
    const css = 'body { font-family: Georgia, serif; scroll-behavior: smooth; }\nh2 { background: url("https://cdn.example.com/rule.png") no-repeat; }\n.x { background-image: url(data:image/png;base64,AAAA); }'
    expect(sanitizePreviewCss(css)).toEqual({ css, removed: [] })
  })

  it('removes @import, script URLs, expressions, bindings and anything closing the style element', () => {
    const result = sanitizePreviewCss([
      '@import url("https://evil.example/x.css");',
      "@import 'other.css';",
      'a { background: url(javascript:alert(1)); color: red; }',
      'b { width: expression(alert(1)); behavior: url(x.htc); -moz-binding: url(x.xml#y); }',
      'i { color: blue; } </style><script>alert(1)</script>',
    ].join('\n'))
    expect(result.css).not.toMatch(/@import|javascript:|expression|behavior|binding|<\/style/i)
    expect(result.css).toContain('color: red;')
    expect(result.css).toContain('i { color: blue; }')
    expect(result.removed).toEqual(expect.arrayContaining(['@import rules', 'url() addresses other than http(s) and data images', 'expression()', 'behaviours and bindings', 'HTML inside the CSS']))
  })

  it('sees through comments and CSS escapes', () => {
    expect(sanitizePreviewCss('@im/**/port "https://evil.example/x.css"; p { color: red }').css).not.toContain('@import')
    expect(sanitizePreviewCss('@\\69mport "https://evil.example/x.css";')).toEqual({ css: '', removed: ['the whole stylesheet: it hides a forbidden rule behind CSS escapes'] })
    expect(sanitizePreviewCss('a { background: url(\\6a avascript:alert(1)) }').css).not.toMatch(/avascript/)
  })
})

describe('the stored stylesheet', () => {
  it('is kept per store, sanitised, and removed when set back to the neutral theme', () => {
    const storage = new Map<string, string>()
    const fake = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) } as unknown as Storage
    savePreviewCss('shop-a', '@import "x.css"; body { color: navy }', fake)
    expect(loadPreviewCss('shop-a', fake)).toBe('body { color: navy }')
    expect(loadPreviewCss('shop-b', fake)).toBe('')
    savePreviewCss('shop-a', '', fake)
    expect(storage.size).toBe(0)
  })

  it('is applied inside the preview document after the neutral theme', () => {
    const html = previewDocument('Spring', '<p>Hi</p>', 'body { color: navy } </style><script>x()</script>')
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const styles = [...doc.querySelectorAll('style')].map((style) => style.textContent ?? '')
    expect(styles).toHaveLength(2)
    expect(styles[0]).toContain('max-width: 42rem')
    expect(styles[1]).toContain('body { color: navy }')
    expect(doc.querySelector('script')).toBeNull()
  })
})
