// Checks a body the user edited in the outbox against the operation's schema before it is
// queued again, and says what is wrong in the app's language (zod's own German and Chinese
// messages for a value the store would refuse). Apart from sync-format.ts (which the frame's
// progress bar loads before the first paint) so the operations' zod schemas load with the Sync
// page only.
import type { z } from 'zod'
import de from 'zod/v4/locales/de.js'
import en from 'zod/v4/locales/en.js'
import zhCN from 'zod/v4/locales/zh-CN.js'
import { operations, type OperationName } from '@common/store-api/operations'
import { t, uiLocale } from '@/session/i18n'

/** zod's messages in the screens' language (the pseudo-locale reads English). */
function zodMessages(): z.core.$ZodErrorMap {
  const locale = uiLocale()
  return (locale === 'de' ? de() : locale === 'zh-CN' ? zhCN() : en()).localeError
}

/** "line 3, column 7" of a JSON.parse error, where the engine's message says it. */
function whereInJson(error: unknown): { line: number; column: number } | null {
  const at = /line (\d+) column (\d+)/.exec(error instanceof Error ? error.message : '')
  return at ? { line: Number(at[1]), column: Number(at[2]) } : null
}

/** Parses an edited body and checks it with the operation's schema; a message when it is wrong. */
export function checkEditedBody(kind: string, text: string): { ok: true; body: unknown } | { ok: false; message: string } {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    const where = whereInJson(error)
    return { ok: false, message: where ? t('outbox.notJsonAt', where) : t('outbox.notJson') }
  }
  const spec = operations[kind as OperationName] as { body?: z.ZodType } | undefined
  if (!spec?.body) return { ok: false, message: t('outbox.noBody') }
  const parsed = spec.body.safeParse(body, { error: zodMessages() })
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || t('outbox.wholeBody')}: ${i.message}`)
    return { ok: false, message: t('outbox.wouldRefuse', { issues: issues.join('; ') }) }
  }
  return { ok: true, body }
}
