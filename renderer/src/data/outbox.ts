// The outbox: every write is stored in the same Dexie transaction as its optimistic change to
// the cached row, so the screen shows it at once (row.pending = "not yet sent") and nothing is
// lost to a reload or a crash. The replayer (replayer.ts) sends entries; the functions here
// are what screens call, plus the user's actions on a stopped write (retry, edit, discard,
// resolve a conflict). What a write does to the cache is its kind's handler's (writes/); this
// engine never looks inside a write.
import { storeIdOfKey, type OutboxEntry, type RowKey, type StoreDatabase } from './db'
import { MessageError } from '@/session/i18n'
import { explainQuota } from './storage'
import { undoWindowSeconds } from './undo-window'
import { CREATE_KINDS, describeWrite, handlerOf, isUndoable, lanesOf, lanesOfRow, rowByRef, TABLE_OF, touches, type Action, type Bound, type EnqueueOptions, type KeyedFamily, type Write, type WriteBase, type WriteKind } from './writes'
import { recordWriteEvent } from './write-history'

function allTables(db: StoreDatabase) {
  return [db.orders, db.blogs, db.collections, db.metaFieldDefinitions, db.metaFieldValues, db.outbox, db.conflicts, db.blogDrafts, db.writeHistory]
}

/** `store:<id>` when the row already has a store id, so later writes and lanes agree. */
async function canonicalRef(db: StoreDatabase, family: KeyedFamily, ref: RowKey): Promise<RowKey> {
  if (storeIdOfKey(ref) !== null) return ref
  const row = await rowByRef(db, TABLE_OF[family], ref)
  return row?.storeId ? `store:${row.storeId}` : ref
}

/** A write as the outbox stores it: its references canonical, then completed by its handler (a create's slug). */
async function canonicalWrite(db: StoreDatabase, write: Write): Promise<Write> {
  return prepared(db, await withCanonicalRefs(db, write))
}

function prepared(db: StoreDatabase, write: Write): Promise<Write> {
  return handlerOf(write).prepare?.(db, write) ?? Promise.resolve(write)
}

async function withCanonicalRefs(db: StoreDatabase, write: Write): Promise<Write> {
  const w = structuredClone(write)
  const family = w.kind.split('.')[0]
  const all = (family: KeyedFamily, keys: RowKey[]) => Promise.all(keys.map((k) => canonicalRef(db, family, k)))
  if ('key' in w && (family === 'blogs' || family === 'collections' || family === 'metaFields')) w.key = await canonicalRef(db, family, w.key)
  if ('collectionKeys' in w && w.collectionKeys) w.collectionKeys = await all('collections', w.collectionKeys)
  if ('blogKeys' in w) w.blogKeys = w.blogKeys ? await all('blogs', w.blogKeys) : []
  return w
}

/**
 * A write with a body a person gave: the sync panel's JSON (checked against the store
 * operation's schema for this kind first) or a conflict merged field by field. The types cannot
 * follow a body from a text box back to its kind, so this is the one place that asserts it.
 */
function withBody(write: Write, body: unknown): Write {
  return { ...write, body } as Write
}

// ---------------------------------------------------------------- optimistic changes

/**
 * Applies a write to the cached rows and returns what it was based on (for conflict
 * detection), inside the caller's transaction. Also used to re-apply the remaining queued
 * writes after one is discarded.
 */
export function applyLocally(db: StoreDatabase, write: Write): Promise<WriteBase> {
  return handlerOf(write).apply(db, write)
}

// ---------------------------------------------------------------- enqueue

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
      const hold = options.holdUntil !== undefined ? options.holdUntil - createdAt : isUndoable(canonical.kind) ? (options.undoWindowSeconds ?? undoWindowSeconds()) * 1000 : 0
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

/** Actions as screens call them: the database first, each queueing through the outbox. */
export function bindActions<T extends Record<string, (queueing: never, ...args: never[]) => Promise<unknown>>>(actions: T): { [N in keyof T]: Bound<T[N]> } {
  // Each action queues only its own family's kinds (its `satisfies Actions<...>`); the outbox takes any write.
  const bind = (action: Action<WriteKind>) => (db: StoreDatabase, ...args: never[]) => action({ db, enqueue: (write, options) => enqueueWrite(db, write, options) }, ...args)
  return Object.fromEntries(Object.entries(actions).map(([name, action]) => [name, bind(action as Action<WriteKind>)])) as { [N in keyof T]: Bound<T[N]> }
}

/**
 * An update of something whose create or update the store refused (a 422 or 409 the writer has
 * now fixed in the editor) replaces that write where it stands, queued again: queued behind it,
 * it would wait forever for a write that can never go.
 */
async function foldIntoRefused(db: StoreDatabase, write: Write, name: string | undefined): Promise<number | null> {
  const lanes = lanesOf(write)
  const foldInto = (earlier: Write) => {
    const folded = handlerOf(write).fold?.(earlier, write)
    return folded === 'drop' ? undefined : folded
  }
  const refused = (await db.outbox.where('state').equals('failed').sortBy('id')).filter((entry) => touches(entry.lanes, lanes) && foldInto(entry.write)).pop()
  const folded = refused && foldInto(refused.write)
  if (!refused || !folded) return null
  const merged = await prepared(db, folded)
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
  if (!('key' in write) || storeIdOfKey(write.key) !== null) return null
  const create = await db.outbox.where('kind').anyOf(CREATE_KINDS).filter((e) => 'key' in e.write && e.write.key === write.key).first()
  if (!create || create.attempts > 0 || create.state !== 'queued') return null
  const fold = handlerOf(write).fold?.(create.write, write)
  if (!fold) return null
  const later = await db.outbox.where('lanes').anyOf(create.lanes).filter((e) => e.id! > create.id!).count()
  if (later > 0) return null
  if (fold === 'drop') {
    // Neither goes: the row the create made goes too.
    await db.outbox.delete(create.id!)
    await handlerOf(create.write).revert(db, create.write)
    return create.id!
  }
  const folded = await prepared(db, fold)
  await applyLocally(db, folded)
  await db.outbox.update(create.id!, { write: folded, lanes: lanesOf(folded), label: describeWrite(folded) })
  return create.id!
}

// ---------------------------------------------------------------- after a write left the queue

/** The rows a lane names: the order, the keyed row (every one for `blogs:*`), or the meta field value. */
async function rowsOfLane(db: StoreDatabase, lane: string) {
  const [family = '', ...rest] = lane.split(':')
  const ref = rest.join(':')
  if (family === 'orders') {
    const order = await db.orders.get(Number(ref))
    return order ? [{ table: db.orders, primary: order.ID, row: order, lanes: lanesOfRow({ family, id: order.ID }) }] : []
  }
  if (family === 'blogs' || family === 'collections' || family === 'metaFields') {
    const table = TABLE_OF[family]
    const rows = ref === '*' ? await db.table(table).toArray() : [await rowByRef(db, table, ref)]
    return rows.flatMap((row) => (row ? [{ table: db.table(table), primary: row.key, row, lanes: lanesOfRow({ family, key: row.key, storeId: row.storeId }) }] : []))
  }
  const [resource = '', resourceId = '', metaFieldId = ''] = rest
  const value = family === 'metaFieldValues' ? await db.metaFieldValues.get([resource, resourceId, metaFieldId]) : undefined
  return value ? [{ table: db.metaFieldValues, primary: [resource, resourceId, metaFieldId], row: value, lanes: [lane] }] : []
}

/**
 * Clears `pending` (and the snapshot) on the rows of `lanes` that no unsent write touches any
 * more. Only those rows are read, so accepting a write stays cheap with 100,000 cached orders.
 */
export async function refreshPendingMarks(db: StoreDatabase, lanes: string[]): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const open = (await db.outbox.toArray()).flatMap((e) => e.lanes)
    for (const lane of lanes) {
      for (const { table, primary, row, lanes: own } of await rowsOfLane(db, lane)) {
        if (row.pending && !touches(own, open)) await table.update(primary, { pending: false, server: null })
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
    await handlerOf(entry.write).revert(db, entry.write)
    for (const remaining of await db.outbox.orderBy('id').toArray()) {
      if (remaining.id !== entry.id && touches(remaining.lanes, entry.lanes)) await applyLocally(db, remaining.write)
    }
  })
}

// ---------------------------------------------------------------- the user's actions

/**
 * Sends a stopped write again (after a failure the user has fixed, or just to try again) without
 * waiting out its backoff. An unconfirmed one stays unconfirmed: the store is asked first.
 */
export async function retryWrite(db: StoreDatabase, id: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.writeHistory, async () => {
    const entry = await db.outbox.get(id)
    if (!entry || entry.state === 'sending') return
    if (entry.state === 'unconfirmed') {
      await db.outbox.update(id, { nextAttemptAt: 0 })
      return
    }
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
  if (entry === 'refused') throw new MessageError({ key: 'problems.sendingDiscard' })
}

/**
 * Undo (the undo window): withdraws a write that has not started going to the store and
 * puts its rows back as they were. 'too-late' when it is being sent, may already have
 * reached the store (unconfirmed), or is gone (the store has it).
 */
export async function undoWrite(db: StoreDatabase, id: number): Promise<'undone' | 'too-late'> {
  const entry = await withdraw(db, id, (e) => e.state !== 'sending' && e.state !== 'unconfirmed', 'undone')
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

/**
 * Replaces a write's body (the sync panel's "edit" for a stopped write) and queues it again. Not
 * while its outcome is unknown: the store may hold the body as it was, and is asked first.
 */
export async function updateWriteBody(db: StoreDatabase, id: number, body: unknown): Promise<void> {
  const entry = await db.outbox.get(id)
  if (!entry) return
  if (entry.state === 'sending') throw new MessageError({ key: 'problems.sendingEdit' })
  if (entry.state === 'unconfirmed') throw new MessageError({ key: 'problems.checkingEdit' })
  await db.transaction('rw', allTables(db), async () => {
    const write = await prepared(db, withBody(entry.write, body))
    // Relabelled from the edited write, under the name its target had when it was queued.
    const label = describeWrite(write, typeof entry.label === 'string' ? undefined : entry.label.target.name)
    await db.outbox.update(id, { write, state: 'queued', nextAttemptAt: 0, lastError: undefined, label })
    await recordWriteEvent(db, { ...entry, label }, 'queued')
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
    let write = choice === 'mine' ? (handlerOf(entry.write).keepMine?.(entry.write, conflict.theirs) ?? entry.write) : entry.write
    if (choice !== 'mine' && 'body' in write) {
      write = withBody(write, { ...write.body, ...choice.merged })
      await applyLocally(db, write)
    }
    await db.outbox.update(id, { write, base: rebased, state: 'queued', nextAttemptAt: 0, lastError: undefined })
    await db.conflicts.delete(id)
    await recordWriteEvent(db, entry, 'queued')
  })
  for (const listener of listeners) listener(db.connectionId)
}
