// What the creates, updates and deletes of the keyed families (posts, collections, meta field
// definitions) do alike: a create's row over what the cache holds under its key, an update sent
// only while the store's copy has not moved under it, an update folded into an earlier write of
// the same row, and a delete that hides the row until the store confirms it.
import type { RowKey, StoreDatabase } from '../db'
import type { StoreCall } from '../store-client'
import type { Accepted, Fields, Sending, Write } from './contract'
import { keyedLane, type KeyedFamily } from './lanes'
import { applyUpdate, forgetRow, markDeleted, pick, quoted, restoreByRef, storeIdOf, type KeyedTable } from './rows'

export const TABLE_OF = { blogs: 'blogs', collections: 'collections', metaFields: 'metaFieldDefinitions' } as const satisfies Record<KeyedFamily, KeyedTable>

/** The row a create makes, over what the cache already holds under its key (a create applied again). */
export async function putCreated<T extends { storeId?: number | null }>(db: StoreDatabase, table: KeyedTable, key: RowKey, fields: (existing: T | undefined) => object): Promise<null> {
  const existing = (await db.table(table).get(key)) as T | undefined
  await db.table(table).put({ ...(existing ?? {}), ...fields(existing), key, storeId: existing?.storeId ?? null, pending: true, server: null })
  return null
}

/** A create the store accepted: what later writes are based on, and the store id its key now has. */
export function created(family: KeyedFamily, key: RowKey, storeId: number, rebase: Accepted['rebase']): Accepted {
  return { rebase, created: { family, key, storeId } }
}

/** An earlier write of the same row with `body` written over its own. */
export function mergeBody<W extends Write & { body: object }>(earlier: W, body: Partial<W['body']>): W {
  return { ...earlier, body: { ...earlier.body, ...body } }
}

/** Sends an update of a keyed row unless the fields it writes moved on the store since its base. */
export async function sendUpdate<T extends object>(
  sending: Sending,
  table: KeyedTable,
  write: { key: RowKey; body: object; extra?: { mine: Fields; theirs: (current: T) => Fields } },
  get: (path: { id: number }) => Promise<{ data: T }>,
  stamp: (current: T) => string | null,
  put: (path: { id: number }) => Promise<{ data: T }>,
): Promise<{ data: T } | 'conflict'> {
  const path = { id: await storeIdOf(sending.db, table, write.key) }
  const current = (await get(path)).data
  const theirs = { ...pick(current, Object.keys(write.body)), ...write.extra?.theirs(current) }
  return sending.unlessChanged({ ...write.body, ...write.extra?.mine }, { updatedAt: stamp(current), fields: theirs }, { data: current }, () => put(path))
}

type Stamp = 'updated_at' | 'updated_at_gmt'

/** How a keyed family's update reads and writes the store's copy, and keeps its answer. */
interface UpdateCalls<S extends Stamp, T, B> {
  /** The field that says when the store's copy (and the cached row) last changed. */
  stamp: S
  get: (call: StoreCall, path: { id: number }) => Promise<{ data: T }>
  put: (call: StoreCall, path: { id: number }, body: B) => Promise<{ data: T }>
  /** Writes the store's answer into the cache; what later writes of the row are now based on. */
  keep: (db: StoreDatabase, key: RowKey, record: T) => Promise<Accepted['rebase']>
}

/**
 * The phases a keyed family's update does alike: the fields it writes over the cached row (its
 * base: their values and the row's stamp), sent unless they moved on the store since, the row
 * back to its snapshot on revert, and the store's answer kept.
 */
export function keyedUpdate<S extends Stamp, T extends { id: number } & Record<S, string>, B extends object>(family: KeyedFamily, noun: string, calls: UpdateCalls<S, T, B>) {
  const table = TABLE_OF[family]
  return {
    lanes: (write: { key: RowKey }) => [keyedLane(family, write.key)],
    describe: (_write: unknown, name?: string) => `Changes to ${noun}${quoted(name)}`,
    apply: (db: StoreDatabase, write: { key: RowKey; body: B }) => applyUpdate(db, table, write.key, write.body, calls.stamp),
    revert: (db: StoreDatabase, write: { key: RowKey }) => restoreByRef(db, table, write.key),
    deliver: (sending: Sending, write: { key: RowKey; body: B }) =>
      sendUpdate(sending, table, write, (path) => calls.get(sending.call, path), (current) => current[calls.stamp], (path) => calls.put(sending.call, path, write.body)),
    accept: async (db: StoreDatabase, write: { key: RowKey }, answer: { data: T } | null): Promise<Accepted> => (answer?.data.id ? { rebase: await calls.keep(db, write.key, answer.data) } : {}),
  }
}

/** A batch's answer is a count only: its rows keep their optimistic state until the next sync. */
export const acceptCount = async (): Promise<Accepted> => ({})

/**
 * The phases a keyed family's delete does alike: the row is hidden while the delete is queued
 * and forgotten once the store deleted it, and a delete of a create that never left the outbox
 * drops both. `noun` names the thing in the label; `remove` is the store's delete.
 */
export function keyedDelete(family: KeyedFamily, noun: string, remove: (call: StoreCall, path: { id: number }) => Promise<null>) {
  const table = TABLE_OF[family]
  return {
    deliver: async ({ db, call }: Sending, write: { key: RowKey }) => remove(call, { id: await storeIdOf(db, table, write.key) }),
    lanes: (write: { key: RowKey }) => [keyedLane(family, write.key)],
    describe: (_write: unknown, name?: string) => `Delete ${noun}${quoted(name)}`,
    apply: (db: StoreDatabase, write: { key: RowKey }) => markDeleted(db, table, write.key),
    revert: (db: StoreDatabase, write: { key: RowKey }) => restoreByRef(db, table, write.key),
    accept: async (db: StoreDatabase, write: { key: RowKey }): Promise<Accepted> => (await forgetRow(db, table, write.key), {}),
    fold: (earlier: Write) => (earlier.kind === `${family}.create` ? ('drop' as const) : undefined),
  }
}
