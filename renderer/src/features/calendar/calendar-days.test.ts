import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addDays, addMonths, dayName, dayOfStamp, monthName, monthWeeks, weekDays, weekName } from './calendar-days'

describe('calendar days', () => {
  it('reads the day of a store time as the store wrote it, whatever this computer’s zone', () => {
    expect(dayOfStamp('2027-01-15 23:30:00')).toBe('2027-01-15')
    expect(dayOfStamp('0000-00-00 00:00:00')).toBeNull()
    expect(dayOfStamp('2026-02-31 10:00:00')).toBeNull()
    expect(dayOfStamp(null)).toBeNull()
  })

  it('counts days and months across year ends and daylight-saving changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2027-01', -1)).toBe('2026-12')
  })

  it('names days, months and weeks as people read them', () => {
    expect(dayName('2026-12-15')).toBe('Tuesday, December 15, 2026')
    expect(monthName('2027-01')).toBe('January 2027')
    // Intl's own range, with the thin spaces it puts around the dash.
    expect(weekName('2026-12-30').replace(/\u2009/g, ' ')).toBe('Dec 28, 2026 – Jan 3, 2027')
    expect(weekName('2026-12-16').replace(/\u2009/g, ' ')).toBe('Dec 14 – 20, 2026')
  })

  it('shows a month as whole weeks from Monday, holding every day of it once', () => {
    fc.assert(fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
      const key = `${year}-${String(month).padStart(2, '0')}`
      const weeks = monthWeeks(key)
      const days = weeks.flat()
      expect(weeks.every((week) => week.length === 7 && new Date(`${week[0]}T00:00:00Z`).getUTCDay() === 1)).toBe(true)
      expect(new Set(days).size).toBe(days.length)
      const inMonth = days.filter((day) => day.startsWith(key))
      expect(inMonth[0]).toBe(`${key}-01`)
      expect(inMonth.length).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate())
      expect(weeks.length).toBeGreaterThanOrEqual(4)
      expect(weeks.length).toBeLessThanOrEqual(6)
    }))
    expect(weekDays('2027-01-15')).toEqual(['2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14', '2027-01-15', '2027-01-16', '2027-01-17'])
  })
})
