// useLiveQuery on fake-indexeddb: it answers, follows writes to the rows it read, runs again
// when an input or the database changes (never showing the old input's answer after), falls back
// to `initial` without a database, and stops listening with its scope.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref, shallowRef } from 'vue'
import { flushPromises } from '@vue/test-utils'
import type { StoreDatabase } from './db'
import { freshDatabase, makeOrder } from './test-support'
import { useLiveQuery } from './live'

vi.mock('@/bridge', () => ({ api: {} }))

const opened: StoreDatabase[] = []
async function database(...ids: number[]) {
  const db = freshDatabase()
  opened.push(db)
  await db.orders.bulkPut(ids.map((id) => makeOrder(id, id)))
  return db
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

/** Lets Dexie's liveQuery answer (it runs its query in a later task). */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await flushPromises()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('useLiveQuery', () => {
  it('answers, follows writes, runs again for a new input or database, and is initial without one', async () => {
    const first = await database(1, 2, 3)
    const second = await database(7)
    const db = shallowRef<StoreDatabase | null>(first)
    const min = ref(2)
    const scope = effectScope()
    const ids = scope.run(() => useLiveQuery((d) => d.orders.where('ID').aboveOrEqual(min.value).primaryKeys(), [min], 'waiting' as const, db))!
    expect(ids.value).toBe('waiting')
    await settle()
    expect(ids.value).toEqual([2, 3])

    await first.orders.put(makeOrder(4, 4))
    await settle()
    expect(ids.value).toEqual([2, 3, 4])

    min.value = 3
    await settle()
    expect(ids.value).toEqual([3, 4])

    db.value = second
    await nextTick()
    await settle()
    expect(ids.value).toEqual([7])

    db.value = null
    await nextTick()
    expect(ids.value).toBe('waiting')

    db.value = first
    await settle()
    scope.stop()
    await first.orders.put(makeOrder(9, 9))
    await settle()
    expect(ids.value).toEqual([3, 4])
  })
})
