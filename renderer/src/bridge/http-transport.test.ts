import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpTransport } from './http-transport'

describe('the browser shell opening an external link', () => {
  afterEach(() => vi.restoreAllMocks())

  it('opens a web link in a new tab with no way back to Storedesk, without asking the host', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const fetch = vi.spyOn(globalThis, 'fetch')
    const result = await createHttpTransport().invoke('app.openExternal', ['https://shop.example/checkout/recover/1?key=a'])
    expect(result).toEqual({ ok: true, value: null })
    expect(open).toHaveBeenCalledWith('https://shop.example/checkout/recover/1?key=a', '_blank', 'noopener,noreferrer')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refuses anything but a web link, opening nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    for (const link of ['javascript:alert(1)', 'file:///etc/passwd', 'not a link', 42]) {
      const result = await createHttpTransport().invoke('app.openExternal', [link])
      expect(result).toEqual({ ok: false, error: { code: 'bad_request', message: 'Only web links (http or https) can be opened.', words: { key: 'problems.notWebLink' } } })
    }
    expect(open).not.toHaveBeenCalled()
  })
})

describe('the browser shell when its host fails', () => {
  afterEach(() => vi.restoreAllMocks())

  it('says a silent host, or one that answers no result, in the app’s words, and that the request may have arrived', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect(await createHttpTransport().invoke('store.checkReachability', ['c1'])).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Storedesk’s local host is not answering. Is `npm run web` still running?', uncertain: true, words: { key: 'localHost.silent' } },
    })
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }))
    expect(await createHttpTransport().invoke('store.checkReachability', ['c1'])).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Storedesk’s local host answered 502 without a result.', uncertain: true, words: { key: 'localHost.noResult', params: { status: 502 } } },
    })
  })
})
