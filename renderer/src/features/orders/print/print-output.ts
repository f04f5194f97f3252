// Print and Save as PDF for the print view, the same buttons in both shells: the desktop app
// asks its main process over the contract (the system print dialog; a save dialog and
// printToPDF), the browser shell prints its own page with window.print(), where the browser's
// print dialog is also how a PDF is saved. Each answers what to tell the user, or null. The
// save dialog main shows is titled in the app's language: its words go with the request.
import type { PrintRequest } from '@common/ipc-contract'
import { api, shell } from '@/bridge'
import { t, type MessageKey } from '@/session/i18n'
import { errorWords } from '@/ui/error-words'

const failure = (error: unknown, fallback: MessageKey) => errorWords(error, fallback)

export async function printSheets(request: PrintRequest): Promise<string | null> {
  if (shell === 'web') {
    window.print()
    return null
  }
  try {
    await api.print.print(request)
    return null
  } catch (error) {
    return failure(error, 'print.printFailed')
  }
}

export async function saveSheetsAsPdf(request: PrintRequest): Promise<string | null> {
  if (shell === 'web') return t('print.browserPdf')
  try {
    const { savedTo } = await api.print.savePdf(request, { title: t('systemDialogs.savePdfTitle'), buttonLabel: t('systemDialogs.savePdfButton') })
    return savedTo ? t('print.savedTo', { path: savedTo }) : null
  } catch (error) {
    return failure(error, 'print.pdfFailed')
  }
}
