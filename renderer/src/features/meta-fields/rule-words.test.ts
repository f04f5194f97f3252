import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { say } from '@/session/i18n'
import { patternExample, patternInWords, patternProblemInWords as problemMessage, ruleInWords } from './rule-words'

/** What a value that breaks the pattern is told, in English. */
const patternProblemInWords = (...args: Parameters<typeof problemMessage>) => say(problemMessage(...args))

describe('a meta field rule in words', () => {
  it('gives an example the pattern accepts, from the description where it has one', () => {
    expect(ruleInWords({ regular_expression: '[A-Z]-\\d{1,3}' }, 'Bin code such as A-12.')).toBe('like A-12')
    expect(ruleInWords({ regular_expression: '[A-Z]-\\d{1,3}' })).toBe('like A-23')
    // A description's example the pattern refuses is not used.
    expect(ruleInWords({ regular_expression: '[A-Z]-\\d{1,3}' }, 'Bin code such as bin12.')).toBe('like A-23')
    expect(ruleInWords({ regular_expression: '#[0-9a-fA-F]{6}' }, 'Hex colour of the collection banner.')).toBe('like #123456')
    expect(ruleInWords({ regular_expression: 'Bronze|Silver|Gold' })).toBe('Bronze, Silver, or Gold')
  })

  it('says lengths in characters, and nothing when there is no rule', () => {
    expect(ruleInWords({ min_length: 1, max_length: 3 })).toBe('1–3 characters')
    expect(ruleInWords({ max_length: 120 })).toBe('at most 120 characters')
    expect(ruleInWords({ min_length: 1, max_length: 1 })).toBe('1 character')
    expect(ruleInWords({ min_length: 10, regular_expression: '[a-z]+' })).toBe('at least 10 characters, like b')
    expect(ruleInWords({})).toBe('')
    expect(ruleInWords(null)).toBe('')
  })

  it('never shows a pattern it must not run, or one that does not compile', () => {
    expect(patternInWords('(a+)+')).toBe('in the form the store’s rule sets')
    expect(patternInWords('[unclosed')).toBe('in the form the store’s rule sets')
    expect(patternProblemInWords('[A-Z]-\\d{1,3}')).toBe('must look like A-23')
    expect(patternProblemInWords('Bronze|Silver|Gold')).toBe('must be Bronze, Silver, or Gold')
  })

  it('gives the same example every time, and one the pattern accepts (property)', () => {
    const pieces = fc.constantFrom('[A-Z]', '[a-z]{2,4}', '\\d', '\\d{1,3}', '-', '#', '[0-9a-fA-F]{6}', '(x|yz)', 'ab', '\\.', 'ab?')
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 6 }), (parts) => {
        const pattern = parts.join('')
        const example = patternExample(pattern)
        expect(example).not.toBeNull()
        expect(new RegExp(`^(?:${pattern})$`, 'u').test(example!)).toBe(true)
        expect(patternExample(pattern)).toBe(example)
      }),
    )
  })
})
