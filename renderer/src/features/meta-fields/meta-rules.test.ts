// Local checks of meta field values and rules, with the store's formats (docs/demo-store.md).
import { describe, expect, it } from 'vitest'
import { ruleProblems, typeProblem } from '@common/store-api/meta-values'
import { say } from '@/session/i18n'
import { checkValue as checkMessages } from './meta-rules'
import type { MatchWorker, WorkerAnswer } from './regex-guard'

/** The check, its problems and note in the words the panel shows (English). */
async function checkValue(...args: Parameters<typeof checkMessages>) {
  const { problems, patternNote } = await checkMessages(...args)
  return { problems: problems.map(say), patternNote: patternNote && say(patternNote) }
}

function evaluatingWorker(): MatchWorker {
  const worker: MatchWorker = {
    onmessage: null,
    onerror: null,
    postMessage({ pattern, value }) {
      queueMicrotask(() => worker.onmessage?.({ data: { matched: new RegExp(`^(?:${pattern})$`, 'u').test(value) } } as MessageEvent<WorkerAnswer>))
    },
    terminate() {},
  }
  queueMicrotask(() => worker.onmessage?.({ data: { ready: true } } as MessageEvent<WorkerAnswer>))
  return worker
}

describe('typeProblem', () => {
  it.each([
    ['integer', '42', true],
    ['integer', '-7', true],
    ['integer', '4.2', false],
    ['integer', '1234567890123456', false],
    ['decimal', '3.14', true],
    ['decimal', '3.', false],
    ['boolean', 'true', true],
    ['boolean', 'yes', false],
    ['date', '2026-02-28', true],
    ['date', '2026-02-30', false],
    ['date', '2026-2-3', false],
    ['date_time', '2026-03-01 10:00:00', true],
    ['date_time', '2026-03-01T10:00:00Z', true],
    ['date_time', '2026-03-01T10:00:00+02:00', true],
    ['date_time', '2026-03-01T10:00:00', false],
    ['date_time', '2026-02-31 10:00:00', false],
    ['url', 'https://example.com/a', true],
    ['url', 'ftp://example.com', false],
    ['url', 'example.com', false],
    ['json', '{"a":[1,2]}', true],
    ['json', '{a:1}', false],
    ['text', 'one line', true],
    ['text', 'two\nlines', false],
    ['multi_line_text', 'two\nlines', true],
  ])('%s %j → valid: %s', (type, value, valid) => {
    expect(typeProblem(type, value) === null).toBe(valid)
  })
})

describe('checkValue', () => {
  const spawn = evaluatingWorker

  it('enforces min and max length', async () => {
    expect((await checkValue('text', { min_length: 3, max_length: 5 }, 'ab', { spawn })).problems).toEqual(['must be at least 3 characters'])
    expect((await checkValue('text', { min_length: 3, max_length: 5 }, 'abcdef', { spawn })).problems).toEqual(['must be at most 5 characters'])
    expect((await checkValue('text', { min_length: 3, max_length: 5 }, 'abcd', { spawn })).problems).toEqual([])
  })

  it('requires the pattern to match the whole value', async () => {
    const rule = { regular_expression: 'SKU-\\d+' }
    expect((await checkValue('text', rule, 'SKU-12 extra', { spawn })).problems).toEqual(['must look like SKU-1'])
    expect((await checkValue('text', rule, 'SKU-12', { spawn })).problems).toEqual([])
  })

  it('does not run a catastrophic pattern and leaves the decision to the store', async () => {
    const check = await checkValue('text', { regular_expression: '(a+)+$' }, `${'a'.repeat(28)}!`, { spawn })
    expect(check.problems).toEqual([])
    expect(check.patternNote).toMatch(/not checked here; the store checks/)
  })

  it('lets an empty value through: it clears the field', async () => {
    expect((await checkValue('integer', { min_length: 3 }, '', { spawn })).problems).toEqual([])
  })

  it('reports the type before the rule', async () => {
    expect((await checkValue('integer', { regular_expression: '\\d{2}' }, 'x1', { spawn })).problems).toEqual(['must be a whole number such as 42'])
  })
})

describe('ruleProblems', () => {
  it('names each bad part of a rule by the field the store would name', () => {
    expect(ruleProblems({ min_length: 5, max_length: 2, regular_expression: '(a|aa)*' })).toEqual({
      'rule.min_length': 'must not be greater than the maximum length',
      'rule.regular_expression': expect.stringMatching(/nested quantifier/),
    })
    expect(ruleProblems({ min_length: -1 })).toEqual({ 'rule.min_length': 'must be a whole number from 0 to 65535' })
    expect(ruleProblems({ min_length: 1, max_length: 10, regular_expression: '[a-z]+' })).toEqual({})
  })
})
