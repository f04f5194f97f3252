import { describe, expect, it } from 'vitest'
import { appAgo, appClock, appTime, NOT_SET, storeDay, storeDayShort, storeDayTime, storeDayTimeShort, storeTimeFull, wallClock } from './dates'
import { count, plural } from './words'

describe('store timestamps', () => {
  it('are shown as the store wrote them, short in lists and with the zone in full', () => {
    expect(storeDay('2026-10-24 03:00:00')).toBe('Oct 24, 2026')
    expect(storeDayTime('2026-10-24 03:00:00')).toBe('Oct 24, 2026, 03:00')
    expect(storeTimeFull('2026-10-24 03:00:00')).toBe('Oct 24, 2026, 03:00 (store time)')
    expect(storeTimeFull('2026-10-24T03:00:00+02:00', 'gmt')).toBe('Oct 24, 2026, 03:00 (GMT)')
  })

  it('say "not set" for the zero date, nothing, or a date that does not exist', () => {
    for (const value of ['0000-00-00 00:00:00', null, undefined, '', '2026-02-31 10:00:00', 'soon']) {
      expect(storeDay(value)).toBe(NOT_SET)
      expect(wallClock(value)).toBeNull()
    }
  })

  it('give a day of this year without its year', () => {
    expect(storeDayShort('2026-10-24', new Date(2026, 10, 25))).toBe('Oct 24')
    expect(storeDayShort('2025-10-24', new Date(2026, 10, 25))).toBe('Oct 24, 2025')
    expect(storeDayTimeShort('2026-10-31T14:00:00-05:00', new Date(2026, 10, 25))).toBe('Oct 31, 14:00')
    expect(storeDayTimeShort('2025-10-31 14:00:00', new Date(2026, 10, 25))).toBe('Oct 31, 2025, 14:00')
    expect(storeDayTimeShort('0000-00-00 00:00:00')).toBe(NOT_SET)
  })
})

describe('the app’s own events', () => {
  it('are in this computer’s time, and "ago" only while recent', () => {
    const at = new Date(2026, 10, 25, 10, 42, 36).getTime()
    expect(appTime(at)).toBe('Nov 25, 2026, 10:42:36')
    expect(appClock(at)).toBe('10:42:36')
    expect(appAgo(at - 2 * 60_000, at)).toBe('2 minutes ago')
    expect(appAgo(at - 3 * 24 * 60 * 60_000, at)).toBe('Nov 22, 2026, 10:42:36')
    expect(appAgo(null)).toBe('never')
  })
})

describe('counts in words', () => {
  it('use the singular for one and the plural otherwise, irregular ones included', () => {
    expect(count(1, 'order')).toBe('1 order')
    expect(count(0, 'order')).toBe('0 orders')
    expect(count(1100, 'order')).toBe('1,100 orders')
    expect(count(2, 'entry')).toBe('2 entries')
    expect(plural('post', 1)).toBe('post')
  })
})
