// A meta field's rule in words a merchant reads: lengths in characters, and a pattern as an
// example it accepts ("like A-12"), or its choices ("Bronze, Silver or Gold"). The example comes
// from the definition's description where it gives one the pattern accepts ("Bin code such as
// A-12."), else it is generated from the pattern (randexp, with fixed choices, so the same
// pattern always gives the same example). The raw pattern is shown only in the definition editor.
// Words in the language shown: a rule's summary as text (read where it is shown), what a value
// is told as a Message (kept until it is shown).
import RandExp from 'randexp'
import type { MetaRule } from '@common/store-api/meta-values'
import { patternProblem } from '@common/regex-safety'
import { intlLocale, t, type Message } from '@/session/i18n'

/** Longest example worth showing; a longer one is left out. */
const MAX_EXAMPLE = 40

/** "such as A-12", "like #C9B79C", "e.g. 42", "for example x": the example a description gives. */
const DESCRIBED_EXAMPLE = /\b(?:such as|like|e\.g\.|for example|for instance)\s+["“]?([^\s"”,;]+?)["”]?[.,;]?(?=\s|$)/gi

/** The whole-value matcher of a pattern the app may run (null for one it must not, or that does not compile). */
function matcher(pattern: string): RegExp | null {
  if (patternProblem(pattern)) return null
  try {
    return new RegExp(`^(?:${pattern})$`, 'u')
  } catch {
    return null
  }
}

/** "Bronze|Silver|Gold" → ["Bronze", "Silver", "Gold"]: a pattern that is only a choice of plain words. */
function choicesOf(pattern: string): string[] | null {
  const parts = pattern.replace(/^\^|\$$/g, '').replace(/^\((?:\?:)?(.*)\)$/, '$1').split('|')
  return parts.length > 1 && parts.every((p) => /^[\p{L}\p{N} ]+$/u.test(p)) ? parts : null
}

/** An example the pattern accepts, or null when none can be shown. */
export function patternExample(pattern: string, description = ''): string | null {
  const whole = matcher(pattern)
  if (!whole) return null
  for (const [, candidate] of description.matchAll(DESCRIBED_EXAMPLE)) {
    if (candidate && whole.test(candidate)) return candidate
  }
  const generator = new RandExp(whole)
  // Fixed choices instead of random ones: A, B, C… and 1, 2, 3… in turn, short repeats.
  let turn = 0
  generator.randInt = (from: number, to: number) => from + (turn++ % (to - from + 1))
  generator.max = 3
  const example = generator.gen()
  return example && example.length <= MAX_EXAMPLE && whole.test(example) ? example : null
}

/** A choice between words, as the language lists one: "Bronze, Silver, or Gold", "Bronze, Silver oder Gold". */
function choiceWords(choices: readonly string[]): string {
  return new Intl.ListFormat(intlLocale(), { style: 'long', type: 'disjunction' }).format(choices)
}

/** What a pattern asks for, in words: "Bronze, Silver, or Gold", "like A-12", or a plain fallback. */
export function patternInWords(pattern: string, description = ''): string {
  const choices = choicesOf(pattern)
  if (choices) return choiceWords(choices)
  const example = patternExample(pattern, description)
  return example ? t('metaFields.rules.like', { example }) : t('metaFields.rules.anyForm')
}

/** The length part of a rule in words: "1–3 characters", "at most 120 characters"; null without one. */
function lengthInWords(min: number | null | undefined, max: number | null | undefined): string | null {
  if (typeof min === 'number' && typeof max === 'number') return min === max ? t('metaFields.rules.exactly', { n: min }) : t('metaFields.rules.between', { min, max })
  if (typeof min === 'number') return t('metaFields.rules.atLeast', { n: min })
  if (typeof max === 'number') return t('metaFields.rules.atMost', { n: max })
  return null
}

/** A rule in words: "1–3 characters, like A-12"; empty when there is no rule. */
export function ruleInWords(rule: MetaRule | null | undefined, description = ''): string {
  const { min_length: min, max_length: max, regular_expression: pattern } = rule ?? {}
  const length = lengthInWords(min, max)
  const shape = pattern ? patternInWords(pattern, description) : null
  if (length && shape) return t('metaFields.rules.lengthAndPattern', { length, pattern: shape })
  return length ?? shape ?? ''
}

/** What a value that breaks the pattern is told: "must look like A-12" / "must be Bronze, Silver, or Gold". */
export function patternProblemInWords(pattern: string, description = ''): Message {
  const choices = choicesOf(pattern)
  if (choices) return { key: 'metaFields.rules.mustBe', params: { choices: choiceWords(choices) } }
  const example = patternExample(pattern, description)
  return example ? { key: 'metaFields.rules.mustLookLike', params: { example } } : { key: 'metaFields.rules.notInForm' }
}
