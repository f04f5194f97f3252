// What the creates, updates and deletes of the keyed families (posts, collections, meta field
// definitions) do alike: a create's row over what the cache holds under its key, and the store's
// item under the key it was sent with adopted when its answer was lost; an update sent only
// while the store's copy has not moved under it (and, when unconfirmed, only the fields the
// store does not hold yet); an update folded into an earlier write of the same row; and a delete
// that hides the row until the store confirms it (a 404 is that confirmation too).
import type { RowKey, StoreDatabase } from '../db'
import { asCallError, type StoreCall } from '../store-client'
import type { KeyedFamily, Write } from './contract'
import type { Accepted, Checking, Fields, Sending } from './handler'
import type { LabelNoun } from '../write-label'
import { keyedLane } from './lanes'
import { TABLE_OF, applyUpdate, forgetRow, markDeleted, pick, restoreByRef, sameValue, storeIdOf, takenByAnotherCreate, type KeyedTable } from './rows'

/** The row a create makes, over what the cache already holds under its key (a create applied again). */
export async function putCreated<T extends { storeId?: number | null }>(db: StoreDatabase, table: KeyedTable, key: RowKey, fields: (existing: T | undefined) => object): Promise<null> {
  const existing = (await db.table(table).get(key)) as T | undefined
  await db.table(table).put({ ...(existing ?? {}), ...fields(existing), key, storeId: existing?.storeId ?? null, pending: true, server: null })
  return null
}

/**
 * An unconfirmed create, settled by the key the app chose and sent (a slug it made unique, a
 * meta field's namespace + key): of `candidates`, the store's items under that key, the one
 * that also holds what was sent (`same`) and is not the row of another create made here is
 * this create's, adopted with the store's copy as its answer. With none, the create is sent
 * again (where the key turned out to be someone else's, the store refuses it and says so).
 */
export async function settleCreate<T extends { id: number }, W extends { key: RowKey }>(
  db: StoreDatabase,
  table: KeyedTable,
  write: W,
  candidates: readonly T[],
  same: (item: T) => boolean,
): Promise<{ arrived: { data: T } } | { send: W }> {
  for (const item of candidates) if (same(item) && !(await takenByAnotherCreate(db, table, item.id, write.key))) return { arrived: { data: item } }
  return { send: write }
}

/** The part of `body` the store's copy `current` does not hold yet; null when it holds all of it. */
export function notYetThere<B extends object>(body: B, current: object): Partial<B> | null {
  const missing = Object.entries(body).filter(([field, value]) => !sameValue((current as Fields)[field], value))
  return missing.length > 0 ? (Object.fromEntries(missing) as Partial<B>) : null
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
export function keyedUpdate<S extends Stamp, T extends { id: number } & Record<S, string>, B extends object>(family: KeyedFamily, noun: LabelNoun, calls: UpdateCalls<S, T, B>) {
  const table = TABLE_OF[family]
  return {
    lanes: (write: { key: RowKey }) => [keyedLane(family, write.key)],
    describe: (write: { kind: string; body: B }, name?: string) => ({ kind: write.kind, action: 'update' as const, target: { noun, name }, fields: Object.keys(write.body) }),
    apply: (db: StoreDatabase, write: { key: RowKey; body: B }) => applyUpdate(db, table, write.key, write.body, calls.stamp),
    revert: (db: StoreDatabase, write: { key: RowKey }) => restoreByRef(db, table, write.key),
    // Unconfirmed: the fields the store already holds are not sent again.
    async reconcile<W extends { key: RowKey; body: B }>({ db, call }: Checking, write: W): Promise<{ arrived: { data: T } } | { send: W }> {
      const current = (await calls.get(call, { id: await storeIdOf(db, table, write.key) })).data
      const rest = notYetThere(write.body, current)
      return rest ? { send: { ...write, body: rest } } : { arrived: { data: current } }
    },
    deliver: (sending: Sending, write: { key: RowKey; body: B }) =>
      sendUpdate(sending, table, write, (path) => calls.get(sending.call, path), (current) => current[calls.stamp], (path) => calls.put(sending.call, path, write.body)),
    accept: async (db: StoreDatabase, write: { key: RowKey }, answer: { data: T } | null): Promise<Accepted> => (answer?.data.id ? { rebase: await calls.keep(db, write.key, answer.data) } : {}),
  }
}

/** A batch's answer is a count only: its rows keep their optimistic state until the next sync. */
export const acceptCount = async (): Promise<Accepted> => ({})

/** A delete's answer, where a 404 means what the user wanted is done (gone already: deleted elsewhere, or by our own earlier attempt). */
async function goneIsDone(deleting: Promise<null>): Promise<null> {
  try {
    return await deleting
  } catch (error) {
    if (asCallError(error).code === 'not_found') return null
    throw error
  }
}

/**
 * The phases a keyed family's delete does alike: the row is hidden while the delete is queued
 * and forgotten once the store deleted it, and a delete of a create that never left the outbox
 * drops both. `noun` names the thing in its label; `remove` is the store's delete.
 */
export function keyedDelete(family: KeyedFamily, noun: LabelNoun, remove: (call: StoreCall, path: { id: number }) => Promise<null>) {
  const table = TABLE_OF[family]
  return {
    // Unconfirmed: sent again, as its own answer settles it (a 404 means done).
    reconcile: async <W extends { key: RowKey }>(_checking: Checking, write: W) => ({ send: write }),
    deliver: async ({ db, call }: Sending, write: { key: RowKey }) => goneIsDone(remove(call, { id: await storeIdOf(db, table, write.key) })),
    lanes: (write: { key: RowKey }) => [keyedLane(family, write.key)],
    describe: (write: { kind: string }, name?: string) => ({ kind: write.kind, action: 'delete' as const, target: { noun, name } }),
    apply: (db: StoreDatabase, write: { key: RowKey }) => markDeleted(db, table, write.key),
    revert: (db: StoreDatabase, write: { key: RowKey }) => restoreByRef(db, table, write.key),
    accept: async (db: StoreDatabase, write: { key: RowKey }): Promise<Accepted> => (await forgetRow(db, table, write.key), {}),
    fold: (earlier: Write) => (earlier.kind === `${family}.create` ? ('drop' as const) : undefined),
  }
}
