// Lanes: the names of the resources writes touch (`orders:12`, `blogs:store:5`,
// `blogs:local:<uuid>`, `blogs:*` for select_all). Writes sharing a lane are sent in the order
// they were made. Only the data layer spells them: features name a row (RowRef) instead.
import type { RowKey } from '../row-key'
import type { KeyedFamily } from './contract'

/** A row as features name it when they ask what the outbox or the history holds for it. */
export type RowRef = { family: 'orders'; id: number } | { family: KeyedFamily; key: RowKey; storeId?: number | null }

export const orderLane = (id: number): string => `orders:${id}`
export const keyedLane = (family: KeyedFamily, key: RowKey): string => `${family}:${key}`
export const blogLane = (key: RowKey): string => keyedLane('blogs', key)
export const collectionLane = (key: RowKey): string => keyedLane('collections', key)
/** Every post: a batch over all posts matching a filter (select_all). */
export const ALL_BLOGS_LANE = 'blogs:*'
export const metaFieldValueLane = (resource: string, resourceId: string, metaFieldId: string): string => `metaFieldValues:${resource}:${resourceId}:${metaFieldId}`

/** Lanes from several lists, each once. */
export function laneSet(...lists: (readonly string[] | undefined)[]): string[] {
  return [...new Set(lists.flatMap((list) => list ?? []))]
}

/** Whether two lanes name the same resource (`blogs:*` overlaps every blog lane). */
export function lanesOverlap(a: string, b: string): boolean {
  if (a === b) return true
  const wildcard = (x: string, y: string) => x.endsWith(':*') && y.startsWith(x.slice(0, -1))
  return wildcard(a, b) || wildcard(b, a)
}

/** Whether any of `lanes` overlaps any of `others`. */
export function touches(lanes: readonly string[], others: readonly string[]): boolean {
  return lanes.some((lane) => others.some((other) => lanesOverlap(lane, other)))
}

/** The lanes a row's writes run in: a keyed row's key, and its store id once known. */
export function lanesOfRow(row: RowRef): string[] {
  if (row.family === 'orders') return [orderLane(row.id)]
  return [keyedLane(row.family, row.key), ...(row.storeId ? [keyedLane(row.family, `store:${row.storeId}`)] : [])]
}

/** The lanes a cached post, collection or meta field's writes run in: its key, and its store id once known. */
export function rowLanes(family: KeyedFamily, row: { key: RowKey; storeId?: number | null }): string[] {
  return lanesOfRow({ family, ...row })
}

/** The outbox entries (in the order given, any state) that touch a row: features ask this rather than spell lanes. */
export function entriesForRow<E extends { lanes: string[] }>(entries: readonly E[], family: KeyedFamily, row: { key: RowKey; storeId?: number | null }): E[] {
  const lanes = rowLanes(family, row)
  return entries.filter((entry) => touches(entry.lanes, lanes))
}
