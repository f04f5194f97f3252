// The checks a meta field value passes before it is sent: the store's own checks
// (@common/store-api/meta-values.ts), with the pattern run through regex-guard.ts's Web Worker.
// A pattern the app cannot decide (unsafe to run here, or too slow) is left to the store,
// and the user is told so.
import { checkValue as checkStoreValue, type MetaRule } from '@common/store-api/meta-values'
import { matchesWhole, type MatchWorker } from './regex-guard'

export interface ValueCheck {
  /** What is wrong; empty when the value may be sent. */
  problems: string[]
  /** Set when the pattern could not be checked here (unsafe or too slow): the store decides. */
  patternNote: string | null
}

/** Every local check of a value against its definition's type and rule. */
export async function checkValue(type: string, rule: MetaRule | null | undefined, value: string, options: { spawn?: () => MatchWorker } = {}): Promise<ValueCheck> {
  const { problems, unchecked } = await checkStoreValue(type, rule, value, async (pattern, text) => {
    const outcome = await matchesWhole(pattern, text, options)
    // A worker that failed gave no answer, the same as one that ran out of time.
    return outcome === 'unsafe' ? 'timeout' : outcome
  })
  let patternNote: string | null = null
  if (unchecked?.reason === 'unsafe') patternNote = `The pattern ${unchecked.problem}; it is not checked here, the store decides.`
  else if (unchecked?.reason === 'timeout') patternNote = 'The pattern took too long to check here; the store decides.'
  return { problems, patternNote }
}
