// The keyboard way to reorder a collection: focus a row, Space/Enter lifts it (or the checked
// rows, when the focused one is checked), the arrows (and Home/End) move the lifted block,
// Space/Enter drops it, Escape puts it back. Each step returns the sentence a screen reader
// announces. Pure: the page keeps the state and sends the move the drop returns.
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
  announcement: string | null
  /** The write to send (on a drop that changes the order). */
  move?: ManualSortMove<K>
}

export const IDLE = { mode: 'idle' } as const

/** The order to show: the lifted block previewed at its current position. */
export function previewOrder<K>(order: readonly K[], state: ReorderState<K>): K[] {
  return state.mode === 'lifted' ? applyManualSort(order, state.moved, state.position) : [...order]
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
    const what = moved.length === 1 ? `'${titleOf(moved[0]!)}'` : `${moved.length} posts`
    return {
      state: { mode: 'lifted', moved, startPosition: position, position },
      announcement: `Lifted ${what}, position ${position} of ${total}. Use the arrow keys to move, Space or Enter to drop, Escape to cancel.`,
    }
  }

  const last = lastPosition(total, state.moved.length)
  const moveTo = (position: number): ReorderStep<K> => {
    const clamped = Math.max(1, Math.min(last, position))
    if (clamped === state.position) return { state, announcement: clamped === 1 ? 'Already at the top' : 'Already at the bottom' }
    return { state: { ...state, position: clamped }, announcement: `Moved to position ${clamped} of ${total}` }
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
      return { state: IDLE, announcement: `Cancelled, back at position ${state.startPosition} of ${total}` }
    case ' ':
    case 'Enter': {
      const what = state.moved.length === 1 ? `'${titleOf(state.moved[0]!)}'` : `${state.moved.length} posts`
      if (!changes(order, state.moved, state.position)) return { state: IDLE, announcement: `Dropped ${what} at position ${state.position} of ${total}, order unchanged` }
      return {
        state: IDLE,
        announcement: `Dropped ${what} at position ${state.position} of ${total}`,
        move: { moved: state.moved, endPosition: state.position },
      }
    }
  }
}
