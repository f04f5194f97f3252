import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { api, resetFakeBridge } from '@/bridge/testing/fake-bridge'
import { NOTICES_KEPT, useNoticesStore } from './notices-store'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

describe('the notices', () => {
  let focused: boolean
  beforeEach(() => {
    resetFakeBridge()
    setActivePinia(createPinia())
    focused = true
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused)
    api.app.notify.mockResolvedValue(true)
  })
  afterEach(() => vi.restoreAllMocks())

  it('lists each notice newest first, counts the unseen ones and hands each to the toasts once', () => {
    const notices = useNoticesStore()
    notices.post({ kind: 'error', title: 'The store refused a change', text: 'Tracking for #1001.' })
    notices.post({ kind: 'success', title: 'Export finished', text: '3 orders.' })
    expect(notices.notices.map((n) => n.title)).toEqual(['Export finished', 'The store refused a change'])
    expect(notices.unseen).toBe(2)
    expect(notices.takeToShow().map((n) => n.title)).toEqual(['The store refused a change', 'Export finished'])
    expect(notices.takeToShow()).toEqual([])
    notices.markAllSeen()
    expect(notices.unseen).toBe(0)
  })

  it('replaces a notice with the same key instead of listing it twice', () => {
    const notices = useNoticesStore()
    notices.post({ kind: 'error', title: 'Sync failed', text: 'First.', key: 'sync' })
    notices.post({ kind: 'error', title: 'Sync failed', text: 'Second.', key: 'sync' })
    expect(notices.notices.map((n) => n.text)).toEqual(['Second.'])
  })

  it('keeps only the newest ones', () => {
    const notices = useNoticesStore()
    for (let i = 0; i < NOTICES_KEPT + 5; i++) notices.post({ kind: 'info', title: `N${i}`, text: '' })
    expect(notices.notices).toHaveLength(NOTICES_KEPT)
    expect(notices.notices[0]!.title).toBe(`N${NOTICES_KEPT + 4}`)
  })

  it('asks for a desktop notification only while the window is not focused', () => {
    const notices = useNoticesStore()
    notices.post({ kind: 'error', title: 'Seen here', text: 'In the window.' })
    expect(api.app.notify).not.toHaveBeenCalled()
    focused = false
    notices.post({ kind: 'error', title: 'The store refused a change', text: 'Tracking for #1001.' })
    expect(api.app.notify).toHaveBeenCalledWith({ title: 'The store refused a change', body: 'Tracking for #1001.' })
  })
})
