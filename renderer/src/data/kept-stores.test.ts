import { beforeEach, describe, expect, it } from 'vitest'
import { adoptKeptDatabase, databaseIdOf, keepDatabase, keptStores, rememberDatabase, sameShop } from './kept-stores'

const KEPT_AT = Date.parse('2026-12-01T10:00:00Z')
const shop = (over: Partial<{ shop: string; label: string; isDemo: boolean; keptAt: number }> = {}) => ({
  shop: 'acme.example.com',
  label: 'Acme',
  isDemo: false,
  keptAt: KEPT_AT,
  ...over,
})
const later = '2026-12-02T10:00:00Z'

beforeEach(() => localStorage.clear())

describe('kept databases', () => {
  it('a new connection to the same shop adopts the kept database (a different id, the same data)', () => {
    rememberDatabase('c_old')
    keepDatabase('c_old', shop())
    expect(keptStores().map((k) => k.databaseId)).toEqual(['c_old'])

    expect(adoptKeptDatabase({ id: 'c_new', shop: 'ACME.example.com', isDemo: false, connectedAt: later })?.databaseId).toBe('c_old')
    expect(databaseIdOf('c_new')).toBe('c_old')
    expect(keptStores()).toEqual([])
  })

  it('never adopts another shop’s data, so its outbox is not sent to the wrong store', () => {
    keepDatabase('c_old', shop())
    expect(adoptKeptDatabase({ id: 'c_new', shop: 'other.example.com', isDemo: false, connectedAt: later })).toBeNull()
    expect(databaseIdOf('c_new')).toBe('c_new')
    expect(keptStores()).toHaveLength(1)
  })

  it('does not adopt into a connection whose own database is in use, or one made before the data was kept', () => {
    keepDatabase('c_old', shop())
    rememberDatabase('c_busy')
    expect(adoptKeptDatabase({ id: 'c_busy', shop: 'acme.example.com', isDemo: false, connectedAt: later })).toBeNull()
    expect(adoptKeptDatabase({ id: 'c_earlier', shop: 'acme.example.com', isDemo: false, connectedAt: '2026-11-30T10:00:00Z' })).toBeNull()
    expect(keptStores()).toHaveLength(1)
  })

  it('keeps an adopted database under its first name when disconnected again, and adopts the newest of two', () => {
    keepDatabase('c_1', shop())
    adoptKeptDatabase({ id: 'c_2', shop: 'acme.example.com', isDemo: false, connectedAt: later })
    keepDatabase('c_2', shop({ keptAt: KEPT_AT + 1 }))
    expect(keptStores().map((k) => k.databaseId)).toEqual(['c_1'])

    keepDatabase('c_other', shop({ keptAt: KEPT_AT + 5 }))
    expect(adoptKeptDatabase({ id: 'c_3', shop: 'acme.example.com', isDemo: false, connectedAt: later })?.databaseId).toBe('c_other')
    expect(keptStores().map((k) => k.databaseId)).toEqual(['c_1'])
  })

  it('the demo store is the same store on whatever port it runs', () => {
    expect(sameShop({ shop: '127.0.0.1:4010', isDemo: true }, { shop: '127.0.0.1:5123', isDemo: true })).toBe(true)
    expect(sameShop({ shop: '127.0.0.1:4010', isDemo: true }, { shop: '127.0.0.1:4010', isDemo: false })).toBe(false)
  })

  it('starts afresh from an unreadable registry', () => {
    localStorage.setItem('storedesk.localData', '{not json')
    expect(keptStores()).toEqual([])
    expect(databaseIdOf('c_1')).toBe('c_1')
  })

  it('starts afresh from a registry of another shape, and reads back one it wrote', () => {
    const kept = { databaseId: 'c_1', ...shop() }
    for (const wrong of [
      [],
      { databases: [], kept: [] },
      { databases: { c_1: 7 }, kept: [] },
      { databases: {}, kept: [{ ...kept, databaseId: '' }] },
      { databases: {}, kept: [{ ...kept, keptAt: '2026-12-01' }] },
      { databases: {}, kept: [{ ...kept, isDemo: 'no' }] },
    ]) {
      localStorage.setItem('storedesk.localData', JSON.stringify(wrong))
      expect(keptStores()).toEqual([])
      expect(databaseIdOf('c_1')).toBe('c_1')
    }
    localStorage.setItem('storedesk.localData', JSON.stringify({ databases: { c_2: 'c_1' }, kept: [kept] }))
    expect(keptStores()).toEqual([kept])
    expect(databaseIdOf('c_2')).toBe('c_1')
  })
})
