// The undo bar's rules, apart from its looks (UndoBar.vue): which held writes can still be undone
// (order writes, and any write a screen queued with the undo window: a blog list batch, a post
// moved in the calendar), grouped by action (the writes of one action share their window's end
// and are taken back together), how their countdown reads, which of them have left for the store
// (so the bar can say they can no longer be undone), and which key presses mean "undo" (typing
// places keep theirs: ui/shortcuts.ts isTypingTarget).
import type { OutboxEntry, OutboxState } from '@/data'
import { t } from '@/session/i18n'
import { writeWords } from './write-words'

export interface Undoable {
  /** The action's first write: it names the action while it waits. */
  id: number
  /** Every write of the action, taken back together. */
  ids: number[]
  /** The action's writes in words, each once. */
  label: string
  holdUntil: number
  state: OutboxState
}

/** Held writes that have not stopped or possibly arrived, one per action (shared window end), oldest first. */
export function undoables(entries: readonly OutboxEntry[]): Undoable[] {
  const held = entries
    .filter((e) => e.holdUntil !== undefined && (e.state === 'queued' || e.state === 'sending'))
    .sort((a, b) => a.id! - b.id!)
  const actions: Undoable[] = []
  for (const e of held) {
    const last = actions.at(-1)
    if (last && last.holdUntil === e.holdUntil) {
      last.ids.push(e.id!)
      const words = writeWords(e.label)
      if (!last.label.includes(words)) last.label = `${last.label} · ${words}`
      if (e.state === 'sending') last.state = 'sending'
    } else {
      actions.push({ id: e.id!, ids: [e.id!], label: writeWords(e.label), holdUntil: e.holdUntil!, state: e.state })
    }
  }
  return actions
}

/** "Sending in 7 s" while the window runs; after it, what is happening instead. */
export function countdown(item: Undoable, now: number): string {
  if (item.state === 'sending') return t('undo.sendingNow')
  const left = Math.ceil((item.holdUntil - now) / 1000)
  return left > 0 ? t('undo.sendingIn', { s: left }) : t('undo.waitingToSend')
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
