// Every sentence the shared checks (and so the store) word a problem in is known here, so none
// reaches a German or Chinese screen in English; a sentence the store words its own way is kept.
import { describe, expect, it } from 'vitest'
import { checkValue, ruleProblems, typeProblem } from '@common/store-api/meta-values'
import { META_FIELD_TYPES } from '@common/store-api/operations'
import { say, tIn } from '@/session/i18n'
import { storeProblem } from './store-problems'

const BAD_VALUES: Record<string, string> = { text: 'two\nlines', integer: 'x', decimal: 'x', boolean: 'yes', date: '2026-02-30', date_time: 'soon', url: 'ftp://a', json: '{' }

async function sentences(): Promise<string[]> {
  const found: string[] = []
  for (const type of META_FIELD_TYPES) {
    const problem = typeProblem(type, BAD_VALUES[type] ?? '')
    if (problem) found.push(problem)
  }
  const run = async () => 'no-match' as const
  for (const [rule, value] of [
    [{ min_length: 3 }, 'ab'],
    [{ max_length: 1 }, 'ab'],
    [{ regular_expression: '[A-Z]+' }, 'ab'],
    [{ regular_expression: 'a+' }, 'a'.repeat(10_001)],
  ] as const) {
    found.push(...(await checkValue('text', rule, value, run)).problems)
  }
  for (const rule of [{ min_length: -1 }, { min_length: 5, max_length: 2 }, { regular_expression: 'a'.repeat(201) }, { regular_expression: '([a-z' }, { regular_expression: '(a)\\1' }, { regular_expression: '(a+)+' }]) {
    found.push(...Object.values(ruleProblems(rule)))
  }
  return found
}

describe('storeProblem', () => {
  it('knows every sentence the shared checks produce, and says it in each language', async () => {
    const all = await sentences()
    expect(all.length).toBeGreaterThan(15)
    for (const sentence of all) {
      const message = storeProblem(sentence)
      expect(message.key, sentence).not.toBe('metaFields.problems.storeSays')
      expect(tIn('de', message.key, message.params)).not.toBe(say(message))
      expect(tIn('zh-CN', message.key, message.params)).not.toBe(say(message))
    }
  })

  it('tells a pattern in words, with the description’s example', () => {
    expect(say(storeProblem('must match the pattern [A-Z]-\\d{1,3}', 'Bin code such as A-12.'))).toBe('must look like A-12')
    expect(tIn('de', 'metaFields.rules.mustLookLike', storeProblem('must match the pattern [A-Z]-\\d{1,3}', 'Bin code such as A-12.').params)).toBe('muss aussehen wie A-12')
  })

  it('keeps a sentence it does not know as the store said it', () => {
    expect(say(storeProblem('is reserved for the store'))).toBe('is reserved for the store')
  })
})
