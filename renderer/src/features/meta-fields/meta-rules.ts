// The checks a meta field value passes before it is sent: the store's own checks
// (@common/store-api/meta-values.ts), with the pattern run through regex-guard.ts's Web Worker.
// A pattern the app cannot decide (unsafe to run here, or too slow) is left to the store,
// and the user is told so. A value the pattern refuses is told what the pattern wants in words
// (rule-words.ts), never the pattern itself. Every problem is a Message (store-problems.ts).
import { checkValue as checkStoreValue, type MetaRule } from '@common/store-api/meta-values'
import type { Message } from '@/session/i18n'
import { matchesWhole, type MatchWorker } from './regex-guard'
import { storeProblem } from './store-problems'

export interface ValueCheck {
  /** What is wrong; empty when the value may be sent. */
  problems: Message[]
  /** Set when the pattern could not be checked here (unsafe or too slow): the store decides. */
  patternNote: Message | null
}

/** Every local check of a value against its definition's type and rule. */
export async function checkValue(type: string, rule: MetaRule | null | undefined, value: string, options: { spawn?: () => MatchWorker; description?: string } = {}): Promise<ValueCheck> {
  const { problems, unchecked } = await checkStoreValue(type, rule, value, async (pattern, text) => {
    const outcome = await matchesWhole(pattern, text, options)
    // A worker that failed gave no answer, the same as one that ran out of time.
    return outcome === 'unsafe' ? 'timeout' : outcome
  })
  let patternNote: Message | null = null
  if (unchecked?.reason === 'unsafe') patternNote = { key: 'metaFields.rules.notChecked' }
  else if (unchecked?.reason === 'timeout') patternNote = { key: 'metaFields.rules.tooSlow' }
  return { problems: problems.map((problem) => storeProblem(problem, options.description)), patternNote }
}
