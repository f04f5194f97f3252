// The untrusted-pattern guard: catastrophic, invalid and over-long patterns are refused before
// anything runs them, and a worker that never answers is terminated instead of hanging.
import { describe, expect, it, vi } from 'vitest'
import { matchesWhole, patternProblem, type MatchWorker, type WorkerAnswer } from './regex-guard'

/** A worker stand-in: answers `ready`, then runs the match itself, or never answers (`stuck`). */
function fakeWorker(behaviour: 'evaluate' | 'stuck') {
  const worker: MatchWorker & { terminated: boolean } = {
    terminated: false,
    onmessage: null,
    onerror: null,
    postMessage({ pattern, value }) {
      if (behaviour === 'stuck') return
      const answer: WorkerAnswer = { matched: new RegExp(`^(?:${pattern})$`, 'u').test(value) }
      queueMicrotask(() => worker.onmessage?.({ data: answer } as MessageEvent<WorkerAnswer>))
    },
    terminate() {
      worker.terminated = true
    },
  }
  queueMicrotask(() => worker.onmessage?.({ data: { ready: true } } as MessageEvent<WorkerAnswer>))
  return worker
}

describe('patternProblem', () => {
  it.each(['(a+)+$', '(a+)+', '(a|aa)*', '(x+x+)+y', '((ab)*c)+', '(\\d+)*$', '(a|b){2,}', '(.*a){1,20}'])('refuses the catastrophic shape %s', (pattern) => {
    expect(patternProblem(pattern)).toMatch(/nested quantifier/)
  })

  it('refuses a pattern that does not compile', () => {
    expect(patternProblem('([a-z')).toBe('is not a valid regular expression')
  })

  it('refuses a pattern over 200 characters', () => {
    expect(patternProblem('a'.repeat(201))).toMatch(/longer than 200/)
  })

  it('refuses backreferences', () => {
    expect(patternProblem('(a)\\1')).toMatch(/backreferences/)
  })

  it.each(['[A-Z]{2}-\\d{4}', '(ab)+', '(?:https?://)?[a-z.]+', '[(+*)]+', '\\(a+\\)+', '(a|b){3}', 'a+b*'])('accepts the safe pattern %s', (pattern) => {
    expect(patternProblem(pattern)).toBeNull()
  })
})

describe('matchesWhole', () => {
  it('never runs a catastrophic pattern: (a+)+$ against a string that would backtrack for ages', async () => {
    const spawn = vi.fn(() => fakeWorker('evaluate'))
    await expect(matchesWhole('(a+)+$', `${'a'.repeat(28)}!`, { spawn })).resolves.toBe('unsafe')
    expect(spawn).not.toHaveBeenCalled()
  })

  it('matches the whole value only', async () => {
    await expect(matchesWhole('[A-Z]{2}-\\d{4}', 'AB-1234', { spawn: () => fakeWorker('evaluate') })).resolves.toBe('match')
    await expect(matchesWhole('[A-Z]{2}-\\d{4}', 'xAB-1234', { spawn: () => fakeWorker('evaluate') })).resolves.toBe('no-match')
  })

  it('terminates a worker that does not answer in time and reports a timeout', async () => {
    const worker = fakeWorker('stuck')
    await expect(matchesWhole('a+', 'aaa', { spawn: () => worker, timeLimitMs: 5 })).resolves.toBe('timeout')
    expect(worker.terminated).toBe(true)
  })

  it('terminates the worker after an answer too', async () => {
    const worker = fakeWorker('evaluate')
    await matchesWhole('a+', 'aaa', { spawn: () => worker })
    expect(worker.terminated).toBe(true)
  })
})
