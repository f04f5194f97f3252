// Video and link addresses the writer types into the editor's dialogs.
import { describe, expect, it } from 'vitest'
import { videoEmbedFromUrl } from './embeds'
import { validateLinkUrl } from './links'
import { say } from '@/session/i18n'

/** The refusal as the link dialog says it. */
const refusal = (value: string) => {
  const result = validateLinkUrl(value)
  return result.ok ? null : say(result.message)
}

describe('videoEmbedFromUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('%s embeds as %s', (input, src) => {
    expect(videoEmbedFromUrl(input)?.src).toBe(src)
  })

  it.each(['https://example.com/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'not a url', 'https://vimeo.com/channels/staff'])('refuses %s', (input) => {
    expect(videoEmbedFromUrl(input)).toBeNull()
  })
})

describe('validateLinkUrl', () => {
  it('accepts web and e-mail addresses', () => {
    expect(validateLinkUrl(' https://example.com/a ')).toEqual({ ok: true, url: 'https://example.com/a' })
    expect(validateLinkUrl('mailto:shop@example.com')).toEqual({ ok: true, url: 'mailto:shop@example.com' })
  })

  it('refuses script addresses and text that is not an address, saying why', () => {
    expect(refusal('javascript:alert(1)')).toBe('Use an address that starts with https://, http:// or mailto:.')
    expect(refusal('example.com')).toBe('Use an address that starts with https://, http:// or mailto:.')
    expect(refusal('')).toBe('Enter an address.')
  })
})
