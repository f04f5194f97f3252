import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { emptyDraft } from '../blog-draft'
import { fieldsOverLimit, LIMITED_FIELDS, POST_FIELD_LIMITS } from './field-limits'
import { say } from '@/session/i18n'

describe('fieldsOverLimit', () => {
  it('says at a field over the store’s limit how long it may be and how long it is', () => {
    const over = fieldsOverLimit({ ...emptyDraft(), seo_title: 'x'.repeat(5000), seo_description: 'y'.repeat(1001), author: 'z'.repeat(255) })
    expect(Object.keys(over).sort()).toEqual(['seo_description', 'seo_title'])
    expect(say(over.seo_title!)).toBe('At most 255 characters; this has 5,000. Shorten it to publish.')
    expect(say(over.seo_description!)).toBe('At most 1,000 characters; this has 1,001. Shorten it to publish.')
  })

  it('lets a post whose fields are within the limits be sent', () => {
    expect(fieldsOverLimit({ ...emptyDraft(), title: '😀 مرحبا'.repeat(10), summary: ' '.repeat(10_000) })).toEqual({})
  })

  it('flags a field exactly when it is longer than the store accepts', () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(LIMITED_FIELDS.map((field) => [field, fc.oneof(fc.nat({ max: 5 }), fc.integer({ min: POST_FIELD_LIMITS[field] - 2, max: POST_FIELD_LIMITS[field] + 2 }))]))), (lengths) => {
        const fields = { ...emptyDraft(), ...Object.fromEntries(LIMITED_FIELDS.map((field) => [field, 'a'.repeat(lengths[field]!)])) }
        const over = fieldsOverLimit(fields)
        for (const field of LIMITED_FIELDS) expect(field in over, field).toBe(lengths[field]! > POST_FIELD_LIMITS[field])
      }),
      { numRuns: 60 },
    )
  })
})
