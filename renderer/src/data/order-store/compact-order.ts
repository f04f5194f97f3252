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
// Packing uses one zlib stream (pako), reset for each order, with its input and output buffers
// kept: a first sync packs 100,000 orders, and fflate's one-shot deflate allocated about 270 KB
// of work buffers per order (the dictionary and the order copied together, hash chains, a
// symbol buffer, the output), garbage that held 95 MB of the renderer at 60,000 orders until
// the collector caught up (docs/benchmarks.md, figure 7). The bytes are the same format, raw
// DEFLATE against the same dictionary, so rows packed before read the same; unpacking stays
// fflate's (an order page reads one order).
//
// INVARIANT (round trip): unpackOrder(packOrder(order)) equals the order without
// DROPPED_ORDER_FIELDS, for every order the store sends (compact-order.test.ts). A change to the
// dictionary, the dropped fields or the stored shape needs a new schema version that re-packs
// every order (data/db.ts).
import { inflateSync, strFromU8, strToU8 } from 'fflate'
import { ZStream, Z_DEFAULT_STRATEGY, Z_FINISH, Z_OK, Z_STREAM_END, zlibDeflate, zlibDeflateInit2, zlibDeflateReset, zlibDeflateSetDictionary } from 'pako'
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
/** zlib's one method (Z_DEFLATED); raw DEFLATE (no zlib header) with a 32 KB window; zlib's default memory level. */
const DEFLATED = 8
const RAW_WINDOW_BITS = -15
const MEMORY_LEVEL = 8
const utf8 = new TextEncoder()

/** The one deflate stream every order is packed with, and the buffers it reads and writes. */
let packer: { stream: ZStream; input: Uint8Array; output: Uint8Array } | null = null

function deflateWithDictionary(json: string): Uint8Array {
  if (!packer) {
    const stream = new ZStream()
    if (zlibDeflateInit2(stream, LEVEL, DEFLATED, RAW_WINDOW_BITS, MEMORY_LEVEL, Z_DEFAULT_STRATEGY) !== Z_OK) throw new Error('The order packer could not start.')
    packer = { stream, input: new Uint8Array(1 << 16), output: new Uint8Array(1 << 16) }
  }
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (packer.input.length < json.length * 3) packer.input = new Uint8Array(json.length * 3)
  const { written } = utf8.encodeInto(json, packer.input)
  // Stored blocks are DEFLATE's worst case: 5 bytes per 16 KB block beyond the input.
  const bound = written + 5 * Math.ceil((written + 1) / 16_000) + 64
  if (packer.output.length < bound) packer.output = new Uint8Array(bound)
  const { stream } = packer
  zlibDeflateReset(stream)
  zlibDeflateSetDictionary(stream, ORDER_DICTIONARY)
  stream.input = packer.input
  stream.next_in = 0
  stream.avail_in = written
  stream.output = packer.output as Uint8Array<ArrayBuffer>
  stream.next_out = 0
  stream.avail_out = packer.output.length
  if (zlibDeflate(stream, Z_FINISH) !== Z_STREAM_END) throw new Error('An order could not be packed.')
  return packer.output.slice(0, stream.next_out)
}

const DROPPED: ReadonlySet<string> = new Set(DROPPED_ORDER_FIELDS)

export function isStoredOrder(value: unknown): value is StoredOrder {
  return typeof value === 'object' && value !== null && (value as StoredOrder).packed instanceof Uint8Array
}

/** The order as the cache stores it. An already stored order passes through. */
export function packOrder(order: CachedOrder | StoredOrder): StoredOrder {
  if (isStoredOrder(order)) return order
  // Object.keys rather than Object.entries: the same fields in the same order, without a pair
  // array per field (a sync packs 100,000 orders, and those pairs were 4% of what it allocated).
  const kept: Record<string, unknown> = {}
  const fields = order as unknown as Record<string, unknown>
  for (const field of Object.keys(fields)) if (!DROPPED.has(field)) kept[field] = fields[field]
  const stored: StoredOrder = { ID: order.ID, packed: deflateWithDictionary(JSON.stringify(kept)) }
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
