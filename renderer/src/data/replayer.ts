// Sends the outbox to the store. One replayer per store at a time, across windows and reloads
// (Web Lock `storedesk-outbox-<connectionId>`); writes that share a lane (the same order, post,
// collection...) go strictly in the order they were made, and a stopped one holds back the
// later ones of its lane only. Everything it knows is in Dexie, so a reload resumes it.
//
// - Transient failures (network, timeout, 429 honouring Retry-After, 5xx) retry with backoff,
//   capped at 30 s; writes that wait only because the store could not be reached are released
//   at once whenever anything shows the store answers again (`releaseOfflineWaits`).
// - Permanent failures (4xx) stop that write with the store's message and field messages.
// - A create whose earlier attempt may have arrived is first looked up on the store (blogs by
//   filter[key]=title, then the same title + seo_slug + content; collections by title + slug;
//   meta fields by namespace + key + resource type) and never sent twice.
// - An update first reads the store's copy: when the fields it writes changed there since the
//   copy it was based on (and differ from ours), nothing is sent: the write goes to `conflict`
//   with both versions in db.conflicts. Order writes watch what order-writes.ts says (a tracking
//   number: the order's tracking, fulfilment, status and ship-to address).
// - An order write waits out its undo window (`holdUntil`): nothing here sends it earlier, not
//   releaseOfflineWaits, not the runtime's sendNow. An entry is claimed for sending in one
//   transaction that checks it is still there and due, so an undo (outbox.ts `undoWrite`,
//   also one transaction) and a send never both happen.
import type { Blog, BlogCollection, MetaFieldDefinition, MetaFieldValue, Order } from '@common/store-api/resources'
import { storeIdOfKey, storeKey, type CachedBlog, type CachedCollection, type CachedMetaField, type OutboxEntry, type OutboxError, type RowKey, type StoreDatabase } from './db'
import { recordWriteEvent } from './write-history'
import { applyLocally, refreshPendingMarks, rowByRef } from './outbox'
import { isOrderWrite, orderWriteHandler } from './order-writes'
import { asCallError, isOffline, isTransient, mayHaveArrived, needsReconnect, type CallError, type StoreCall } from './store-client'
import { lanesOf, lanesOverlap, rewriteKey, type Write } from './writes'

export interface ReplayResult {
  /** Entries the store accepted in this pass. */
  sent: number
  /** Why the pass stopped early: the store cannot be reached, or the connection needs reconnecting. */
  stoppedBy: 'offline' | 'reconnect' | null
  /** Earliest time (ms) a waiting entry may be tried again, or null when nothing waits. */
  nextAttemptAt: number | null
}

/** An outage of any length is noticed within this, even when nothing else tells the app. */
export const MAX_BACKOFF_MS = 30_000

export function backoffDelay(attempts: number, error: CallError, random: () => number = Math.random): number {
  if (error.code === 'rate_limited' && error.retryAfter !== undefined) return Math.max(0, error.retryAfter * 1000)
  const exponential = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1))
  return exponential / 2 + random() * (exponential / 2)
}

/**
 * The store answers again: every queued write that waits only because it could not be reached
 * may go now. Writes waiting out a Retry-After or a server error keep their time: the store
 * answering says nothing about those.
 */
export async function releaseOfflineWaits(db: StoreDatabase, now: number = Date.now()): Promise<number> {
  return db.outbox
    .where('state')
    .equals('queued')
    .filter((entry) => entry.nextAttemptAt > now && (entry.lastError === undefined || isOffline(entry.lastError)))
    .modify({ nextAttemptAt: now })
}

/** When an entry may be sent: after its backoff and after its undo window. */
export function dueAt(entry: Pick<OutboxEntry, 'nextAttemptAt' | 'holdUntil'>): number {
  return Math.max(entry.nextAttemptAt, entry.holdUntil ?? 0)
}

/** The earliest time a queued write falls due, or null when none is queued. */
async function earliestAttempt(db: StoreDatabase): Promise<number | null> {
  let earliest: number | null = null
  await db.outbox
    .where('state')
    .equals('queued')
    .each((entry) => {
      earliest = earliest === null ? dueAt(entry) : Math.min(earliest, dueAt(entry))
    })
  return earliest
}

/** Entries left in `sending` by a window that died mid-request: their request may have arrived. */
export async function recoverInterrupted(db: StoreDatabase): Promise<void> {
  await db.outbox.where('state').equals('sending').modify({ state: 'queued', uncertain: true })
}

/** The ids of entries (given in send order) that wait for an earlier unsent entry sharing a lane. */
export function heldBack(entries: readonly OutboxEntry[]): Set<number> {
  const held: string[] = []
  const waiting = new Set<number>()
  for (const entry of entries) {
    if (entry.lanes.some((lane) => held.some((h) => lanesOverlap(lane, h)))) waiting.add(entry.id!)
    held.push(...entry.lanes)
  }
  return waiting
}

/** The first entry that may be sent now: none of its lanes is held by an earlier unsent entry. */
async function nextSendable(db: StoreDatabase, now: number): Promise<{ entry: OutboxEntry | null; nextAttemptAt: number | null }> {
  let nextAttemptAt: number | null = null
  const entries = await db.outbox.orderBy('id').toArray()
  const waiting = heldBack(entries)
  for (const entry of entries) {
    if (waiting.has(entry.id!) || entry.state !== 'queued') continue
    if (dueAt(entry) > now) {
      nextAttemptAt = nextAttemptAt === null ? dueAt(entry) : Math.min(nextAttemptAt, dueAt(entry))
      continue
    }
    return { entry, nextAttemptAt }
  }
  return { entry: null, nextAttemptAt }
}

/** Sends every entry that may go now, one at a time. Call it holding the outbox lock. */
export async function replayOutbox(db: StoreDatabase, call: StoreCall, now: () => number = Date.now): Promise<ReplayResult> {
  await recoverInterrupted(db)
  let sent = 0
  for (;;) {
    const { entry, nextAttemptAt } = await nextSendable(db, now())
    if (!entry) return { sent, stoppedBy: null, nextAttemptAt }
    const outcome = await sendEntry(db, call, entry, now)
    if (outcome === 'skipped') continue
    if (outcome === 'accepted') sent++
    if (outcome === 'offline' || outcome === 'reconnect') return { sent, stoppedBy: outcome, nextAttemptAt: await earliestAttempt(db) }
    // The store answered (whatever it said): writes of other lanes that found it unreachable go too.
    if (outcome !== 'retry') await releaseOfflineWaits(db, now())
  }
}

type SendOutcome = 'accepted' | 'retry' | 'stopped' | 'conflict' | 'offline' | 'reconnect'

class PermanentProblem extends Error {}

/**
 * Marks an entry `sending`, in one transaction with the check that it is still queued and due:
 * an undo or discard that got there first (outbox.ts, also one transaction) wins, and then
 * nothing is sent. Null when the entry may not go now.
 */
async function claim(db: StoreDatabase, id: number, now: number): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, db.writeHistory, async () => {
    const fresh = await db.outbox.get(id)
    if (!fresh || fresh.state !== 'queued' || dueAt(fresh) > now) return null
    const claimed: OutboxEntry = { ...fresh, state: 'sending', attempts: fresh.attempts + 1 }
    await db.outbox.put(claimed)
    return claimed
  })
}

async function sendEntry(db: StoreDatabase, call: StoreCall, queued: OutboxEntry, now: () => number): Promise<SendOutcome | 'skipped'> {
  const id = queued.id!
  const claimed = await claim(db, id, now())
  if (!claimed) return 'skipped'
  // `attempts` below counts the earlier attempts, as before the claim.
  const entry = { ...claimed, attempts: claimed.attempts - 1 }
  const write = entry.write as Write
  // The history says "sent" once the store answered it (or may have it): a try that never
  // reached the store is not news, and a conflict found before sending sent nothing.
  const sentAt = now()
  try {
    const response = await deliver(db, call, entry, write)
    if (response === 'conflict') return 'conflict'
    await accept(db, entry, write, response, sentAt)
    return 'accepted'
  } catch (thrown) {
    if (thrown instanceof PermanentProblem) {
      await stop(db, entry, { code: 'bad_request', message: thrown.message }, null)
      return 'stopped'
    }
    const error = asCallError(thrown)
    // A delete of something already gone did what the user wanted.
    if (error.code === 'not_found' && write.kind.endsWith('.delete')) {
      await accept(db, entry, write, null, sentAt)
      return 'accepted'
    }
    const uncertain = entry.uncertain || mayHaveArrived(error)
    const lastError = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) }
    if (needsReconnect(error)) {
      await db.outbox.update(id, { state: 'queued', uncertain, lastError })
      return 'reconnect'
    }
    if (isTransient(error)) {
      await db.transaction('rw', db.outbox, db.writeHistory, async () => {
        await db.outbox.update(id, { state: 'queued', uncertain, lastError, nextAttemptAt: now() + backoffDelay(entry.attempts + 1, error) })
        if (mayHaveArrived(error)) await recordWriteEvent(db, entry, 'sent', 'No answer came; it is checked on the store before trying again.', sentAt)
      })
      return isOffline(error) ? 'offline' : 'retry'
    }
    await stop(db, entry, lastError, sentAt, uncertain)
    return 'stopped'
  }
}

/** The store refused the write: it waits for the user (sync panel), and the history says why. */
async function stop(db: StoreDatabase, entry: OutboxEntry, lastError: OutboxError, sentAt: number | null, uncertain?: boolean): Promise<void> {
  await db.transaction('rw', db.outbox, db.writeHistory, async () => {
    await db.outbox.update(entry.id!, { state: 'failed', ...(uncertain !== undefined ? { uncertain } : {}), lastError })
    if (sentAt !== null) await recordWriteEvent(db, entry, 'sent', undefined, sentAt)
    await recordWriteEvent(db, entry, 'failed', lastError.message)
  })
}

// ---------------------------------------------------------------- resolving references

async function storeIdOf(db: StoreDatabase, table: 'blogs' | 'collections' | 'metaFieldDefinitions', key: RowKey): Promise<number> {
  const direct = storeIdOfKey(key)
  if (direct !== null) return direct
  const row = await rowByRef<CachedBlog | CachedCollection | CachedMetaField>(db, table, key)
  if (row?.storeId) return row.storeId
  throw new PermanentProblem('This change refers to something that was never created on the store (its creation was discarded). Discard or edit it.')
}

const ids = (db: StoreDatabase, table: 'blogs' | 'collections', keys: RowKey[] | undefined) => Promise.all((keys ?? []).map((k) => storeIdOf(db, table, k)))

function batchFilter(filter: { status?: '1' | '2'; key?: string } | undefined) {
  return { ...(filter?.status ? { 'filter[status]': filter.status } : {}), ...(filter?.key ? { 'filter[key]': filter.key } : {}) }
}

// ---------------------------------------------------------------- sending

type StoreCopy = { updatedAt: string | null; fields: Record<string, unknown>; full: unknown }

/** Sends a write (after the lookups it needs) and returns the store's answer. */
async function deliver(db: StoreDatabase, call: StoreCall, entry: OutboxEntry, write: Write): Promise<unknown> {
  switch (write.kind) {
    case 'orders.track':
    case 'orders.updateShipping': {
      // Read the store's order just before sending: another desk may have changed it meanwhile.
      const current = await call('orders.get', { path: { id: write.orderId } })
      const handler = orderWriteHandler(write)
      const theirs = handler.watched(current.data, write)
      const mineFields = handler.mine(write, entry.base?.fields ?? theirs)
      const verdict = await checkBase(db, entry, mineFields, { updatedAt: current.data.post_modified_gmt, fields: theirs, full: current.data })
      if (verdict !== 'send') return verdict === 'already' ? current : 'conflict'
      return handler.send(call, write)
    }
    case 'blogs.create': {
      const collection_ids = await ids(db, 'collections', write.collectionKeys)
      if (entry.uncertain) {
        const found = await findCreatedBlog(db, call, write.body)
        if (found) return { data: found }
      }
      return call('blogs.create', { body: { ...write.body, ...(write.collectionKeys ? { collection_ids } : {}) } })
    }
    case 'blogs.update': {
      const path = { id: await storeIdOf(db, 'blogs', write.key) }
      const collection_ids = write.collectionKeys ? await ids(db, 'collections', write.collectionKeys) : undefined
      const current = (await call('blogs.get', { path })).data
      const mineFields: Record<string, unknown> = { ...write.body, ...(write.collectionKeys ? { collectionKeys: write.collectionKeys } : {}) }
      const theirs = { ...pickFields(current, Object.keys(write.body)), ...(write.collectionKeys ? { collectionKeys: collectionKeysOf(current) } : {}) }
      const verdict = await checkBase(db, entry, mineFields, { updatedAt: current.updated_at, fields: theirs, full: current })
      if (verdict !== 'send') return verdict === 'already' ? { data: current } : 'conflict'
      return call('blogs.update', { path, body: { ...write.body, ...(collection_ids ? { collection_ids } : {}) } })
    }
    case 'blogs.delete':
      return call('blogs.delete', { path: { id: await storeIdOf(db, 'blogs', write.key) } })
    case 'blogs.batch': {
      const collection_ids = write.collectionKeys ? await ids(db, 'collections', write.collectionKeys) : undefined
      return call('blogs.batch', {
        body: {
          ...(write.selectAll ? { select_all: true } : { ids: await ids(db, 'blogs', write.blogKeys) }),
          operate: { action: write.action, ...(collection_ids ? { collection_ids } : {}) },
          ...batchFilter(write.filter),
        },
      })
    }
    case 'collections.create': {
      const blog_ids = await ids(db, 'blogs', write.blogKeys)
      if (entry.uncertain) {
        const found = await findCreatedCollection(db, call, write.body)
        if (found) return { data: found }
      }
      return call('collections.create', { body: { ...write.body, ...(write.blogKeys ? { blog_ids } : {}) } })
    }
    case 'collections.update': {
      const path = { id: await storeIdOf(db, 'collections', write.key) }
      const current = (await call('collections.get', { path })).data
      const verdict = await checkBase(db, entry, { ...write.body }, { updatedAt: current.updated_at, fields: pickFields(current, Object.keys(write.body)), full: current })
      if (verdict !== 'send') return verdict === 'already' ? { data: current } : 'conflict'
      return call('collections.update', { path, body: write.body })
    }
    case 'collections.delete':
      return call('collections.delete', { path: { id: await storeIdOf(db, 'collections', write.key) } })
    case 'collections.batch':
      return call('collections.batch', {
        path: { id: await storeIdOf(db, 'collections', write.key) },
        body: {
          operate: write.operate,
          ...(write.selectAll ? { select_all: true } : { ids: await ids(db, 'blogs', write.blogKeys) }),
          ...(write.endPosition !== undefined ? { end_position: write.endPosition } : {}),
          ...batchFilter(write.filter),
        },
      })
    case 'metaFields.create': {
      if (entry.uncertain) {
        const found = await findCreatedMetaField(db, call, write.body)
        if (found) return { data: found }
      }
      return call('metaFields.create', { body: write.body })
    }
    case 'metaFields.update': {
      const path = { id: await storeIdOf(db, 'metaFieldDefinitions', write.key) }
      const current = (await call('metaFields.get', { path })).data
      const verdict = await checkBase(db, entry, { ...write.body }, { updatedAt: current.updated_at_gmt, fields: pickFields(current, Object.keys(write.body)), full: current })
      if (verdict !== 'send') return verdict === 'already' ? { data: current } : 'conflict'
      return call('metaFields.update', { path, body: write.body })
    }
    case 'metaFields.delete':
      return call('metaFields.delete', { path: { id: await storeIdOf(db, 'metaFieldDefinitions', write.key) } })
    case 'metaFieldValues.set': {
      const path = { resource: write.resource, id: write.resourceId }
      const current = await call('metaFieldValues.list', { path })
      const value = current.data.find((v) => v.meta_field_id === write.body.meta_field_id)?.value ?? null
      const verdict = await checkBase(db, entry, { value: write.body.value }, { updatedAt: null, fields: { value }, full: current.data })
      if (verdict !== 'send') return verdict === 'already' ? current : 'conflict'
      return call('metaFieldValues.set', { path, body: write.body })
    }
  }
}

function pickFields(source: object, keys: string[]): Record<string, unknown> {
  const record = source as Record<string, unknown>
  return Object.fromEntries(keys.map((k) => [k, record[k] ?? null]))
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))
  return norm(a) === norm(b)
}

function collectionKeysOf(blog: Blog): RowKey[] {
  return (blog.collections ?? []).map((c) => storeKey(c.id))
}

/**
 * Decides whether an update may be sent: `already` when the store already holds exactly our
 * values (an earlier uncertain attempt arrived), `conflict` when a field we write was changed
 * on the store since our base to something else (both versions are recorded), else `send`.
 */
async function checkBase(db: StoreDatabase, entry: OutboxEntry, mine: Record<string, unknown>, store: StoreCopy): Promise<'send' | 'already' | 'conflict'> {
  const keys = Object.keys(mine)
  const base = entry.base
  if (keys.every((k) => same(store.fields[k], mine[k]))) {
    // Exactly our values are there: an earlier attempt of ours arrived, or another desk made the
    // same change since our base (sending it again would, say, e-mail the customer twice).
    const madeElsewhere = !!base && base.updatedAt !== null && store.updatedAt !== base.updatedAt && keys.some((k) => !same(base.fields[k], mine[k]))
    return entry.uncertain || madeElsewhere ? 'already' : 'send'
  }
  if (!base) return 'send'
  if (base.updatedAt !== null && store.updatedAt === base.updatedAt) return 'send'
  const changedThere = keys.filter((k) => !same(store.fields[k], base.fields[k]) && !same(store.fields[k], mine[k]))
  if (changedThere.length === 0) return 'send'
  await db.transaction('rw', db.outbox, db.conflicts, db.writeHistory, async () => {
    await db.conflicts.put({
      id: entry.id!,
      kind: entry.kind,
      label: entry.label,
      mine,
      theirs: store.fields,
      base: base.fields,
      theirsUpdatedAt: store.updatedAt,
      detectedAt: Date.now(),
    })
    await db.outbox.update(entry.id!, {
      state: 'conflict',
      lastError: { code: 'conflict', message: `Changed on the store since you edited it: ${changedThere.join(', ')}. Choose which version to keep.` },
    })
    await recordWriteEvent(db, entry, 'conflict', `Changed on the store since you edited it: ${changedThere.join(', ')}.`)
  })
  return 'conflict'
}

// ---------------------------------------------------------------- finding what an uncertain create made

async function claimedByAnotherRow(db: StoreDatabase, table: 'blogs' | 'collections' | 'metaFieldDefinitions', storeId: number): Promise<boolean> {
  return (await db.table(table).where('storeId').equals(storeId).count()) > 0
}

async function findCreatedBlog(db: StoreDatabase, call: StoreCall, body: { title: string; seo_slug?: string; content?: string }): Promise<Blog | null> {
  for (let page = 1; page <= 20; page++) {
    const result = await call('blogs.list', { query: { page, 'filter[key]': body.title, sort: '-created_at' } })
    for (const blog of result.data) {
      const matches = blog.title === body.title && (body.seo_slug === undefined || blog.seo_slug === body.seo_slug) && (body.content === undefined || blog.content === body.content)
      if (matches && !(await claimedByAnotherRow(db, 'blogs', blog.id))) return blog
    }
    if (result.meta.current_page >= result.meta.last_page) return null
  }
  return null
}

async function findCreatedCollection(db: StoreDatabase, call: StoreCall, body: { title: string; seo_slug?: string }): Promise<BlogCollection | null> {
  for (let page = 1; page <= 20; page++) {
    const result = await call('collections.list', { query: { page, 'filter[key]': body.title } })
    for (const collection of result.links.data) {
      const matches = collection.title === body.title && (body.seo_slug === undefined || collection.seo_slug === body.seo_slug)
      if (matches && !(await claimedByAnotherRow(db, 'collections', collection.id))) return collection
    }
    if (result.meta.current_page >= result.meta.last_page) return null
  }
  return null
}

async function findCreatedMetaField(db: StoreDatabase, call: StoreCall, body: { namespace: string; key: string; resource_type: string }): Promise<MetaFieldDefinition | null> {
  const result = await call('metaFields.list', { query: { 'filter[resource_type]': body.resource_type } })
  // Namespace + key is unique per resource type on the store, so a match is ours.
  return result.data.find((f) => f.namespace === body.namespace && f.key === body.key) ?? null
}

// ---------------------------------------------------------------- after the store accepted

/**
 * Records the store's answer: removes the entry, writes the store's copy into the cache (and
 * re-applies the writes still queued for those rows), gives a created row its store id and
 * rewrites every queued write that referred to its local key, and rebases later updates of
 * the same rows on the store's new copy (so our own write is not taken for someone else's).
 */
async function accept(db: StoreDatabase, entry: OutboxEntry, write: Write, response: unknown, sentAt: number): Promise<void> {
  const data = (response as { data?: unknown } | null)?.data
  let touchedLanes: string[] = entry.lanes
  await db.transaction('rw', [db.orders, db.blogs, db.collections, db.metaFieldDefinitions, db.metaFieldValues, db.outbox, db.conflicts, db.writeHistory], async () => {
    await db.outbox.delete(entry.id!)
    await db.conflicts.delete(entry.id!)
    await recordWriteEvent(db, entry, 'sent', undefined, sentAt)
    await recordWriteEvent(db, entry, 'accepted')
    let rowLanes: string[] = entry.lanes
    // What later writes of the same rows are now based on: the store's new copy (`record`),
    // or for order writes the fields their handler watches on it (`fieldsOf`).
    let rebaseTo: { updatedAt: string | null; record: Record<string, unknown>; fieldsOf?: (next: Write) => Record<string, unknown> | null } | null = null

    switch (write.kind) {
      case 'orders.track':
      case 'orders.updateShipping': {
        const order = data as Order | undefined
        if (order?.ID) {
          await db.orders.put(order)
          rebaseTo = { updatedAt: order.post_modified_gmt, record: {}, fieldsOf: (next) => (isOrderWrite(next) ? orderWriteHandler(next).watched(order, next) : null) }
        }
        break
      }
      case 'blogs.create':
      case 'blogs.update': {
        const blog = data as Blog | undefined
        if (!blog?.id) break
        const row = await rowByRef<CachedBlog>(db, 'blogs', write.key)
        const key = row?.key ?? storeKey(blog.id)
        const { collections: _collections, ...fields } = blog
        await db.blogs.put({ ...fields, key, storeId: blog.id, title: blog.title, collectionKeys: blog.collections ? collectionKeysOf(blog) : (row?.collectionKeys ?? []) })
        if (write.kind === 'blogs.create') rowLanes = [...rowLanes, ...(await rewriteReferences(db, 'blogs', write.key, blog.id))]
        rebaseTo = { updatedAt: blog.updated_at, record: { ...blog, collectionKeys: collectionKeysOf(blog) } }
        break
      }
      case 'collections.create':
      case 'collections.update': {
        const collection = data as BlogCollection | undefined
        if (!collection?.id) break
        const row = await rowByRef<CachedCollection>(db, 'collections', write.key)
        await db.collections.put({ ...collection, key: row?.key ?? storeKey(collection.id), storeId: collection.id, title: collection.title, blogKeys: row?.blogKeys ?? [] })
        if (write.kind === 'collections.create') rowLanes = [...rowLanes, ...(await rewriteReferences(db, 'collections', write.key, collection.id))]
        rebaseTo = { updatedAt: collection.updated_at, record: collection }
        break
      }
      case 'metaFields.create':
      case 'metaFields.update': {
        const field = data as MetaFieldDefinition | undefined
        if (!field?.id) break
        const row = await rowByRef<CachedMetaField>(db, 'metaFieldDefinitions', write.key)
        await db.metaFieldDefinitions.put({ ...field, key: row?.key ?? storeKey(field.id), fieldKey: field.key, storeId: field.id })
        if (write.kind === 'metaFields.create') rowLanes = [...rowLanes, ...(await rewriteReferences(db, 'metaFields', write.key, field.id))]
        rebaseTo = { updatedAt: field.updated_at_gmt, record: field }
        break
      }
      case 'blogs.delete': {
        const row = await rowByRef<CachedBlog>(db, 'blogs', write.key)
        if (row) await db.blogs.delete(row.key)
        break
      }
      case 'collections.delete': {
        const row = await rowByRef<CachedCollection>(db, 'collections', write.key)
        if (row) await db.collections.delete(row.key)
        break
      }
      case 'metaFields.delete': {
        const row = await rowByRef<CachedMetaField>(db, 'metaFieldDefinitions', write.key)
        if (row) await db.metaFieldDefinitions.delete(row.key)
        break
      }
      case 'metaFieldValues.set': {
        const values = (data as MetaFieldValue[] | undefined) ?? []
        for (const value of values) await db.metaFieldValues.put({ ...value, resource: write.resource, resourceId: write.resourceId })
        rebaseTo = { updatedAt: null, record: { value: values.find((v) => v.meta_field_id === write.body.meta_field_id)?.value ?? null } }
        break
      }
      case 'blogs.batch':
      case 'collections.batch':
        // The store answers a count only: the rows keep their optimistic state until the next sync.
        break
    }

    touchedLanes = rowLanes
    const later = (await db.outbox.orderBy('id').toArray()).filter((e) => e.lanes.some((l) => rowLanes.some((r) => lanesOverlap(l, r))))
    for (const next of later) {
      if (rebaseTo && next.base) {
        const record = rebaseTo.record
        const fields = rebaseTo.fieldsOf?.(next.write as Write) ?? Object.fromEntries(Object.keys(next.base.fields).map((k) => [k, record[k] ?? null]))
        next.base = { updatedAt: rebaseTo.updatedAt, fields }
        await db.outbox.update(next.id!, { base: next.base })
      }
      // The store's copy is now the base of the rows: show the still-queued changes over it.
      await applyLocally(db, next.write as Write)
    }
  })
  await refreshPendingMarks(db, touchedLanes)
}

/** A created row got its store id: queued writes that named its local key now name `store:<id>`. */
async function rewriteReferences(db: StoreDatabase, family: 'blogs' | 'collections' | 'metaFields', localKey: RowKey, id: number): Promise<string[]> {
  const lane = `${family}:${localKey}`
  const to = storeKey(id)
  const waiting = await db.outbox.where('lanes').equals(lane).toArray()
  for (const entry of waiting) {
    const rewritten = rewriteKey(entry.write as Write, localKey, to)
    await db.outbox.update(entry.id!, { write: rewritten, lanes: lanesOf(rewritten) })
  }
  return [`${family}:${to}`]
}
