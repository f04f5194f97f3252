// Keeps `orders` in the compact layout (compact-order.ts) under every reader and writer: a
// Dexie middleware next to IndexedDB packs each order put or added and unpacks each one read
// (get, bulkGet, queries, cursors), so the rest of the app, the other middlewares and Dexie's
// live queries see whole orders and no caller can write the old layout by mistake.
import type { DBCore, DBCoreCursor, DBCoreTable, Middleware } from 'dexie'
import { packOrder, unpackOrder, type StoredOrder } from './compact-order'

/** Below every other middleware, Dexie's own included (their levels are -1 and up): they see whole orders. */
const LEVEL = -10

const unpackAll = (values: unknown[]) => values.map((value) => (value === undefined ? value : unpackOrder(value as StoredOrder)))

/**
 * The cursor with its value unpacked, once per step. Its key getters are IDBCursor's own, which
 * must be called on the cursor itself; its methods are Dexie's closures and inherit as they are.
 */
function unpackingCursor(cursor: DBCoreCursor): DBCoreCursor {
  let raw: unknown
  let unpacked: unknown
  return Object.create(cursor, {
    key: { get: () => cursor.key },
    primaryKey: { get: () => cursor.primaryKey },
    value: {
      get() {
        if (cursor.value !== raw) {
          raw = cursor.value
          unpacked = raw === undefined ? raw : unpackOrder(raw as StoredOrder)
        }
        return unpacked
      },
    },
  }) as DBCoreCursor
}

function compactOrdersTable(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate(req) {
      if (req.type === 'add' || req.type === 'put') return table.mutate({ ...req, values: req.values.map((order) => packOrder(order as StoredOrder)) })
      return table.mutate(req)
    },
    // Chained with then() on Dexie's own promises, not awaited: Dexie keeps its transaction
    // zone through its promises, and the hooks middleware above reads the zone when it writes.
    get: (req) => table.get(req).then((value: unknown) => (value === undefined ? value : unpackOrder(value as StoredOrder))),
    getMany: (req) => table.getMany(req).then(unpackAll),
    query: (req) => table.query(req).then((result) => (req.values ? { ...result, result: unpackAll(result.result) } : result)),
    openCursor: (req) => table.openCursor(req).then((cursor) => (cursor && req.values !== false ? unpackingCursor(cursor) : cursor)),
  }
}

export function compactOrdersMiddleware(): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'compactOrders',
    level: LEVEL,
    create(down) {
      return { ...down, table: (name) => (name === 'orders' ? compactOrdersTable(down.table(name)) : down.table(name)) }
    },
  }
}
