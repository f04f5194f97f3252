// The definition form: the store's limits checked locally, and an update that sends only what
// the store lets change.
import { describe, expect, it } from 'vitest'
import { say, type Message } from '@/session/i18n'
import { createDefinitionBody, definitionProblems, emptyDefinition, metaKeyOf, updateDefinitionBody } from './definition-form'

/** The problems as the dialog says them (English). */
function said(problems: Record<string, Message> | null) {
  return problems && Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, say(message)]))
}

describe('definitionProblems', () => {
  it('names each problem by its field', () => {
    const form = { ...emptyDefinition(), name: ' ', key: 'Bad Key', min_length: 9, max_length: 2, regular_expression: '(a+)+' }
    expect(said(definitionProblems(form, [], true))).toEqual({
      name: 'Give the field a name',
      key: '1 to 100 lower-case letters, digits and underscores',
      min_length: 'must not be greater than the maximum length',
      regular_expression: expect.stringMatching(/nested quantifier/),
    })
  })

  it('says a limit with its number, and a pattern or rule the store would refuse in words', () => {
    const form = { ...emptyDefinition(), name: 'n'.repeat(256), key: 'k', description: 'd'.repeat(10_001), min_length: 70_000, regular_expression: '(a)\\1' }
    expect(said(definitionProblems(form, [], true))).toEqual({
      name: 'At most 255 characters',
      description: 'At most 10,000 characters',
      min_length: 'must be a whole number from 0 to 65,535',
      regular_expression: 'The pattern uses backreferences, which are not allowed',
    })
  })

  it('refuses a namespace and key already used for the same resource type, only when creating', () => {
    const form = { ...emptyDefinition('order'), name: 'Gift note', key: 'gift_note' }
    expect(said(definitionProblems(form, ['order:custom.gift_note'], true))).toEqual({ key: 'An order field custom.gift_note already exists' })
    expect(definitionProblems(form, ['order:custom.gift_note'], false)).toBeNull()
    expect(definitionProblems({ ...form, resource_type: 'blog' }, ['order:custom.gift_note'], true)).toBeNull()
  })
})

describe('editing', () => {
  it('does not check the fields fixed at creation, which are not sent', () => {
    expect(definitionProblems({ ...emptyDefinition(), name: 'SKU', key: '' }, [], false)).toBeNull()
  })

  it('reads the meta field key from fieldKey, never from the cached row key', () => {
    const cachedRow = { key: 'store:12', fieldKey: 'reading_time' }
    expect(metaKeyOf(cachedRow)).toBe('reading_time')
    expect(metaKeyOf({ key: 'local:0b6e' })).toBeNull()
  })
})

describe('bodies', () => {
  it('creates with only the rule members that are set', () => {
    const form = { ...emptyDefinition(), name: 'SKU', key: 'sku', max_length: 12, regular_expression: 'SKU-\\d+' }
    expect(createDefinitionBody(form)).toMatchObject({ name: 'SKU', key: 'sku', namespace: 'custom', rule: { max_length: 12, regular_expression: 'SKU-\\d+' } })
    expect(createDefinitionBody(form).rule).not.toHaveProperty('min_length')
  })

  it('updates only changed fields the store accepts, never key, namespace, resource type or type', () => {
    const before = { ...emptyDefinition(), name: 'SKU', key: 'sku', max_length: 12 }
    const after = { ...before, key: 'changed', namespace: 'other', type: 'json' as const, resource_type: 'order' as const, name: 'Stock code', max_length: 8 }
    expect(updateDefinitionBody(before, after)).toEqual({ name: 'Stock code', rule: { max_length: 8 } })
  })
})
