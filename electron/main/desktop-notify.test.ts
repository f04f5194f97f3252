import { describe, expect, it } from 'vitest'
import { createDesktopNotifier, type NotifyDeps } from './desktop-notify'

function deps(focused: boolean, supported = true) {
  const shown: { title: string; body: string }[] = []
  const d: NotifyDeps = { isSupported: () => supported, windowFocused: () => focused, show: ({ title, body }) => shown.push({ title, body }) }
  return { notify: createDesktopNotifier(d), shown }
}

describe('desktop notifications', () => {
  it('are shown while the window is not focused', () => {
    const { notify, shown } = deps(false)
    expect(notify('The store refused a change', 'Tracking for #1001: the number is too long.')).toBe(true)
    expect(shown).toEqual([{ title: 'The store refused a change', body: 'Tracking for #1001: the number is too long.' }])
  })

  it('are not shown while the user is looking at the window, or where the system has none', () => {
    for (const [focused, supported] of [[true, true], [false, false]] as const) {
      const { notify, shown } = deps(focused, supported)
      expect(notify('Title', 'Body')).toBe(false)
      expect(shown).toEqual([])
    }
  })
})
