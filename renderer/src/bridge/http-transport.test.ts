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
