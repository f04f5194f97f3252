// The checks a meta field value passes before it is sent: the store's own checks
// (@common/store-api/meta-values.ts), with the pattern run through regex-guard.ts's Web Worker.
// A pattern the app cannot decide (unsafe to run here, or too slow) is left to the store,
// and the user is told so. A value the pattern refuses is told what the pattern wants in words
// (rule-words.ts), never the pattern itself.
import { checkValue as checkStoreValue, type MetaRule } from '@common/store-api/meta-values'
import { matchesWhole, type MatchWorker } from './regex-guard'
import { patternProblemInWords } from './rule-words'

export interface ValueCheck {
  /** What is wrong; empty when the value may be sent. */
  problems: string[]
  /** Set when the pattern could not be checked here (unsafe or too slow): the store decides. */
  patternNote: string | null
}

/** Every local check of a value against its definition's type and rule. */
export async function checkValue(type: string, rule: MetaRule | null | undefined, value: string, options: { spawn?: () => MatchWorker; description?: string } = {}): Promise<ValueCheck> {
  let refusedBy: string | null = null
  const { problems: found, unchecked } = await checkStoreValue(type, rule, value, async (pattern, text) => {
    const outcome = await matchesWhole(pattern, text, options)
    // A worker that failed gave no answer, the same as one that ran out of time.
    if (outcome === 'no-match') refusedBy = pattern
    return outcome === 'unsafe' ? 'timeout' : outcome
  })
  const pattern = refusedBy as string | null
  const problems = pattern === null ? found : found.map((problem) => (problem.includes(pattern) ? patternProblemInWords(pattern, options.description) : problem))
  let patternNote: string | null = null
  if (unchecked?.reason === 'unsafe') patternNote = 'This field’s rule is not checked here; the store checks the value when it arrives.'
  else if (unchecked?.reason === 'timeout') patternNote = 'The pattern took too long to check here; the store decides.'
  return { problems, patternNote }
}
