// The undo window: how long an undoable write (its handler says so: tracking, address, bulk
// tracking import) waits in the outbox before it is sent, so the operator can take it back. A
// device setting (session/settings.ts: one for the whole app, like the theme); 0 sends at once.
// The outbox stamps each order write with the end of its window (OutboxEntry.holdUntil) when it is queued,
// so changing the setting never moves a write already waiting.
import { z } from 'zod'
import { deviceSetting, readSetting, settingKey, writeSetting } from '@/session/settings'

export const DEFAULT_UNDO_WINDOW_SECONDS = 10
export const MAX_UNDO_WINDOW_SECONDS = 60

const UNDO_WINDOW = deviceSetting(
  'undoWindowSeconds',
  z.number().int().min(0).max(MAX_UNDO_WINDOW_SECONDS),
  () => DEFAULT_UNDO_WINDOW_SECONDS,
  () => [{ key: 'storedesk.undoWindowSeconds' }],
)
export const UNDO_WINDOW_STORAGE_KEY = settingKey(UNDO_WINDOW)

/** Whole seconds in 0–60, or null when `value` is not one. */
export function parseUndoWindow(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_UNDO_WINDOW_SECONDS ? n : null
}

export function undoWindowSeconds(): number {
  return readSetting(UNDO_WINDOW)
}

/** Keeps a new window length; refuses anything but whole seconds from 0 to 60. */
export function setUndoWindowSeconds(seconds: number): void {
  if (parseUndoWindow(seconds) === null) throw new RangeError(`The undo window is a whole number of seconds from 0 to ${MAX_UNDO_WINDOW_SECONDS}.`)
  writeSetting(UNDO_WINDOW, seconds)
}
