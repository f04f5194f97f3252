// The undo bar's rules, apart from its looks (UndoBar.vue): which order writes can still be
// undone, how their countdown reads, which of them have left for the store (so the bar can say
// they can no longer be undone), and which key presses mean "undo" (typing places keep theirs:
// ui/shortcuts.ts isTypingTarget).
import type { OutboxEntry, OutboxState } from '@/data'
import { isUndoable } from '@/data'

export interface Undoable {
  id: number
  label: string
  holdUntil: number
  state: OutboxState
}

/** Order writes that wait out (or have waited out) an undo window, have not stopped and may not have arrived: oldest first. */
export function undoables(entries: readonly OutboxEntry[]): Undoable[] {
  return entries
    .filter((e) => e.holdUntil !== undefined && isUndoable(e.kind) && (e.state === 'queued' || e.state === 'sending'))
    .map((e) => ({ id: e.id!, label: e.label, holdUntil: e.holdUntil!, state: e.state }))
    .sort((a, b) => a.id - b.id)
}

/** "Sending in 7 s" while the window runs; after it, what is happening instead. */
export function countdown(item: Undoable, now: number): string {
  if (item.state === 'sending') return 'Sending now'
  const left = Math.ceil((item.holdUntil - now) / 1000)
  return left > 0 ? `Sending in ${left} s` : 'Waiting to be sent'
}

/**
 * The writes seen before that are gone now and were sent: not undone here, and gone after
 * their window ended (the replayer never sends one earlier, so one gone before was withdrawn
 * elsewhere, on the Sync page or in another window).
 */
export function sentSince(before: readonly Undoable[], now: readonly Undoable[], undone: ReadonlySet<number>, at: number): Undoable[] {
  const still = new Set(now.map((item) => item.id))
  return before.filter((item) => !still.has(item.id) && !undone.has(item.id) && (item.state === 'sending' || item.holdUntil <= at))
}

/** Ctrl+Z (Cmd+Z on a Mac), without Shift or Alt (those redo, or mean something else). */
export function isUndoKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>, mac: boolean): boolean {
  if (event.key.toLowerCase() !== 'z' || event.shiftKey || event.altKey) return false
  return mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
}

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)
}
