// Every date and time a screen shows, in one voice and one clock. Two kinds of time:
// - the store's timestamps (store-time.ts: on the store's wall clock, or GMT; the zero date
//   means "not set"): shown as the store wrote them, never re-zoned to this computer, GMT ones
//   moved onto the store's clock once its offset is known, and the full form says "store time";
// - the app's own events (a revision saved, a request made, a write queued or sent): in this
//   computer's time, and they say so wherever the store's zone differs from it.
// Times of day follow the system's locale: a 12-hour clock ("3:46 PM") where it uses one, else
// 24 hours ("15:46"), the same on every screen, dialog and printout.
// Lists show the short form and give the full one as a title (hover); details show the full one.
import { format, isValid } from 'date-fns'
import { TIME_LABELS } from '@/ui/labels'
import { NOT_SET, gmtToStoreStamp, storeNow, storeUtcOffset, storeZoneKnown, wallClock, zonesDiffer } from '@/ui/store-time'

export { NOT_SET, wallClock }

export type StoreZone = 'store' | 'gmt'

/** True where the system's locale reads times on a 12-hour clock (its hour cycle is h11 or h12). */
export function systemUses12HourClock(): boolean {
  const cycle = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle
  return cycle === 'h11' || cycle === 'h12'
}

const SYSTEM_12_HOUR = systemUses12HourClock()

/** The date-fns pattern of a time of day: "h:mm a" / "HH:mm", with seconds when asked. */
export function clockPattern(seconds = false, twelveHour: boolean = SYSTEM_12_HOUR): string {
  if (twelveHour) return seconds ? 'h:mm:ss a' : 'h:mm a'
  return seconds ? 'HH:mm:ss' : 'HH:mm'
}

/** A time of day on the app's clock: "3:46 PM" or "15:46". */
export function clockTime(d: Date, seconds = false, twelveHour: boolean = SYSTEM_12_HOUR): string {
  return format(d, clockPattern(seconds, twelveHour))
}

const dayPattern = 'MMM d, yyyy'
const dayTimePattern = (seconds = false) => `${dayPattern}, ${clockPattern(seconds)}`

/** A store GMT time on the store's clock once its offset is known; still GMT before that. */
function storeSide(value: string | null | undefined, zone: StoreZone): { stamp: string | null | undefined; zone: StoreZone } {
  if (zone !== 'gmt' || !storeZoneKnown()) return { stamp: value, zone }
  return { stamp: gmtToStoreStamp(value, storeUtcOffset()), zone: 'store' }
}

/** A list's short form: "Oct 24, 2026"; "not set" for a zero or missing date. */
export function storeDay(value: string | null | undefined): string {
  const d = wallClock(value)
  return d ? format(d, dayPattern) : NOT_SET
}

/** A list's short form with the time, where the time matters: "Oct 24, 2026, 3:00 AM". */
export function storeDayTime(value: string | null | undefined): string {
  const d = wallClock(value)
  return d ? format(d, dayTimePattern()) : NOT_SET
}

/**
 * A narrow list's short form with the time, the year only when it is not the store's this year:
 * "Oct 24, 3:00 AM" (give the full form as a title).
 */
export function storeDayTimeShort(value: string | null | undefined, now: Date = storeNow()): string {
  const d = wallClock(value)
  if (!d) return NOT_SET
  return format(d, d.getFullYear() === now.getFullYear() ? `MMM d, ${clockPattern()}` : dayTimePattern())
}

/** The full form, for details and titles: "Oct 24, 2026, 3:00 AM (store time)". */
export function storeTimeFull(value: string | null | undefined, zone: StoreZone = 'store'): string {
  const shown = storeSide(value, zone)
  const d = wallClock(shown.stamp)
  return d ? `${format(d, dayTimePattern())} (${TIME_LABELS[shown.zone]})` : NOT_SET
}

/** A calendar day from the store (`YYYY-MM-DD`) in words: "Oct 24". The year only when it is not the store's this year. */
export function storeDayShort(day: string, now: Date = storeNow()): string {
  const d = wallClock(day)
  if (!d) return day
  return format(d, d.getFullYear() === now.getFullYear() ? 'MMM d' : dayPattern)
}

/** " (this computer's time)" where the store's zone differs from this computer's; else nothing. */
function computerSuffix(at: number): string {
  return zonesDiffer(at) ? ` (${TIME_LABELS.computer})` : ''
}

/** An app event's time on this computer: "Nov 25, 2026, 10:42:36 AM", saying whose time where the store's differs. */
export function appTime(ms: number | string | Date): string {
  const d = new Date(ms)
  return isValid(d) ? `${format(d, dayTimePattern(true))}${computerSuffix(d.getTime())}` : NOT_SET
}

/**
 * An app event's time of day, for lists of today's events: "10:42:36 AM", saying whose time
 * where the store's differs (unless `whose` is false: a column whose header says it).
 */
export function appClock(ms: number | string | Date, whose = true): string {
  const d = new Date(ms)
  return isValid(d) ? `${clockTime(d, true)}${whose ? computerSuffix(d.getTime()) : ''}` : NOT_SET
}

/** A column header for app events' times: "When", or "When (this computer's time)" where the zones differ. */
export function appTimeHeading(heading: string): string {
  return `${heading}${computerSuffix(Date.now())}`
}

