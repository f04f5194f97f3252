// The panel's field list: pinned first, values and refused writes matched to their field.
import { describe, expect, it } from 'vitest'
import type { CachedMetaField, CachedMetaFieldValue, OutboxEntry } from '@/data'
import { sayList } from '@/session/i18n'
import { panelFields, refusal as refusalMessages } from './panel-fields'

/** The refusal in the words the panel shows (English). */
function refusal(...args: Parameters<typeof refusalMessages>) {
  const reasons = refusalMessages(...args)
  return reasons && sayList(reasons)
}

function definition(id: number, extra: Partial<CachedMetaField> = {}): CachedMetaField {
  return { key: `store:${id}`, fieldKey: `k${id}`, storeId: id, name: `Field ${id}`, namespace: 'custom', resource_type: 'blog', type: 'text', rule: {}, pinned_position: false, status: 'enabled', ...extra }
}
function value(id: number, v: string | null, extra: Partial<CachedMetaFieldValue> = {}): CachedMetaFieldValue {
  return { resource: 'blogs', resourceId: '5', meta_field_id: String(id), name: `Field ${id}`, namespace: 'custom', key: `k${id}`, description: '', type: 'text', rule: {}, pinned_position: false, value: v, status: 'enabled', ...extra }
}
function write(id: number, metaFieldId: string, state: OutboxEntry['state'], lastError?: OutboxEntry['lastError'], resourceId = '5'): OutboxEntry {
  return { id, kind: 'metaFieldValues.set', write: { kind: 'metaFieldValues.set', resource: 'blogs', resourceId, body: { meta_field_id: metaFieldId, value: 'x' } }, lanes: [], state, attempts: 1, nextAttemptAt: 0, createdAt: 0, label: '', ...(lastError ? { lastError } : {}) }
}
const target = { path: 'blogs', resourceId: '5' }

describe('panelFields', () => {
  it('puts pinned fields first, then orders by id', () => {
    const fields = panelFields([definition(3), definition(9, { pinned_position: true }), definition(1)], [], [], target)
    expect(fields.map((f) => f.name)).toEqual(['Field 9', 'Field 1', 'Field 3'])
  })

  it('matches values and the latest write of this resource to their field', () => {
    const fields = panelFields([definition(1), definition(2)], [value(2, 'hello')], [write(4, '2', 'failed'), write(7, '2', 'queued'), write(9, '2', 'failed', undefined, '6')], target)
    expect(fields[1]).toMatchObject({ value: 'hello', write: { id: 7 } })
    expect(fields[0]).toMatchObject({ value: null, write: null })
  })

  it('takes the rule from the cached definition, and fills in from values when it is not cached', () => {
    const fields = panelFields([definition(1, { rule: { max_length: 3 } })], [value(1, null, { rule: { max_length: 10 } }), value(8, 'v', { name: 'Only on store', pinned_position: true })], [], target)
    expect(fields.map((f) => [f.name, f.rule])).toEqual([
      ['Only on store', {}],
      ['Field 1', { max_length: 3 }],
    ])
  })

  it('leaves out definitions deleted locally', () => {
    expect(panelFields([definition(1, { deleted: true })], [], [], target)).toEqual([])
  })
})

describe('refusal', () => {
  it("shows the store's messages for the value, a pattern in words", () => {
    expect(refusal(write(1, '2', 'failed', { code: 'validation_failed', message: 'The request is not valid.', fields: { value: ['must match the pattern [A-Z]+'] } }))).toBe('must look like B')
    expect(refusal(write(1, '2', 'failed', { code: 'validation_failed', message: 'The request is not valid.', fields: { value: ['must match the pattern [A-Z]+'] } }), 'A code such as ABC.')).toBe('must look like ABC')
    expect(refusal(write(1, '2', 'failed', { code: 'validation_failed', message: 'The request is not valid.', fields: { value: ['must be at most 5 characters'] } }))).toBe('must be at most 5 characters')
    expect(refusal(write(1, '2', 'failed', { code: 'validation_failed', message: 'The request is not valid.', fields: { value: ['must be a single line', 'must be at most 5 characters'] } }))).toBe(
      'must be a single line and must be at most 5 characters',
    )
  })

  it('shows a sentence it does not know as the store said it', () => {
    expect(refusal(write(1, '2', 'failed', { code: 'validation_failed', message: 'The request is not valid.', fields: { value: ['is reserved'] } }))).toBe('is reserved')
    expect(refusal(write(1, '2', 'failed', { code: 'server', message: 'The store had a problem.' }))).toBe('The store had a problem.')
  })

  it('says nothing while the write is only queued', () => {
    expect(refusal(write(1, '2', 'queued', { code: 'offline', message: 'offline' }))).toBeNull()
  })
})
