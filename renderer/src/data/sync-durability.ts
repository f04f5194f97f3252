// Which write transactions wait for the disk. The cache opens every transaction with strict
// durability (a committed outbox write has reached the disk before the UI says "queued"), and
// each strict commit costs IndexedDB's backend a flush: a first sync of 10,000 orders commits
// forty and more. A sync's writes (every readwrite transaction whose scope includes
// `syncState`, the sync's cursor) are relaxed instead: all they write is the store's copy,
// written again by the next sync, and a crash that loses the last of them loses its cursor with
// them (a transaction is still all or nothing). So a relaxed transaction may never write what
// exists only here: such a write throws rather than risk it.
import type { DBCore, DBCoreTransaction, Middleware } from 'dexie'

/** Tables whose rows exist only in this cache until sent or kept on purpose. */
export const LOCAL_ONLY_TABLES: ReadonlySet<string> = new Set(['outbox', 'blogDrafts', 'blogRevisions', 'conflicts', 'writeHistory', 'binLocations'])

/** The table whose presence in a write transaction's scope marks it as the sync's. */
const SYNC_STATE = 'syncState'

export function syncDurabilityMiddleware(): Middleware<DBCore> {
  const relaxed = new WeakSet<DBCoreTransaction>()
  return {
    stack: 'dbcore',
    name: 'syncDurability',
    create(down) {
      return {
        transaction(stores, mode, options) {
          if (mode !== 'readwrite' || !stores.includes(SYNC_STATE)) return down.transaction(stores, mode, options)
          const trans = down.transaction(stores, mode, { ...options, durability: 'relaxed' })
          relaxed.add(trans)
          return trans
        },
        table(name) {
          const table = down.table(name)
          if (!LOCAL_ONLY_TABLES.has(name)) return table
          return {
            ...table,
            mutate(req) {
              if (relaxed.has(req.trans)) return Promise.reject(new Error(`A sync transaction (relaxed durability) may not write ${name}: its rows exist only here.`))
              return table.mutate(req)
            },
          }
        },
      }
    },
  }
}
