// How the cache stores one order: its indexed keys and local marks as plain fields, everything
// else (the store's order less the fields nothing reads, and the snapshot a pending write keeps)
// as JSON compressed with raw DEFLATE against a preset dictionary, in one byte column. A full
// order is ~4.3 KB of JSON; stored this way it is ~0.6 KB (docs/benchmarks.md, figure 8, says
// what else was measured and why this won). The list, its search and its filters never read
// these rows: they read the order index's plain rows (order-index/order-index-row.ts). The order
// page, print, export and the conflict checks read whole orders, inflated as they are read.
//
// The codec is synchronous on purpose: it runs inside IndexedDB transactions (a write reads an
// order, changes it and puts it back in one), and a transaction that awaits anything but its
// own requests commits under it. CompressionStream is asynchronous and has no preset dictionary.
//
// INVARIANT (round trip): unpackOrder(packOrder(order)) equals the order without
// DROPPED_ORDER_FIELDS, for every order the store sends (compact-order.test.ts). A change to the
// dictionary, the dropped fields or the stored shape needs a new schema version that re-packs
// every order (data/db.ts).
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate'
import type { CachedOrder } from '../records'
import dictionaryOrders from './order-dictionary.json'

/**
 * Fields of the store's order that no screen, export, print or check reads, left out of the
 * cache (docs/architecture.md lists them with the reason): the order's secret key and cart hash
 * (secrets of the storefront, never shown), the customer's user agent, the server's clock at the
 * answer (`current_time`, different on every read), the shop's domain, the order's storefront
 * link and admin path, the processing times, `date_updated`, the tracking source, and the
 * order-level image and variant lists (line items carry their own).
 */
export const DROPPED_ORDER_FIELDS = [
  'post_password',
  'cart_hash',
  'user_agent',
  'current_time',
  'domain',
  'public_url',
  'path',
  'processing_at',
  'processing_at_gmt',
  'date_updated',
  'track_source',
  'feature_image',
  'attrs',
] as const

/**
 * The plain fields of a stored order: its key and indexes (db.ts: `ID, number, post_date`) and
 * the marks the cache's own code reads by table scans (`pending`, `seen`). Kept in the packed
 * JSON too, so an order inflates whole from its bytes alone.
 */
export interface StoredOrder {
  ID: number
  number?: string
  post_date?: string
  pending?: boolean
  seen?: number
  /** The rest: JSON, raw DEFLATE against ORDER_DICTIONARY. */
  packed: Uint8Array
}

/**
 * The preset dictionary: four orders of the demo store's seed 42 (the fields in the API's order,
 * trimmed as stored), serialised canonically so the file's formatting cannot change it. Deflate
 * finds each order's field names and common values here instead of spelling them out again.
 */
const ORDER_DICTIONARY: Uint8Array = strToU8(JSON.stringify(dictionaryOrders))

/** Level 6 of 9: the default; higher levels measured no smaller against the dictionary. */
const LEVEL = 6

const DROPPED: ReadonlySet<string> = new Set(DROPPED_ORDER_FIELDS)

export function isStoredOrder(value: unknown): value is StoredOrder {
  return typeof value === 'object' && value !== null && (value as StoredOrder).packed instanceof Uint8Array
}

/** The order as the cache stores it. An already stored order passes through. */
export function packOrder(order: CachedOrder | StoredOrder): StoredOrder {
  if (isStoredOrder(order)) return order
  const kept: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(order)) if (!DROPPED.has(field)) kept[field] = value
  const stored: StoredOrder = { ID: order.ID, packed: deflateSync(strToU8(JSON.stringify(kept)), { level: LEVEL, dictionary: ORDER_DICTIONARY }) }
  if (order.number !== undefined) stored.number = order.number
  if (order.post_date !== undefined) stored.post_date = order.post_date
  if (order.pending !== undefined) stored.pending = order.pending
  if (order.seen !== undefined) stored.seen = order.seen
  return stored
}

/** The order a stored row holds. A row written before the compact layout (a cache being upgraded) passes through. */
export function unpackOrder(row: StoredOrder | CachedOrder): CachedOrder {
  if (!isStoredOrder(row)) return row
  return JSON.parse(strFromU8(inflateSync(row.packed, { dictionary: ORDER_DICTIONARY }))) as CachedOrder
}
