import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createDesktopNotifier, type NotifyDeps } from './desktop-notify'

function deps(focused: boolean, supported = true, platform: NodeJS.Platform = 'darwin') {
  const shown: { title: string; body: string }[] = []
  const d: NotifyDeps = { platform, isSupported: () => supported, windowFocused: () => focused, show: ({ title, body }) => shown.push({ title, body }) }
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

  it('show a body holding markup as the characters it holds on Linux, where the body is read as markup', () => {
    const { notify, shown } = deps(false, true, 'linux')
    notify('The store refused a change', 'Post “<b>Sale</b> & <a href="https://evil.example">more</a>” could not be published.')
    // The notification server turns the entities back into the characters; nothing is bold or a link.
    expect(shown).toEqual([{ title: 'The store refused a change', body: 'Post “&lt;b&gt;Sale&lt;/b&gt; &amp; &lt;a href="https://evil.example"&gt;more&lt;/a&gt;” could not be published.' }])
  })

  it('leave the title as it is on Linux (the summary is plain text there) and everything as it is elsewhere', () => {
    const linux = deps(false, true, 'linux')
    linux.notify('<b>Sale</b> & more', 'Body')
    expect(linux.shown).toEqual([{ title: '<b>Sale</b> & more', body: 'Body' }])
    for (const platform of ['darwin', 'win32'] as const) {
      const other = deps(false, true, platform)
      other.notify('Title', '<b>Sale</b> & more')
      expect(other.shown).toEqual([{ title: 'Title', body: '<b>Sale</b> & more' }])
    }
  })
})

describe('any notification body on Linux', () => {
  it('reaches the server with no markup of its own, and reads back as the text it was', () => {
    fc.assert(
      fc.property(fc.string(), (body) => {
        const { notify, shown } = deps(false, true, 'linux')
        notify('Title', body)
        const sent = shown[0]!.body
        expect(sent).not.toMatch(/[<>]/)
        expect(sent.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')).toBe(body)
      }),
    )
  })
})
