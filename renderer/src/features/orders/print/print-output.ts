// Print and Save as PDF for the print view, the same buttons in both shells: the desktop app
// asks its main process over the contract (the system print dialog; a save dialog and
// printToPDF), the browser shell prints its own page with window.print(), where the browser's
// print dialog is also how a PDF is saved. Each answers what to tell the user, or null.
import type { PrintRequest } from '@common/ipc-contract'
import { api, shell, StoredeskError } from '@/bridge'

export const BROWSER_PDF_HINT = 'In the browser, use Print and choose “Save as PDF” as the printer.'

const failure = (error: unknown, doing: string) => (error instanceof StoredeskError ? error.message : `${doing} did not work. Try again.`)

export async function printSheets(request: PrintRequest): Promise<string | null> {
  if (shell === 'web') {
    window.print()
    return null
  }
  try {
    await api.print.print(request)
    return null
  } catch (error) {
    return failure(error, 'Printing')
  }
}

export async function saveSheetsAsPdf(request: PrintRequest): Promise<string | null> {
  if (shell === 'web') return BROWSER_PDF_HINT
  try {
    const { savedTo } = await api.print.savePdf(request)
    return savedTo ? `Saved to ${savedTo}.` : null
  } catch (error) {
    return failure(error, 'Saving the PDF')
  }
}
