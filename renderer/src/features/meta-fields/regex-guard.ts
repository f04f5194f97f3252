// A meta field's regular_expression comes from the store, where anyone with write access
// defined it: untrusted input. Before a pattern is ever run it must compile, be at most 200
// characters, have no backreferences and no catastrophic shape (a quantified group that holds
// a quantifier or an alternation, e.g. `(a+)+`, `(a|aa)*`): the same refusals the store makes
// when the field is defined. A pattern that passes is run in a Web Worker that is terminated
// after MATCH_TIME_LIMIT_MS, so even a shape the static check misses cannot freeze the app.

export const MAX_PATTERN_LENGTH = 200
/** The store stops testing values longer than this against a pattern. */
export const MAX_TESTED_LENGTH = 10_000
export const MATCH_TIME_LIMIT_MS = 50

/** Null when the pattern may be run, else why not (in words for the user). */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`
  try {
    new RegExp(pattern, 'u')
  } catch {
    return 'is not a valid regular expression'
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'uses backreferences, which are not allowed'
  if (hasCatastrophicShape(pattern)) return 'has a nested quantifier such as (a+)+ or (a|b)* that can take forever to evaluate'
  return null
}

/** True when a group containing a quantifier or `|` is itself repeated (`*`, `+`, `{n,}`, `{n,m}` with m > n). */
function hasCatastrophicShape(pattern: string): boolean {
  // One entry per open group: does it contain a quantifier or an alternation?
  const groups: boolean[] = []
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
    else if (ch === '(') groups.push(false)
    else if (ch === '|' || ch === '*' || ch === '+' || (ch === '{' && isRepeat(pattern.slice(i)))) {
      if (groups.length > 0) groups[groups.length - 1] = true
    } else if (ch === ')') {
      const risky = groups.pop() ?? false
      if (risky && isRepeat(pattern.slice(i + 1))) return true
      if (risky && groups.length > 0) groups[groups.length - 1] = true
    }
  }
  return false
}

/** Whether `rest` starts with an unbounded or variable repeat. */
function isRepeat(rest: string): boolean {
  if (rest.startsWith('*') || rest.startsWith('+')) return true
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(rest)
  if (!braces || braces[2] === undefined) return false
  return braces[3] === '' || Number(braces[3]) > Number(braces[1])
}

export type MatchOutcome = 'match' | 'no-match' | 'unsafe' | 'timeout'

/** What runs a pattern: a Web Worker in the app, a stand-in in tests. */
export interface MatchWorker {
  postMessage(message: { pattern: string; value: string }): void
  onmessage: ((event: MessageEvent<WorkerAnswer>) => void) | null
  onerror: ((event: ErrorEvent) => void) | null
  terminate(): void
}

/** `ready` once the worker has loaded; then one answer to the request. */
export type WorkerAnswer = { ready: true } | { matched: boolean } | { error: string }

export function createRegexWorker(): MatchWorker {
  return new Worker(new URL('./regex-worker.ts', import.meta.url), { type: 'module' }) as MatchWorker
}

/** How long a worker may take to load (a busy machine), before the match clock starts. */
const STARTUP_LIMIT_MS = 5_000

/**
 * Whether `value` matches the whole `pattern` (as the store tests it: `^(?:pattern)$`, Unicode).
 * 'unsafe' for a pattern refused by patternProblem or a value too long to test; 'timeout'
 * when the worker did not answer within the limit (it is terminated). The limit counts from
 * the moment the loaded worker gets the request, so a slow start is not taken for a slow pattern.
 */
export function matchesWhole(
  pattern: string,
  value: string,
  options: { spawn?: () => MatchWorker; timeLimitMs?: number } = {},
): Promise<MatchOutcome> {
  if (patternProblem(pattern) || value.length > MAX_TESTED_LENGTH) return Promise.resolve('unsafe')
  const worker = (options.spawn ?? createRegexWorker)()
  return new Promise((resolve) => {
    let timer = setTimeout(() => finish('timeout'), STARTUP_LIMIT_MS)
    function finish(outcome: MatchOutcome) {
      clearTimeout(timer)
      worker.terminate()
      resolve(outcome)
    }
    worker.onmessage = (event) => {
      const answer = event.data
      if ('ready' in answer) {
        clearTimeout(timer)
        timer = setTimeout(() => finish('timeout'), options.timeLimitMs ?? MATCH_TIME_LIMIT_MS)
        worker.postMessage({ pattern, value })
      } else if ('matched' in answer) finish(answer.matched ? 'match' : 'no-match')
      else finish('unsafe')
    }
    worker.onerror = () => finish('unsafe')
  })
}
