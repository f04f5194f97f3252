// File names for the user's disk: Windows device names, with any extension and in any case, are
// never plain file names; names that only start like one are.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPlainFileName, isWindowsDeviceName } from './file-names'

const DEVICES = ['con', 'prn', 'aux', 'nul', 'conin$', 'conout$', ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '¹', '²', '³'].flatMap((n) => [`com${n}`, `lpt${n}`])]
const anyCase = (name: string) => fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''))
const extension = fc.stringMatching(/^(\.[a-z0-9]{1,5}){0,3}$/)

describe('Windows device names', () => {
  it('are device names with any extension, in any case, with spaces before the extension', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DEVICES).chain(anyCase), fc.stringMatching(/^ {0,2}$/), extension, (device, spaces, ext) => {
        const name = `${device}${ext ? spaces : ''}${ext}`
        expect(isWindowsDeviceName(name)).toBe(true)
        expect(isPlainFileName(name)).toBe(false)
      }),
    )
  })

  it('are not names that only start or end like one', () => {
    for (const name of ['console.html', 'con-post.html', 'com10.html', 'lpt.html', 'nullable.json', 'xcon.html', 'aux_files', 'prn2']) {
      expect(isWindowsDeviceName(name), name).toBe(false)
      expect(isPlainFileName(name), name).toBe(true)
    }
  })
})
