import { afterEach, describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { CURRENT_SCHEMA_VERSION, SCHEMA_VERSIONS, StoreDatabase, databaseName, deleteStoreDatabase, storeDatabase, storeKey } from './db'
import { makeBlog, makeOrder } from './test-support'

const opened: Dexie[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

/** Rows a database of `version` could hold, for the tables that version has. */
function seedFor(version: number): Record<string, unknown[]> {
  const seeds: Record<number, Record<string, unknown[]>> = {
    1: {
      orders: [makeOrder(1, 1), makeOrder(2, 2)],
      blogs: [{ ...makeBlog(3), key: storeKey(3), storeId: 3, collectionKeys: [] }],
      outbox: [{ kind: 'orders.track', write: { kind: 'orders.track', orderId: 1, body: { trackno: 'X', sendemail: false } }, lanes: ['orders:1'], state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 1, label: 'Tracking X' }],
    },
  }
  return seeds[version] ?? {}
}

describe('schema versions', () => {
  it('are numbered in order and end at the current version', () => {
    expect(SCHEMA_VERSIONS.map((v) => v.version)).toEqual(SCHEMA_VERSIONS.map((_, i) => i + 1))
    expect(CURRENT_SCHEMA_VERSION).toBe(SCHEMA_VERSIONS.length)
  })

  for (const earlier of SCHEMA_VERSIONS) {
    it(`a cache written by version ${earlier.version} opens with the current schema and keeps its rows and unsent writes`, async () => {
      const id = `upgrade-from-${earlier.version}-${Date.now()}`
      const old = new Dexie(databaseName(id))
      for (const v of SCHEMA_VERSIONS.filter((s) => s.version <= earlier.version)) old.version(v.version).stores(v.stores)
      const seed = seedFor(earlier.version)
      await old.open()
      for (const [table, rows] of Object.entries(seed)) await old.table(table).bulkAdd(rows)
      old.close()

      const db = new StoreDatabase(id)
      opened.push(db)
      await db.open()
      expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
      for (const [table, rows] of Object.entries(seed)) expect(await db.table(table).count()).toBe(rows.length)
      // The current indexes answer over the upgraded rows.
      expect(await db.orders.where('[fulfillment_status+post_date]').between(['unfulfilled', Dexie.minKey], ['unfulfilled', Dexie.maxKey]).count()).toBe(seed.orders?.length ?? 0)
      expect((await db.outbox.where('lanes').equals('orders:1').toArray()).map((e) => e.label)).toEqual(seed.outbox ? ['Tracking X'] : [])
    })
  }
})

describe('one database per store', () => {
  it('is shared per connection and deleted whole on disconnect', async () => {
    const id = `disconnect-${Date.now()}`
    const db = storeDatabase(id)
    expect(storeDatabase(id)).toBe(db)
    await db.orders.put(makeOrder(1, 1))
    await deleteStoreDatabase(id)
    expect(await Dexie.exists(databaseName(id))).toBe(false)
    const fresh = storeDatabase(id)
    opened.push(fresh)
    expect(await fresh.orders.count()).toBe(0)
  })
})
