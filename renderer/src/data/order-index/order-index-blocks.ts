// The order index's blocks: the compact rows (order-index-row.ts) of each write to `orders`,
// kept in step with `orders` by a Dexie middleware inside the writing transaction (one block
// per write, so no writer can forget it), and told to listeners once that transaction commits.
// The same middleware keeps other tables of blocks derived from orders (DerivedOrderBlocks: the
// customers' rows) in the same way.
// Blocks are read in order, a later one winning; compaction folds them together once they pile
// up (StoreDatabase.compactOrderIndexBlocks, data/db.ts, which also names the schema versions).
import type { DBCore, DBCoreTransaction, Middleware } from 'dexie'
import type { Order } from '@common/store-api/resources'
import { orderIndexRow, type OrderIndexRow } from './order-index-row'

/** The table of index row blocks (one per write to `orders`), keyed by `seq` in write order. */
export const ORDER_INDEX_BLOCKS = 'orderIndexBlocks'

/** What one write to `orders` left in the index: the rows it wrote, then the IDs it deleted. */
export interface OrderIndexBlock<R = OrderIndexRow> {
  /** Auto-incremented on write; a compacted block takes a key between its predecessors' (see compactOrderIndexBlocks). */
  seq?: number
  rows: R[]
  deleted: number[]
}

/** Rows per block that compaction (and the v4 upgrade) writes: one read of about 1 MB. */
export const ORDER_INDEX_BLOCK_ROWS = 5000

/** Splits rows into blocks of ORDER_INDEX_BLOCK_ROWS (at least one block, so deletions have a place). */
export function blocksOf<R = OrderIndexRow>(rows: R[], deleted: number[] = []): OrderIndexBlock<R>[] {
  const blocks: OrderIndexBlock<R>[] = [{ rows: rows.slice(0, ORDER_INDEX_BLOCK_ROWS), deleted }]
  for (let i = ORDER_INDEX_BLOCK_ROWS; i < rows.length; i += ORDER_INDEX_BLOCK_ROWS) blocks.push({ rows: rows.slice(i, i + ORDER_INDEX_BLOCK_ROWS), deleted: [] })
  return blocks
}

/** What one committed transaction changed in `orders`, as index rows. */
export interface OrderRowChanges {
  /** Per order ID written or deleted, its row as the transaction left it (null: deleted). */
  rows: Map<number, OrderIndexRow | null>
  /** Whether a range of orders was deleted (`clear()`): a reader reloads every row. */
  rangeDeleted: boolean
}

export type OrderRowListener = (changes: OrderRowChanges) => void

/** Dexie's range for every key (what `clear()` deletes): DBCoreRangeType.Any. */
const ANY_RANGE_TYPE = 3

/**
 * Another table of blocks kept beside `orders` as the index's are (one block per write to
 * orders, in the same transaction): each row made from an order by `rowOf`, whose first
 * element is the order's ID. The customers' rows (data/customers/customer-row.ts) are one.
 */
export interface DerivedOrderBlocks {
  table: string
  rowOf(order: Order): [number, ...unknown[]]
  /** Tables emptied with the blocks when every order goes (`clear()`): what was built from them. */
  clearedWith?: readonly string[]
}

/**
 * Keeps `orderIndexBlocks` (and each of `derived`) in step with `orders` inside each writing
 * transaction (one block per write), and tells `committed` what changed once the transaction
 * has committed (never for one that aborted).
 */
export function orderIndexBlocksMiddleware(committed: OrderRowListener, derived: readonly DerivedOrderBlocks[] = []): Middleware<DBCore> {
  const pending = new WeakMap<DBCoreTransaction, OrderRowChanges>()
  const changesOf = (trans: DBCoreTransaction): OrderRowChanges => {
    let changes = pending.get(trans)
    if (!changes) {
      const created: OrderRowChanges = { rows: new Map(), rangeDeleted: false }
      changes = created
      pending.set(trans, created)
      // The DBCore transaction of an IndexedDB backend is the IDBTransaction itself.
      ;(trans as unknown as IDBTransaction).addEventListener('complete', () => committed(created))
    }
    return changes
  }
  const tables: DerivedOrderBlocks[] = [{ table: ORDER_INDEX_BLOCKS, rowOf: orderIndexRow }, ...derived]
  return {
    stack: 'dbcore',
    name: 'orderIndexBlocks',
    create(down) {
      // While an older schema version's upgrade runs, a blocks table may not exist yet (the
      // version that adds it fills it itself).
      const exists = (name: string) => down.schema.tables.some((t) => t.name === name)
      const written = () => tables.filter((t) => exists(t.table))
      return {
        transaction(stores, mode, options) {
          // A transaction that may write orders must be able to write their blocks too.
          const needed = mode === 'readwrite' && stores.includes('orders') ? written().flatMap((t) => [t.table, ...(t.clearedWith ?? []).filter(exists)]) : []
          const widened = needed.some((name) => !stores.includes(name)) ? [...new Set([...stores, ...needed])] : stores
          return down.transaction(widened, mode, options)
        },
        table(name) {
          const table = down.table(name)
          const blockTables = written()
          if (name !== 'orders' || blockTables.length === 0) return table
          const addBlocks = (trans: DBCoreTransaction, block: (t: DerivedOrderBlocks) => OrderIndexBlock<unknown>) =>
            Promise.all(blockTables.map((t) => down.table(t.table).mutate({ type: 'add', trans, values: [block(t)] })))
          return {
            ...table,
            async mutate(req) {
              if (req.type === 'deleteRange' && req.range.type !== ANY_RANGE_TYPE) {
                // Part of the orders: which ones, read before they go, become the blocks' deletions.
                const { result: ids } = await table.query({ trans: req.trans, values: false, query: { index: table.schema.primaryKey, range: req.range } })
                const result = await table.mutate(req)
                if (ids.length > 0) {
                  await addBlocks(req.trans, () => ({ rows: [], deleted: ids as number[] }))
                  const changes = changesOf(req.trans)
                  for (const id of ids as number[]) changes.rows.set(id, null)
                }
                return result
              }
              const result = await table.mutate(req)
              const changes = changesOf(req.trans)
              switch (req.type) {
                case 'add':
                case 'put': {
                  const orders = req.values.filter((_, i) => !result.failures[i]) as Order[]
                  if (orders.length === 0) break
                  const rows = orders.map(orderIndexRow)
                  await addBlocks(req.trans, (t) => ({ rows: t.table === ORDER_INDEX_BLOCKS ? rows : orders.map((order) => t.rowOf(order)), deleted: [] }))
                  for (const row of rows) changes.rows.set(row[0], row)
                  break
                }
                case 'delete':
                  await addBlocks(req.trans, () => ({ rows: [], deleted: req.keys as number[] }))
                  for (const id of req.keys as number[]) changes.rows.set(id, null)
                  break
                case 'deleteRange':
                  // Every order went (clear()): so does every block, and what was built from them.
                  for (const t of blockTables) {
                    for (const cleared of [t.table, ...(t.clearedWith ?? []).filter(exists)]) await down.table(cleared).mutate({ type: 'deleteRange', trans: req.trans, range: req.range })
                  }
                  changes.rangeDeleted = true
                  break
              }
              return result
            },
          }
        },
      }
    },
  }
}

/** Blocks kept before compaction folds them together, and how many dead rows it tolerates beside the live ones. */
export const COMPACT_ABOVE_BLOCKS = 64
const COMPACT_ABOVE_DEAD_SHARE = 0.5

/** Whether blocks holding `stored` rows for `live` orders are worth compacting. */
export function orderIndexBlocksNeedCompaction(blocks: number, stored: number, live: number): boolean {
  return blocks > COMPACT_ABOVE_BLOCKS || (blocks > 1 && stored - live > Math.max(ORDER_INDEX_BLOCK_ROWS, live * COMPACT_ABOVE_DEAD_SHARE))
}
