// The store's clock. THE RULE: a store time is read and picked in the store's zone. The store
// sends `YYYY-MM-DD HH:MM:SS` on its own wall clock (or GMT, told apart only by the field
// name), ISO 8601 with an offset, or the zero date `0000-00-00 00:00:00` for "not set". A store
// time is shown as the store wrote it, never moved into this computer's zone; and whatever a
// person picks as "now", "today" or a date shortcut is the store's now and today, from the
// store's UTC offset, which the data layer learns from the store's own pairs of local and GMT
// times (data/store-clock.ts) and the shell hands in (setStoreUtcOffset). Until the store has
// told it, this computer's offset stands in.
//
// Wall clocks are held as TZDate in UTC (the wall clock's fields as UTC fields), never as a Date
// in this computer's zone: a store's 02:30 on the night this computer's clocks skip an hour
// would otherwise read 03:30. Property tests: store-time.test.ts.
import { shallowRef } from 'vue'
import { TZDate } from '@date-fns/tz'
import { addDays, format, startOfMonth } from 'date-fns'
import { intlLocale } from '@/session/i18n'

const MINUTE = 60_000
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/

/** The active store's offset from UTC in minutes; null while it has not told it. */
const activeOffset = shallowRef<number | null>(null)

/** Called by the shell whenever the active store's offset is learned or changes (null: none known). */
export function setStoreUtcOffset(minutes: number | null): void {
  activeOffset.value = minutes
}

/** Whether the active store has told its offset. Reactive. */
export function storeZoneKnown(): boolean {
  return activeOffset.value !== null
}

/** This computer's offset from UTC in minutes at an instant (its zone's daylight saving included). */
export function computerUtcOffset(at: number = Date.now()): number {
  return -new Date(at).getTimezoneOffset()
}

/** The store's offset at an instant: what it told, else this computer's. Reactive. */
export function storeUtcOffset(at: number = Date.now()): number {
  return activeOffset.value ?? computerUtcOffset(at)
}

/** True when the store has told its offset and it differs from this computer's: times then say whose they are. */
export function zonesDiffer(at: number = Date.now()): boolean {
  return activeOffset.value !== null && activeOffset.value !== computerUtcOffset(at)
}

/** A wall clock (its fields as UTC fields), for formatting and comparing store times. */
function wall(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): TZDate {
  return new TZDate(Date.UTC(year, month - 1, day, hour, minute, second), 'UTC')
}

/** The wall-clock fields of a store timestamp, or null for the zero date, nothing, or a date that does not exist. */
export function wallClock(value: string | null | undefined): TZDate | null {
  if (!value) return null
  const m = STAMP.exec(value.trim())
  if (!m) return null
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number]
  if (year === 0 || month === 0 || day === 0 || hour > 23 || minute > 59 || second > 59) return null
  const d = wall(year, month, day, hour, minute, second)
  // Reject roll-overs such as 2026-02-31.
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? d : null
}

/** The store's wall clock at an instant, for a store `offset` minutes ahead of UTC. */
export function storeWallClockAt(at: number, offset: number): TZDate {
  return new TZDate(Math.floor(at / 1000) * 1000 + offset * MINUTE, 'UTC')
}

/** `YYYY-MM-DD HH:MM:SS` on the store's wall clock at an instant: what the store takes as a local time. */
export function storeStampAt(at: number, offset: number): string {
  return format(storeWallClockAt(at, offset), 'yyyy-MM-dd HH:mm:ss')
}

/** The store's calendar day `YYYY-MM-DD` at an instant. */
export function storeDayAt(at: number, offset: number): string {
  return format(storeWallClockAt(at, offset), 'yyyy-MM-dd')
}

/** A store GMT timestamp on the store's wall clock, `YYYY-MM-DD HH:MM:SS`; null for a zero or bad one. */
export function gmtToStoreStamp(value: string | null | undefined, offset: number): string | null {
  const d = wallClock(value)
  return d ? storeStampAt(d.getTime(), offset) : null
}

/** The active store's wall clock now (compare store times with this, never with `new Date()`). */
export function storeNow(at: number = Date.now()): TZDate {
  return storeWallClockAt(at, storeUtcOffset(at))
}

/** The active store's today, `YYYY-MM-DD`. */
export function storeToday(at: number = Date.now()): string {
  return storeDayAt(at, storeUtcOffset(at))
}

/** A wall clock as Naive UI's date pickers hold one: the same fields in this computer's zone (ms). */
export function pickerValue(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()).getTime()
}

export const DATE_PRESETS = ['Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'This month'] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

/** A preset's days `[from, to]` (inclusive, `YYYY-MM-DD`) in the store's zone at an instant. */
export function datePresetRange(preset: DatePreset, at: number, offset: number): [string, string] {
  const today = storeWallClockAt(at, offset)
  const day = (d: Date) => format(d, 'yyyy-MM-dd')
  switch (preset) {
    case 'Today': return [day(today), day(today)]
    case 'Yesterday': return [day(addDays(today, -1)), day(addDays(today, -1))]
    case 'Last 7 days': return [day(addDays(today, -6)), day(today)]
    case 'Last 30 days': return [day(addDays(today, -29)), day(today)]
    case 'This month': return [day(startOfMonth(today)), day(today)]
  }
}

/** One formatter per locale and currency code (null: not a code Intl knows): building one costs far more than formatting with it, and every order row formats a total. */
const moneyFormats = new Map<string, Intl.NumberFormat | null>()

function moneyFormat(currency: string, locale: string): Intl.NumberFormat | null {
  const id = `${locale}|${currency}`
  let known = moneyFormats.get(id)
  if (known === undefined) {
    try {
      known = new Intl.NumberFormat(locale, { style: 'currency', currency })
    } catch {
      known = null
    }
    moneyFormats.set(id, known)
  }
  return known
}

/**
 * Intl money: the store's amount in the store's currency, written the way the app's language
 * writes money ("€1,234.50" in English, "1.234,50 €" in German); a printout passes its own
 * locale. A bad code falls back to the plain number and the code.
 */
export function formatMoney(amount: number | string, currency: string, locale: string = intlLocale()): string {
  const n = typeof amount === 'number' ? amount : Number(amount)
  const shown = Number.isFinite(n) ? n : 0
  return moneyFormat(currency, locale)?.format(shown) ?? `${shown.toFixed(2)} ${currency}`
}
