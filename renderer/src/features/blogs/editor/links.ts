// What a link may point to when the writer types it: web pages and e-mail addresses only.
import { z } from 'zod'

export const LinkUrl = z
  .string()
  .trim()
  .min(1, 'Enter an address.')
  .refine((value) => {
    try {
      return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol)
    } catch {
      return false
    }
  }, 'Use an address that starts with https://, http:// or mailto:.')

/** The link's address, or the message that says why it is refused. */
export function validateLinkUrl(value: string): { ok: true; url: string } | { ok: false; message: string } {
  const result = LinkUrl.safeParse(value)
  return result.success ? { ok: true, url: result.data } : { ok: false, message: result.error.issues[0]?.message ?? 'Invalid address.' }
}
