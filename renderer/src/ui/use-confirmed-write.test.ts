import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applyLocale, MessageError, tIn } from '@/session/i18n'

const asked: { onPositiveClick: () => Promise<void>; positiveText: string; negativeText: string }[] = []
const toasts: string[] = []
vi.mock('naive-ui', () => ({
  useDialog: () => ({ warning: (options: (typeof asked)[number]) => asked.push(options) }),
  useMessage: () => ({ success: (text: string) => toasts.push(`success: ${text}`), error: (text: string) => toasts.push(`error: ${text}`) }),
}))
const { useConfirmedWrite } = await import('./use-confirmed-write')

beforeEach(() => {
  asked.length = 0
  toasts.length = 0
})
afterEach(() => applyLocale('en'))

const words = { title: 'Delete “Summer”?', content: 'Its 3 posts stay.', confirm: 'Delete', keep: 'Keep', done: 'Deleted “Summer”.', failed: (error: string) => `Not deleted: ${error}` }

describe('a change asked first', () => {
  it('changes nothing until confirmed, then says it once', async () => {
    const run = vi.fn(async () => undefined)
    useConfirmedWrite()({ ...words, run })
    expect(asked.map((a) => [a.positiveText, a.negativeText])).toEqual([['Delete', 'Keep']])
    expect(run).not.toHaveBeenCalled()
    await asked[0]!.onPositiveClick()
    expect(run).toHaveBeenCalledOnce()
    expect(toasts).toEqual(['success: Deleted “Summer”.'])
  })

  it('says nothing when there was nothing to change by then', async () => {
    useConfirmedWrite()({ ...words, run: async () => false })
    await asked[0]!.onPositiveClick()
    expect(toasts).toEqual([])
  })

  it('says why not, in the app’s own words when the failure carries them', async () => {
    applyLocale('de')
    useConfirmedWrite()({ ...words, run: async () => Promise.reject(new MessageError({ key: 'errors.fallback' })) })
    await asked[0]!.onPositiveClick()
    useConfirmedWrite()({ ...words, run: async () => Promise.reject(new Error('disk on fire')) })
    await asked[1]!.onPositiveClick()
    expect(tIn('de', 'errors.fallback')).not.toBe(tIn('en', 'errors.fallback'))
    expect(toasts).toEqual([`error: Not deleted: ${tIn('de', 'errors.fallback')}`, 'error: Not deleted: disk on fire'])
  })
})
