import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { databaseName, storeDatabase } from './db'
import { adoptKeptDatabase, keptStores } from './kept-stores'
import { countKeptData, countLocalData, deleteKeptData, describeLocalData, settleDisconnected } from './local-data'
import { applyLocale, sayList } from '@/session/i18n'

let seq = 0
const ids: string[] = []
const newId = () => {
  const id = `local-data-${Date.now()}-${seq++}`
  ids.push(id)
  return id
}

beforeEach(() => localStorage.clear())
afterEach(async () => {
  for (const id of ids.splice(0)) await Dexie.delete(databaseName(id))
})

const acme = { shop: 'acme.example.com', label: 'Acme', isDemo: false }

async function writeLocalWork(connectionId: string) {
  const db = storeDatabase(connectionId)
  await db.blogDrafts.put({ key: 'local:a', fields: { title: 'Spring', content: '<p>Blossom</p>' }, baseUpdatedAt: null, savedAt: 1 })
  await db.blogRevisions.bulkAdd([1, 2].map((createdAt) => ({ key: 'local:a', createdAt, reason: 'timer' as const, fields: { title: 'Spring' } })))
  await db.outbox.add({ kind: 'blogs.create', write: { kind: 'blogs.create', key: 'local:a', body: { title: 'Spring' } }, lanes: ['blogs:local:a'], state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 1, label: 'New post “Spring”' })
}

describe('local work', () => {
  it('is described with counts in words, plurals by Intl.PluralRules', () => {
    expect(sayList(describeLocalData({ unsent: 2, drafts: 1, revisions: 14 }))).toBe('2 unsent changes, 1 draft, and 14 revisions')
    expect(sayList(describeLocalData({ unsent: 1, drafts: 0, revisions: 1 }))).toBe('1 unsent change and 1 revision')
    expect(describeLocalData({ unsent: 0, drafts: 0, revisions: 0 })).toEqual([])
    applyLocale('de')
    expect(sayList(describeLocalData({ unsent: 2, drafts: 1, revisions: 14 }))).toBe('2 nicht gesendete Änderungen, 1 Entwurf und 14 Versionen')
    applyLocale('en')
  })

  it('is kept when its store is disconnected, and comes back whole with the next connection to the same shop', async () => {
    const first = newId()
    await writeLocalWork(first)
    await storeDatabase(first).orders.put({ ID: 7 } as never)
    expect(await countLocalData(storeDatabase(first))).toEqual({ unsent: 1, drafts: 1, revisions: 2 })

    const kept = await settleDisconnected({ id: first, ...acme }, 'keep')
    expect(kept?.databaseId).toBe(first)
    expect(await Dexie.exists(databaseName(first))).toBe(true)
    expect(await countKeptData(first)).toEqual({ unsent: 1, drafts: 1, revisions: 2 })

    const second = newId()
    adoptKeptDatabase({ id: second, ...acme, connectedAt: new Date(Date.now() + 1000).toISOString() })
    const db = storeDatabase(second)
    expect(db.connectionId).toBe(second)
    expect(db.name).toBe(databaseName(first))
    expect(await countLocalData(db)).toEqual({ unsent: 1, drafts: 1, revisions: 2 })
    expect((await db.outbox.toArray()).map((e) => e.label)).toEqual(['New post “Spring”'])
    expect(await db.orders.get(7)).toBeTruthy()
    db.close()
  })

  it('goes with the store only when the user chose to delete it, or when there was none', async () => {
    const chosen = newId()
    await writeLocalWork(chosen)
    expect(await settleDisconnected({ id: chosen, ...acme }, 'delete')).toBeNull()
    expect(await Dexie.exists(databaseName(chosen))).toBe(false)

    const empty = newId()
    await storeDatabase(empty).orders.put({ ID: 1 } as never)
    expect(await settleDisconnected({ id: empty, ...acme }, 'keep')).toBeNull()
    expect(await Dexie.exists(databaseName(empty))).toBe(false)
    expect(keptStores()).toEqual([])
  })

  it('kept work is deleted from Settings on its own', async () => {
    const id = newId()
    await writeLocalWork(id)
    await settleDisconnected({ id, ...acme }, 'keep')
    await deleteKeptData(id)
    expect(await Dexie.exists(databaseName(id))).toBe(false)
    expect(keptStores()).toEqual([])
  })
})
