// Store timestamps for people: the store sends `YYYY-MM-DD HH:MM:SS` (local or GMT, told
// apart only by the field name), ISO 8601 with an offset, or the zero date
// `0000-00-00 00:00:00` for "not set". Times are shown as the store wrote them (the wall
// clock in the store's zone, or GMT), never re-zoned to this computer, and always labelled.
import { format, isValid } from 'date-fns'

export type TimeZoneLabel = 'Store local' | 'GMT'

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

/** e.g. "Mar 4, 2026, 14:05 (GMT)"; "not set" for a zero or missing date. */
export function formatStoreTime(value: string | null | undefined, zone: TimeZoneLabel): string {
  const d = wallClock(value)
  return d ? `${format(d, 'MMM d, yyyy, HH:mm')} (${zone})` : NOT_SET
}

export function formatStoreDay(value: string | null | undefined): string {
  const d = wallClock(value)
  return d ? format(d, 'MMM d, yyyy') : NOT_SET
}

/** Intl money: the store's amount in its currency code (a bad code falls back to the plain number). */
export function formatMoney(amount: number | string, currency: string): string {
  const n = typeof amount === 'number' ? amount : Number(amount)
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number.isFinite(n) ? n : 0)
  } catch {
    return `${Number.isFinite(n) ? n.toFixed(2) : '0.00'} ${currency}`
  }
}
