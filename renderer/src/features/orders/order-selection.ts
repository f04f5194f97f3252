// The order list's selection, apart from the screen: which orders are selected, as an immutable
// value. It is either a set of IDs (clicks, ranges, the rows on screen) or "every order matching
// filter F, except these IDs" (select all matching), so selecting 100,000 orders holds no list of
// them; the bulk actions resolve the IDs from the cache when they run. The anchor is the row
// last clicked or toggled, where a shift-click or Shift+Space range starts.
import { orderQueryToRoute, type OrderQuery } from '@/data'

export type OrderSelection =
  | { kind: 'ids'; ids: ReadonlySet<number>; anchor: number | null }
  | { kind: 'matching'; query: OrderQuery; except: ReadonlySet<number>; anchor: number | null }

export const EMPTY_SELECTION: OrderSelection = { kind: 'ids', ids: new Set(), anchor: null }

export function isSelected(selection: OrderSelection, id: number): boolean {
  return selection.kind === 'ids' ? selection.ids.has(id) : !selection.except.has(id)
}

/** How many of the list's orders (`ids`, the current answer) are selected. */
export function selectedCount(selection: OrderSelection, ids: readonly number[]): number {
  if (selection.kind === 'matching') {
    if (selection.except.size === 0) return ids.length
    let excluded = 0
    for (const id of ids) if (selection.except.has(id)) excluded++
    return ids.length - excluded
  }
  return selection.ids.size
}

export function isEmpty(selection: OrderSelection, ids: readonly number[]): boolean {
  return selectedCount(selection, ids) === 0
}

function withMembership(selection: OrderSelection, changes: Iterable<number>, on: boolean, anchor: number | null): OrderSelection {
  if (selection.kind === 'ids') {
    const ids = new Set(selection.ids)
    for (const id of changes) {
      if (on) ids.add(id)
      else ids.delete(id)
    }
    return { kind: 'ids', ids, anchor }
  }
  const except = new Set(selection.except)
  for (const id of changes) {
    if (on) except.delete(id)
    else except.add(id)
  }
  return { ...selection, except, anchor }
}

/** A click on a row's checkbox (or Space on the row): flips it; it becomes the anchor. */
export function toggle(selection: OrderSelection, id: number): OrderSelection {
  return withMembership(selection, [id], !isSelected(selection, id), id)
}

/**
 * A shift-click (or Shift+Space, Shift+Arrow) on `target`: every row from the anchor to the target,
 * in the list's order, takes the state the target's toggle gives it (`select`, by default the
 * opposite of the target's state now). Without an anchor in the list, only the target toggles.
 */
export function selectRange(selection: OrderSelection, ids: readonly number[], target: number, select = !isSelected(selection, target)): OrderSelection {
  const to = ids.indexOf(target)
  const from = selection.anchor === null ? -1 : ids.indexOf(selection.anchor)
  if (to < 0) return selection
  if (from < 0) return withMembership(selection, [target], select, target)
  const [lo, hi] = from <= to ? [from, to] : [to, from]
  // The anchor stays where the range started, so a second shift-click re-spans from it.
  return withMembership(selection, ids.slice(lo, hi + 1), select, selection.anchor)
}

/** The header checkbox: the rows on screen selected (`on`) or the whole selection cleared. */
export function setRows(selection: OrderSelection, rows: readonly number[], on: boolean): OrderSelection {
  return on ? withMembership(selection, rows, true, selection.anchor) : EMPTY_SELECTION
}

/** "Select all N matching this filter": every order the query answers, now and when an action runs. */
export function selectAllMatching(query: OrderQuery): OrderSelection {
  return { kind: 'matching', query: { ...query }, except: new Set(), anchor: null }
}

/** Whether two queries pick the same orders (the sort does not change which). */
export function sameFilter(a: OrderQuery, b: OrderQuery): boolean {
  const key = (q: OrderQuery) => JSON.stringify(orderQueryToRoute({ ...q, sort: '-date' }))
  return key(a) === key(b)
}

/**
 * The selected orders' IDs for a bulk action, in the list's order. `answer` gives the IDs a query
 * answers now (the order index, read when the action runs); `ids` is the list as shown, used for
 * an ID selection's order (IDs no longer listed, e.g. filtered out by a sync, keep theirs at the end).
 */
export function resolveSelection(selection: OrderSelection, ids: readonly number[], answer: (query: OrderQuery) => readonly number[]): number[] {
  if (selection.kind === 'matching') return answer(selection.query).filter((id) => !selection.except.has(id))
  const listed = ids.filter((id) => selection.ids.has(id))
  if (listed.length === selection.ids.size) return listed
  const seen = new Set(listed)
  return [...listed, ...[...selection.ids].filter((id) => !seen.has(id))]
}
