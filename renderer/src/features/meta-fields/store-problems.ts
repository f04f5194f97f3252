// The meta field checks are written once for the store and the app (@common/store-api/
// meta-values.ts with @common/regex-safety.ts) and word a problem as the store's 422 does, in
// English. Each of those documented sentences (docs/demo-store.md, Meta fields) becomes a
// Message here, so the app says it in its own language, for its own checks and the store's
// refusals alike; a pattern is told in words (rule-words.ts), never shown. A sentence this does
// not know (a store that words a problem its own way) is shown as the store said it.
import type { Message } from '@/session/i18n'
import { patternProblemInWords } from './rule-words'

type Reading = (match: RegExpMatchArray, description: string) => Message

const count = (match: RegExpMatchArray) => Number(match[1])

/** The store's sentences, each with the message that says it. */
const SENTENCES: [RegExp, Reading][] = [
  [/^must be a whole number such as 42$/, () => ({ key: 'metaFields.problems.integer' })],
  [/^must be a decimal number such as 3\.14$/, () => ({ key: 'metaFields.problems.decimal' })],
  [/^must be true or false$/, () => ({ key: 'metaFields.problems.boolean' })],
  [/^must be a real date YYYY-MM-DD$/, () => ({ key: 'metaFields.problems.date' })],
  [/^must be a date-time /, () => ({ key: 'metaFields.problems.dateTime' })],
  [/^must be an http or https URL$/, () => ({ key: 'metaFields.problems.url' })],
  [/^must be valid JSON$/, () => ({ key: 'metaFields.problems.json' })],
  [/^must be a single line$/, () => ({ key: 'metaFields.problems.singleLine' })],
  [/^must be at least (\d+) characters$/, (m) => ({ key: 'metaFields.problems.atLeast', params: { n: count(m) } })],
  [/^must be at most (\d+) characters$/, (m) => ({ key: 'metaFields.problems.atMost', params: { n: count(m) } })],
  [/^is too long to check against the pattern \(limit (\d+) characters\)$/, (m) => ({ key: 'metaFields.problems.tooLongToTest', params: { n: count(m) } })],
  [/^must match the pattern (.+)$/s, (m, description) => patternProblemInWords(m[1]!, description)],
  [/^must be a whole number from 0 to (\d+)$/, (m) => ({ key: 'metaFields.problems.lengthRange', params: { max: count(m) } })],
  [/^must not be greater than the maximum length$/, () => ({ key: 'metaFields.problems.minAboveMax' })],
  [/^The pattern is longer than (\d+) characters$/, (m) => ({ key: 'metaFields.problems.patternTooLong', params: { max: count(m) } })],
  [/^The pattern is not a valid regular expression$/, () => ({ key: 'metaFields.problems.patternInvalid' })],
  [/^The pattern uses backreferences/, () => ({ key: 'metaFields.problems.patternBackreference' })],
  [/^The pattern has a nested quantifier/, () => ({ key: 'metaFields.problems.patternNested' })],
]

/** A problem of a value or a rule, as the store words it, in a message; `description` may give the pattern's example. */
export function storeProblem(text: string, description = ''): Message {
  for (const [sentence, reading] of SENTENCES) {
    const match = text.match(sentence)
    if (match) return reading(match, description)
  }
  return { key: 'metaFields.problems.storeSays', params: { text } }
}
