// What the write handlers share about cached rows: finding one by its key, the snapshot of the
// store's copy taken before the first optimistic change (`server`, what a revert puts back),
// the common optimistic changes (update fields, mark deleted), and turning row keys into store
// ids when a write is sent.
import type { Table } from 'dexie'
import { MessageError } from '@/session/i18n'
import { freeSlug, slugify, slugTakenBy } from '@/lib/slug'
import { storeIdOfKey, type RowKey, type StoreDatabase } from '../db'
import type { BatchFilter, KeyedFamily } from './contract'
import type { Fields, WriteBase } from './handler'

/** The table each keyed family's rows are cached in: a new keyed family fails to type-check until it has one. */
export const TABLE_OF = { blogs: 'blogs', collections: 'collections', metaFields: 'metaFieldDefinitions' } as const satisfies Record<KeyedFamily, keyof StoreDatabase>

/** The tables of rows with a key, and the row types they hold. */
export type KeyedTable = (typeof TABLE_OF)[KeyedFamily]
type KeyedRow = { [F in KeyedFamily]: StoreDatabase[(typeof TABLE_OF)[F]] extends Table<infer Row, infer _Key, infer _Insert> ? Row : never }[KeyedFamily]
type Snapshotted = { pending?: boolean; server?: Record<string, unknown> | null }

/** Fields that are ours, not the store's: never part of a snapshot comparison. */
const LOCAL_FIELDS = new Set(['pending', 'server', 'seen', 'key', 'storeId', 'deleted'])

/** The row a key names: by its own key, or by the store id a `store:<id>` key carries. */
export async function rowByRef<T extends KeyedRow>(db: StoreDatabase, table: KeyedTable, ref: RowKey): Promise<T | undefined> {
  const t = db.table(table)
  const direct = (await t.get(ref)) as T | undefined
  if (direct) return direct
  const storeId = storeIdOfKey(ref)
  return storeId === null ? undefined : ((await t.where('storeId').equals(storeId).first()) as T | undefined)
}

/** A copy of a row's store fields (what the user's change was based on). */
export function storeFields(row: object): Fields {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !LOCAL_FIELDS.has(k)))
}

/** Keeps the store's copy before the first optimistic change and marks the row "not yet sent". */
export function snapshotBeforeChange<T extends Snapshotted>(row: T): T {
  if (!row.pending || !row.server) row.server = structuredClone(storeFields(row))
  row.pending = true
  return row
}

/** The store's copy of a row as this computer last had it: the snapshot while a write is unsent. */
export function storeCopy<T extends Snapshotted>(row: T): T {
  // The snapshot holds every store field of the same row (storeFields), so it reads as one.
  return (row.server ?? row) as T
}

/** Whether two values of a field are the same: missing, null and '' alike; objects by their JSON. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))
  return norm(a) === norm(b)
}

/** `keys` of `source`, null where it has none. */
export function pick(source: object | undefined, keys: string[]): Fields {
  const record = source as Fields | undefined
  return Object.fromEntries(keys.map((k) => [k, record?.[k] ?? null]))
}

/**
 * Writes `body` over a cached row and returns what it was based on: the store's copy's `stamp`
 * (its updated_at) and its values of the written fields. `more` adds fields the body does not
 * carry (a post's collections).
 */
export async function applyUpdate<T extends KeyedRow>(
  db: StoreDatabase,
  table: KeyedTable,
  key: RowKey,
  body: object,
  stamp: 'updated_at' | 'updated_at_gmt',
  more?: { based: (before: Fields) => Fields; apply: (row: T) => void },
): Promise<WriteBase> {
  const row = await rowByRef<T>(db, table, key)
  if (!row) return null
  const before: Fields = storeCopy(row)
  const base = { updatedAt: (before[stamp] as string | undefined) ?? null, fields: { ...pick(before, Object.keys(body)), ...more?.based(before) } }
  snapshotBeforeChange(row)
  Object.assign(row, body)
  more?.apply(row)
  await db.table(table).put(row)
  return base
}

/** Hides a row while its delete is queued. */
export async function markDeleted(db: StoreDatabase, table: KeyedTable, key: RowKey): Promise<null> {
  const row = await rowByRef(db, table, key)
  if (!row) return null
  snapshotBeforeChange(row)
  row.deleted = true
  await db.table(table).put(row)
  return null
}

/** Puts a row back to its snapshot; a row a create made (no snapshot) goes. */
export async function restoreRow(table: Table, row: (Snapshotted & object) | undefined, made: boolean, primary: unknown): Promise<void> {
  if (!row) return
  const keys = Object.fromEntries(Object.entries(row).filter(([k]) => k === 'key' || k === 'storeId'))
  if (made && !row.server) await table.delete(primary)
  else if (row.server) await table.put({ ...row.server, ...keys, server: null, pending: false })
}

/** restoreRow for the keyed row `key` names. */
export async function restoreByRef(db: StoreDatabase, table: KeyedTable, key: RowKey, made = false): Promise<void> {
  const row = await rowByRef(db, table, key)
  await restoreRow(db.table(table), row, made, row?.key)
}

/** Drops a row the store deleted. */
export async function forgetRow(db: StoreDatabase, table: KeyedTable, key: RowKey): Promise<void> {
  const row = await rowByRef(db, table, key)
  if (row) await db.table(table).delete(row.key)
}

/** The row a write names is gone from the store and from here: only the user can settle it. */
export class PermanentProblem extends MessageError {}

/** The store id a row key stands for, once its create has been accepted. */
export async function storeIdOf(db: StoreDatabase, table: KeyedTable, key: RowKey): Promise<number> {
  const direct = storeIdOfKey(key)
  if (direct !== null) return direct
  const row = await rowByRef(db, table, key)
  if (row?.storeId) return row.storeId
  throw new PermanentProblem({ key: 'problems.neverCreated' })
}

export function storeIds(db: StoreDatabase, table: 'blogs' | 'collections', keys: RowKey[] | undefined): Promise<number[]> {
  return Promise.all((keys ?? []).map((k) => storeIdOf(db, table, k)))
}

/** A batch's filter as the store's query parameters (select_all applies to what matches it). */
export function batchFilter(filter: BatchFilter | undefined) {
  return { ...(filter?.status ? { 'filter[status]': filter.status } : {}), ...(filter?.key ? { 'filter[key]': filter.key } : {}) }
}

/**
 * Whether a store item is already the row of another create made here (so a create found on the
 * store under its key is not this one). A copy the sync put in the cache under `store:<id>`
 * does not count: it is the same item, and goes once the create adopts it (dropSyncedCopy).
 */
export async function takenByAnotherCreate(db: StoreDatabase, table: KeyedTable, storeId: number, key: RowKey): Promise<boolean> {
  const holders: KeyedRow[] = await db.table(table).where('storeId').equals(storeId).toArray()
  return holders.some((row) => row.key !== key && storeIdOfKey(row.key) !== storeId)
}

/**
 * A create the store accepted (or that was found there): a copy of the same item the sync put
 * in the cache under `store:<id>` meanwhile goes, so the item is listed once, under the key it
 * was created with. Call it before writing the created row (storeId is a unique index).
 */
export async function dropSyncedCopy(db: StoreDatabase, table: KeyedTable, key: RowKey, storeId: number): Promise<void> {
  await db.table(table).where('storeId').equals(storeId).filter((row: KeyedRow) => row.key !== key).delete()
}

/**
 * The slug a post or collection is created with, and recognised by on the store should the
 * create's answer be lost: the one the writer gave, else one made from the title (or, when the
 * title makes none, `<noun>-` and the start of its key), unique among the rows this device knows.
 */
export async function uniqueSlug(db: StoreDatabase, table: 'blogs' | 'collections', key: RowKey, given: string | undefined, title: string, noun: string): Promise<string> {
  if (given) return given
  const known: KeyedRow[] = await db.table(table).toArray()
  const made = slugify(title) || `${noun}-${key.replace(/^local:/, '').slice(0, 8)}`
  return slugTakenBy(made, key, known) ? freeSlug(made, key, known) : made
}

/** Two texts a person wrote, the same once the spaces a store may trim are ignored. */
export function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim() === (b ?? '').trim()
}

/** Every item of a paged store list, page after page until the store says it was the last. */
export async function allPages<T>(list: (page: number) => Promise<{ items: T[]; last: boolean }>): Promise<T[]> {
  const all: T[] = []
  for (let page = 1; ; page++) {
    const { items, last } = await list(page)
    all.push(...items)
    if (last || items.length === 0) return all
  }
}
