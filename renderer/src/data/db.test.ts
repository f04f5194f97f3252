import { afterEach, describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import type { Order } from '@common/store-api/resources'
import { orderIndexRow, type OrderIndexRow } from '@/features/orders/order-index-row'
import { CURRENT_SCHEMA_VERSION, ORDER_INDEX_ROWS, SCHEMA_VERSIONS, StoreDatabase, databaseName, deleteStoreDatabase, storeDatabase, storeKey, type OrderRowChanges } from './db'
import { freshDatabase, makeBlog, makeOrder } from './test-support'

const opened: Dexie[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

/** Rows a database of `version` could hold, for the tables that version has. */
function seedFor(version: number): Record<string, unknown[]> {
  const v1 = {
    orders: [makeOrder(1, 1), makeOrder(2, 2)],
    blogs: [{ ...makeBlog(3), key: storeKey(3), storeId: 3, collectionKeys: [] }],
    outbox: [{ kind: 'orders.track', write: { kind: 'orders.track', orderId: 1, body: { trackno: 'X', sendemail: false } }, lanes: ['orders:1'], state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 1, label: 'Tracking X' }],
  }
  const seeds: Record<number, Record<string, unknown[]>> = {
    1: v1,
    // Version 2's database wrote each order's index row beside it.
    2: { ...v1, [ORDER_INDEX_ROWS]: v1.orders.map(orderIndexRow) },
  }
  return seeds[version] ?? {}
}

/** The order indexes IndexedDB itself holds (not what Dexie was told). */
function orderIndexNames(db: Dexie): string[] {
  return [...db.backendDB().transaction('orders').objectStore('orders').indexNames].sort()
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
      for (const [table, rows] of Object.entries(seed)) {
        // Index rows are keyed out of line, by their order's ID.
        if (table === ORDER_INDEX_ROWS) await old.table(table).bulkAdd(rows, (rows as OrderIndexRow[]).map((row) => row[0]))
        else await old.table(table).bulkAdd(rows)
      }
      old.close()

      const db = new StoreDatabase(id)
      opened.push(db)
      await db.open()
      expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
      // Only the order indexes something reads are left (each costs every order write).
      expect(orderIndexNames(db)).toEqual(['[fulfillment_status+post_date]', 'number', 'order_total', 'paid_date', 'post_date', 'post_modified'])
      for (const [table, rows] of Object.entries(seed)) expect(await db.table(table).count()).toBe(rows.length)
      // The current indexes answer over the upgraded rows.
      expect(await db.orders.where('[fulfillment_status+post_date]').between(['unfulfilled', Dexie.minKey], ['unfulfilled', Dexie.maxKey]).count()).toBe(seed.orders?.length ?? 0)
      expect((await db.outbox.where('lanes').equals('orders:1').toArray()).map((e) => e.label)).toEqual(seed.outbox ? ['Tracking X'] : [])
      // Every cached order has its index row, whichever version wrote the order.
      expect(await db.orderIndexRows.toArray()).toEqual(((seed.orders ?? []) as Order[]).map(orderIndexRow))
      await db.orders.put(makeOrder(9, 9))
      expect(await db.orderIndexRows.get(9)).toEqual(orderIndexRow(makeOrder(9, 9)))
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

describe('order index rows', () => {
  function recordChanges(db: StoreDatabase): OrderRowChanges[] {
    const heard: OrderRowChanges[] = []
    db.onOrderRowChanges((changes) => heard.push(changes))
    return heard
  }

  it('are written, updated and deleted with their orders, and told once the transaction commits', async () => {
    const db = freshDatabase()
    opened.push(db)
    const heard = recordChanges(db)
    await db.transaction('rw', db.orders, db.syncState, async () => {
      await db.orders.bulkPut([makeOrder(1, 1), makeOrder(2, 2, { transaction_id: 'TX-Two' })])
      await db.syncState.put({ resource: 'orders', lastSyncAt: 1, lastError: null, watermark: null, cursor: null, generation: 0, complete: true, storeTotal: 2 })
      expect(heard).toEqual([])
    })
    expect(heard).toHaveLength(1)
    expect([...heard[0]!.rows.keys()]).toEqual([1, 2])
    expect(await db.orderIndexRows.get(2)).toEqual(orderIndexRow(makeOrder(2, 2, { transaction_id: 'TX-Two' })))
    expect((await db.orderIndexRows.get(2))![1]).toContain('tx-two')

    await db.orders.update(1, { fulfillment_status: 'fulfilled' })
    expect((await db.orderIndexRows.get(1))![2]).toBe('fulfilled')
    expect(heard[1]!.rows.get(1)![2]).toBe('fulfilled')

    await db.orders.delete(2)
    expect(await db.orderIndexRows.get(2)).toBeUndefined()
    expect(heard[2]!.rows).toEqual(new Map([[2, null]]))

    await db.orders.clear()
    expect(await db.orderIndexRows.count()).toBe(0)
    expect(heard[3]!.rangeDeleted).toBe(true)
  })

  it('are neither written nor told when the transaction aborts', async () => {
    const db = freshDatabase()
    opened.push(db)
    const heard = recordChanges(db)
    await expect(
      db.transaction('rw', db.orders, async () => {
        await db.orders.put(makeOrder(1, 1))
        throw new Error('the sync was cancelled')
      }),
    ).rejects.toThrow('the sync was cancelled')
    expect(await db.orders.count()).toBe(0)
    expect(await db.orderIndexRows.count()).toBe(0)
    expect(heard).toEqual([])
  })

  it('are told to the other windows of the app on the same database, read back from the rows table', async () => {
    const here = freshDatabase()
    opened.push(here)
    const otherWindow = new StoreDatabase(here.connectionId)
    await here.orders.put(makeOrder(1, 1))
    const heard = new Promise<OrderRowChanges>((resolve) => {
      const stop = otherWindow.onOrderRowChanges((changes) => {
        stop()
        resolve(changes)
      })
    })
    await here.transaction('rw', here.orders, async () => {
      await here.orders.put(makeOrder(2, 2, { fulfillment_status: 'fulfilled' }))
      await here.orders.delete(1)
    })
    const changes = await heard
    expect(changes.rows).toEqual(new Map([[2, orderIndexRow(makeOrder(2, 2, { fulfillment_status: 'fulfilled' }))], [1, null]]))
    otherWindow.close()
  })
})
