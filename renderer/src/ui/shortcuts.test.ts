import { describe, expect, it } from 'vitest'
import { GO_WAIT_MS, isTypingTarget, ShortcutReader, SHORTCUTS, type KeyPress } from './shortcuts'

function press(key: string, timeStamp: number, extra: Partial<KeyPress> = {}): KeyPress {
  return { key, ctrlKey: false, metaKey: false, altKey: false, typing: false, timeStamp, ...extra }
}

describe('the shortcut reader', () => {
  it('opens the panel on ? and the search on /', () => {
    const reader = new ShortcutReader()
    expect(reader.read(press('?', 0))).toEqual({ kind: 'panel' })
    expect(reader.read(press('/', 10))).toEqual({ kind: 'search' })
  })

  it('goes to a screen on g then its letter, within the wait', () => {
    const reader = new ShortcutReader()
    expect(reader.read(press('g', 0))).toBeNull()
    expect(reader.read(press('o', 300))).toEqual({ kind: 'go', path: '/orders' })
    expect(reader.read(press('g', 1000))).toBeNull()
    expect(reader.read(press('L', 1100))).toEqual({ kind: 'go', path: '/collections' })
  })

  it('forgets a g whose letter came too late, or that another key followed', () => {
    const reader = new ShortcutReader()
    reader.read(press('g', 0))
    expect(reader.read(press('o', GO_WAIT_MS + 1))).toBeNull()
    reader.read(press('g', 5000))
    expect(reader.read(press('x', 5100))).toBeNull()
    expect(reader.read(press('o', 5200))).toBeNull()
  })

  it('leaves keys typed into a field, and keys with modifiers, to the page', () => {
    const reader = new ShortcutReader()
    expect(reader.read(press('?', 0, { typing: true }))).toBeNull()
    expect(reader.read(press('/', 0, { ctrlKey: true }))).toBeNull()
    reader.read(press('g', 0))
    expect(reader.read(press('o', 100, { typing: true }))).toBeNull()
    reader.read(press('g', 200, { metaKey: true }))
    expect(reader.read(press('o', 300))).toBeNull()
  })

  it('lists every shortcut it reads, each once', () => {
    const described = SHORTCUTS.map((s) => s.keys.join(' '))
    expect(described).toEqual(expect.arrayContaining(['?', '/', 'g o', 'g u', 'g c', 'g b', 'g l', 'g m', 'g d', 'g s']))
    expect(new Set(described).size).toBe(described.length)
  })
})

describe('what counts as typing', () => {
  it('is a text field, a select or a rich-text editor, and not a button', () => {
    document.body.innerHTML = '<input id="i"><textarea id="t"></textarea><div contenteditable="true"><p id="p">x</p></div><button id="b">B</button>'
    expect(isTypingTarget(document.getElementById('i'))).toBe(true)
    expect(isTypingTarget(document.getElementById('t'))).toBe(true)
    expect(isTypingTarget(document.getElementById('p'))).toBe(true)
    expect(isTypingTarget(document.getElementById('b'))).toBe(false)
    expect(isTypingTarget(null)).toBe(false)
  })
})
