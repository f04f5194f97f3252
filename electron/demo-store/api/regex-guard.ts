// A meta field's regular_expression comes from whoever defined the field: untrusted. It is
// refused at definition time when it does not compile, is longer than 200 characters, or has
// the shapes that backtrack catastrophically (a quantified group that itself holds a quantifier
// or an alternation, e.g. `(a+)+`, `(a|aa)*`; backreferences). At evaluation the value tested
// is capped, and the match runs in a worker thread that is killed after a time limit, so even
// a pattern that slips past the checks cannot freeze the server.
import { Worker } from 'node:worker_threads'

export const MAX_PATTERN_LENGTH = 200
export const MAX_TESTED_LENGTH = 10_000
export const MATCH_TIME_LIMIT_MS = 500

/** Null when the pattern is acceptable, else the reason it is refused. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `must be at most ${MAX_PATTERN_LENGTH} characters`
  try {
    new RegExp(pattern, 'u')
  } catch (error) {
    return `does not compile: ${(error as Error).message}`
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'backreferences are not allowed'
  if (hasNestedQuantifier(pattern)) return 'nested quantifiers such as (a+)+ or (a|b)* can take forever to evaluate; rewrite the pattern without them'
  return null
}

/** True when a group that contains a quantifier or `|` is itself quantified. */
function hasNestedQuantifier(pattern: string): boolean {
  // Stack of groups: does the group contain a quantifier or an alternation?
  const stack: boolean[] = []
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]
    if (ch === '\\') {
      i++
      continue
    }
    if (inClass) {
      if (ch === ']') inClass = false
      continue
    }
    if (ch === '[') inClass = true
    else if (ch === '(') stack.push(false)
    else if (ch === '|' && stack.length > 0) stack[stack.length - 1] = true
    else if (ch === '*' || ch === '+' || ch === '{' || (ch === '?' && pattern[i - 1] !== '(')) {
      if (stack.length > 0 && ch !== '?') stack[stack.length - 1] = true
    } else if (ch === ')') {
      const risky = stack.pop() ?? false
      const next = pattern[i + 1]
      const quantified = next === '*' || next === '+' || (next === '{' && /^\{\d+,\d*\}/.test(pattern.slice(i + 1)) && !/^\{(\d+),\1\}/.test(pattern.slice(i + 1)))
      if (risky && quantified) return true
      if (risky && stack.length > 0) stack[stack.length - 1] = true
    }
  }
  return false
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
parentPort.postMessage(new RegExp('^(?:' + workerData.pattern + ')$', 'u').test(workerData.value))
`

/** Whole-value match, run off the main thread with a time limit. Resolves 'timeout' when it takes too long. */
export function matchesWhole(pattern: string, value: string): Promise<boolean | 'timeout'> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pattern, value } })
    const timer = setTimeout(() => {
      void worker.terminate()
      resolve('timeout')
    }, MATCH_TIME_LIMIT_MS)
    worker.once('message', (matched: boolean) => {
      clearTimeout(timer)
      void worker.terminate()
      resolve(matched)
    })
    worker.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}
