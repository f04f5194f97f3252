// The store's date and date-time text, checked one way by the demo store (which refuses what
// breaks it) and by the app (which checks before it sends): `YYYY-MM-DD` a real calendar date;
// a date-time either store-local `YYYY-MM-DD HH:MM:SS` or ISO 8601 with `Z` or an offset.

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** True for a real calendar date `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  const m = CALENDAR_DATE.exec(text)
  if (!m) return false
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!))
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!
}

/** True for store-local `YYYY-MM-DD HH:MM:SS` (a real date and time of day). */
export function isLocalDateTime(text: string): boolean {
  const m = LOCAL_DATE_TIME.exec(text)
  return m !== null && isCalendarDate(m[1]!) && +m[2]! < 24 && +m[3]! < 60 && +m[4]! < 60
}

/** True for what a client may send as a date-time: store-local, or ISO 8601 with `Z` or an offset. */
export function isStoreDateTime(text: string): boolean {
  if (isLocalDateTime(text)) return true
  const m = ISO_DATE_TIME.exec(text)
  return m !== null && isCalendarDate(m[1]!) && !Number.isNaN(Date.parse(text))
}
