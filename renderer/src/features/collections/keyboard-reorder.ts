// The keyboard way to reorder a collection: focus a row, Space/Enter lifts it (or the checked
// rows, when the focused one is checked), the arrows (and Home/End) move the lifted block,
// Space/Enter drops it, Escape puts it back. Each step returns the sentence a screen reader
// announces, as a Message the page says in its language. Pure: the page keeps the state and
// sends the move the drop returns.
import type { Message } from '@/session/i18n'
import { applyManualSort, blockPosition, changes, inShownOrder, lastPosition, type ManualSortMove } from './reorder'

export type ReorderState<K> =
  | { mode: 'idle' }
  | {
      mode: 'lifted'
      moved: K[]
      /** Where the block was when lifted (to go back on Escape). */
      startPosition: number
      /** 1-based end_position the block would be dropped at now. */
      position: number
    }

export type ReorderKey = ' ' | 'Enter' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'Escape'

export interface ReorderStep<K> {
  state: ReorderState<K>
  /** What to announce, or null when the key does nothing here. */
  announcement: Message | null
  /** The write to send (on a drop that changes the order). */
  move?: ManualSortMove<K>
}

export const IDLE = { mode: 'idle' } as const

/** The order to show: the lifted block previewed at its current position. */
export function previewOrder<K>(order: readonly K[], state: ReorderState<K>): K[] {
  return state.mode === 'lifted' ? applyManualSort(order, state.moved, state.position) : [...order]
}

/** What moves, for a message: one post by its title, several by their count. */
export function whatMoves<K>(moved: readonly K[], titleOf: (key: K) => string): { count: number; title: string } {
  return { count: moved.length, title: moved.length === 1 ? titleOf(moved[0]!) : '' }
}

/** What a cancelled lift says: the block is back where it was. */
export function cancelled(position: number, total: number): Message {
  return { key: 'collections.reorder.cancelled', params: { position, total } }
}

export function isReorderKey(key: string): key is ReorderKey {
  return [' ', 'Enter', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Escape'].includes(key)
}

/**
 * One key press. `order` is the order shown before the lift, `focused` the row with focus,
 * `selected` the checked rows, `titleOf` names a post for the announcement.
 */
export function reorderStep<K>(
  state: ReorderState<K>,
  key: ReorderKey,
  context: { order: readonly K[]; focused: K; selected: Iterable<K>; titleOf: (key: K) => string },
): ReorderStep<K> {
  const { order, focused, titleOf } = context
  const total = order.length
  if (state.mode === 'idle') {
    if (key !== ' ' && key !== 'Enter') return { state, announcement: null }
    const selection = new Set(context.selected)
    const moved = selection.has(focused) && selection.size > 1 ? inShownOrder(order, selection) : [focused]
    const position = blockPosition(order, moved)
    return {
      state: { mode: 'lifted', moved, startPosition: position, position },
      announcement: { key: 'collections.reorder.lifted', params: { ...whatMoves(moved, titleOf), position, total } },
    }
  }

  const last = lastPosition(total, state.moved.length)
  const moveTo = (position: number): ReorderStep<K> => {
    const clamped = Math.max(1, Math.min(last, position))
    if (clamped === state.position) return { state, announcement: { key: clamped === 1 ? 'collections.reorder.atTop' : 'collections.reorder.atBottom' } }
    return { state: { ...state, position: clamped }, announcement: { key: 'collections.reorder.moved', params: { position: clamped, total } } }
  }
  switch (key) {
    case 'ArrowUp':
      return moveTo(state.position - 1)
    case 'ArrowDown':
      return moveTo(state.position + 1)
    case 'Home':
      return moveTo(1)
    case 'End':
      return moveTo(last)
    case 'Escape':
      return { state: IDLE, announcement: cancelled(state.startPosition, total) }
    case ' ':
    case 'Enter': {
      const params = { ...whatMoves(state.moved, titleOf), position: state.position, total }
      if (!changes(order, state.moved, state.position)) return { state: IDLE, announcement: { key: 'collections.reorder.droppedUnchanged', params } }
      return {
        state: IDLE,
        announcement: { key: 'collections.reorder.dropped', params },
        move: { moved: state.moved, endPosition: state.position },
      }
    }
  }
}
