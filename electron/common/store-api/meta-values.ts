// The checks a meta field value and a definition's rule must pass, written once for the demo
// store (which refuses with a 422) and the app (which checks before it queues a write); see
// docs/demo-store.md, Meta fields. A value is checked against its type's format, the rule's
// min_length/max_length on its length in characters, and the rule's regular_expression matching
// the whole value. The pattern is untrusted, so it is run only when regex-safety.ts lets it,
// and only through the caller's time-limited runner (a worker thread or a Web Worker).
// Messages are words for the user, keyed like the store's 422 fields.
import { MAX_TESTED_LENGTH, patternProblem } from '../regex-safety'
import { isCalendarDate, isStoreDateTime } from './date-formats'

const MAX_VALUE_LENGTH = 65_535

// A type alias, not an interface, so it fits the contract's open (loose) rule object.
export type MetaRule = {
  min_length?: number | null
  max_length?: number | null
  regular_expression?: string | null
}

/** Null when `value` has the format of `type`, else what is wrong with it. */
export function typeProblem(type: string, value: string): string | null {
  switch (type) {
    case 'integer':
      return /^-?\d{1,15}$/.test(value) ? null : 'must be a whole number such as 42'
    case 'decimal':
      return /^-?\d{1,15}(\.\d{1,10})?$/.test(value) ? null : 'must be a decimal number such as 3.14'
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'must be true or false'
    case 'date':
      return isCalendarDate(value) ? null : 'must be a real date YYYY-MM-DD'
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

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Problems of a rule being defined, keyed like the store's 422 fields (`rule.min_length`, ...). */
export function ruleProblems(rule: MetaRule): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const name of ['min_length', 'max_length'] as const) {
    const n = rule[name]
    if (n !== undefined && n !== null && (!Number.isInteger(n) || n < 0 || n > MAX_VALUE_LENGTH)) fields[`rule.${name}`] = `must be a whole number from 0 to ${MAX_VALUE_LENGTH}`
  }
  const { min_length: min, max_length: max, regular_expression: pattern } = rule
  if (typeof min === 'number' && typeof max === 'number' && min > max) fields['rule.min_length'] ??= 'must not be greater than the maximum length'
  if (pattern) {
    const problem = patternProblem(pattern)
    if (problem) fields['rule.regular_expression'] = `The pattern ${problem}`
  }
  return fields
}

/** Runs a safe pattern against the whole value under a time limit. */
export type PatternRunner = (pattern: string, value: string) => Promise<'match' | 'no-match' | 'timeout'>

export interface ValueCheck {
  /** What is wrong with the value; empty when it passes every check that could be made. */
  problems: string[]
  /**
   * Set when the rule's pattern could not be decided: it is unsafe to run (`problem` says why),
   * or it ran out of time. Each side says what that means for the value.
   */
  unchecked: { reason: 'unsafe'; problem: string } | { reason: 'timeout' } | null
}

/** Every check of a value against its definition's type and rule. An empty value clears the field: always allowed. */
export async function checkValue(type: string, rule: MetaRule | null | undefined, value: string, runPattern: PatternRunner): Promise<ValueCheck> {
  if (value === '') return { problems: [], unchecked: null }
  if (value.length > MAX_VALUE_LENGTH) return { problems: [`must be at most ${MAX_VALUE_LENGTH} characters`], unchecked: null }
  const problems: string[] = []
  const typeIssue = typeProblem(type, value)
  if (typeIssue) problems.push(typeIssue)
  // UTF-16 length, as the store counts it, so both sides agree on every value.
  const { min_length: min, max_length: max, regular_expression: pattern } = rule ?? {}
  if (typeof min === 'number' && value.length < min) problems.push(`must be at least ${min} characters`)
  if (typeof max === 'number' && value.length > max) problems.push(`must be at most ${max} characters`)
  if (typeof pattern !== 'string' || pattern === '' || problems.length > 0) return { problems, unchecked: null }
  if (value.length > MAX_TESTED_LENGTH) return { problems: [`is too long to check against the pattern (limit ${MAX_TESTED_LENGTH} characters)`], unchecked: null }
  const unsafe = patternProblem(pattern)
  if (unsafe) return { problems, unchecked: { reason: 'unsafe', problem: unsafe } }
  const outcome = await runPattern(pattern, value)
  if (outcome === 'timeout') return { problems, unchecked: { reason: 'timeout' } }
  return { problems: outcome === 'match' ? [] : [`must match the pattern ${pattern}`], unchecked: null }
}
