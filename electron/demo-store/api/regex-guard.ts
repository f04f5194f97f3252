// A meta field's regular_expression comes from whoever defined the field: untrusted. It is
// refused at definition time (common/regex-safety.ts) when it does not compile, is longer than 200 characters, or has
// the shapes that backtrack catastrophically (a quantified group that itself holds a quantifier
// or an alternation, e.g. `(a+)+`, `(a|aa)*`; backreferences). At evaluation the value tested
// is capped, and the match runs in a worker thread that is killed after a time limit, so even
// a pattern that slips past the checks cannot freeze the server.
import { Worker } from 'node:worker_threads'
import type { PatternRunner } from '../../common/store-api/meta-values'

export const MATCH_TIME_LIMIT_MS = 500

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
parentPort.postMessage(new RegExp('^(?:' + workerData.pattern + ')$', 'u').test(workerData.value))
`

/**
 * Whole-value match, run off the main thread with a time limit. Resolves 'timeout' when it takes
 * too long. The limit starts once the worker runs: starting a worker can itself take longer than
 * the limit on a busy machine, and that says nothing about the pattern.
 */
export const matchesWhole: PatternRunner = (pattern, value) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pattern, value } })
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (outcome: 'match' | 'no-match' | 'timeout') => {
      clearTimeout(timer)
      void worker.terminate()
      resolve(outcome)
    }
    worker.once('online', () => {
      timer = setTimeout(() => finish('timeout'), MATCH_TIME_LIMIT_MS)
    })
    worker.once('message', (matched: boolean) => finish(matched ? 'match' : 'no-match'))
    worker.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
