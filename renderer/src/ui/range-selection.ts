// A list's selection of rows by key, as an immutable value with its anchor: a click toggles a row
// and makes it the anchor; a shift-click gives every row from the anchor to the clicked one the
// state the clicked row's toggle gives it. Rows that cannot be chosen (a draft the store has not
// seen, in a list of store posts) are skipped by a range.
export interface RangeSelection<K> {
  keys: ReadonlySet<K>
  anchor: K | null
}

export function emptySelection<K>(): RangeSelection<K> {
  return { keys: new Set(), anchor: null }
}

/** A click on a row's box: flips it; it becomes the anchor. */
export function toggleKey<K>(selection: RangeSelection<K>, key: K): RangeSelection<K> {
  const keys = new Set(selection.keys)
  if (keys.has(key)) keys.delete(key)
  else keys.add(key)
  return { keys, anchor: key }
}

/**
 * A shift-click on `target`: the rows from the anchor to it, in `order`, all take the state the
 * target's toggle gives it (`choosable` says which rows can be selected at all). Without an
 * anchor in the list, only the target toggles. The anchor stays, so a second shift-click re-spans.
 */
export function selectKeyRange<K>(selection: RangeSelection<K>, order: readonly K[], target: K, choosable: (key: K) => boolean = () => true): RangeSelection<K> {
  const to = order.indexOf(target)
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor)
  if (to < 0) return selection
  if (from < 0) return toggleKey(selection, target)
  const on = !selection.keys.has(target)
  const keys = new Set(selection.keys)
  for (const key of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (!choosable(key)) continue
    if (on) keys.add(key)
    else keys.delete(key)
  }
  return { keys, anchor: selection.anchor }
}
