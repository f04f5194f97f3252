// Video embeds the editor inserts: YouTube (privacy-enhanced host) and Vimeo, as iframe
// attributes. Only these two hosts are accepted, because the app's CSP frames only them.
import { z } from 'zod'

const YOUTUBE_ID = /^[\w-]{11}$/
const VIMEO_ID = /^\d+$/

export type VideoEmbed = Record<string, string> & { src: string; title: string }

/** The iframe attributes for a YouTube or Vimeo page or embed URL, or null if it is neither. */
export function videoEmbedFromUrl(input: string): VideoEmbed | null {
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(input.trim())
  if (!parsed.success) return null
  const url = new URL(parsed.data)
  const host = url.hostname.replace(/^(www\.|m\.)/, '')
  let id: string | undefined
  if (host === 'youtu.be') id = url.pathname.slice(1)
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1]
  }
  if (id && YOUTUBE_ID.test(id)) {
    return {
      src: `https://www.youtube-nocookie.com/embed/${id}`,
      title: 'YouTube video',
      width: '560',
      height: '315',
      allow: 'accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture',
      allowfullscreen: '',
      frameborder: '0',
    }
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeoId = url.pathname.split('/').filter(Boolean).pop()
    if (vimeoId && VIMEO_ID.test(vimeoId)) {
      return {
        src: `https://player.vimeo.com/video/${vimeoId}`,
        title: 'Vimeo video',
        width: '640',
        height: '360',
        allow: 'fullscreen; picture-in-picture',
        allowfullscreen: '',
        frameborder: '0',
      }
    }
  }
  return null
}
