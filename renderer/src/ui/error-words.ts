// A failure in the words of the screens, in the app's language. The main process's services
// describe a failure in English words of their own (they may name what the store said); the
// screens show that English text to an English reader, and in another language the catalog's
// sentence for the failure's code (errors.*), which every code has. A failure that carries the
// app's own words (a MessageError from the data layer, a refusal the main process or the bridge
// worded from the catalog) is said in them, in every language. Anything else gets the screen's
// own fallback message.
import { isErrorCode, type ErrorCode } from '@common/ipc-names'
import { StoredeskError } from '@/bridge'
import { say, t, uiLocale, wordsOf, type MessageKey } from '@/session/i18n'

/**
 * A failure as it crossed IPC: a StoredeskError, or its data (a connect attempt's outcome). Its
 * code and message are all the words need, checked by hand: the frame says failures from its
 * first paint, and the contract's zod schemas are not part of it (docs/benchmarks.md, figure 5).
 */
function failureData(error: unknown): { code: ErrorCode; message: string } | null {
  if (error instanceof StoredeskError) return { code: error.code, message: error.message }
  if (!error || typeof error !== 'object') return null
  const { code, message } = error as { code?: unknown; message?: unknown }
  return isErrorCode(code) && typeof message === 'string' ? { code, message } : null
}

export function errorWords(error: unknown, fallback: MessageKey): string {
  const words = wordsOf(error)
  if (words) return say(words)
  const data = failureData(error)
  if (!data) return t(fallback)
  if (uiLocale() === 'en') return data.message || t(fallback)
  return t(`errors.${data.code}`)
}

/**
 * Any caught failure in words, when the screen has no sentence of its own for it: the app's own
 * words, a StoredeskError as errorWords says it, else the error's own message (a program error,
 * shown as it is rather than hidden).
 */
export function failureWords(error: unknown): string {
  if (wordsOf(error) || failureData(error)) return errorWords(error, 'errors.fallback')
  return error instanceof Error ? error.message : String(error)
}
