// @vitest-environment node
// The preview stylesheet fetcher, with fetch replaced: which addresses it asks, what it refuses
// (non-https, a redirect to this computer, too large, not CSS, too slow), and what it sends.
import { describe, expect, it } from 'vitest'
import type { FetchLike } from './api-client'
import { MAX_REDIRECTS, fetchPreviewStylesheet } from './preview-stylesheet'

type Answer = Response | ((init: RequestInit) => Promise<Response>)

/** A fetch that answers each address from `answers`, recording every request. */
function fakeFetch(answers: Record<string, Answer>) {
  const requests: { url: string; init: RequestInit }[] = []
  const fetch: FetchLike = async (url, init) => {
    requests.push({ url, init })
    const answer = answers[url]
    if (!answer) throw new TypeError('fetch failed')
    return typeof answer === 'function' ? answer(init) : answer
  }
  return { fetch, requests }
}

const css = (body: string, headers: Record<string, string> = {}) => new Response(body, { headers: { 'Content-Type': 'text/css; charset=utf-8', ...headers } })
const THEME = 'https://blog.example.com/theme.css'

describe('fetchPreviewStylesheet', () => {
  it('fetches an https stylesheet with no credentials and nothing but Accept: text/css', async () => {
    const { fetch, requests } = fakeFetch({ [THEME]: css('body { color: navy }') })
    expect(await fetchPreviewStylesheet(THEME, { fetch })).toEqual({ ok: true, value: { url: THEME, css: 'body { color: navy }' } })
    expect(requests).toHaveLength(1)
    expect(requests[0]!.init).toMatchObject({ method: 'GET', headers: { Accept: 'text/css' }, redirect: 'manual', credentials: 'omit' })
  })

  it('allows plain http only on this computer', async () => {
    const local = 'http://127.0.0.1:4010/theme.css'
    const { fetch, requests } = fakeFetch({ [local]: css('p{}'), 'http://localhost:4010/t.css': css('p{}') })
    expect((await fetchPreviewStylesheet(local, { fetch })).ok).toBe(true)
    expect((await fetchPreviewStylesheet('http://localhost:4010/t.css', { fetch })).ok).toBe(true)
    for (const refused of ['http://blog.example.com/theme.css', 'ftp://blog.example.com/theme.css', 'file:///etc/passwd', 'data:text/css,p{}']) {
      expect(await fetchPreviewStylesheet(refused, { fetch })).toEqual({
        ok: false,
        error: { code: 'bad_request', message: 'The stylesheet could not be loaded: only https addresses can be used (plain http only on this computer, at 127.0.0.1 or localhost).' },
      })
    }
    expect(requests.map((r) => r.url)).toEqual([local, 'http://localhost:4010/t.css'])
  })

  it('refuses what is not an address, and addresses carrying a user name or password', async () => {
    const { fetch, requests } = fakeFetch({})
    expect(await fetchPreviewStylesheet('theme.css', { fetch })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The stylesheet could not be loaded: that is not a web address/) } })
    expect(await fetchPreviewStylesheet('https://me:secret@blog.example.com/theme.css', { fetch })).toMatchObject({ ok: false, error: { message: expect.stringContaining('user name or password') } })
    expect(requests).toEqual([])
  })

  it('follows a few redirects, checking each one, and never from elsewhere to this computer', async () => {
    const moved = (to: string) => new Response(null, { status: 301, headers: { Location: to } })
    const { fetch } = fakeFetch({
      [THEME]: moved('/v2/theme.css'),
      'https://blog.example.com/v2/theme.css': moved('https://cdn.example.net/theme.css'),
      'https://cdn.example.net/theme.css': css('h1 { font-size: 2rem }'),
      'https://evil.example/a.css': moved('http://127.0.0.1:8080/admin'),
      'https://evil.example/b.css': moved('http://evil.example/b.css'),
    })
    expect(await fetchPreviewStylesheet(THEME, { fetch })).toEqual({ ok: true, value: { url: 'https://cdn.example.net/theme.css', css: 'h1 { font-size: 2rem }' } })
    expect(await fetchPreviewStylesheet('https://evil.example/a.css', { fetch })).toMatchObject({ ok: false, error: { message: expect.stringContaining('may not send Storedesk to one on this computer') } })
    expect(await fetchPreviewStylesheet('https://evil.example/b.css', { fetch })).toMatchObject({ ok: false, error: { message: expect.stringContaining('only https addresses') } })

    const loop = fakeFetch({ [THEME]: moved(THEME) })
    expect(await fetchPreviewStylesheet(THEME, { fetch: loop.fetch })).toMatchObject({ ok: false, error: { message: `The stylesheet could not be loaded: the address moved it more than ${MAX_REDIRECTS} times.` } })
    expect(loop.requests).toHaveLength(MAX_REDIRECTS + 1)
  })

  it('refuses an answer that is not CSS', async () => {
    const { fetch } = fakeFetch({ [THEME]: new Response('<html>Not found</html>', { headers: { 'Content-Type': 'text/html' } }) })
    expect(await fetchPreviewStylesheet(THEME, { fetch })).toEqual({
      ok: false,
      error: { code: 'invalid_response', message: 'The stylesheet could not be loaded: the address sent “text/html”, not a stylesheet (text/css).' },
    })
  })

  it('says what the address answered when it is not a success', async () => {
    const { fetch } = fakeFetch({ [THEME]: new Response('gone', { status: 404, statusText: 'Not Found' }) })
    expect(await fetchPreviewStylesheet(THEME, { fetch })).toEqual({ ok: false, error: { code: 'not_found', message: 'The stylesheet could not be loaded: the address answered 404 (Not Found).' } })
  })

  it('refuses a stylesheet over the size limit, whether or not its length was declared', async () => {
    const big = 'a'.repeat(2048)
    const declared = fakeFetch({ [THEME]: css(big, { 'Content-Length': String(big.length) }) })
    expect(await fetchPreviewStylesheet(THEME, { fetch: declared.fetch, maxBytes: 1024 })).toEqual({
      ok: false,
      error: { code: 'payload_too_large', message: 'The stylesheet could not be loaded: it is larger than 1 KB.' },
    })
    // Streamed without a length: counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(big.slice(0, 512)))
        controller.close()
      },
    })
    const streamed = fakeFetch({ [THEME]: new Response(stream, { headers: { 'Content-Type': 'text/css' } }) })
    expect(await fetchPreviewStylesheet(THEME, { fetch: streamed.fetch, maxBytes: 1024 })).toMatchObject({ ok: false, error: { code: 'payload_too_large' } })
    const fits = fakeFetch({ [THEME]: css(big.slice(0, 1024)) })
    expect(await fetchPreviewStylesheet(THEME, { fetch: fits.fetch, maxBytes: 1024 })).toMatchObject({ ok: true })
  })

  it('gives up when the address does not answer in time', async () => {
    const { fetch } = fakeFetch({
      [THEME]: (init) =>
        new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    })
    expect(await fetchPreviewStylesheet(THEME, { fetch, timeoutMs: 20 })).toEqual({
      ok: false,
      error: { code: 'timeout', message: 'The stylesheet could not be loaded: the address did not answer within 1 second.' },
    })
  })

  it('says when the address cannot be reached', async () => {
    const { fetch } = fakeFetch({})
    expect(await fetchPreviewStylesheet(THEME, { fetch })).toMatchObject({ ok: false, error: { code: 'network', message: expect.stringContaining('could not be reached') } })
  })
})
