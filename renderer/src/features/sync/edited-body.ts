// Checks a body the user edited in the outbox against the operation's schema before it is
// queued again. Apart from sync-format.ts (which the frame's progress bar loads before the
// first paint) so the operations' zod schemas load with the Sync page only.
import { operations, type OperationName } from '@common/store-api/operations'
import { t } from '@/session/i18n'

/** Parses an edited body and checks it with the operation's schema; a message when it is wrong. */
export function checkEditedBody(kind: string, text: string): { ok: true; body: unknown } | { ok: false; message: string } {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    return { ok: false, message: t('outbox.notJson', { error: (error as Error).message }) }
  }
  const spec = operations[kind as OperationName] as { body?: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } } | undefined
  if (!spec?.body) return { ok: false, message: t('outbox.noBody') }
  const parsed = spec.body.safeParse(body)
  if (!parsed.success) {
    const issues = parsed.error?.issues.map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`) ?? []
    return { ok: false, message: t('outbox.wouldRefuse', { issues: issues.join('; ') }) }
  }
  return { ok: true, body }
}
