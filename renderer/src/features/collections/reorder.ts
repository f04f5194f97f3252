// The arithmetic of reordering a collection's posts. The store takes one move as
// `sort_blogs_manual` with the moved ids and a 1-based `end_position`: the moved ids are taken
// out and put back so the first lands at `end_position` and the rest follow in the given order,
// clamped so the block at most ends the list (docs/demo-store.md). Everything here is pure so
// the mouse, the keyboard and the "move to position" control all produce the same write.

/** A move as the store takes it. */
export interface ManualSortMove<K> {
  moved: K[]
  endPosition: number
}

/** The order the store holds after `sort_blogs_manual` with `moved` and `endPosition`. */
export function applyManualSort<K>(order: readonly K[], moved: readonly K[], endPosition: number): K[] {
  const movedSet = new Set(moved)
  const block = order.filter((k) => movedSet.has(k))
  const ordered = moved.filter((k) => block.includes(k))
  const rest = order.filter((k) => !movedSet.has(k))
  const at = Math.max(0, Math.min(rest.length, endPosition - 1))
  return [...rest.slice(0, at), ...ordered, ...rest.slice(at)]
}

/** The selected keys in the order they are shown (the order a moved block keeps). */
export function inShownOrder<K>(order: readonly K[], selected: Iterable<K>): K[] {
  const set = new Set(selected)
  return order.filter((k) => set.has(k))
}

/** 1-based position the first of `moved` holds now, counted among the posts that do not move. */
export function blockPosition<K>(order: readonly K[], moved: readonly K[]): number {
  const movedSet = new Set(moved)
  const first = order.findIndex((k) => movedSet.has(k))
  if (first < 0) return 1
  return order.slice(0, first).filter((k) => !movedSet.has(k)).length + 1
}

/** The highest position a block of `blockSize` can end at in a list of `total`. */
export function lastPosition(total: number, blockSize: number): number {
  return Math.max(1, total - blockSize + 1)
}

/**
 * The write for a mouse drop. `before` is the order before the drag, `after` the order the drag
 * library shows with only `dragged` moved, `selected` the checked posts. When the dragged post
 * is one of several checked ones, the whole selection moves to where it was dropped, in shown
 * order. Null when nothing changes.
 */
export function moveFromDrop<K>(before: readonly K[], after: readonly K[], dragged: K, selected: Iterable<K>): ManualSortMove<K> | null {
  const selection = new Set(selected)
  const moved = selection.has(dragged) && selection.size > 1 ? inShownOrder(before, selection) : [dragged]
  const movedSet = new Set(moved)
  const landedAt = after.indexOf(dragged)
  if (landedAt < 0) return null
  // The block goes where the dragged post landed: after every non-moving post shown above it.
  const endPosition = after.slice(0, landedAt).filter((k) => !movedSet.has(k)).length + 1
  return changes(before, moved, endPosition) ? { moved, endPosition } : null
}

/** Whether sending this move would change the order at all. */
export function changes<K>(order: readonly K[], moved: readonly K[], endPosition: number): boolean {
  const next = applyManualSort(order, moved, endPosition)
  return next.some((k, i) => k !== order[i])
}
