// Printing the app's print view from the Electron main process: `print.print` opens the system
// print dialog for the sending window, `print.savePdf` asks where to save (dialog.showSaveDialog,
// here in main, so the renderer never names a path) and writes webContents.printToPDF there.
// Thin: the page lays itself out for the paper with CSS @page; this only passes the paper on.
// The save dialog's title and button are the renderer's words (in the app's language), sent with
// the request; the file type's name, PDF, is the same in every language.
// Reached through the IPC gate's window channels, after its sender check (ipc-dispatch.ts).
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { app, BrowserWindow, dialog, webContents } from 'electron'
import { channels, parseArgs, type IpcResult, type PaperSize } from '../common/ipc-contract'
import { refusalInEnglish, writeRefusal } from '../services/write-refusal'
import type { WindowChannels } from './ipc-dispatch'

/** Paper for webContents.print, whose custom sizes are in microns. */
const PRINT_PAGE: Record<PaperSize, Electron.WebContentsPrintOptions['pageSize']> = {
  a4: 'A4',
  letter: 'Letter',
  '4x6': { width: 101_600, height: 152_400 },
}

/** Paper for printToPDF, whose custom sizes are in inches. */
const PDF_PAGE: Record<PaperSize, Electron.PrintToPDFOptions['pageSize']> = {
  a4: 'A4',
  letter: 'Letter',
  '4x6': { width: 4, height: 6 },
}

/** Chromium's reason when the user closes the print dialog ("Print job canceled"): not a failure. */
const CANCELLED = /cancel/i

const refused = (message: string): IpcResult<never> => ({ ok: false, error: { code: 'bad_request', message } })


export function printChannels(log: (message: string) => void): WindowChannels {
  return {
    'print.print': async (args, webContentsId) => {
      const req = parseArgs('print.print', args)?.[0]
      if (!req) return refused('The print request was not understood.')
      const contents = webContents.fromId(webContentsId)
      if (!contents) return refused('The window to print has closed.')
      const outcome = await new Promise<{ success: boolean; reason: string }>((resolve) =>
        contents.print({ silent: false, printBackground: true, landscape: req.landscape, pageSize: PRINT_PAGE[req.paper] }, (success, reason) => resolve({ success, reason })),
      )
      if (!outcome.success && !CANCELLED.test(outcome.reason)) {
        log(`Printing failed: ${outcome.reason}`)
        return { ok: false, error: { code: 'internal', message: `The page could not be printed (${outcome.reason}). Check the printer and try again.` } }
      }
      return { ok: true, value: channels['print.print'].result.parse({ printed: outcome.success }) }
    },

    'print.savePdf': async (args, webContentsId) => {
      const parsed = parseArgs('print.savePdf', args)
      if (!parsed) return refused('The save request was not understood.')
      const [req, words] = parsed
      const contents = webContents.fromId(webContentsId)
      const window = contents ? BrowserWindow.fromWebContents(contents) : null
      if (!contents || !window) return refused('The window to save has closed.')
      const choice = await dialog.showSaveDialog(window, {
        title: words.title,
        buttonLabel: words.buttonLabel,
        defaultPath: join(app.getPath('documents'), `${req.fileName}.pdf`),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      })
      if (choice.canceled || !choice.filePath) return { ok: true, value: { savedTo: null } }
      const pdf = await contents.printToPDF({ pageSize: PDF_PAGE[req.paper], landscape: req.landscape, printBackground: true, preferCSSPageSize: true })
      try {
        await writeFile(choice.filePath, pdf)
      } catch (error) {
        log(`Saving the PDF failed: ${error instanceof Error ? error.message : String(error)}`)
        const refusal = writeRefusal(error)
        return {
          ok: false,
          error: {
            code: 'internal',
            message: `The PDF could not be written to ${choice.filePath}: ${refusalInEnglish(refusal)}. Choose another folder and try again.`,
            words: { key: 'fileProblems.pdfNotWritten', params: { path: choice.filePath, ...refusal } },
          },
        }
      }
      return { ok: true, value: channels['print.savePdf'].result.parse({ savedTo: choice.filePath }) }
    },
  }
}
