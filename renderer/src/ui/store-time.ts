// Store timestamps for people: the store sends `YYYY-MM-DD HH:MM:SS` (local or GMT, told
// apart only by the field name), ISO 8601 with an offset, or the zero date
// `0000-00-00 00:00:00` for "not set". Times are shown as the store wrote them (the wall
// clock in the store's zone, or GMT), never re-zoned to this computer, and always labelled.
import { format } from 'date-fns'
import { NOT_SET, wallClock } from '@/ui/dates'

export type TimeZoneLabel = 'Store local' | 'GMT'

export { NOT_SET, wallClock }

/** e.g. "Mar 4, 2026, 14:05 (GMT)"; "not set" for a zero or missing date. */
export function formatStoreTime(value: string | null | undefined, zone: TimeZoneLabel): string {
  const d = wallClock(value)
  return d ? `${format(d, 'MMM d, yyyy, HH:mm')} (${zone})` : NOT_SET
}

export function formatStoreDay(value: string | null | undefined): string {
  const d = wallClock(value)
  return d ? format(d, 'MMM d, yyyy') : NOT_SET
}

/** One formatter per currency code (null: not a code Intl knows): building one costs far more than formatting with it, and every order row formats a total. */
const moneyFormats = new Map<string, Intl.NumberFormat | null>()

function moneyFormat(currency: string): Intl.NumberFormat | null {
  let known = moneyFormats.get(currency)
  if (known === undefined) {
    try {
      known = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    } catch {
      known = null
    }
    moneyFormats.set(currency, known)
  }
  return known
}

/** Intl money: the store's amount in its currency code (a bad code falls back to the plain number). */
export function formatMoney(amount: number | string, currency: string): string {
  const n = typeof amount === 'number' ? amount : Number(amount)
  const shown = Number.isFinite(n) ? n : 0
  return moneyFormat(currency)?.format(shown) ?? `${shown.toFixed(2)} ${currency}`
}

/**
 * The store's calendar day now (`YYYY-MM-DD`): what a calendar marks as today and lets a post be
 * scheduled from. The store's time zone is not known to the app yet, so this computer's clock
 * stands in for the store's, as everywhere a store time is compared with "now"; this is the one
 * place to change when the app learns each store's zone.
 */
export function storeToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd')
}
