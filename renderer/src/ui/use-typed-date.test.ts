// What a date picker reads: strictly its own form, in the app's language, as Naive UI's pickers do.
import { afterEach, describe, expect, it } from 'vitest'
import { applyLocale } from '@/session/i18n'
import { dayPattern } from './dates'
import { pickerReads } from './use-typed-date'

afterEach(() => applyLocale('en'))

describe('a typed date', () => {
  it('is read only in the picker’s own form', () => {
    expect(pickerReads('2026-11-27 3:00:00 PM', 'yyyy-MM-dd h:mm:ss a')).toBe(true)
    expect(pickerReads('2027-01-15 09:30:00', 'yyyy-MM-dd h:mm:ss a')).toBe(false)
    expect(pickerReads('2026-11-27', dayPattern())).toBe(true)
    expect(pickerReads('2030-99-99', dayPattern())).toBe(false)
    expect(pickerReads('2026-1-5', dayPattern())).toBe(false)
  })

  it('follows the app’s language: German days are written 27.11.2026', () => {
    applyLocale('de')
    expect(pickerReads('27.11.2026', dayPattern())).toBe(true)
    expect(pickerReads('2026-11-27', dayPattern())).toBe(false)
  })
})
