// @vitest-environment node
// The app:// scheme: which file a request names, and that nothing outside the built
// renderer folder can be named, however the path is spelled.
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_ENTRY_URL, APP_SCHEME_PRIVILEGES, appResponseHeaders, resolveAppRequest } from './app-protocol'

const root = resolve('/opt/Storedesk/resources/app.asar/out/renderer')

describe('resolveAppRequest', () => {
  it('serves index.html for the entry URL and files under the renderer folder', () => {
    expect(resolveAppRequest(APP_ENTRY_URL, root)).toEqual({ ok: true, file: join(root, 'index.html') })
    expect(resolveAppRequest(`${APP_ENTRY_URL}#/orders`, root)).toEqual({ ok: true, file: join(root, 'index.html') })
    expect(resolveAppRequest('app://storedesk/assets/index-AbC.js?v=1', root)).toEqual({ ok: true, file: join(root, 'assets/index-AbC.js') })
    expect(resolveAppRequest('app://storedesk/assets/a%20b.css', root)).toEqual({ ok: true, file: join(root, 'assets/a b.css') })
  })

  it.each([
    ['an encoded slash', 'app://storedesk/assets/..%2F..%2F..%2Fmain%2Findex.js'],
    ['a backslash', 'app://storedesk/assets/..%5C..%5Cmain%5Cindex.js'],
    ['a NUL byte', 'app://storedesk/index.html%00.png'],
    ['a sibling folder sharing the prefix', 'app://storedesk/..%2Frenderer-evil%2Fx.js'],
    ['another host', 'app://elsewhere/index.html'],
    ['credentials', 'app://user:pw@storedesk/index.html'],
    ['another scheme', 'file:///opt/Storedesk/resources/app.asar/out/renderer/index.html'],
  ])('refuses %s', (_what, url) => {
    expect(resolveAppRequest(url, root)).toMatchObject({ ok: false, status: 404 })
  })

  it('keeps plain and encoded dot-dot segments inside the folder (the URL parser resolves them first)', () => {
    expect(resolveAppRequest('app://storedesk/../../../etc/passwd', root)).toEqual({ ok: true, file: join(root, 'etc/passwd') })
    expect(resolveAppRequest('app://storedesk/%2e%2e/%2e%2e/etc/passwd', root)).toEqual({ ok: true, file: join(root, 'etc/passwd') })
  })

  it('answers 400 to a path that cannot be decoded', () => {
    expect(resolveAppRequest('app://storedesk/%E0%A4%A', root)).toEqual({ ok: false, status: 400 })
  })
})

describe('the scheme', () => {
  it('is standard, secure and fetchable, and nothing more', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true })
  })

  it('sends each file with its type, nosniff and the CSP', () => {
    expect(appResponseHeaders('/r/assets/x.js', "default-src 'self'")).toEqual({
      'Content-Type': 'text/javascript; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'self'",
    })
    expect(appResponseHeaders('/r/blob.bin', 'p')['Content-Type']).toBe('application/octet-stream')
  })
})
