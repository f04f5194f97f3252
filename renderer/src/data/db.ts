// The offline cache of one connected store: a Dexie database named `storedesk-<id>` (the id of
// the connection that created it; a later connection to the same shop adopts it, kept-stores.ts)
// holding every resource the screens read, the outbox of unsent writes, sync bookkeeping and
// conflicts. Schema versions are named constants with the date they shipped and one upgrade
// function each (db.test.ts seeds every earlier version and opens the current one).
//
// Keys of things the user can create offline (blogs, collections, meta field definitions) are
// stable local strings: `store:<id>` for a row first seen on the store, `local:<uuid>` for a
// row created here. A local row keeps its key for life and gets `storeId` once the store
// accepts it, so a screen's route never changes under the user.
//
// Every write to `orders` also writes the compact index rows of the orders it wrote, as one
// block (`orderIndexBlocks`) in the same transaction, through a Dexie middleware
// (order-index/order-index-blocks.ts): no writer can forget it, and the order list loads 100,000 rows of ~200 bytes instead of 100,000 orders of
// ~4 KB. One block per write rather than one record per order: IndexedDB's cost is mostly per
// record, and a page of 250 orders is one write. Blocks are read in order, a later one winning;
// `compactOrderIndexBlocks` folds them together once they pile up. Once such a transaction
// commits, `onOrderRowChanges` listeners hear what it changed, in this window and (through a
// BroadcastChannel) in the app's other windows on the same database. The same middleware
// writes a block of customer rows beside it (`customerRowBlocks`, customers/customer-row.ts),
// which the Customers screen's index folds into its snapshot.
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie'
import type { Order } from '@common/store-api/resources'
import { orderIndexRow, type OrderIndexRow } from './order-index/order-index-row'
import {
  blocksOf,
  ORDER_INDEX_BLOCKS,
  orderIndexBlocksMiddleware,
  orderIndexBlocksNeedCompaction,
  type OrderIndexBlock,
  type OrderRowChanges,
  type OrderRowListener,
} from './order-index/order-index-blocks'
import { CUSTOMER_ROW_BLOCKS, CUSTOMER_SNAPSHOTS, customerRow, type CustomerRow } from './customers/customer-row'
import { databaseIdOf, forgetConnection, rememberDatabase } from './kept-stores'
import { compactOrdersMiddleware } from './order-store/compact-orders-middleware'
import { syncDurabilityMiddleware } from './sync-durability'
import type { BinLocation, BlogDraft, BlogRevision, CachedBlog, CachedCheckout, CachedCollection, CachedMetaField, CachedMetaFieldValue, CachedOrder, ConflictRecord, Counter, CustomerSnapshotRecord, OutboxEntry, SyncState, WriteEvent } from './records'

export * from './row-key'
export * from './records'

// ---------------------------------------------------------------- schema versions

/** 2026-11-22: first release of the cache. */
export const SCHEMA_V1 = {
  orders:
    'ID, number, post_date, post_modified, post_modified_gmt, paid_date, order_total, financial_status, fulfillment_status, post_status, billing_address.email, ' +
    '[fulfillment_status+post_date], [financial_status+post_date], [post_status+post_date], [fulfillment_status+post_modified]',
  checkouts: 'ID, number, post_date, post_modified, recall_status, country_or_region, customer_email',
  counters: 'name',
  blogs: 'key, &storeId, title, status, created_at, updated_at, visible_at, *collectionKeys, seen',
  collections: 'key, &storeId, title, updated_at, seen',
  metaFieldDefinitions: 'key, &storeId, resource_type, pinned_position, seen',
  metaFieldValues: '[resource+resourceId+meta_field_id], [resource+resourceId]',
  blogDrafts: 'key, savedAt',
  blogRevisions: '++id, key, [key+createdAt]',
  outbox: '++id, state, *lanes, kind',
  syncState: 'resource',
  conflicts: 'id',
} as const

export interface SchemaVersion {
  version: number
  stores: Record<string, string | null>
  /** Moves the rows of the previous version to this one (none where no row changes: v1, v3, v6, v7, v8). Runs before the tables a version drops are deleted. */
  upgrade?: (tx: Transaction) => Promise<void>
}

/** The table of compact order index rows (order-index/order-index-row.ts), keyed out of line by the order's ID (until v4). */
export const ORDER_INDEX_ROWS = 'orderIndexRows'

/**
 * 2026-11-22: one compact index row per cached order (the order list's in-memory index loads
 * these). No secondary indexes: the rows are only ever read whole, in key order.
 */
export const SCHEMA_V2 = { [ORDER_INDEX_ROWS]: '' } as const

/** Writes the index row of every order a version 1 cache already holds. */
async function addOrderIndexRows(tx: Transaction): Promise<void> {
  const rows: OrderIndexRow[] = []
  await tx.table('orders').each((order: Order) => void rows.push(orderIndexRow(order)))
  await tx.table(ORDER_INDEX_ROWS).bulkPut(rows, rows.map((row) => row[0]))
}

/**
 * 2026-11-23: the order indexes something reads, and no others. Each index is written with
 * every order (the first sync writes 10,000 and more), and the order list filters and searches
 * in its own index (order-index.ts) instead. Still read: `number` (bulk tracking finds orders
 * by number), `post_date`, `post_modified`, `paid_date`, `order_total` (the list's first window
 * before its index has loaded, order-index.ts firstWindowFromCache; the dashboard's paid days)
 * and `[fulfillment_status+post_date]` (the scanner's queue, the dashboard's backlog).
 * IndexedDB drops the others itself: no rows move.
 */
export const SCHEMA_V3 = {
  orders: 'ID, number, post_date, post_modified, paid_date, order_total, [fulfillment_status+post_date]',
} as const

/**
 * 2026-11-23: index rows in blocks, one per write instead of one per order (the first sync of
 * 10,000 orders wrote 20,000 records; it now writes 10,040). The rows move into blocks.
 */
export const SCHEMA_V4 = { [ORDER_INDEX_ROWS]: null, [ORDER_INDEX_BLOCKS]: '++seq' } as const

async function moveOrderIndexRowsIntoBlocks(tx: Transaction): Promise<void> {
  const rows: OrderIndexRow[] = await tx.table(ORDER_INDEX_ROWS).toArray()
  if (rows.length > 0) await tx.table(ORDER_INDEX_BLOCKS).bulkAdd(blocksOf(rows))
}

/**
 * 2026-11-24: index rows whose search text also holds customer names (both word orders), phone
 * digits and the tracking number, folded (no accents, no apostrophes) and the number written
 * `#1057` (order-index/order-search.ts). No table changes; the rows are rebuilt from the cached orders.
 */
export const SCHEMA_V5 = {} as const

/** Replaces every index block with blocks of the current rows of the cached orders. */
async function rebuildOrderIndexBlocks(tx: Transaction): Promise<void> {
  const rows: OrderIndexRow[] = []
  await tx.table('orders').each((order: Order) => void rows.push(orderIndexRow(order)))
  await tx.table(ORDER_INDEX_BLOCKS).clear()
  if (rows.length > 0) await tx.table(ORDER_INDEX_BLOCKS).bulkAdd(blocksOf(rows))
}

/**
 * 2026-11-25: the user's SKU-to-bin table (`binLocations`, keyed by SKU), kept per store beside
 * the orders it sorts the pick list of. A new table only: no rows move.
 */
export const SCHEMA_V6 = { binLocations: 'sku' } as const

/**
 * 2026-11-25: the history of writes made from this app (`writeHistory`, write-history.ts),
 * indexed by lane so the order page reads one order's events. A new table only: no rows move
 * (writes already queued get their events from their next step on).
 */
export const SCHEMA_V7 = { writeHistory: '++id, *lanes' } as const

/**
 * 2026-11-25: two order indexes instead of six. IndexedDB writes every index with every order,
 * and the first sync writes 10,000 and more: with six, a raw write of 10,000 orders took about a
 * third more CPU than with two, for indexes only rare paths read. Still read: `number` (bulk tracking and the scanner find orders by
 * number) and `post_date` (the list's first window, newest first, before its index has loaded).
 * The dashboard reads the order list's index (the paid day, total and states of every order)
 * instead of `paid_date` and `[fulfillment_status+post_date]`; a list sorted by anything but
 * the order date waits for that index. IndexedDB drops the others itself: no rows move.
 */
export const SCHEMA_V8 = { orders: 'ID, number, post_date' } as const

/**
 * 2026-11-26: a write whose outcome is unknown has its own state, `unconfirmed`, instead of
 * `queued` with an `uncertain` flag (the flag goes; a write left `sending` becomes unconfirmed
 * on the next replay). A create the store refused with 409 ("is already taken") is made
 * unconfirmed too: until now a create whose answer was lost could be sent again and refused
 * because its own first attempt had taken the slug; unconfirmed, it is looked up by that slug
 * and adopted (or sent again and refused again, when the slug is someone else's). No table changes.
 */
export const SCHEMA_V9 = {} as const

/** The kinds that made rows when v9 came: the migration keeps to them, whatever kinds come later. */
const V9_CREATE_KINDS: readonly string[] = ['blogs.create', 'collections.create', 'metaFields.create']

async function makeUnknownOutcomesUnconfirmed(tx: Transaction): Promise<void> {
  await tx.table('outbox').toCollection().modify((entry: OutboxEntry & { uncertain?: boolean }) => {
    const refusedAsTaken = entry.state === 'failed' && V9_CREATE_KINDS.includes(entry.kind) && entry.lastError?.code === 'conflict'
    if ((entry.state === 'queued' && entry.uncertain) || refusedAsTaken) entry.state = 'unconfirmed'
    delete entry.uncertain
  })
}

/**
 * 2026-11-26: the customers (issue 31). `customerRowBlocks`: the compact customer row
 * (customers/customer-row.ts) of every order each write to orders wrote, one block per write,
 * kept by the same middleware as the order index's blocks; `customerSnapshots`: the customer
 * index's snapshot of itself and its mark (customers/customer-index.ts), emptied with the
 * blocks. `metaFieldValues` gets an index on `meta_field_id`: the order tags' index reads every
 * order's value of one definition (order-meta/). The upgrade writes the rows of the orders
 * already cached.
 */
export const SCHEMA_V10 = {
  [CUSTOMER_ROW_BLOCKS]: '++seq',
  [CUSTOMER_SNAPSHOTS]: 'id',
  metaFieldValues: '[resource+resourceId+meta_field_id], [resource+resourceId], meta_field_id',
} as const

async function addCustomerRowBlocks(tx: Transaction): Promise<void> {
  const rows: CustomerRow[] = []
  await tx.table('orders').each((order: Order) => void rows.push(customerRow(order)))
  if (rows.length > 0) await tx.table(CUSTOMER_ROW_BLOCKS).bulkAdd(blocksOf(rows))
}

/**
 * 2026-11-26: orders in the compact layout (order-store/compact-order.ts): the indexed keys and
 * local marks plain, the rest of the order, less the fields nothing reads, as deflated JSON in
 * one column (~0.6 KB an order instead of ~4.3 KB). Every order is re-packed from the cache
 * itself (no network), and the order index's and the customers' blocks are rebuilt from them in
 * one go instead of growing by a block per re-packed chunk (the customer snapshot goes with its
 * blocks and is rebuilt on the next load). No table or index changes.
 */
export const SCHEMA_V11 = {} as const

/** Orders re-packed per request while upgrading: a bounded share of a large cache in memory at once. */
const REPACK_CHUNK = 1000

async function packCachedOrders(tx: Transaction): Promise<void> {
  const orders = tx.table('orders')
  const rows: OrderIndexRow[] = []
  const customerRows: CustomerRow[] = []
  for (let after = -Infinity; ; ) {
    const chunk: Order[] = await orders.where(':id').above(after).limit(REPACK_CHUNK).toArray()
    if (chunk.length === 0) break
    // Read through the compact middleware (an old row passes as it is), written back packed.
    await orders.bulkPut(chunk)
    for (const order of chunk) {
      rows.push(orderIndexRow(order))
      customerRows.push(customerRow(order))
    }
    after = chunk[chunk.length - 1]!.ID
  }
  for (const table of [ORDER_INDEX_BLOCKS, CUSTOMER_ROW_BLOCKS, CUSTOMER_SNAPSHOTS]) await tx.table(table).clear()
  if (rows.length > 0) await tx.table(ORDER_INDEX_BLOCKS).bulkAdd(blocksOf(rows))
  if (customerRows.length > 0) await tx.table(CUSTOMER_ROW_BLOCKS).bulkAdd(blocksOf(customerRows))
}

/**
 * Every schema the cache has had, oldest first. A new version adds an entry with its date, its
 * stores (changed tables only) and its upgrade; db.test.ts opens a database of every earlier
 * version with the current code.
 */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  { version: 1, stores: SCHEMA_V1 },
  { version: 2, stores: SCHEMA_V2, upgrade: addOrderIndexRows },
  { version: 3, stores: SCHEMA_V3 },
  { version: 4, stores: SCHEMA_V4, upgrade: moveOrderIndexRowsIntoBlocks },
  { version: 5, stores: SCHEMA_V5, upgrade: rebuildOrderIndexBlocks },
  { version: 6, stores: SCHEMA_V6 },
  { version: 7, stores: SCHEMA_V7 },
  { version: 8, stores: SCHEMA_V8 },
  { version: 9, stores: SCHEMA_V9, upgrade: makeUnknownOutcomesUnconfirmed },
  { version: 10, stores: SCHEMA_V10, upgrade: addCustomerRowBlocks },
  { version: 11, stores: SCHEMA_V11, upgrade: packCachedOrders },
]

export const CURRENT_SCHEMA_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]!.version

export function databaseName(connectionId: string): string {
  return `storedesk-${connectionId}`
}

// ---------------------------------------------------------------- order index rows

const ORDER_ROWS_CHANNEL = 'storedesk-order-rows'

/** What one window tells the others after a commit: which orders changed (they read the rows themselves). */
interface OrderRowsMessage {
  database: string
  ids: number[]
  rangeDeleted: boolean
}

export class StoreDatabase extends Dexie {
  orders!: EntityTable<CachedOrder, 'ID'>
  checkouts!: EntityTable<CachedCheckout, 'ID'>
  counters!: Table<Counter, Counter['name']>
  blogs!: EntityTable<CachedBlog, 'key'>
  collections!: EntityTable<CachedCollection, 'key'>
  metaFieldDefinitions!: EntityTable<CachedMetaField, 'key'>
  metaFieldValues!: Table<CachedMetaFieldValue, [string, string, string]>
  blogDrafts!: EntityTable<BlogDraft, 'key'>
  blogRevisions!: EntityTable<BlogRevision, 'id'>
  outbox!: EntityTable<OutboxEntry, 'id'>
  syncState!: EntityTable<SyncState, 'resource'>
  conflicts!: EntityTable<ConflictRecord, 'id'>
  binLocations!: EntityTable<BinLocation, 'sku'>
  writeHistory!: EntityTable<WriteEvent, 'id'>

  orderIndexBlocks!: Table<OrderIndexBlock, number>
  customerRowBlocks!: Table<OrderIndexBlock<CustomerRow>, number>
  customerSnapshots!: Table<CustomerSnapshotRecord, string>

  /** The connection it serves (its API calls go there); the database may be named after an earlier one. */
  readonly connectionId: string
  private readonly orderRowListeners = new Set<OrderRowListener>()
  /** Tells (and hears from) other windows of the app on the same database: their writes change rows here too. */
  private openOrderRowsChannel: BroadcastChannel | null = null

  constructor(connectionId: string, databaseId: string = connectionId) {
    // Strict durability: a committed outbox write has reached the disk before the UI says
    // "queued". The sync's own writes are relaxed (sync-durability.ts).
    super(databaseName(databaseId), { chromeTransactionDurability: 'strict' })
    this.connectionId = connectionId
    for (const { version, stores, upgrade } of SCHEMA_VERSIONS) {
      const declared = this.version(version).stores(stores)
      if (upgrade) declared.upgrade(upgrade)
    }
    this.use(syncDurabilityMiddleware())
    this.use(compactOrdersMiddleware())
    this.use(
      orderIndexBlocksMiddleware((changes) => {
        this.tellOrderRowListeners(changes)
        const message: OrderRowsMessage = { database: this.name, ids: [...changes.rows.keys()], rangeDeleted: changes.rangeDeleted }
        this.orderRowsChannel()?.postMessage(message)
      }, [{ table: CUSTOMER_ROW_BLOCKS, rowOf: customerRow, clearedWith: [CUSTOMER_SNAPSHOTS] }]),
    )
    this.on('close', () => {
      this.openOrderRowsChannel?.close()
      this.openOrderRowsChannel = null
    })
  }

  /**
   * Calls `listener` after each committed transaction that changed orders, in this window or
   * (read back from the rows table) in another window of the app; returns the unsubscribe.
   */
  onOrderRowChanges(listener: OrderRowListener): () => void {
    this.orderRowListeners.add(listener)
    this.orderRowsChannel()
    return () => this.orderRowListeners.delete(listener)
  }

  /** The channel to the app's other windows, opened on first use (none where BroadcastChannel is missing). */
  private orderRowsChannel(): BroadcastChannel | null {
    if (!this.openOrderRowsChannel && typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(ORDER_ROWS_CHANNEL)
      channel.onmessage = (event: MessageEvent<OrderRowsMessage>) =>
        this.heardOrderRows(event.data).catch((error: unknown) => {
          // A database closed since (disconnect) has nobody left to tell.
          if (!(error instanceof Error && error.name === 'DatabaseClosedError')) console.error('Order rows changed in another window could not be read:', error)
        })
      this.openOrderRowsChannel = channel
    }
    return this.openOrderRowsChannel
  }

  private tellOrderRowListeners(changes: OrderRowChanges) {
    for (const listener of this.orderRowListeners) listener(changes)
  }

  private async heardOrderRows(message: OrderRowsMessage) {
    if (message.database !== this.name || this.orderRowListeners.size === 0) return
    if (message.rangeDeleted) {
      this.tellOrderRowListeners({ rows: new Map(), rangeDeleted: true })
      return
    }
    // The orders as they are now (a later commit may have changed them again: it is told next).
    const orders = await this.orders.bulkGet(message.ids)
    this.tellOrderRowListeners({ rows: new Map(message.ids.map((id, i) => [id, orders[i] ? orderIndexRow(orders[i]) : null])), rangeDeleted: false })
  }

  /**
   * Folds the index blocks into as few as hold the live rows, in one transaction, when they
   * have piled up (orderIndexBlocksNeedCompaction); answers whether it did. A reader part-way
   * through the blocks (another window loading its index) must still end with the right rows,
   * so the new blocks take keys after the second-to-last old one and up to the last: a reader
   * that has not read the last old block reads all of them. They keep the deletions of orders
   * an old block wrote, which that reader may have read. (The next compaction lets those go: a
   * reader overtaken by two compactions during one load may keep a deleted order's row until
   * its next load: the list finds no such order in the cache for that slot, and counts one too
   * many. Two compactions need over 128 writes by other windows during one load.)
   */
  async compactOrderIndexBlocks(): Promise<boolean> {
    return this.transaction('rw', this.orderIndexBlocks, async () => {
      const blocks = await this.orderIndexBlocks.toArray()
      const live = new Map<number, OrderIndexRow>()
      const written = new Set<number>()
      let stored = 0
      for (const block of blocks) {
        stored += block.rows.length
        for (const row of block.rows) {
          live.set(row[0], row)
          written.add(row[0])
        }
        for (const id of block.deleted) live.delete(id)
      }
      if (!orderIndexBlocksNeedCompaction(blocks.length, stored, live.size)) return false
      const deleted = [...written].filter((id) => !live.has(id))
      const compacted = blocksOf([...live.values()], deleted)
      const after = blocks[blocks.length - 2]!.seq!
      const last = blocks[blocks.length - 1]!.seq!
      compacted.forEach((block, i) => (block.seq = i === compacted.length - 1 ? last : after + ((last - after) * (i + 1)) / compacted.length))
      await this.orderIndexBlocks.bulkDelete(blocks.map((block) => block.seq!))
      await this.orderIndexBlocks.bulkPut(compacted)
      return true
    })
  }
}

const open = new Map<string, StoreDatabase>()

/** The (shared) database of a connection; opened lazily by Dexie on first use. */
export function storeDatabase(connectionId: string): StoreDatabase {
  let db = open.get(connectionId)
  if (!db) {
    rememberDatabase(connectionId)
    db = new StoreDatabase(connectionId, databaseIdOf(connectionId))
    open.set(connectionId, db)
  }
  return db
}

/** Closes a (disconnected) connection's database without deleting it, and forgets the connection. */
export function closeStoreDatabase(connectionId: string): void {
  open.get(connectionId)?.close()
  open.delete(connectionId)
  forgetConnection(connectionId)
}

/** Deletes a connection's whole cache, outbox, drafts and revisions included. */
export async function deleteStoreDatabase(connectionId: string): Promise<void> {
  const db = open.get(connectionId)
  const databaseId = databaseIdOf(connectionId)
  open.delete(connectionId)
  forgetConnection(connectionId)
  if (db) await db.delete()
  else await Dexie.delete(databaseName(databaseId))
}

