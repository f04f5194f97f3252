// The order list's columns and what a click on a sortable header does. A header sorts only by a
// key both the store's `orders.list` and the cache's order index answer (order-query.ts's sort
// keys), so the sorted list is the same while the first sync still asks the store and after.
// The list never scrolls sideways: the columns the operator chose (the column chooser) are shown
// while they fit the list's width, and where they do not, the least needed go first (their
// `priority`, lowest first); number, customer and status always stay. Each column is as wide as
// its content needs, the customer's name up to a limit, and any room left stays at the end.
import type { MessageKey } from '@/session/i18n'
import { z } from 'zod'
import { type OrderSort, type OrderSortKey, parseSort } from '@/data'
import { deviceSetting } from '@/session/settings'

export type OrderColumnId = 'number' | 'date' | 'customer' | 'tags' | 'status' | 'total' | 'items' | 'channel'

export interface OrderColumn {
  id: OrderColumnId
  label: MessageKey
  /** The sort key a click on the header sorts by; none for a column neither sort answers. */
  sortKey?: OrderSortKey
  /** The grid track: a width its content needs in each language ("Google Shopping", "Partially refunded Unfulfilled", "2026年11月26日"). */
  track: string
  /** Its least width in pixels (the track's minimum), for fitting. */
  min: number
  /** Which go first when the columns do not fit (lowest first); none for a column that always stays. */
  priority?: number
}

export const ORDER_COLUMNS: readonly OrderColumn[] = [
  { id: 'number', label: 'orders.columns.number', track: '80px', min: 80 },
  { id: 'date', label: 'orders.columns.date', sortKey: 'date', track: '124px', min: 124, priority: 3 },
  { id: 'customer', label: 'orders.columns.customer', track: 'minmax(150px, 260px)', min: 150 },
  { id: 'tags', label: 'orders.columns.tags', track: 'minmax(100px, 180px)', min: 100, priority: 5 },
  { id: 'status', label: 'orders.columns.status', track: '240px', min: 240 },
  { id: 'total', label: 'orders.columns.total', sortKey: 'total_sales', track: '100px', min: 100, priority: 4 },
  { id: 'items', label: 'orders.columns.items', track: '72px', min: 72, priority: 2 },
  { id: 'channel', label: 'orders.columns.channel', track: '140px', min: 140, priority: 1 },
]

/** The columns an operator may hide (the rest always show). */
export const OPTIONAL_COLUMNS = ORDER_COLUMNS.filter((c) => c.priority !== undefined)

/** The optional columns the operator chose to show (a device setting, session/settings.ts). */
export const CHOSEN_COLUMNS = deviceSetting(
  'orderColumns',
  z.array(z.enum(['number', 'date', 'customer', 'tags', 'status', 'total', 'items', 'channel'] satisfies OrderColumnId[])),
  (): OrderColumnId[] => OPTIONAL_COLUMNS.map((c) => c.id),
  () => [{ key: 'storedesk.orderColumns' }],
)

/** The select box's track, the gap between tracks and the row's side padding, in pixels. */
export const SELECT_TRACK = 24
const GAP = 8
const PADDING = 24

/** The width a row of these columns needs at least. */
export function rowWidth(columns: readonly OrderColumn[]): number {
  return PADDING + SELECT_TRACK + columns.reduce((sum, c) => sum + c.min + GAP, 0)
}

/**
 * The columns shown in `width` pixels: the chosen ones (the ones that always stay included),
 * the least needed dropped until the rest fit; `hidden` are the chosen ones that did not fit.
 */
export function fitColumns(chosen: ReadonlySet<OrderColumnId>, width: number): { shown: OrderColumn[]; hidden: OrderColumn[] } {
  let shown = ORDER_COLUMNS.filter((c) => c.priority === undefined || chosen.has(c.id))
  const hidden: OrderColumn[] = []
  const byNeed = shown.filter((c) => c.priority !== undefined).sort((a, b) => a.priority! - b.priority!)
  for (const column of byNeed) {
    if (rowWidth(shown) <= width) break
    shown = shown.filter((c) => c !== column)
    hidden.push(column)
  }
  return { shown, hidden }
}

/** The grid's tracks for the shown columns (the select box first). */
export function gridTemplate(columns: readonly OrderColumn[]): string {
  return [`${SELECT_TRACK}px`, ...columns.map((c) => c.track)].join(' ')
}

/**
 * The sort after a click on the header of `key`: the other direction when the list is already
 * sorted by it, else newest or highest first (what an operator looks for first).
 */
export function headerSort(current: OrderSort, key: OrderSortKey): OrderSort {
  const { key: currentKey, descending } = parseSort(current)
  if (currentKey === key) return (descending ? key : `-${key}`) as OrderSort
  return `-${key}` as OrderSort
}

/** The header's aria-sort for the current sort. */
export function ariaSort(current: OrderSort, key: OrderSortKey | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!key) return undefined
  const { key: currentKey, descending } = parseSort(current)
  if (currentKey !== key) return 'none'
  return descending ? 'descending' : 'ascending'
}
