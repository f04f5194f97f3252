// @vitest-environment node
// Printing from main with Electron replaced by recorders: the sending window is printed on the
// chosen paper, Save as PDF asks for the path in main and writes the PDF there, a cancelled
// dialog writes nothing, and a malformed request or a closed window is refused. The save dialog
// shows the words the renderer sent, in the app's language.
import { beforeEach, describe, expect, it, vi } from 'vitest'

const rec = vi.hoisted(() => ({
  printed: [] as unknown[],
  printAnswer: { success: true, reason: '' },
  pdfOptions: [] as unknown[],
  saveDialogs: [] as { window: unknown; options: Record<string, unknown> }[],
  saveAnswer: { canceled: false, filePath: '/home/me/Documents/slips.pdf' } as { canceled: boolean; filePath?: string },
  written: [] as { path: string; data: unknown }[],
  writeError: null as NodeJS.ErrnoException | null,
  logs: [] as string[],
}))

vi.mock('electron', () => {
  const contents = {
    id: 7,
    print: (options: unknown, callback: (success: boolean, reason: string) => void) => {
      rec.printed.push(options)
      callback(rec.printAnswer.success, rec.printAnswer.reason)
    },
    printToPDF: async (options: unknown) => {
      rec.pdfOptions.push(options)
      return Buffer.from('%PDF-1.7 slips')
    },
  }
  const window = { id: 'main-window' }
  return {
    app: { getPath: (name: string) => `/home/me/${name === 'documents' ? 'Documents' : name}` },
    webContents: { fromId: (id: number) => (id === contents.id ? contents : undefined) },
    BrowserWindow: { fromWebContents: (c: unknown) => (c === contents ? window : null) },
    dialog: {
      showSaveDialog: async (win: unknown, options: Record<string, unknown>) => {
        rec.saveDialogs.push({ window: win, options })
        return rec.saveAnswer
      },
    },
  }
})

vi.mock('node:fs/promises', () => ({
  writeFile: async (path: string, data: unknown) => {
    if (rec.writeError) throw rec.writeError
    rec.written.push({ path, data })
  },
}))

const { printChannels } = await import('./print')
const channels = printChannels((message) => rec.logs.push(message))
const print = channels['print.print']!
const savePdf = channels['print.savePdf']!

beforeEach(() => {
  rec.printed.length = 0
  rec.pdfOptions.length = 0
  rec.saveDialogs.length = 0
  rec.written.length = 0
  rec.printAnswer = { success: true, reason: '' }
  rec.saveAnswer = { canceled: false, filePath: '/home/me/Documents/slips.pdf' }
  rec.writeError = null
})

describe('print.print', () => {
  it('opens the print dialog for the sending window on the chosen paper', async () => {
    expect(await print([{ paper: '4x6', landscape: false, fileName: 'Packing slips' }], 7)).toEqual({ ok: true, value: { printed: true } })
    expect(await print([{ paper: 'letter', landscape: false, fileName: 'Pick list' }], 7)).toEqual({ ok: true, value: { printed: true } })
    expect(rec.printed).toEqual([
      { silent: false, printBackground: true, landscape: false, pageSize: { width: 101_600, height: 152_400 } },
      { silent: false, printBackground: true, landscape: false, pageSize: 'Letter' },
    ])
  })

  it('tells a closed dialog from a failed print', async () => {
    rec.printAnswer = { success: false, reason: 'Print job canceled' }
    expect(await print([{ paper: 'a4', landscape: false, fileName: 'Pick list' }], 7)).toEqual({ ok: true, value: { printed: false } })
    rec.printAnswer = { success: false, reason: 'Print job failed' }
    expect(await print([{ paper: 'a4', landscape: false, fileName: 'Pick list' }], 7)).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'The page could not be printed (Print job failed). Check the printer and try again.' },
    })
  })

  it('refuses a malformed request, landscape, or a window that has gone, and prints nothing', async () => {
    expect(await print([{ paper: 'a3', landscape: false, fileName: 'x' }], 7)).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    expect(await print([{ paper: 'a4', landscape: true, fileName: 'x' }], 7)).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    expect(await print([{ paper: 'a4', landscape: false, fileName: '../../etc/passwd' }], 7)).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    expect(await print([{ paper: 'a4', landscape: false, fileName: 'x' }], 99)).toMatchObject({ ok: false, error: { message: 'The window to print has closed.' } })
    expect(rec.printed).toEqual([])
  })
})

const WORDS = { title: 'Save as PDF', buttonLabel: 'Save PDF' }

describe('print.savePdf', () => {
  it('asks where to save in main, then writes the window’s PDF there', async () => {
    expect(await savePdf([{ paper: 'a4', landscape: false, fileName: 'Packing slips 2026-11-25' }, WORDS], 7)).toEqual({ ok: true, value: { savedTo: '/home/me/Documents/slips.pdf' } })
    expect(rec.saveDialogs).toEqual([
      { window: { id: 'main-window' }, options: { title: 'Save as PDF', buttonLabel: 'Save PDF', defaultPath: '/home/me/Documents/Packing slips 2026-11-25.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] } },
    ])
    expect(rec.pdfOptions).toEqual([{ pageSize: 'A4', landscape: false, printBackground: true, preferCSSPageSize: true }])
    expect(rec.written).toEqual([{ path: '/home/me/Documents/slips.pdf', data: Buffer.from('%PDF-1.7 slips') }])
  })

  it('answers a refused write with a catalog message: the path and the system’s code, no English', async () => {
    rec.writeError = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
    expect(await savePdf([{ paper: 'a4', landscape: false, fileName: 'Slips' }, WORDS], 7)).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: 'The PDF could not be written to /home/me/Documents/slips.pdf: Storedesk may not write there. Choose another folder and try again.',
        words: { key: 'fileProblems.pdfNotWritten', params: { path: '/home/me/Documents/slips.pdf', reason: 'denied', code: 'EACCES' } },
      },
    })
  })

  it('writes nothing when the user cancels the save dialog', async () => {
    rec.saveAnswer = { canceled: true }
    expect(await savePdf([{ paper: '4x6', landscape: false, fileName: 'Pick list' }, WORDS], 7)).toEqual({ ok: true, value: { savedTo: null } })
    expect(rec.pdfOptions).toEqual([])
    expect(rec.written).toEqual([])
  })

  it('titles the save dialog in the language the renderer sent', async () => {
    await savePdf([{ paper: 'a4', landscape: false, fileName: 'Packzettel 2026-11-25' }, { title: 'Als PDF speichern', buttonLabel: 'PDF speichern' }], 7)
    await savePdf([{ paper: 'a4', landscape: false, fileName: '装箱单 2026-11-25' }, { title: '另存为 PDF', buttonLabel: '保存 PDF' }], 7)
    expect(rec.saveDialogs.map((d) => [d.options.title, d.options.buttonLabel, d.options.defaultPath])).toEqual([
      ['Als PDF speichern', 'PDF speichern', '/home/me/Documents/Packzettel 2026-11-25.pdf'],
      ['另存为 PDF', '保存 PDF', '/home/me/Documents/装箱单 2026-11-25.pdf'],
    ])
  })

  it('refuses a malformed request, missing or malformed words, or a closed window without asking for a path', async () => {
    const fine = { paper: 'a4', landscape: false, fileName: 'x' }
    expect(await savePdf([{ paper: 'a4' }, WORDS], 7)).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    for (const words of [undefined, {}, { title: '', buttonLabel: 'Save' }, { title: 'Save\nas PDF', buttonLabel: 'Save' }, { title: 'x'.repeat(201), buttonLabel: 'Save' }, { title: 'Save', buttonLabel: 'x'.repeat(61) }, { title: 42, buttonLabel: 'Save' }]) {
      expect(await savePdf([fine, words], 7)).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'The save request was not understood.' } })
    }
    expect(await savePdf([fine, WORDS], 8)).toMatchObject({ ok: false, error: { message: 'The window to save has closed.' } })
    expect(rec.saveDialogs).toEqual([])
  })
})
