// The per-store preview stylesheet: what sanitising keeps and removes, and where it is kept.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, resetFakeBridge, StoredeskError } from '@/bridge/testing/fake-bridge'
import { applyLocale } from '@/session/i18n'
import { loadPreviewStyle, loadStylesheetFromUrl, previewDocument, resolveStylesheetUrls, savePreviewCss, sanitizePreviewCss } from './preview-style'

beforeEach(() => localStorage.clear())

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
    expect(result.removed).toEqual(expect.arrayContaining(['@import rules', 'url() addresses other than https and data images', 'expression()', 'behaviours and bindings', 'HTML inside the CSS']))
  })

  it('keeps no url() but https and data images: nothing on this computer, its network or plain http is fetched by the preview', () => {
    const probes = [
      'a { background: url(http://127.0.0.1:8080/probe) }',
      'b { background: url("HTTP://cdn.example.com/a.png") }',
      "c { background: url('http://[::1]:631/') }",
      'd { background: url(//evil.example/x.png) }',
      'e { background: url(relative.png) }',
      'f { cursor: url(http://192.168.1.1/c.cur), auto }',
      'g { background-image: image-set("http://127.0.0.1:9/x.png" 1x, "https://cdn.example.com/y.png" 2x) }',
      "h { background-image: -webkit-image-set('http://10.0.0.1/x.png' 1x) }",
      'i { background: url(\\68ttp://127.0.0.1/escaped) }',
    ]
    const result = sanitizePreviewCss(probes.join('\n'))
    expect(result.css).not.toMatch(/http:|\/\/evil|relative\.png|\\68/i)
    expect(result.removed).toContain('url() addresses other than https and data images')
    // https and data images stay.
    const kept = 'j { background: url(https://cdn.example.com/a.png) } k { background: image-set("https://cdn.example.com/b.png" 1x) } l { background: url(data:image/gif;base64,R0) }'
    expect(sanitizePreviewCss(kept)).toEqual({ css: kept, removed: [] })
  })

  it('sees through comments and CSS escapes', () => {
    expect(sanitizePreviewCss('@im/**/port "https://evil.example/x.css"; p { color: red }').css).not.toContain('@import')
    expect(sanitizePreviewCss('@\\69mport "https://evil.example/x.css";')).toEqual({ css: '', removed: ['the whole stylesheet: it hides a forbidden rule behind CSS escapes'] })
    expect(sanitizePreviewCss('a { background: url(\\6a avascript:alert(1)) }').css).not.toMatch(/avascript/)
    expect(sanitizePreviewCss('a { background: \\75 rl(http://127.0.0.1:8080/probe) }')).toEqual({ css: '', removed: ['the whole stylesheet: it hides a forbidden rule behind CSS escapes'] })
  })
})

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

describe('the stored stylesheet', () => {
  it('is kept per store, sanitised, and removed when set back to the neutral theme', () => {
    savePreviewCss('shop-a', '@import "x.css"; body { color: navy }')
    expect(loadPreviewStyle('shop-a')?.css).toBe('body { color: navy }')
    expect(loadPreviewStyle('shop-b')?.css ?? '').toBe('')
    savePreviewCss('shop-a', '')
    expect(loadPreviewStyle('shop-a')).toBeNull()
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

describe('a stylesheet loaded from the blog’s address', () => {
  beforeEach(() => resetFakeBridge())
  const AT = new Date('2026-12-01T10:00:00Z')

  it('is fetched by the main process, sanitised like pasted CSS, its relative images made absolute, and kept with its address', async () => {
    api.blogs.fetchPreviewStylesheet.mockResolvedValue({
      url: 'https://cdn.example.com/themes/calm/style.css',
      css: '@import "fonts.css"; body { background: url(img/paper.png); color: navy } h1 { background: url("/rule.svg") } i { background: url(javascript:alert(1)) }',
    })
    const result = await loadStylesheetFromUrl('shop-a', ' https://blog.example.com/theme.css ', () => AT)
    expect(api.blogs.fetchPreviewStylesheet).toHaveBeenCalledWith('https://blog.example.com/theme.css')
    expect(result).toMatchObject({ ok: true, removed: ['@import rules', 'url() addresses other than https and data images'] })
    const kept = loadPreviewStyle('shop-a')
    expect(kept).toEqual({ source: 'url', url: 'https://blog.example.com/theme.css', fetchedAt: AT.toISOString(), css: expect.any(String) })
    expect(kept!.css).toContain('url(https://cdn.example.com/themes/calm/img/paper.png)')
    expect(kept!.css).toContain('url("https://cdn.example.com/rule.svg")')
    expect(kept!.css).not.toMatch(/@import|javascript/)
  })

  describe('in another language', () => {
    afterEach(() => applyLocale('en'))

    it('says the main process’s reason in the app’s language, from the words it carries', async () => {
      applyLocale('de')
      const words = { key: 'stylesheetProblems.answered', params: { status: 404, text: 'Not Found' } }
      api.blogs.fetchPreviewStylesheet.mockRejectedValue(new StoredeskError({ code: 'not_found', message: 'The stylesheet could not be loaded: the address answered 404 (Not Found).', words }))
      expect(await loadStylesheetFromUrl('shop-a', 'https://blog.example.com/')).toEqual({ ok: false, message: 'Das Stylesheet konnte nicht geladen werden: die Adresse antwortete mit 404 (Not Found).' })
      applyLocale('zh-CN')
      expect(await loadStylesheetFromUrl('shop-a', 'https://blog.example.com/')).toEqual({ ok: false, message: '无法加载样式表：该地址返回 404（Not Found）。' })
    })
  })

  it('keeps the previous style when it cannot be loaded, and says why in the user’s words', async () => {
    savePreviewCss('shop-a', 'body { color: navy }')
    api.blogs.fetchPreviewStylesheet.mockRejectedValue(new StoredeskError({ code: 'invalid_response', message: 'The stylesheet could not be loaded: the address sent “text/html”, not a stylesheet (text/css).' }))
    expect(await loadStylesheetFromUrl('shop-a', 'https://blog.example.com/')).toEqual({ ok: false, message: 'The stylesheet could not be loaded: the address sent “text/html”, not a stylesheet (text/css).' })
    api.blogs.fetchPreviewStylesheet.mockRejectedValue(new StoredeskError({ code: 'internal', message: 'Storedesk’s local host is not answering.' }))
    expect(await loadStylesheetFromUrl('shop-a', 'https://blog.example.com/')).toEqual({ ok: false, message: 'The stylesheet could not be loaded: Storedesk’s local host is not answering.' })
    api.blogs.fetchPreviewStylesheet.mockResolvedValue({ url: 'https://blog.example.com/x.css', css: '@import "a.css";' })
    expect(await loadStylesheetFromUrl('shop-a', 'https://blog.example.com/x.css')).toEqual({ ok: false, message: 'The stylesheet could not be loaded: sanitising removed @import rules.' })
    expect(loadPreviewStyle('shop-a')).toEqual({ source: 'pasted', css: 'body { color: navy }' })
  })

  it('reads pasted CSS kept before addresses were possible', () => {
    localStorage.setItem('storedesk.blogPreviewCss.shop-a', 'p { margin: 0 }')
    expect(loadPreviewStyle('shop-a')).toEqual({ source: 'pasted', css: 'p { margin: 0 }' })
    savePreviewCss('shop-a', 'p { margin: 1px }')
    expect(Object.keys(localStorage)).toEqual(['storedesk.setting.blogPreviewStyle.shop-a'])
    expect(loadPreviewStyle('shop-a')).toEqual({ source: 'pasted', css: 'p { margin: 1px }' })
  })

  it('reads a stylesheet kept before the settings module, with its address', () => {
    localStorage.setItem('storedesk.blogPreviewStyle.shop-a', JSON.stringify({ source: 'url', url: 'https://blog.example.com/t.css', css: 'p { margin: 0 }', fetchedAt: '2026-01-01T00:00:00.000Z' }))
    expect(loadPreviewStyle('shop-a')).toEqual({ source: 'url', url: 'https://blog.example.com/t.css', css: 'p { margin: 0 }', fetchedAt: '2026-01-01T00:00:00.000Z' })
    expect(localStorage.getItem('storedesk.blogPreviewStyle.shop-a')).toBeNull()
  })

  it('leaves absolute, data and empty url()s as written', () => {
    const css = 'a { background: url(https://x.example/a.png) } b { background: url(data:image/png;base64,AA) } c { background: url() }'
    expect(resolveStylesheetUrls(css, 'https://blog.example.com/t.css')).toBe(css)
  })
})
