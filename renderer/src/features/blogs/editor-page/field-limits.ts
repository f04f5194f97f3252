// The store's length limits on a post's text fields (docs/demo-store.md, "Limits"), checked
// before a publish is queued. Rule: a field longer than the store accepts stops the publish
// (nothing is sent, so nothing on the store changes) and the field itself says how long it may
// be and how long it is, while the writer types; the store's own refusal is never the first
// word on a length.
import type { DraftFields } from '../blog-draft'
import type { Message } from '@/session/i18n'

export const POST_FIELD_LIMITS = {
  title: 255,
  summary: 10_000,
  content: 1_000_000,
  author: 255,
  seo_title: 255,
  seo_description: 1_000,
  seo_slug: 255,
} as const

export type LimitedField = keyof typeof POST_FIELD_LIMITS

export const LIMITED_FIELDS = Object.keys(POST_FIELD_LIMITS) as LimitedField[]

/** Each field over its limit, with what to say at it; empty when the post may be sent. */
export function fieldsOverLimit(fields: Pick<DraftFields, LimitedField>): Partial<Record<LimitedField, Message>> {
  const over: Partial<Record<LimitedField, Message>> = {}
  for (const field of LIMITED_FIELDS) {
    const length = fields[field].length
    const max = POST_FIELD_LIMITS[field]
    if (length > max) over[field] = { key: 'postLimits.tooLong', params: { max, n: length } }
  }
  return over
}
