// Every date and time a screen shows, in one voice and one clock, in the app's language
// (session/i18n: `intlLocale()`, the system's own region where it speaks that language). Two
// kinds of time:
// - the store's timestamps (store-time.ts: on the store's wall clock, or GMT; the zero date
//   means "not set"): shown as the store wrote them, never re-zoned to this computer, GMT ones
//   moved onto the store's clock once its offset is known, and the full form says "store time";
// - the app's own events (a revision saved, a request made, a write queued or sent): in this
//   computer's time, and they say so wherever the store's zone differs from it.
// Times of day follow the locale's clock: 12 hours ("3:46 PM") where it uses one, else 24
// hours ("15:46"), the same on every screen, dialog and printout (a printout passes its own
// locale). Lists show the short form and give the full one as a title (hover); details show
// the full one.
import { format, isValid } from 'date-fns'
import { intlLocale, t, uiLocale } from '@/session/i18n'
import { NAIVE_DATE_LOCALES, NAIVE_LOCALES } from '@/ui/naive-locales'
import { timeLabel } from '@/ui/labels'
import { gmtToStoreStamp, storeNow, storeUtcOffset, storeZoneKnown, wallClock, zonesDiffer } from '@/ui/store-time'

export { wallClock }

export type StoreZone = 'store' | 'gmt'

/** "not set", for a zero or missing date, in the app's language. */
export function notSet(): string {
  return t('common.notSet')
}

/** True where the locale reads times on a 12-hour clock (its hour cycle is h11 or h12). */
export function uses12HourClock(locale: string = intlLocale()): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle
  return cycle === 'h11' || cycle === 'h12'
}

/** The form a day picker reads and writes in the app's language (Naive UI's: "27.11.2026" in German). */
export function dayPattern(): string {
  return NAIVE_LOCALES[uiLocale()].DatePicker.dateFormat
}

/** A date as a picker of `pattern` writes it in the app's language: the form a person types. */
export function pickerText(at: Date, pattern: string = dayPattern()): string {
  return format(at, pattern, { locale: NAIVE_DATE_LOCALES[uiLocale()].locale })
}

/** The date-fns pattern of a time of day, for the pickers: "h:mm a" / "HH:mm", with seconds when asked. */
export function clockPattern(seconds = false, twelveHour: boolean = uses12HourClock()): string {
  if (twelveHour) return seconds ? 'h:mm:ss a' : 'h:mm a'
  return seconds ? 'HH:mm:ss' : 'HH:mm'
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per locale and form (building one costs far more than using it). */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${JSON.stringify(options)}`
  let known = formats.get(id)
  if (!known) {
    known = new Intl.DateTimeFormat(locale, { ...options, timeZone: options.timeZone ?? undefined })
    formats.set(id, known)
  }
  return known
}

/** ICU puts a narrow no-break space before AM/PM in some versions: one plain space, as typed. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }
const DAY_NO_YEAR: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }
const clockOptions = (seconds: boolean, twelveHour: boolean): Intl.DateTimeFormatOptions => ({
  hour: twelveHour ? 'numeric' : '2-digit',
  minute: '2-digit',
  ...(seconds ? { second: '2-digit' } : {}),
  hourCycle: twelveHour ? 'h12' : 'h23',
})

/**
 * Formats a date's fields. A store's wall clock (a TZDate in UTC) is formatted in UTC, so its
 * fields read as the store wrote them; an app event's Date in this computer's zone.
 */
function formatIn(d: Date, options: Intl.DateTimeFormatOptions, locale: string, wall: boolean): string {
  return plain(formatter(locale, wall ? { ...options, timeZone: 'UTC' } : options).format(d))
}

/** A time of day on the app's clock: "3:46 PM" or "15:46" (this computer's time). */
export function clockTime(d: Date, seconds = false, twelveHour?: boolean, locale: string = intlLocale()): string {
  return formatIn(d, clockOptions(seconds, twelveHour ?? uses12HourClock(locale)), locale, false)
}

/** A store GMT time on the store's clock once its offset is known; still GMT before that. */
function storeSide(value: string | null | undefined, zone: StoreZone): { stamp: string | null | undefined; zone: StoreZone } {
  if (zone !== 'gmt' || !storeZoneKnown()) return { stamp: value, zone }
  return { stamp: gmtToStoreStamp(value, storeUtcOffset()), zone: 'store' }
}

const dayTime = (locale: string, seconds = false): Intl.DateTimeFormatOptions => ({ ...DAY, ...clockOptions(seconds, uses12HourClock(locale)) })

/** A list's short form: "Oct 24, 2026"; "not set" for a zero or missing date. */
export function storeDay(value: string | null | undefined, locale: string = intlLocale()): string {
  const d = wallClock(value)
  return d ? formatIn(d, DAY, locale, true) : notSet()
}

/** A list's short form with the time, where the time matters: "Oct 24, 2026, 3:00 AM". */
export function storeDayTime(value: string | null | undefined, locale: string = intlLocale()): string {
  const d = wallClock(value)
  return d ? formatIn(d, dayTime(locale), locale, true) : notSet()
}

/** A store time's time of day on the store's clock: "3:00 AM" or "03:00"; null for no time. */
export function storeClockTime(value: string | null | undefined, locale: string = intlLocale()): string | null {
  const d = wallClock(value)
  return d ? formatIn(d, clockOptions(false, uses12HourClock(locale)), locale, true) : null
}

/**
 * A narrow list's short form with the time, the year only when it is not the store's this year:
 * "Oct 24, 3:00 AM" (give the full form as a title).
 */
export function storeDayTimeShort(value: string | null | undefined, now: Date = storeNow()): string {
  const d = wallClock(value)
  if (!d) return notSet()
  const locale = intlLocale()
  const options = d.getFullYear() === now.getFullYear() ? { ...DAY_NO_YEAR, ...clockOptions(false, uses12HourClock(locale)) } : dayTime(locale)
  return formatIn(d, options, locale, true)
}

/** The full form, for details and titles: "Oct 24, 2026, 3:00 AM (store time)". */
export function storeTimeFull(value: string | null | undefined, zone: StoreZone = 'store'): string {
  const shown = storeSide(value, zone)
  const d = wallClock(shown.stamp)
  return d ? t('time.withZone', { time: formatIn(d, dayTime(intlLocale()), intlLocale(), true), zone: timeLabel(shown.zone) }) : notSet()
}

/** A calendar day from the store (`YYYY-MM-DD`) in words: "Oct 24". The year only when it is not the store's this year. */
export function storeDayShort(day: string, now: Date = storeNow()): string {
  const d = wallClock(day)
  if (!d) return day
  return formatIn(d, d.getFullYear() === now.getFullYear() ? DAY_NO_YEAR : DAY, intlLocale(), true)
}

/** "(this computer's time)" where the store's zone differs from this computer's; else nothing. */
function withComputer(text: string, at: number): string {
  return zonesDiffer(at) ? t('time.withZone', { time: text, zone: timeLabel('computer') }) : text
}

/** An app event's time on this computer: "Nov 25, 2026, 10:42:36 AM", saying whose time where the store's differs. */
export function appTime(ms: number | string | Date): string {
  const d = new Date(ms)
  return isValid(d) ? withComputer(formatIn(d, dayTime(intlLocale(), true), intlLocale(), false), d.getTime()) : notSet()
}

/**
 * An app event's time of day, for lists of today's events: "10:42:36 AM", saying whose time
 * where the store's differs (unless `whose` is false: a column whose header says it).
 */
export function appClock(ms: number | string | Date, whose = true): string {
  const d = new Date(ms)
  if (!isValid(d)) return notSet()
  const text = clockTime(d, true)
  return whose ? withComputer(text, d.getTime()) : text
}

/** A column header for app events' times: "When", or "When (this computer's time)" where the zones differ. */
export function appTimeHeading(heading: string): string {
  return withComputer(heading, Date.now())
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [['second', 60], ['minute', 60], ['hour', 24]]

/** "2 minutes ago" for a recent app event; past a day, the absolute time instead. */
export function appAgo(ms: number | null, now: number = Date.now()): string {
  if (ms === null) return t('common.never')
  if (now - ms > 24 * 60 * 60 * 1000) return appTime(ms)
  let amount = Math.max(0, Math.round((now - ms) / 1000))
  for (const [unit, size] of RELATIVE_STEPS) {
    if (amount < size || unit === 'hour') return new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'always' }).format(-amount, unit)
    amount = Math.round(amount / size)
  }
  return appTime(ms)
}
