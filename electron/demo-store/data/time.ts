// The demo store's clock formats. The store has one local time zone, a fixed offset from UTC
// (no daylight saving; UTC−05:00 unless the store is started or set otherwise), and writes
// each time twice where the reference does: plain `YYYY-MM-DD HH:MM:SS` on its local wall
// clock, and the `*_gmt` field in UTC. A StoreClock formats for one offset; gmt() and isoZero()
// need none.
import { isLocalDateTime, isStoreDateTime } from '../../common/store-api/date-formats'

export const DEFAULT_UTC_OFFSET_MINUTES = -5 * 60
/** The offsets real zones use: UTC−12:00 to UTC+14:00. */
export const MIN_UTC_OFFSET_MINUTES = -12 * 60
export const MAX_UTC_OFFSET_MINUTES = 14 * 60
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

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function gmt(d: Date): string {
  return plain(d)
}

/** ISO 8601 with a zero offset, e.g. `2026-03-01T10:00:00+00:00` (checkout post_date_gmt). */
export function isoZero(d: Date): string {
  return `${plain(d).replace(' ', 'T')}+00:00`
}

/** `+05:30`, `-05:00`: an offset as ISO 8601 and the CLI write it. */
export function offsetText(minutes: number): string {
  const abs = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** `-05:00`, `+5:30`, `0` → minutes; null for text that is not an offset real zones use. */
export function parseOffsetText(text: string): number | null {
  const m = /^([+-]?)(\d{1,2})(?::?(\d{2}))?$/.exec(text.trim())
  if (!m) return null
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0))
  return Number(m[3] ?? 0) < 60 && isUtcOffset(minutes) ? minutes : null
}

export function isUtcOffset(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= MIN_UTC_OFFSET_MINUTES && minutes <= MAX_UTC_OFFSET_MINUTES
}

/** The store's local wall clock at one UTC offset. */
export class StoreClock {
  constructor(readonly utcOffsetMinutes: number = DEFAULT_UTC_OFFSET_MINUTES) {
    if (!isUtcOffset(utcOffsetMinutes)) throw new RangeError(`${utcOffsetMinutes} minutes is not a UTC offset`)
  }

  private shift(d: Date): Date {
    return new Date(d.getTime() + this.utcOffsetMinutes * 60_000)
  }

  /** `YYYY-MM-DD HH:MM:SS` in the store's local time. */
  local(d: Date): string {
    return plain(this.shift(d))
  }

  /** The store-local calendar day `YYYY-MM-DD` of an instant. */
  day(d: Date): string {
    return this.local(d).slice(0, 10)
  }

  /** The instant the store-local day `YYYY-MM-DD` starts. */
  startOfDay(day: string): Date {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number]
    return new Date(Date.UTC(y, m - 1, d) - this.utcOffsetMinutes * 60_000)
  }

  /** ISO 8601 in local time with the store's offset, e.g. `2026-03-01T05:00:00-05:00`. */
  isoLocal(d: Date): string {
    return `${plain(this.shift(d)).replace(' ', 'T')}${offsetText(this.utcOffsetMinutes)}`
  }

  /** Parses a store-local `YYYY-MM-DD HH:MM:SS` back to an instant. */
  parseLocal(text: string): Date | null {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text)
    if (!m) return null
    const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)
    const d = new Date(utc - this.utcOffsetMinutes * 60_000)
    return Number.isNaN(d.getTime()) || this.local(d) !== text.replace('T', ' ') ? null : d
  }

  /**
   * Accepts what a client may send for a date-time: store-local `YYYY-MM-DD HH:MM:SS`, or ISO 8601
   * with `Z` or an offset. Returns null for anything else, including impossible dates.
   */
  parseClientDateTime(text: string): Date | null {
    if (isLocalDateTime(text)) return this.parseLocal(text)
    return isStoreDateTime(text) ? new Date(text) : null
  }
}
