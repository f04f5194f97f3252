// The checks a meta field value passes before it is sent, the same ones the store makes
// (docs/demo-store.md, Meta fields): the type's format, the rule's min_length/max_length on the
// value's length in characters, and the rule's regular_expression matching the whole value,
// run through regex-guard.ts because the pattern is untrusted. An empty value clears the
// field and is always allowed.
import { isValid, parse, parseISO } from 'date-fns'
import { MAX_TESTED_LENGTH, matchesWhole, patternProblem, type MatchWorker } from './regex-guard'

export const MAX_VALUE_LENGTH = 65_535

// A type alias, not an interface, so it fits the contract's open (loose) rule object.
export type MetaRule = {
  min_length?: number | null
  max_length?: number | null
  regular_expression?: string | null
}

/** Null when `value` has the format of `type`, else what is wrong (words for the user). */
export function typeProblem(type: string, value: string): string | null {
  switch (type) {
    case 'integer':
      return /^-?\d{1,15}$/.test(value) ? null : 'must be a whole number such as 42'
    case 'decimal':
      return /^-?\d{1,15}(\.\d{1,10})?$/.test(value) ? null : 'must be a decimal number such as 3.14'
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'must be true or false'
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parse(value, 'yyyy-MM-dd', new Date(0))) ? null : 'must be a real date YYYY-MM-DD'
    case 'date_time':
      return isStoreDateTime(value) ? null : 'must be a date-time YYYY-MM-DD HH:MM:SS or ISO 8601 with an offset'
    case 'url':
      return isWebUrl(value) ? null : 'must be an http or https URL'
    case 'json':
      try {
        JSON.parse(value)
        return null
      } catch {
        return 'must be valid JSON'
      }
    case 'text':
      return /[\r\n]/.test(value) ? 'must be a single line' : null
    default:
      return null
  }
}

/** Store-local `YYYY-MM-DD HH:MM:SS`, or ISO 8601 with `Z` or an offset. */
function isStoreDateTime(value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return isValid(parse(value, 'yyyy-MM-dd HH:mm:ss', new Date(0)))
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return false
  return isValid(parseISO(value))
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

export interface ValueCheck {
  /** What is wrong; empty when the value may be sent. */
  problems: string[]
  /** Set when the pattern could not be checked here (unsafe or too slow): the store decides. */
  patternNote: string | null
}

/** Every local check of a value against its definition's type and rule. */
export async function checkValue(type: string, rule: MetaRule | null | undefined, value: string, options: { spawn?: () => MatchWorker } = {}): Promise<ValueCheck> {
  if (value === '') return { problems: [], patternNote: null }
  if (value.length > MAX_VALUE_LENGTH) return { problems: [`must be at most ${MAX_VALUE_LENGTH} characters`], patternNote: null }
  const problems: string[] = []
  const typeIssue = typeProblem(type, value)
  if (typeIssue) problems.push(typeIssue)
  // UTF-16 length, as the store counts it, so both sides agree on every value.
  const length = value.length
  const { min_length: min, max_length: max, regular_expression: pattern } = rule ?? {}
  if (typeof min === 'number' && length < min) problems.push(`must be at least ${min} characters`)
  if (typeof max === 'number' && length > max) problems.push(`must be at most ${max} characters`)
  let patternNote: string | null = null
  if (typeof pattern === 'string' && pattern !== '' && problems.length === 0) {
    const unsafe = patternProblem(pattern)
    if (unsafe) patternNote = `The pattern ${unsafe}; it is not checked here, the store decides.`
    else if (value.length > MAX_TESTED_LENGTH) problems.push(`is too long to check against the pattern (limit ${MAX_TESTED_LENGTH} characters)`)
    else {
      const outcome = await matchesWhole(pattern, value, options)
      if (outcome === 'no-match') problems.push(`must match the pattern ${pattern}`)
      else if (outcome !== 'match') patternNote = 'The pattern took too long to check here; the store decides.'
    }
  }
  return { problems, patternNote }
}

/** Problems of a rule being defined (before it is sent), keyed like the store's 422 fields. */
export function ruleProblems(rule: MetaRule): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const name of ['min_length', 'max_length'] as const) {
    const n = rule[name]
    if (n !== undefined && n !== null && (!Number.isInteger(n) || n < 0 || n > MAX_VALUE_LENGTH)) fields[`rule.${name}`] = `must be a whole number from 0 to ${MAX_VALUE_LENGTH}`
  }
  if (typeof rule.min_length === 'number' && typeof rule.max_length === 'number' && rule.min_length > rule.max_length) fields['rule.min_length'] = 'must not be greater than the maximum length'
  if (rule.regular_expression) {
    const problem = patternProblem(rule.regular_expression)
    if (problem) fields['rule.regular_expression'] = `The pattern ${problem}`
  }
  return fields
}
