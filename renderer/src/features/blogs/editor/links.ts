// What a link may point to when the writer types it: web pages and e-mail addresses only.
import { z } from 'zod'
import type { Message, MessageKey } from '@/session/i18n'

/** Each refusal's message, by the key the schema gives it (zod's messages are keys here). */
const EMPTY: MessageKey = 'editor.link.empty'
const SCHEME: MessageKey = 'editor.link.scheme'

export const LinkUrl = z
  .string()
  .trim()
  .min(1, EMPTY)
  .refine((value) => {
    try {
      return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol)
    } catch {
      return false
    }
  }, SCHEME)

/** The link's address, or the message that says why it is refused. */
export function validateLinkUrl(value: string): { ok: true; url: string } | { ok: false; message: Message } {
  const result = LinkUrl.safeParse(value)
  return result.success ? { ok: true, url: result.data } : { ok: false, message: { key: result.error.issues[0]?.message === EMPTY ? EMPTY : SCHEME } }
}
