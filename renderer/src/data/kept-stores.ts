// Which database holds each connection's cache, and the databases kept after their store was
// disconnected. A database is named after the connection that created it; a connection made
// later to the same shop gets a new id, so it adopts the kept database instead of starting an
// empty one: the writer's drafts, revisions and unsent writes come back with the store.
//
// Kept in localStorage, not IndexedDB: storeDatabase() must know a connection's database
// synchronously, before anything opens it. The same origin holds both, so they live and go
// together.
//
// Checked by hand, not with zod: the frame reads this before the first paint, and zod would be
// the only reason to load it then (docs/benchmarks.md, figure 5).

/** A disconnected store's database, kept because it held drafts, revisions or unsent writes. */
export interface KeptStore {
  /** The id its database is named after (databaseName(databaseId)). */
  databaseId: string
  shop: string
  label: string
  isDemo: boolean
  /** When it was disconnected, ms since epoch. */
  keptAt: number
}

interface Registry {
  /** Connection id → the id its database is named after (itself unless it adopted a kept one). */
  databases: Record<string, string>
  kept: KeptStore[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function isKeptStore(value: unknown): value is KeptStore {
  return (
    isRecord(value) &&
    typeof value.databaseId === 'string' &&
    value.databaseId.length > 0 &&
    typeof value.shop === 'string' &&
    typeof value.label === 'string' &&
    typeof value.isDemo === 'boolean' &&
    typeof value.keptAt === 'number' &&
    Number.isFinite(value.keptAt)
  )
}

function isRegistry(value: unknown): value is Registry {
  return (
    isRecord(value) &&
    isRecord(value.databases) &&
    Object.values(value.databases).every((id) => typeof id === 'string') &&
    Array.isArray(value.kept) &&
    value.kept.every(isKeptStore)
  )
}

const STORAGE_KEY = 'storedesk.localData'

/** What a connection must share with a kept database to adopt it. */
export interface ShopIdentity {
  shop: string
  isDemo: boolean
}

/**
 * The same shop: its host, or for the demo store "the demo store" (the app's own demo follows
 * its server to whatever port it gets, and its connection's `shop` with it).
 */
export function sameShop(a: ShopIdentity, b: ShopIdentity): boolean {
  if (a.isDemo || b.isDemo) return a.isDemo && b.isDemo
  return a.shop.trim().toLowerCase() === b.shop.trim().toLowerCase()
}

function read(storage: Storage): Registry {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null')
    if (isRegistry(parsed)) return parsed
  } catch {
    // Unreadable: start afresh below (the databases themselves are untouched).
  }
  return { databases: {}, kept: [] }
}

function write(storage: Storage, registry: Registry) {
  storage.setItem(STORAGE_KEY, JSON.stringify(registry))
}

/** The id a connection's database is named after (its own id until it adopts a kept one). */
export function databaseIdOf(connectionId: string, storage: Storage = localStorage): string {
  return read(storage).databases[connectionId] ?? connectionId
}

/**
 * Notes that a connection's database is in use, so a kept database is never adopted into a
 * connection that already has data of its own.
 */
export function rememberDatabase(connectionId: string, storage: Storage = localStorage): void {
  const registry = read(storage)
  if (registry.databases[connectionId]) return
  registry.databases[connectionId] = connectionId
  write(storage, registry)
}

/** Forgets which database a (disconnected) connection used. */
export function forgetConnection(connectionId: string, storage: Storage = localStorage): void {
  const registry = read(storage)
  delete registry.databases[connectionId]
  write(storage, registry)
}

/** Records a disconnected connection's database as kept; its connection is forgotten. */
export function keepDatabase(connectionId: string, store: Omit<KeptStore, 'databaseId'>, storage: Storage = localStorage): KeptStore {
  const registry = read(storage)
  const kept: KeptStore = { ...store, databaseId: registry.databases[connectionId] ?? connectionId }
  delete registry.databases[connectionId]
  registry.kept = [...registry.kept.filter((k) => k.databaseId !== kept.databaseId), kept]
  write(storage, registry)
  return kept
}

export function keptStores(storage: Storage = localStorage): KeptStore[] {
  return read(storage).kept
}

/** Drops a kept database from the list (after it was deleted). */
export function forgetKept(databaseId: string, storage: Storage = localStorage): void {
  const registry = read(storage)
  registry.kept = registry.kept.filter((k) => k.databaseId !== databaseId)
  write(storage, registry)
}

/**
 * Gives a newly seen connection the database kept for the same shop, if any (the most recently
 * kept one), and answers it. A connection whose database is already in use, or one made before
 * that database was kept (a second connection to the same shop), never adopts: its own data
 * would be hidden, or another connection's writes sent twice. A different shop never adopts,
 * so an outbox is only ever replayed against the shop it was written for.
 */
export function adoptKeptDatabase(
  connection: ShopIdentity & { id: string; connectedAt: string },
  storage: Storage = localStorage,
): KeptStore | null {
  const registry = read(storage)
  if (registry.databases[connection.id]) return null
  const connectedAt = Date.parse(connection.connectedAt)
  const candidates = registry.kept.filter((k) => sameShop(k, connection) && !(connectedAt < k.keptAt))
  const adopted = candidates.sort((a, b) => b.keptAt - a.keptAt)[0]
  if (!adopted) return null
  registry.databases[connection.id] = adopted.databaseId
  registry.kept = registry.kept.filter((k) => k !== adopted)
  write(storage, registry)
  return adopted
}
