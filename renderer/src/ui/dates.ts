// Every date and time a screen shows, in one voice. Two kinds of time:
// - the store's timestamps (`YYYY-MM-DD HH:MM:SS` on the store's wall clock, or GMT, told apart
//   only by the field name; the zero date means "not set"): shown as the store wrote them,
//   never re-zoned to this computer, with the zone named in the full form;
// - the app's own events (a revision saved, a request made, a sync finished): shown in this
//   computer's time, and as "2 minutes ago" only while recent.
// Lists show the short form and give the full one as a title (hover); details show the full one.
import { format, formatDistanceStrict, isValid } from 'date-fns'

export type StoreZone = 'store' | 'gmt'

export const NOT_SET = 'not set'

const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/

/** The wall-clock fields of a store timestamp as a Date (in this computer's zone, for formatting only), or null. */
export function wallClock(value: string | null | undefined): Date | null {
  if (!value) return null
  const m = STAMP.exec(value.trim())
  if (!m) return null
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number]
  if (year === 0 || month === 0 || day === 0) return null
  const d = new Date(year, month - 1, day, hour, minute, second)
  // Reject roll-overs such as 2026-02-31.
  return isValid(d) && d.getMonth() === month - 1 && d.getDate() === day ? d : null
}

const ZONE_WORDS: Record<StoreZone, string> = { store: 'store time', gmt: 'GMT' }

/** A list's short form: "Oct 24, 2026"; "not set" for a zero or missing date. */
export function storeDay(value: string | null | undefined): string {
  const d = wallClock(value)
  return d ? format(d, 'MMM d, yyyy') : NOT_SET
}

/** A list's short form with the time, where the time matters: "Oct 24, 2026, 03:00". */
export function storeDayTime(value: string | null | undefined): string {
  const d = wallClock(value)
  return d ? format(d, 'MMM d, yyyy, HH:mm') : NOT_SET
}

/**
 * A narrow list's short form with the time, the year only when it is not this year's:
 * "Oct 24, 03:00" (give the full form as a title).
 */
export function storeDayTimeShort(value: string | null | undefined, now: Date = new Date()): string {
  const d = wallClock(value)
  if (!d) return NOT_SET
  return format(d, d.getFullYear() === now.getFullYear() ? 'MMM d, HH:mm' : 'MMM d, yyyy, HH:mm')
}

/** The full form, for details and titles: "Oct 24, 2026, 03:00 (store time)". */
export function storeTimeFull(value: string | null | undefined, zone: StoreZone = 'store'): string {
  const d = wallClock(value)
  return d ? `${format(d, 'MMM d, yyyy, HH:mm')} (${ZONE_WORDS[zone]})` : NOT_SET
}

/** A calendar day from the store (`YYYY-MM-DD`) in words: "Oct 24". The year only when it is not this year's. */
export function storeDayShort(day: string, now: Date = new Date()): string {
  const d = wallClock(day)
  if (!d) return day
  return format(d, d.getFullYear() === now.getFullYear() ? 'MMM d' : 'MMM d, yyyy')
}

/** An app event's time on this computer: "Nov 25, 2026, 10:42:36". */
export function appTime(ms: number | string | Date): string {
  const d = new Date(ms)
  return isValid(d) ? format(d, 'MMM d, yyyy, HH:mm:ss') : NOT_SET
}

/** An app event's time of day, for lists of today's events: "10:42:36". */
export function appClock(ms: number | string | Date): string {
  const d = new Date(ms)
  return isValid(d) ? format(d, 'HH:mm:ss') : NOT_SET
}

/** "2 minutes ago" for a recent app event; past a day, the absolute time instead. */
export function appAgo(ms: number | null, now: number = Date.now()): string {
  if (ms === null) return 'never'
  if (now - ms > 24 * 60 * 60 * 1000) return appTime(ms)
  return formatDistanceStrict(ms, now, { addSuffix: true })
}
