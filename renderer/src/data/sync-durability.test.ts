import { afterEach, describe, expect, it, vi } from 'vitest'
import { freshDatabase, makeOrder } from './test-support'
import type { StoreDatabase } from './db'
import { LOCAL_ONLY_TABLES } from './sync-durability'

const opened: StoreDatabase[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const db of opened.splice(0)) await db.delete()
})

async function openDatabase(): Promise<StoreDatabase> {
  const db = freshDatabase()
  opened.push(db)
  await db.open()
  return db
}

/** Records the durability each IndexedDB transaction is opened with, by its scope (before the database opens: Dexie binds `transaction` then). */
function recordDurability(): { scope: string[]; mode: string; durability: string | undefined }[] {
  const seen: { scope: string[]; mode: string; durability: string | undefined }[] = []
  const open = IDBDatabase.prototype.transaction
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, scope: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) {
    seen.push({ scope: [scope].flat().sort(), mode: mode ?? 'readonly', durability: options?.durability })
    return open.call(this, scope, mode, options)
  } as never)
  return seen
}

describe('sync durability', () => {
  it('relaxes the sync’s write transactions (those over its cursor) and keeps every other write strict', async () => {
    const seen = recordDurability()
    const db = await openDatabase()
    seen.length = 0
    await db.transaction('rw', [db.orders, db.syncState], async () => {
      await db.orders.put(makeOrder(1, 1))
      await db.syncState.put({ resource: 'orders', lastSyncAt: null, lastError: null, watermark: null, cursor: 2, generation: 0, complete: false, storeTotal: 1 })
    })
    await db.orders.put(makeOrder(2, 2))
    await db.binLocations.put({ sku: 'A-1', bin: 'B4' } as never)
    await db.orders.get(1)

    expect(seen).toEqual([
      { scope: ['customerRowBlocks', 'customerSnapshots', 'orderIndexBlocks', 'orders', 'syncState'], mode: 'readwrite', durability: 'relaxed' },
      { scope: ['customerRowBlocks', 'customerSnapshots', 'orderIndexBlocks', 'orders'], mode: 'readwrite', durability: 'strict' },
      { scope: ['binLocations'], mode: 'readwrite', durability: 'strict' },
      { scope: ['orders'], mode: 'readonly', durability: 'strict' },
    ])
  })

  it.each([...LOCAL_ONLY_TABLES])('refuses to write %s in a relaxed transaction, and the transaction writes nothing', async (name) => {
    const db = await openDatabase()
    const table = db.table(name)
    const write = db.transaction('rw', [db.orders, db.syncState, table], async () => {
      await db.orders.put(makeOrder(1, 1))
      await table.put({ id: 1, key: 'k', sku: 'k', lanes: [], state: 'queued' })
    })
    await expect(write).rejects.toThrow(`may not write ${name}`)
    expect(await db.orders.count()).toBe(0)
    expect(await table.count()).toBe(0)
  })
})
