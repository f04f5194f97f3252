import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { parse } from 'date-fns'
import { appAgo, appClock, appTime, clockPattern, clockTime, pickerText, storeClockTime, storeDay, storeDayShort, storeDayTime, storeDayTimeShort, storeTimeFull, uses12HourClock, wallClock } from './dates'
import { computerUtcOffset, formatMoney, setStoreUtcOffset, storeNow } from './store-time'
import { formatNumber } from './words'
import { applyLocale, setSystemLanguages } from '@/session/i18n'

const NOT_SET = 'not set'

// The app's locale decides the format: these run as an English app on a British system (a
// 24-hour clock, day before month), unless a test says otherwise.
beforeEach(() => {
  setSystemLanguages(['en-GB'])
  applyLocale('en')
})
afterEach(() => {
  setStoreUtcOffset(null)
  setSystemLanguages(['en-US'])
  applyLocale('en')
})

describe('store timestamps', () => {
  it('are shown as the store wrote them, short in lists and with the zone in full', () => {
    expect(storeDay('2026-10-24 03:00:00')).toBe('24 Oct 2026')
    expect(storeDayTime('2026-10-24 03:00:00')).toBe('24 Oct 2026, 03:00')
    expect(storeTimeFull('2026-10-24 03:00:00')).toBe('24 Oct 2026, 03:00 (store time)')
    expect(storeTimeFull('2026-10-24T03:00:00+02:00', 'gmt')).toBe('24 Oct 2026, 03:00 (GMT)')
  })

  it('give a store time’s time of day on the store’s clock, whatever this computer’s zone', () => {
    // This computer in Tokyo: a wall clock read on its clock would be nine hours late.
    vi.stubEnv('TZ', 'Asia/Tokyo')
    try {
      expect(storeClockTime('2026-10-24 03:00:00')).toBe('03:00')
      expect(storeClockTime('2026-10-24 23:59:00', 'en-US')).toBe('11:59 PM')
      expect(storeClockTime(null)).toBeNull()
      expect(storeClockTime('0000-00-00 00:00:00')).toBeNull()
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('move a GMT time onto the store’s clock once the store has told its offset, with the one label', () => {
    setStoreUtcOffset(-300)
    expect(storeTimeFull('2026-10-24 03:00:00', 'gmt')).toBe('23 Oct 2026, 22:00 (store time)')
  })

  it('say "not set" for the zero date, nothing, or a date that does not exist', () => {
    for (const value of ['0000-00-00 00:00:00', null, undefined, '', '2026-02-31 10:00:00', 'soon']) {
      expect(storeDay(value)).toBe(NOT_SET)
      expect(wallClock(value)).toBeNull()
    }
  })

  it('give a day of the store’s this year without its year', () => {
    const now = wallClock('2026-11-25 00:00:00')!
    expect(storeDayShort('2026-10-24', now)).toBe('24 Oct')
    expect(storeDayShort('2025-10-24', now)).toBe('24 Oct 2025')
    expect(storeDayTimeShort('2026-10-31T14:00:00-05:00', now)).toBe('31 Oct, 14:00')
    expect(storeDayTimeShort('2025-10-31 14:00:00', now)).toBe('31 Oct 2025, 14:00')
    expect(storeDayTimeShort('0000-00-00 00:00:00')).toBe(NOT_SET)
  })

  it('count "this year" on the store’s calendar, not this computer’s', () => {
    // New Year's Eve 20:00 at UTC−05:00 is already next year in UTC.
    setStoreUtcOffset(-300)
    const at = Date.UTC(2027, 0, 1, 1, 0, 0)
    expect(storeDayShort('2026-12-31', storeNow(at))).toBe('31 Dec')
  })

  it('follow the app’s language: an American English system, German, Chinese', () => {
    setSystemLanguages(['en-US'])
    expect(storeTimeFull('2026-10-24 15:00:00')).toBe('Oct 24, 2026, 3:00 PM (store time)')
    applyLocale('de')
    expect(storeTimeFull('2026-10-24 15:00:00')).toBe('24. Okt. 2026, 15:00 (Shopzeit)')
    expect(storeDay('0000-00-00 00:00:00')).toBe('nicht festgelegt')
    applyLocale('zh-CN')
    expect(storeTimeFull('2026-10-24 15:00:00')).toBe('2026年10月24日 15:00（店铺时间）')
  })
})

describe('one clock', () => {
  it('reads 12 or 24 hours as the app’s locale does', () => {
    expect(uses12HourClock()).toBe(false)
    expect(uses12HourClock('en-US')).toBe(true)
    const d = new Date(2026, 10, 25, 15, 46, 56)
    expect(clockTime(d)).toBe('15:46')
    expect(clockTime(d, true, true, 'en-US')).toBe('3:46:56 PM')
    expect(clockTime(new Date(2026, 10, 25, 0, 5), false, true, 'en-US')).toBe('12:05 AM')
  })

  it('reads back what it writes, on either clock (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }), fc.boolean(), fc.boolean(), (d, seconds, twelve) => {
        const text = clockTime(d, seconds, twelve, 'en-US')
        const back = parse(text, clockPattern(seconds, twelve), d)
        expect(back.getHours()).toBe(d.getHours())
        expect(back.getMinutes()).toBe(d.getMinutes())
        if (seconds) expect(back.getSeconds()).toBe(d.getSeconds())
        expect(/AM|PM/.test(text)).toBe(twelve)
      }),
    )
  })
})

describe('what a date picker reads', () => {
  it('is quoted in the form the picker writes, in the app’s language', () => {
    const at = new Date(2026, 10, 27, 15, 4, 5)
    applyLocale('en')
    expect(pickerText(at)).toBe('2026-11-27')
    expect(pickerText(at, `yyyy-MM-dd ${clockPattern(true, true)}`)).toBe('2026-11-27 3:04:05 PM')
    applyLocale('de')
    expect(pickerText(at)).toBe('27.11.2026')
    applyLocale('zh-CN')
    expect(pickerText(at)).toBe('2026-11-27')
    applyLocale('en')
  })
})

describe('the app’s own events', () => {
  it('are in this computer’s time', () => {
    const at = new Date(2026, 10, 25, 10, 42, 36).getTime()
    expect(appTime(at)).toBe('25 Nov 2026, 10:42:36')
    expect(appClock(at)).toBe('10:42:36')
    expect(appAgo(at - 2 * 60_000, at)).toBe('2 minutes ago')
    expect(appAgo(at - 3 * 24 * 60 * 60_000, at)).toBe('22 Nov 2026, 10:42:36')
    expect(appAgo(null)).toBe('never')
    applyLocale('de')
    expect(appAgo(at - 2 * 60_000, at)).toBe('vor 2 Minuten')
  })

  it('say they are this computer’s time where the store’s zone differs', () => {
    const at = new Date(2026, 10, 25, 10, 42, 36).getTime()
    setStoreUtcOffset(computerUtcOffset(at) - 300)
    expect(appClock(at)).toBe('10:42:36 (this computer’s time)')
    expect(appTime(at)).toBe('25 Nov 2026, 10:42:36 (this computer’s time)')
    setStoreUtcOffset(computerUtcOffset(at))
    expect(appClock(at)).toBe('10:42:36')
  })
})

describe('numbers and money in the app’s language', () => {
  it('write the store’s currency the way the language writes money', () => {
    setSystemLanguages(['en-US'])
    expect(formatNumber(1100)).toBe('1,100')
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50')
    applyLocale('de')
    expect(formatNumber(1100)).toBe('1.100')
    expect(formatMoney(1234.5, 'EUR')).toBe('1.234,50\u00a0€')
    expect(formatMoney(5, 'USD')).toBe('5,00\u00a0$')
    applyLocale('zh-CN')
    expect(formatMoney(1234.5, 'CNY')).toBe('¥1,234.50')
    expect(formatMoney(3, 'NOT-A-CODE')).toBe('3.00 NOT-A-CODE')
  })
})
