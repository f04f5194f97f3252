// The content calendar's days: a day is the store's calendar date as text (`YYYY-MM-DD`), a
// month `YYYY-MM`; a month is shown as whole weeks from Monday, a week from its Monday. The
// arithmetic runs on UTC dates made from that text, so no zone (this computer's or the store's)
// and no daylight-saving change can move a post to another day.
import { intlLocale } from '@/session/i18n'
export type DayKey = string
export type MonthKey = string

const DAY_MS = 86_400_000
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function toUtc(day: DayKey): Date {
  return new Date(`${day}T00:00:00Z`)
}

function fromUtc(date: Date): DayKey {
  return date.toISOString().slice(0, 10)
}

/** A real calendar day: not the zero date, not 2026-02-31. */
export function isDayKey(value: string): boolean {
  if (!DAY.test(value)) return false
  const date = toUtc(value)
  return !Number.isNaN(date.getTime()) && fromUtc(date) === value
}

/** The day a store time falls on (`2027-01-15 09:30:00` → `2027-01-15`), null for none or the zero date. */
export function dayOfStamp(stamp: string | null | undefined): DayKey | null {
  const day = stamp?.slice(0, 10) ?? ''
  return isDayKey(day) ? day : null
}

export function addDays(day: DayKey, count: number): DayKey {
  return fromUtc(new Date(toUtc(day).getTime() + count * DAY_MS))
}

export function monthOf(day: DayKey): MonthKey {
  return day.slice(0, 7)
}

export function addMonths(month: MonthKey, count: number): MonthKey {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, monthNumber - 1 + count, 1))
  return fromUtc(date).slice(0, 7)
}

/** Monday of the week `day` is in. */
export function weekStart(day: DayKey): DayKey {
  const weekday = (toUtc(day).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

export function weekDays(day: DayKey): DayKey[] {
  const monday = weekStart(day)
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** The month as whole weeks, Monday first: the days before and after it fill the first and last. */
export function monthWeeks(month: MonthKey): DayKey[][] {
  const weeks: DayKey[][] = []
  // The first week may start in the month before; every later one starts inside the month.
  for (let monday = weekStart(`${month}-01`); weeks.length === 0 || monthOf(monday) === month; monday = addDays(monday, 7)) weeks.push(weekDays(monday))
  return weeks
}

/** "Tuesday, December 15, 2026": a day cell's name, in the screens' language. */
export function dayName(day: DayKey): string {
  return toUtc(day).toLocaleDateString(intlLocale(), { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}

/** "December 2026". */
export function monthName(month: MonthKey): string {
  return toUtc(`${month}-01`).toLocaleDateString(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** "Dec 14 – 20, 2026", or across years "Dec 28, 2026 – Jan 3, 2027": the language's own range. */
export function weekName(day: DayKey): string {
  const [first, last] = [weekStart(day), addDays(weekStart(day), 6)]
  return new Intl.DateTimeFormat(intlLocale(), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).formatRange(toUtc(first), toUtc(last))
}

/** The week's days from Monday, short for the grid's header and whole for screen readers. */
export function weekdayNames(): { short: string; long: string }[] {
  const locale = intlLocale()
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => toUtc(addDays('2024-01-01', i))).map((d) => ({ short: short.format(d), long: long.format(d) }))
}
