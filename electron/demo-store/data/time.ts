// The demo store's clock formats. The store's local time zone is a fixed UTC−05:00
// (no daylight saving, so local and GMT always differ by exactly five hours);
// `*_gmt` fields are UTC. Plain timestamps are `YYYY-MM-DD HH:MM:SS`, as the reference says.
import { isLocalDateTime, isStoreDateTime } from '../../common/store-api/date-formats'

export const STORE_UTC_OFFSET_MINUTES = -5 * 60
export const ZERO_DATE = '0000-00-00 00:00:00'

const pad = (n: number) => String(n).padStart(2, '0')

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => pad(n))
const DAY_MS = 86_400_000
/** `YYYY-MM-DD ` per UTC day number: a page of orders formats thousands of dates over a few hundred days. */
const dayPrefixes = new Map<number, string>()
const MAX_DAY_PREFIXES = 10_000

/**
 * Made of two parts, a shared day prefix and an 8-character time, so the string is one small
 * node over two flat parts: 100,000 order summaries hold three dates each, and a chain of
 * concatenations per date costs about 15 MiB more.
 */
function plain(d: Date): string {
  const ms = d.getTime()
  // An invalid date reads as NaN in every field, as the field-by-field form always gave.
  if (Number.isNaN(ms)) return 'NaN-NaN-NaN NaN:NaN:NaN'
  const day = Math.floor(ms / DAY_MS)
  let dayPrefix = dayPrefixes.get(day)
  if (dayPrefix === undefined) {
    if (dayPrefixes.size >= MAX_DAY_PREFIXES) dayPrefixes.clear()
    dayPrefix = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} `
    dayPrefixes.set(day, dayPrefix)
  }
  const second = Math.floor((ms - day * DAY_MS) / 1000)
  const time = `${TWO_DIGITS[Math.floor(second / 3600)]}:${TWO_DIGITS[Math.floor(second / 60) % 60]}:${TWO_DIGITS[second % 60]}`
  return dayPrefix + time
}

function shiftToLocal(d: Date): Date {
  return new Date(d.getTime() + STORE_UTC_OFFSET_MINUTES * 60_000)
}

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function gmt(d: Date): string {
  return plain(d)
}

/** `YYYY-MM-DD HH:MM:SS` in the store's local time. */
export function local(d: Date): string {
  return plain(shiftToLocal(d))
}

/** ISO 8601 with a zero offset, e.g. `2026-03-01T10:00:00+00:00` (checkout post_date_gmt). */
export function isoZero(d: Date): string {
  return `${plain(d).replace(' ', 'T')}+00:00`
}

/** ISO 8601 in local time with the store's offset, e.g. `2026-03-01T05:00:00-05:00`. */
export function isoLocal(d: Date): string {
  const offset = STORE_UTC_OFFSET_MINUTES
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${plain(shiftToLocal(d)).replace(' ', 'T')}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** Parses a store-local `YYYY-MM-DD HH:MM:SS` back to an instant. */
export function parseLocal(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text)
  if (!m) return null
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)
  const d = new Date(utc - STORE_UTC_OFFSET_MINUTES * 60_000)
  return Number.isNaN(d.getTime()) || local(d) !== text.replace('T', ' ') ? null : d
}

/**
 * Accepts what a client may send for a date-time: store-local `YYYY-MM-DD HH:MM:SS`, or ISO 8601
 * with `Z` or an offset. Returns null for anything else, including impossible dates.
 */
export function parseClientDateTime(text: string): Date | null {
  if (isLocalDateTime(text)) return parseLocal(text)
  return isStoreDateTime(text) ? new Date(text) : null
}
