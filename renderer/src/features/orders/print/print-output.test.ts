// Save as PDF from the print view in the desktop shell: main's save dialog is titled in the
// app's language (its words go with the request), and what the user is told comes back in it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, resetFakeBridge } from '@/bridge/testing/fake-bridge'
import { applyLocale } from '@/session/i18n'
import { saveSheetsAsPdf } from './print-output'

vi.mock('@/bridge', async () => ({ ...(await import('@/bridge/testing/fake-bridge')), shell: 'electron' }))

afterEach(() => {
  applyLocale('en')
  resetFakeBridge()
})

const request = { paper: 'a4', landscape: false, fileName: 'Packing slips' } as const

describe('saveSheetsAsPdf', () => {
  it('sends the save dialog’s words in English by default', async () => {
    api.print.savePdf.mockResolvedValue({ savedTo: '/home/ann/Packing slips.pdf' })
    expect(await saveSheetsAsPdf(request)).toBe('Saved to /home/ann/Packing slips.pdf.')
    expect(api.print.savePdf).toHaveBeenCalledWith(request, { title: 'Save as PDF', buttonLabel: 'Save PDF' })
  })

  it('sends them in German and in Chinese when the app speaks those', async () => {
    api.print.savePdf.mockResolvedValue({ savedTo: null })
    applyLocale('de')
    expect(await saveSheetsAsPdf(request)).toBeNull()
    applyLocale('zh-CN')
    await saveSheetsAsPdf(request)
    expect(api.print.savePdf.mock.calls.map((call) => call[1])).toEqual([
      { title: 'Als PDF speichern', buttonLabel: 'PDF speichern' },
      { title: '另存为 PDF', buttonLabel: '保存 PDF' },
    ])
  })
})
