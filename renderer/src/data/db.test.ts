import { afterEach, describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import type { Order } from '@common/store-api/resources'
import { orderIndexRow, type OrderIndexRow } from './order-index/order-index-row'
import { CURRENT_SCHEMA_VERSION, ORDER_INDEX_ROWS, SCHEMA_VERSIONS, StoreDatabase, databaseName, deleteStoreDatabase, storeDatabase, storeKey } from './db'
import { COMPACT_ABOVE_BLOCKS, ORDER_INDEX_BLOCK_ROWS, type OrderIndexBlock, type OrderRowChanges } from './order-index/order-index-blocks'
import { freshDatabase, makeBlog, makeOrder } from './test-support'
import { DROPPED_ORDER_FIELDS, packOrder } from './order-store/compact-order'
import { customerRow } from './customers/customer-row'
import { CustomerIndex } from './customers/customer-index'

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
  // Rows as versions before 5 wrote them: a search text without names, phones or tracking,
  // which the upgrade must rebuild.
  const earlierRows = v1.orders.map((order): OrderIndexRow => {
    const row = orderIndexRow(order)
    row[1] = [order.number, order.billing_address.email].join('\u0000').toLowerCase()
    return row
  })
  const seeds: Record<number, Record<string, unknown[]>> = {
    1: v1,
    // Version 2's database wrote each order's index row beside it.
    2: { ...v1, [ORDER_INDEX_ROWS]: earlierRows },
    3: { ...v1, [ORDER_INDEX_ROWS]: earlierRows },
    // Version 4's wrote them as one block per write.
    4: { ...v1, orderIndexBlocks: [{ rows: earlierRows, deleted: [] }] },
    5: { ...v1, orderIndexBlocks: [{ rows: v1.orders.map(orderIndexRow), deleted: [] }] },
    6: { ...v1, orderIndexBlocks: [{ rows: v1.orders.map(orderIndexRow), deleted: [] }], binLocations: [{ sku: 'SD-001', bin: 'A-01' }] },
    8: { ...v1, orderIndexBlocks: [{ rows: v1.orders.map(orderIndexRow), deleted: [] }] },
  }
  // Later versions hold orders as 8 does, with the customers' row blocks from 10 and the
  // orders stored compact from 11.
  const blocks = { orderIndexBlocks: [{ rows: v1.orders.map(orderIndexRow), deleted: [] }] }
  const customerBlocks = { customerRowBlocks: [{ rows: v1.orders.map(customerRow), deleted: [] }] }
  if (seeds[version]) return seeds[version]
  if (version < 10) return { ...v1, ...blocks }
  if (version < 11) return { ...v1, ...blocks, ...customerBlocks }
  return { ...v1, ...blocks, ...customerBlocks, orders: v1.orders.map(packOrder) }
}

/**
 * The index rows the blocks leave, by order ID, read as a reader does: block by block in key
 * order, `after` a key when a reader has already read that far.
 */
async function indexRows(db: StoreDatabase, rows = new Map<number, OrderIndexRow>(), after?: number): Promise<Map<number, OrderIndexRow>> {
  const blocks = after === undefined ? await db.orderIndexBlocks.toArray() : await db.orderIndexBlocks.where(':id').above(after).toArray()
  for (const block of blocks) {
    for (const row of block.rows) rows.set(row[0], row)
    for (const id of block.deleted) rows.delete(id)
  }
  return rows
}

/** The orders as IndexedDB itself holds them, beneath every middleware. */
function storedRows(db: Dexie): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = db.backendDB().transaction('orders').objectStore('orders').getAll()
    request.onsuccess = () => resolve(request.result as unknown[])
    request.onerror = () => reject(request.error)
  })
}

/** An order as the cache gives it back: without the fields it does not keep. */
function withoutDropped(order: Order): Partial<Order> {
  const kept: Record<string, unknown> = { ...order }
  for (const field of DROPPED_ORDER_FIELDS) delete kept[field]
  return kept
}

/** The order indexes IndexedDB itself holds (not what Dexie was told). */
function orderIndexNames(db: Dexie): string[] {
  return [...db.backendDB().transaction('orders').objectStore('orders').indexNames].sort()
}

/** An empty cache as the app at `version` made it, open with that version's schema (no middleware). */
async function cacheOfVersion(version: number, id: string): Promise<Dexie> {
  const old = new Dexie(databaseName(id))
  for (const v of SCHEMA_VERSIONS.filter((s) => s.version <= version)) old.version(v.version).stores(v.stores)
  await old.open()
  return old
}

/** A cache written by `version` with seedFor(version)'s rows, then opened by today's StoreDatabase. */
async function upgradedFrom(version: number, name: string): Promise<{ db: StoreDatabase; seed: ReturnType<typeof seedFor> }> {
  const id = `${name}-${version}-${Date.now()}`
  const old = await cacheOfVersion(version, id)
  const seed = seedFor(version)
  for (const [table, rows] of Object.entries(seed)) {
    // Index rows are keyed out of line, by their order's ID.
    if (table === ORDER_INDEX_ROWS) await old.table(table).bulkAdd(rows, (rows as OrderIndexRow[]).map((row) => row[0]))
    else await old.table(table).bulkAdd(rows)
  }
  old.close()
  const db = new StoreDatabase(id)
  opened.push(db)
  await db.open()
  return { db, seed }
}

describe('schema versions', () => {
  it('are numbered in order and end at the current version', () => {
    expect(SCHEMA_VERSIONS.map((v) => v.version)).toEqual(SCHEMA_VERSIONS.map((_, i) => i + 1))
    expect(CURRENT_SCHEMA_VERSION).toBe(SCHEMA_VERSIONS.length)
  })

  for (const earlier of SCHEMA_VERSIONS) {
    it(`a cache written by version ${earlier.version} opens with the current schema and keeps its rows and unsent writes`, async () => {
      const { db, seed } = await upgradedFrom(earlier.version, 'upgrade-from')
      expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
      // Only the order indexes something reads are left (each costs every order write).
      expect(orderIndexNames(db)).toEqual(['number', 'post_date'])
      // Index rows of earlier versions moved into blocks (their table is gone).
      for (const [table, rows] of Object.entries(seed)) if (table !== ORDER_INDEX_ROWS) expect(await db.table(table).count()).toBe(rows.length)
      expect(db.backendDB().objectStoreNames.contains(ORDER_INDEX_ROWS)).toBe(false)
      // The current indexes answer over the upgraded rows.
      expect(await db.orders.where('post_date').above('').count()).toBe(seed.orders?.length ?? 0)
      expect((await db.outbox.where('lanes').equals('orders:1').toArray()).map((e) => e.label)).toEqual(seed.outbox ? ['Tracking X'] : [])
      // Every order is stored compact and reads back whole (less the fields nothing reads).
      const orders = [makeOrder(1, 1), makeOrder(2, 2)]
      expect(await storedRows(db)).toEqual(orders.map((o) => expect.objectContaining({ ID: o.ID, number: o.number, post_date: o.post_date, packed: expect.any(Uint8Array) })))
      expect(await db.orders.toArray()).toEqual(orders.map(withoutDropped))
      // Every cached order has its index row, whichever version wrote the order.
      expect([...(await indexRows(db)).values()]).toEqual(orders.map(orderIndexRow))
      await db.orders.put(makeOrder(9, 9))
      expect((await indexRows(db)).get(9)).toEqual(orderIndexRow(makeOrder(9, 9)))
    })
  }
})

describe('version 6: bin locations', () => {
  it('a version 5 cache upgrades keeping its orders, index and unsent writes, with an empty bin table the user can fill', async () => {
    const { db, seed } = await upgradedFrom(5, 'bins-from')
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
    expect((await db.orders.toArray()).map((o) => o.number)).toEqual(((seed.orders ?? []) as Order[]).map((o) => o.number))
    expect((await db.outbox.toArray()).map((e) => e.label)).toEqual(['Tracking X'])
    expect([...(await indexRows(db)).keys()]).toEqual([1, 2])
    expect(await db.binLocations.count()).toBe(0)
    await db.binLocations.bulkPut([{ sku: 'SD-001', bin: 'A-01' }, { sku: 'SD-002', bin: 'B-07' }])
    expect(await db.binLocations.get('SD-002')).toEqual({ sku: 'SD-002', bin: 'B-07' })
  })
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
    expect((await indexRows(db)).get(2)).toEqual(orderIndexRow(makeOrder(2, 2, { transaction_id: 'TX-Two' })))
    expect((await indexRows(db)).get(2)![1]).toContain('tx-two')
    // One block for the two orders written together.
    expect(await db.orderIndexBlocks.count()).toBe(1)

    await db.orders.update(1, { fulfillment_status: 'fulfilled' })
    expect((await indexRows(db)).get(1)![2]).toBe('fulfilled')
    expect(heard[1]!.rows.get(1)![2]).toBe('fulfilled')

    await db.orders.delete(2)
    expect([...(await indexRows(db)).keys()]).toEqual([1])
    expect(heard[2]!.rows).toEqual(new Map([[2, null]]))

    // A range of orders deleted by key: the orders it held, and only those.
    await db.orders.bulkPut([makeOrder(3, 3), makeOrder(4, 4), makeOrder(5, 5)])
    await db.orders.where(':id').between(3, 4, true, true).delete()
    expect([...(await indexRows(db)).keys()]).toEqual([1, 5])
    expect(heard[4]!.rows).toEqual(new Map([[3, null], [4, null]]))
    expect(heard[4]!.rangeDeleted).toBe(false)

    await db.orders.clear()
    expect(await db.orderIndexBlocks.count()).toBe(0)
    expect(heard[5]!.rangeDeleted).toBe(true)
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
    expect(await db.orderIndexBlocks.count()).toBe(0)
    expect(heard).toEqual([])
  })

  it('are told to the other windows of the app on the same database, made again from the orders', async () => {
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

  it('are compacted once blocks pile up, and a reader part-way through the old blocks still ends with the right rows', async () => {
    const db = freshDatabase()
    opened.push(db)
    await db.orders.bulkPut(Array.from({ length: 40 }, (_, i) => makeOrder(i + 1, i + 1)))
    // One small write after another, as an order desk's day leaves them: updates and deletions.
    for (let i = 1; i <= COMPACT_ABOVE_BLOCKS; i++) {
      if (i % 4 === 0) await db.orders.delete(20 + i / 4)
      else await db.orders.update((i % 20) + 1, { transaction_id: `TX-${i}` })
    }
    const before = await indexRows(db)
    const blocks = await db.orderIndexBlocks.toArray()
    expect(blocks).toHaveLength(COMPACT_ABOVE_BLOCKS + 1)
    // A reader (another window's index loading) has read part of the blocks when compaction runs.
    const partWay = new Map<number, OrderIndexRow>()
    for (const block of blocks.slice(0, 10)) {
      for (const row of block.rows) partWay.set(row[0], row)
      for (const id of block.deleted) partWay.delete(id)
    }

    expect(await db.compactOrderIndexBlocks()).toBe(true)
    expect(await db.orderIndexBlocks.count()).toBe(1)
    expect(await indexRows(db)).toEqual(before)
    expect(await indexRows(db, partWay, blocks[9]!.seq)).toEqual(before)
    expect([...before.values()]).toEqual((await db.orders.toArray()).map(orderIndexRow))
    // Nothing left to fold: it does not rewrite the block again.
    expect(await db.compactOrderIndexBlocks()).toBe(false)
    // Writes after compaction append after it, and win.
    await db.orders.update(1, { fulfillment_status: 'unfulfilled' })
    expect((await indexRows(db)).get(1)![2]).toBe('unfulfilled')
  })

  it('are compacted into blocks of a bounded size', async () => {
    const db = freshDatabase()
    opened.push(db)
    const total = ORDER_INDEX_BLOCK_ROWS + 10
    // Two writes of every order: half the stored rows are dead.
    for (let round = 0; round < 2; round++) await db.orders.bulkPut(Array.from({ length: total }, (_, i) => makeOrder(i + 1, i + 1)))
    expect(await db.compactOrderIndexBlocks()).toBe(true)
    const blocks: OrderIndexBlock[] = await db.orderIndexBlocks.toArray()
    expect(blocks.map((block) => block.rows.length)).toEqual([ORDER_INDEX_BLOCK_ROWS, 10])
    expect((await indexRows(db)).size).toBe(total)
    // 20,000 order writes, each packed (order-store/compact-order.ts): long on a busy machine.
  }, 60_000)
})

describe('version 7: the history of writes', () => {
  it('a version 6 cache upgrades keeping its unsent writes, with an empty history read by lane', async () => {
    const { db } = await upgradedFrom(6, 'history-from')
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
    expect((await db.outbox.toArray()).map((e) => e.label)).toEqual(['Tracking X'])
    expect(await db.writeHistory.count()).toBe(0)
    await db.writeHistory.add({ outboxId: 1, kind: 'orders.track', label: 'Tracking X', lanes: ['orders:1'], event: 'accepted', at: 1 })
    expect((await db.writeHistory.where('lanes').equals('orders:1').toArray()).map((e) => e.event)).toEqual(['accepted'])
    expect(await db.writeHistory.where('lanes').equals('orders:2').count()).toBe(0)
  })
})

describe('version 9: unconfirmed writes', () => {
  it('a version 8 cache upgrades: an uncertain write becomes unconfirmed, a create refused as "already taken" is checked again, the rest stay', async () => {
    const id = `unconfirmed-from-8-${Date.now()}`
    const old = await cacheOfVersion(8, id)
    const entry = (kind: string, state: string, extra: object) => ({ kind, write: { kind }, lanes: [], state, attempts: 1, nextAttemptAt: 0, createdAt: 1, label: kind, ...extra })
    const taken = { code: 'conflict', message: 'Another blog already uses the seo_slug "spring".', fields: { seo_slug: ['is already taken'] } }
    await old.table('outbox').bulkAdd([
      entry('orders.track', 'queued', { uncertain: true }),
      entry('orders.track', 'queued', {}),
      entry('blogs.create', 'failed', { uncertain: false, lastError: taken }),
      entry('blogs.update', 'failed', { lastError: taken }),
      entry('collections.create', 'failed', { lastError: { code: 'validation_failed', message: 'title: must not be empty' } }),
    ])
    old.close()
    const db = new StoreDatabase(id)
    opened.push(db)
    await db.open()
    const upgraded = await db.outbox.orderBy('id').toArray()
    expect(upgraded.map((e) => [e.kind, e.state])).toEqual([
      ['orders.track', 'unconfirmed'],
      ['orders.track', 'queued'],
      ['blogs.create', 'unconfirmed'],
      ['blogs.update', 'failed'],
      ['collections.create', 'failed'],
    ])
    expect(upgraded.some((e) => 'uncertain' in e)).toBe(false)
  })
})

describe('version 10: customers', () => {
  it('a version 8 cache upgrades with the customer rows of its orders, which the customer index groups', async () => {
    const { db } = await upgradedFrom(8, 'customers-from')
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
    expect((await db.customerRowBlocks.toArray()).flatMap((b) => b.rows)).toEqual([makeOrder(1, 1), makeOrder(2, 2)].map(customerRow))
    const index = new CustomerIndex(db, { snapshotDelayMs: 0, followIntervalMs: 0 })
    await index.settled()
    expect(index.orderIdsOf('email:ada@example.com')).toEqual([2, 1])
    index.drop()
    // Order meta field values are read by definition.
    await db.metaFieldValues.put({ resource: 'orders', resourceId: '1', meta_field_id: '7', name: 'Tags', namespace: 'storedesk', key: 'tags', description: '', type: 'text', rule: {}, pinned_position: false, status: 'enabled', value: 'fragile' })
    expect((await db.metaFieldValues.where('meta_field_id').equals('7').toArray()).map((v) => v.value)).toEqual(['fragile'])
  })
})

describe('version 11: compact orders', () => {
  it('a version 10 cache re-packs its orders and rebuilds the order and customer blocks once, which the customer index groups', async () => {
    const id = `compact-from-10-${Date.now()}`
    const old = await cacheOfVersion(10, id)
    const orders = [makeOrder(1, 1), makeOrder(2, 2), makeOrder(3, 3)]
    await old.table('orders').bulkAdd(orders)
    // Three writes left three blocks of each kind, and the customer index a snapshot.
    for (const order of orders) {
      await old.table('orderIndexBlocks').add({ rows: [orderIndexRow(order)], deleted: [] })
      await old.table('customerRowBlocks').add({ rows: [customerRow(order)], deleted: [] })
    }
    await old.table('customerSnapshots').bulkAdd([{ id: 'mark', seq: 1 }, { id: 'data', format: -1 }])
    old.close()
    const db = new StoreDatabase(id)
    opened.push(db)
    await db.open()
    expect(await storedRows(db)).toEqual(orders.map((o) => expect.objectContaining({ ID: o.ID, packed: expect.any(Uint8Array) })))
    expect((await db.orderIndexBlocks.toArray()).map((b) => b.rows)).toEqual([orders.map(orderIndexRow)])
    expect((await db.customerRowBlocks.toArray()).map((b) => b.rows)).toEqual([orders.map(customerRow)])
    expect(await db.customerSnapshots.count()).toBe(0)
    const index = new CustomerIndex(db, { snapshotDelayMs: 0, followIntervalMs: 0 })
    await index.settled()
    expect(index.orderIdsOf('email:ada@example.com')).toEqual([3, 2, 1])
    index.drop()
  })
})
