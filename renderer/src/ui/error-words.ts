// A failure in the words of the screens, in the app's language. The main process's services
// describe a failure in English words of their own (they may name what the store said); the
// screens show that English text to an English reader, and in another language the catalog's
// sentence for the failure's code (errors.*), which every code has. A failure that carries the
// app's own words (a MessageError from the data layer, a refusal the main process or the bridge
// worded from the catalog) is said in them, in every language. Anything else gets the screen's
// own fallback message.
import { IpcErrorData } from '@common/ipc-contract'
import { StoredeskError } from '@/bridge'
import { say, t, uiLocale, wordsOf, type MessageKey } from '@/session/i18n'

/** A failure as it crossed IPC: a StoredeskError, or its data (a connect attempt's outcome). */
function failureData(error: unknown): IpcErrorData | null {
  if (error instanceof StoredeskError) return { code: error.code, message: error.message }
  const parsed = IpcErrorData.safeParse(error)
  return parsed.success ? parsed.data : null
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
