// A meta field's regular_expression comes from the store, where anyone with write access
// defined it: untrusted input. Before a pattern is ever run it must compile, be at most 200
// characters, have no backreferences and no catastrophic shape (a quantified group that holds
// a quantifier or an alternation, e.g. `(a+)+`, `(a|aa)*`): the same refusals the store makes
// when the field is defined. A pattern that passes is run in a Web Worker that is terminated
// after MATCH_TIME_LIMIT_MS, so even a shape the static check misses cannot freeze the app.
import { MAX_TESTED_LENGTH, patternProblem } from '@common/regex-safety'

export { MAX_PATTERN_LENGTH, MAX_TESTED_LENGTH, patternProblem } from '@common/regex-safety'
export const MATCH_TIME_LIMIT_MS = 50

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
