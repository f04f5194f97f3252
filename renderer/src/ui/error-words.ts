// A failure in the words of the screens, in the app's language. The main process's services
// describe a failure in English words of their own (they may name what the store said); the
// screens show that English text to an English reader, and in another language the catalog's
// sentence for the failure's code (errors.*), which every code has. Anything not a
// StoredeskError gets the screen's own fallback message.
import { IpcErrorData } from '@common/ipc-contract'
import { StoredeskError } from '@/bridge'
import { t, uiLocale, type MessageKey } from '@/session/i18n'

/** A failure as it crossed IPC: a StoredeskError, or its data (a connect attempt's outcome). */
function failureData(error: unknown): IpcErrorData | null {
  if (error instanceof StoredeskError) return { code: error.code, message: error.message }
  const parsed = IpcErrorData.safeParse(error)
  return parsed.success ? parsed.data : null
}

export function errorWords(error: unknown, fallback: MessageKey): string {
  const data = failureData(error)
  if (!data) return t(fallback)
  if (uiLocale() === 'en') return data.message || t(fallback)
  return t(`errors.${data.code}`)
}
