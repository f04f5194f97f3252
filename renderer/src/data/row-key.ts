// Row keys of the things a user can create offline (posts, collections, meta field definitions):
// `store:<id>` for a row first seen on the store, `local:<uuid>` for one created here, kept for
// life. Pure, so the write contract (writes/contract.ts) and the row types (records.ts) name keys
// without importing the database.

/** `store:<id>` or `local:<uuid>`. */
export type RowKey = string

/** The key of a row first seen on the store. */
export function storeKey(id: number): RowKey {
  return `store:${id}`
}

/** The key of a row created here, for life. */
export function newLocalKey(): RowKey {
  return `local:${crypto.randomUUID()}`
}

/** The store id a key names directly (`store:<id>`), or null for a local key. */
export function storeIdOfKey(key: RowKey): number | null {
  const match = /^store:(\d+)$/.exec(key)
  return match ? Number(match[1]) : null
}
