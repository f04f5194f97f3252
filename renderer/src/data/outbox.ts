// The outbox: every write is stored in the same Dexie transaction as its optimistic change to
// the cached row, so the screen shows it at once (row.pending = "not yet sent") and nothing is
// lost to a reload or a crash. The replayer (replayer.ts) sends entries; the functions here
// are what screens call, plus the user's actions on a stopped write (retry, edit, discard,
// resolve a conflict).
import type { Table } from 'dexie'
import type { Order } from '@common/store-api/resources'
import {
  storeIdOfKey,
  type CachedBlog,
  type CachedCollection,
  type CachedMetaField,
  type CachedMetaFieldValue,
  type OutboxEntry,
  type RowKey,
  type StoreDatabase,
} from './db'
import { orderWriteHandler } from './order-writes'
import { explainQuota } from './storage'
import { UNDOABLE_KINDS, undoWindowSeconds } from './undo-window'
import { describeWrite, lanesOf, lanesOverlap, type Write, type WriteKind } from './writes'
import { recordWriteEvent } from './write-history'

type Keyed = 'blogs' | 'collections' | 'metaFieldDefinitions'
type KeyedRow = CachedBlog | CachedCollection | CachedMetaField

/** Fields that are ours, not the store's: never part of a snapshot comparison. */
const LOCAL_FIELDS = new Set(['pending', 'server', 'seen', 'key', 'storeId', 'deleted'])

function allTables(db: StoreDatabase) {
  return [db.orders, db.blogs, db.collections, db.metaFieldDefinitions, db.metaFieldValues, db.outbox, db.conflicts, db.blogDrafts, db.writeHistory]
}

/** The row a key names: by its own key, or by the store id a `store:<id>` key carries. */
export async function rowByRef<T extends KeyedRow>(db: StoreDatabase, table: Keyed, ref: RowKey): Promise<T | undefined> {
  const t = db.table(table)
  const direct = (await t.get(ref)) as T | undefined
  if (direct) return direct
  const storeId = storeIdOfKey(ref)
  return storeId === null ? undefined : ((await t.where('storeId').equals(storeId).first()) as T | undefined)
}

/** `store:<id>` when the row already has a store id, so later writes and lanes agree. */
async function canonicalRef(db: StoreDatabase, table: Keyed, ref: RowKey): Promise<RowKey> {
  if (storeIdOfKey(ref) !== null) return ref
  const row = await rowByRef(db, table, ref)
  return row?.storeId ? `store:${row.storeId}` : ref
}

async function canonicalWrite(db: StoreDatabase, write: Write): Promise<Write> {
  const w = structuredClone(write)
  const blogs = async (keys: RowKey[] | undefined) => (keys ? Promise.all(keys.map((k) => canonicalRef(db, 'blogs', k))) : keys)
  const collections = async (keys: RowKey[] | undefined) => (keys ? Promise.all(keys.map((k) => canonicalRef(db, 'collections', k))) : keys)
  if (w.kind.startsWith('blogs.') && 'key' in w) w.key = await canonicalRef(db, 'blogs', w.key)
  if (w.kind.startsWith('collections.') && 'key' in w) w.key = await canonicalRef(db, 'collections', w.key)
  if (w.kind.startsWith('metaFields.') && 'key' in w) w.key = await canonicalRef(db, 'metaFieldDefinitions', w.key)
  if ('collectionKeys' in w) w.collectionKeys = await collections(w.collectionKeys)
  if ('blogKeys' in w) w.blogKeys = (await blogs(w.blogKeys)) ?? []
  return w
}

/** A copy of a row's store fields (what the user's change was based on). */
export function storeFields(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !LOCAL_FIELDS.has(k)))
}

function snapshotBeforeChange<T extends { pending?: boolean; server?: Record<string, unknown> | null }>(row: T): T {
  if (!row.pending || !row.server) row.server = structuredClone(storeFields(row))
  row.pending = true
  return row
}

function pick(source: Record<string, unknown> | undefined, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, source?.[k] ?? null]))
}

// ---------------------------------------------------------------- optimistic changes

/**
 * Applies a write to the cached rows and returns what it was based on (for conflict
 * detection), inside the caller's transaction. Also used to re-apply the remaining queued
 * writes after one is discarded.
 */
export async function applyLocally(db: StoreDatabase, write: Write): Promise<OutboxEntry['base']> {
  switch (write.kind) {
    case 'orders.track':
    case 'orders.updateShipping': {
      const order = await db.orders.get(write.orderId)
      if (!order) return null
      const handler = orderWriteHandler(write)
      const seen = (order.server ?? order) as Order
      const base = { updatedAt: seen.post_modified_gmt ?? null, fields: handler.watched(seen, write) }
      snapshotBeforeChange(order)
      handler.apply(order, write)
      await db.orders.put(order)
      return base
    }
    case 'blogs.create': {
      const existing = await db.blogs.get(write.key)
      const row: CachedBlog = {
        ...(existing ?? {}),
        ...write.body,
        key: write.key,
        storeId: existing?.storeId ?? null,
        title: write.body.title,
        // The store makes a new post visible unless told otherwise.
        status: existing?.status ?? 2,
        collectionKeys: write.collectionKeys ?? existing?.collectionKeys ?? [],
        pending: true,
        server: null,
      }
      await db.blogs.put(row)
      return null
    }
    case 'blogs.update': {
      const blog = await rowByRef<CachedBlog>(db, 'blogs', write.key)
      if (!blog) return null
      const before = blog.server ?? blog
      const fields = pick(before, Object.keys(write.body))
      if (write.collectionKeys) fields.collectionKeys = before.collectionKeys ?? []
      const base = { updatedAt: (before.updated_at as string | undefined) ?? null, fields }
      snapshotBeforeChange(blog)
      Object.assign(blog, write.body)
      if (write.collectionKeys) blog.collectionKeys = write.collectionKeys
      await db.blogs.put(blog)
      return base
    }
    case 'blogs.delete': {
      const blog = await rowByRef<CachedBlog>(db, 'blogs', write.key)
      if (!blog) return null
      snapshotBeforeChange(blog)
      blog.deleted = true
      await db.blogs.put(blog)
      return null
    }
    case 'blogs.batch': {
      const rows = write.selectAll ? await db.blogs.toArray() : ((await Promise.all(write.blogKeys.map((k) => rowByRef<CachedBlog>(db, 'blogs', k)))).filter(Boolean) as CachedBlog[])
      const matches = (b: CachedBlog) =>
        !write.selectAll ||
        ((!write.filter?.status || String(b.status) === write.filter.status) && (!write.filter?.key || b.title.toLowerCase().includes(write.filter.key.toLowerCase())))
      for (const blog of rows.filter(matches)) {
        snapshotBeforeChange(blog)
        if (write.action === 'show') blog.status = 2
        if (write.action === 'hide') blog.status = 1
        if (write.action === 'delete') blog.deleted = true
        if (write.action === 'add_to_collections') blog.collectionKeys = [...new Set([...blog.collectionKeys, ...(write.collectionKeys ?? [])])]
        if (write.action === 'remove_from_collections') blog.collectionKeys = blog.collectionKeys.filter((k) => !write.collectionKeys?.includes(k))
        await db.blogs.put(blog)
      }
      return null
    }
    case 'collections.create': {
      const existing = await db.collections.get(write.key)
      await db.collections.put({
        ...(existing ?? {}),
        ...write.body,
        key: write.key,
        storeId: existing?.storeId ?? null,
        title: write.body.title,
        blogKeys: write.blogKeys ?? existing?.blogKeys ?? [],
        pending: true,
        server: null,
      })
      return null
    }
    case 'collections.update': {
      const collection = await rowByRef<CachedCollection>(db, 'collections', write.key)
      if (!collection) return null
      const before = collection.server ?? collection
      const base = { updatedAt: (before.updated_at as string | undefined) ?? null, fields: pick(before, Object.keys(write.body)) }
      snapshotBeforeChange(collection)
      Object.assign(collection, write.body)
      await db.collections.put(collection)
      return base
    }
    case 'collections.delete': {
      const collection = await rowByRef<CachedCollection>(db, 'collections', write.key)
      if (!collection) return null
      snapshotBeforeChange(collection)
      collection.deleted = true
      await db.collections.put(collection)
      return null
    }
    case 'collections.batch': {
      const collection = await rowByRef<CachedCollection>(db, 'collections', write.key)
      if (!collection) return null
      snapshotBeforeChange(collection)
      if (write.operate === 'sort_blogs_manual') collection.blogKeys = moveKeys(collection.blogKeys, write.blogKeys, write.endPosition ?? 1)
      if (write.operate === 'remove_from_collection') collection.blogKeys = collection.blogKeys.filter((k) => !write.blogKeys.includes(k))
      await db.collections.put(collection)
      for (const key of write.blogKeys) {
        const blog = await rowByRef<CachedBlog>(db, 'blogs', key)
        if (!blog || write.operate === 'sort_blogs_manual') continue
        snapshotBeforeChange(blog)
        if (write.operate === 'show') blog.status = 2
        if (write.operate === 'hide') blog.status = 1
        if (write.operate === 'delete') blog.deleted = true
        if (write.operate === 'remove_from_collection') blog.collectionKeys = blog.collectionKeys.filter((k) => k !== collection.key && k !== write.key)
        await db.blogs.put(blog)
      }
      return null
    }
    case 'metaFields.create': {
      await db.metaFieldDefinitions.put({ ...write.body, description: write.body.description ?? '', key: write.key, fieldKey: write.body.key, storeId: null, pending: true, server: null })
      return null
    }
    case 'metaFields.update': {
      const field = await rowByRef<CachedMetaField>(db, 'metaFieldDefinitions', write.key)
      if (!field) return null
      const before = field.server ?? field
      const base = { updatedAt: (before.updated_at_gmt as string | undefined) ?? null, fields: pick(before, Object.keys(write.body)) }
      snapshotBeforeChange(field)
      Object.assign(field, write.body)
      await db.metaFieldDefinitions.put(field)
      return base
    }
    case 'metaFields.delete': {
      const field = await rowByRef<CachedMetaField>(db, 'metaFieldDefinitions', write.key)
      if (!field) return null
      snapshotBeforeChange(field)
      field.deleted = true
      await db.metaFieldDefinitions.put(field)
      return null
    }
    case 'metaFieldValues.set': {
      const id: [string, string, string] = [write.resource, write.resourceId, write.body.meta_field_id]
      const value = await db.metaFieldValues.get(id)
      const definition = await db.metaFieldDefinitions.where('storeId').equals(Number(write.body.meta_field_id)).first()
      const base = { updatedAt: null, fields: { value: value?.server?.value ?? value?.value ?? null } }
      const row: CachedMetaFieldValue = value ?? {
        resource: write.resource,
        resourceId: write.resourceId,
        meta_field_id: write.body.meta_field_id,
        name: definition?.name ?? '',
        namespace: definition?.namespace ?? '',
        key: definition?.key ?? '',
        description: definition?.description ?? '',
        type: definition?.type ?? 'text',
        rule: definition?.rule ?? {},
        pinned_position: definition?.pinned_position ?? false,
        status: definition?.status ?? 'enabled',
        value: null,
      }
      snapshotBeforeChange(row)
      row.value = write.body.value
      await db.metaFieldValues.put(row)
      return base
    }
  }
}

/**
 * Moves `moved` so the first lands at 1-based `endPosition` and the rest follow in the given
 * order, clamped so the block at most ends the list: what the store does for sort_blogs_manual.
 */
export function moveKeys(order: RowKey[], moved: RowKey[], endPosition: number): RowKey[] {
  const movedSet = new Set(moved)
  const rest = order.filter((k) => !movedSet.has(k))
  const at = Math.max(0, Math.min(rest.length, endPosition - 1))
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)]
}

// ---------------------------------------------------------------- enqueue

export interface EnqueueOptions {
  /** A name for the write's subject shown in the sync panel (an order number, a post title). */
  name?: string
  /** Overrides what an update was based on (the editor knows the updated_at its draft started from). */
  baseUpdatedAt?: string | null
  /** Overrides the undo window (seconds) of an order write; the setting applies otherwise. */
  undoWindowSeconds?: number
}

/** Notified after every enqueue so the replayer wakes up at once. */
const listeners = new Set<(connectionId: string) => void>()
export function onEnqueued(listener: (connectionId: string) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Applies a write to the cache and queues it for the store, in one transaction. Returns the
 * outbox entry's id. A change to a create that has not been sent yet is folded into it.
 */
export async function enqueueWrite(db: StoreDatabase, write: Write, options: EnqueueOptions = {}): Promise<number> {
  let id: number
  try {
    id = await db.transaction('rw', allTables(db), async () => {
      const canonical = await canonicalWrite(db, write)
      const folded = (await foldIntoUnsentCreate(db, canonical)) ?? (await foldIntoRefused(db, canonical, options.name))
      if (folded !== null) return folded
      const base = await applyLocally(db, canonical)
      if (base && options.baseUpdatedAt !== undefined) base.updatedAt = options.baseUpdatedAt
      const createdAt = Date.now()
      const hold = UNDOABLE_KINDS.includes(canonical.kind) ? (options.undoWindowSeconds ?? undoWindowSeconds()) * 1000 : 0
      const entry: OutboxEntry = {
        kind: canonical.kind,
        write: canonical,
        lanes: lanesOf(canonical),
        state: 'queued',
        attempts: 0,
        nextAttemptAt: 0,
        ...(hold > 0 ? { holdUntil: createdAt + hold } : {}),
        createdAt,
        base,
        label: describeWrite(canonical, options.name),
      }
      const added = (await db.outbox.add(entry)) as number
      await recordWriteEvent(db, { ...entry, id: added }, 'queued', undefined, createdAt)
      return added
    })
  } catch (error) {
    throw explainQuota(error)
  }
  for (const listener of listeners) listener(db.connectionId)
  return id
}

/**
 * An update of something whose create or update the store refused (a 422 or 409 the writer has
 * now fixed in the editor) replaces that write where it stands, queued again: queued behind it,
 * it would wait forever for a write that can never go.
 */
async function foldIntoRefused(db: StoreDatabase, write: Write, name: string | undefined): Promise<number | null> {
  const refusable = ({ 'blogs.update': ['blogs.create', 'blogs.update'], 'collections.update': ['collections.create', 'collections.update'], 'metaFields.update': ['metaFields.create', 'metaFields.update'] } as Partial<Record<WriteKind, WriteKind[]>>)[write.kind]
  if (!refusable || !('body' in write)) return null
  const lanes = lanesOf(write)
  const refused = (await db.outbox.where('state').equals('failed').sortBy('id'))
    .filter((entry) => refusable.includes(entry.kind as WriteKind) && entry.lanes.some((lane) => lanes.some((own) => lanesOverlap(lane, own))))
    .pop()
  if (!refused) return null
  const before = refused.write as Write & { body: object; collectionKeys?: RowKey[] }
  const after = write as Write & { body: object; collectionKeys?: RowKey[] }
  const merged = {
    ...before,
    body: { ...before.body, ...after.body },
    ...(after.collectionKeys ? { collectionKeys: after.collectionKeys } : {}),
  } as Write
  const label = describeWrite(merged, name)
  await db.outbox.update(refused.id!, { write: merged, lanes: lanesOf(merged), state: 'queued', nextAttemptAt: 0, lastError: undefined, label })
  await recordWriteEvent(db, { id: refused.id, kind: merged.kind, label, lanes: lanesOf(merged) }, 'queued')
  await applyLocally(db, merged)
  return refused.id!
}

/**
 * An update or delete of something whose create has not left the outbox yet changes that
 * create instead (one request, and no chance of a conflict with ourselves).
 */
async function foldIntoUnsentCreate(db: StoreDatabase, write: Write): Promise<number | null> {
  const createKind = ({ 'blogs.update': 'blogs.create', 'blogs.delete': 'blogs.create', 'collections.update': 'collections.create', 'collections.delete': 'collections.create', 'metaFields.update': 'metaFields.create', 'metaFields.delete': 'metaFields.create' } as Partial<Record<WriteKind, WriteKind>>)[write.kind]
  if (!createKind || !('key' in write) || storeIdOfKey(write.key) !== null) return null
  const create = await db.outbox.where('kind').equals(createKind).filter((e) => (e.write as { key: string }).key === write.key).first()
  if (!create || create.attempts > 0 || create.state !== 'queued') return null
  const later = await db.outbox.where('lanes').anyOf(create.lanes).filter((e) => e.id! > create.id!).count()
  if (later > 0) return null
  const table = createKind === 'blogs.create' ? db.blogs : createKind === 'collections.create' ? db.collections : db.metaFieldDefinitions
  if (write.kind.endsWith('.delete')) {
    await db.outbox.delete(create.id!)
    await table.delete(write.key)
    return create.id!
  }
  const merged = structuredClone(create.write) as Write & { body: Record<string, unknown>; collectionKeys?: RowKey[] }
  Object.assign(merged.body, (write as { body: object }).body)
  if ('collectionKeys' in write && write.collectionKeys) merged.collectionKeys = write.collectionKeys
  await applyLocally(db, merged)
  await db.outbox.update(create.id!, { write: merged, lanes: lanesOf(merged), label: describeWrite(merged) })
  return create.id!
}

// ---------------------------------------------------------------- after a write left the queue

/** Row lanes: which outbox lanes keep a row marked pending. */
function rowLanes(family: 'orders' | 'blogs' | 'collections' | 'metaFields', row: { key?: string; storeId?: number | null; ID?: number }): string[] {
  if (family === 'orders') return [`orders:${row.ID}`]
  return [`${family}:${row.key}`, ...(row.storeId ? [`${family}:store:${row.storeId}`] : [])]
}

/**
 * Clears `pending` (and the snapshot) on the rows of `lanes` that no unsent write touches any
 * more. Only those rows are read, so accepting a write stays cheap with 100,000 cached orders.
 */
export async function refreshPendingMarks(db: StoreDatabase, lanes: string[]): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const open = (await db.outbox.toArray()).flatMap((e) => e.lanes)
    const stillPending = (rl: string[]) => rl.some((l) => open.some((o) => lanesOverlap(l, o)))
    const clear = { pending: false, server: null }
    for (const lane of lanes) {
      const [family, ...rest] = lane.split(':')
      const ref = rest.join(':')
      if (family === 'orders') {
        const order = await db.orders.get(Number(ref))
        if (order?.pending && !stillPending(rowLanes('orders', order))) await db.orders.update(order.ID, clear)
      } else if (family === 'blogs' || family === 'collections' || family === 'metaFields') {
        const table: Keyed = family === 'metaFields' ? 'metaFieldDefinitions' : family
        const rows = (ref === '*' ? await db.table(table).toArray() : [await rowByRef(db, table, ref)]) as (KeyedRow | undefined)[]
        for (const row of rows) if (row?.pending && !stillPending(rowLanes(family, row))) await db.table(table).update(row.key, clear)
      } else if (family === 'metaFieldValues') {
        const [resource = '', resourceId = '', metaFieldId = ''] = rest
        const value = await db.metaFieldValues.get([resource, resourceId, metaFieldId])
        if (value?.pending && !open.includes(lane)) await db.metaFieldValues.update([resource, resourceId, metaFieldId], clear)
      }
    }
  })
}

/**
 * Puts the rows a write touched back to the store's copy we hold (the snapshot taken before
 * the first optimistic change), then re-applies the writes still queued for them.
 */
export async function revertRows(db: StoreDatabase, entry: OutboxEntry): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const write = entry.write as Write
    const restore = async (table: Table, row: { server?: Record<string, unknown> | null } | undefined, isCreate: boolean, primary: unknown) => {
      if (!row) return
      if (isCreate && !row.server) await table.delete(primary)
      else if (row.server) await table.put({ ...row.server, ...keysOf(row), server: null, pending: false })
    }
    const keysOf = (row: object) => Object.fromEntries(Object.entries(row).filter(([k]) => k === 'key' || k === 'storeId'))
    switch (write.kind) {
      case 'orders.track':
      case 'orders.updateShipping':
        await restore(db.orders, await db.orders.get(write.orderId), false, write.orderId)
        break
      case 'blogs.create':
      case 'blogs.update':
      case 'blogs.delete': {
        const row = await rowByRef<CachedBlog>(db, 'blogs', write.key)
        await restore(db.blogs, row, write.kind === 'blogs.create', row?.key)
        break
      }
      case 'blogs.batch':
        for (const row of write.selectAll ? await db.blogs.filter((b) => !!b.server).toArray() : await Promise.all(write.blogKeys.map((k) => rowByRef<CachedBlog>(db, 'blogs', k))))
          await restore(db.blogs, row, false, row?.key)
        break
      case 'collections.create':
      case 'collections.update':
      case 'collections.delete':
      case 'collections.batch': {
        const row = await rowByRef<CachedCollection>(db, 'collections', write.key)
        await restore(db.collections, row, write.kind === 'collections.create', row?.key)
        if (write.kind === 'collections.batch') for (const k of write.blogKeys) {
          const blog = await rowByRef<CachedBlog>(db, 'blogs', k)
          await restore(db.blogs, blog, false, blog?.key)
        }
        break
      }
      case 'metaFields.create':
      case 'metaFields.update':
      case 'metaFields.delete': {
        const row = await rowByRef<CachedMetaField>(db, 'metaFieldDefinitions', write.key)
        await restore(db.metaFieldDefinitions, row, write.kind === 'metaFields.create', row?.key)
        break
      }
      case 'metaFieldValues.set': {
        const id: [string, string, string] = [write.resource, write.resourceId, write.body.meta_field_id]
        await restore(db.metaFieldValues, await db.metaFieldValues.get(id), false, id)
        break
      }
    }
    for (const remaining of await db.outbox.orderBy('id').toArray()) {
      if (remaining.id === entry.id) continue
      if (remaining.lanes.some((l) => entry.lanes.some((o) => lanesOverlap(l, o)))) await applyLocally(db, remaining.write as Write)
    }
  })
}

// ---------------------------------------------------------------- the user's actions

/** Sends a stopped write again (after a failure the user has fixed, or just to try again). */
export async function retryWrite(db: StoreDatabase, id: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.writeHistory, async () => {
    const entry = await db.outbox.get(id)
    if (!entry) return
    await db.outbox.update(id, { state: 'queued', nextAttemptAt: 0, lastError: undefined })
    await recordWriteEvent(db, entry, 'queued')
  })
  for (const listener of listeners) listener(db.connectionId)
}

/**
 * Drops a write that was not sent (or failed) and puts its rows back to the store's copy. The
 * check and the removal are one transaction, as the replayer's claim of an entry is (replayer.ts
 * `claim`): one of them wins, never both.
 */
export async function discardWrite(db: StoreDatabase, id: number): Promise<void> {
  const entry = await withdraw(db, id, (e) => e.state !== 'sending', 'discarded')
  if (entry === 'refused') throw new Error('This change is being sent right now; wait for the answer before discarding it.')
}

/**
 * Undo (the undo window): withdraws a write that has not started going to the store and
 * puts its rows back as they were. 'too-late' when it is being sent, may already have
 * reached the store (an earlier attempt's answer never came), or is gone (the store has it).
 */
export async function undoWrite(db: StoreDatabase, id: number): Promise<'undone' | 'too-late'> {
  const entry = await withdraw(db, id, (e) => e.state !== 'sending' && !e.uncertain, 'undone')
  return entry === null || entry === 'refused' ? 'too-late' : 'undone'
}

async function withdraw(db: StoreDatabase, id: number, allowed: (entry: OutboxEntry) => boolean, event: 'undone' | 'discarded'): Promise<OutboxEntry | 'refused' | null> {
  const entry = await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get(id)
    if (!entry) return null
    if (!allowed(entry)) return 'refused' as const
    await db.outbox.delete(id)
    await db.conflicts.delete(id)
    await recordWriteEvent(db, entry, event)
    await revertRows(db, entry)
    return entry
  })
  if (entry && entry !== 'refused') await refreshPendingMarks(db, entry.lanes)
  return entry
}

/** Replaces a write's body (the sync panel's "edit" for a stopped write) and queues it again. */
export async function updateWriteBody(db: StoreDatabase, id: number, body: unknown): Promise<void> {
  const entry = await db.outbox.get(id)
  if (!entry) return
  if (entry.state === 'sending') throw new Error('This change is being sent right now; wait for the answer before editing it.')
  const write = { ...(entry.write as Write), body } as Write
  await db.transaction('rw', allTables(db), async () => {
    await db.outbox.update(id, { write, state: 'queued', nextAttemptAt: 0, lastError: undefined, label: describeWrite(write) })
    await recordWriteEvent(db, { ...entry, label: describeWrite(write) }, 'queued')
    await applyLocally(db, write)
  })
  for (const listener of listeners) listener(db.connectionId)
}

export type ConflictChoice = 'mine' | 'theirs' | { merged: Record<string, unknown> }

/**
 * Settles a conflict. `mine` sends the user's version over the store's; `theirs` drops the
 * write and keeps the store's copy; `{ merged }` sends the merged fields instead.
 */
export async function resolveConflict(db: StoreDatabase, id: number, choice: ConflictChoice): Promise<void> {
  const entry = await db.outbox.get(id)
  const conflict = await db.conflicts.get(id)
  if (!entry || !conflict) return
  if (choice === 'theirs') {
    await discardWrite(db, id)
    return
  }
  const rebased = { updatedAt: conflict.theirsUpdatedAt, fields: { ...entry.base?.fields, ...conflict.theirs } }
  await db.transaction('rw', allTables(db), async () => {
    let write = entry.write as Write
    if (choice !== 'mine' && 'body' in write) {
      write = { ...write, body: { ...write.body, ...choice.merged } } as Write
      await applyLocally(db, write)
    }
    await db.outbox.update(id, { write, base: rebased, state: 'queued', nextAttemptAt: 0, lastError: undefined })
    await db.conflicts.delete(id)
    await recordWriteEvent(db, entry, 'queued')
  })
  for (const listener of listeners) listener(db.connectionId)
}
