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
//   with both versions in db.conflicts. Order writes watch what writes/orders.ts says (a tracking
//   number: the order's tracking, fulfilment, status and ship-to address).
// - An order write waits out its undo window (`holdUntil`): nothing here sends it earlier, not
//   releaseOfflineWaits, not the runtime's sendNow. An entry is claimed for sending in one
//   transaction that checks it is still there and due, so an undo (outbox.ts `undoWrite`,
//   also one transaction) and a send never both happen.
import { storeKey, type OutboxEntry, type OutboxError, type RowKey, type StoreDatabase } from './db'
import { recordWriteEvent } from './write-history'
import { applyLocally, refreshPendingMarks } from './outbox'
import { asCallError, isOffline, isTransient, mayHaveArrived, needsReconnect, type CallError, type StoreCall } from './store-client'
import { handlerOf, keyedLane, lanesOf, PermanentProblem, pick, rewriteKey, touches, type Fields, type KeyedFamily, type Sending, type StoreCopy, type WriteAnswer } from './writes'

/** The store's answer to a write. */
type Answer = WriteAnswer

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
    if (touches(entry.lanes, held)) waiting.add(entry.id!)
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
  // The history says "sent" once the store answered it (or may have it): a try that never
  // reached the store is not news, and a conflict found before sending sent nothing.
  const sentAt = now()
  try {
    const answer = await deliver(db, call, entry)
    if (answer === 'conflict') return 'conflict'
    await accept(db, entry, answer, sentAt)
    return 'accepted'
  } catch (thrown) {
    if (thrown instanceof PermanentProblem) {
      await stop(db, entry, { code: 'bad_request', message: thrown.message }, null)
      return 'stopped'
    }
    const error = asCallError(thrown)
    // A delete of something already gone did what the user wanted.
    if (error.code === 'not_found' && entry.write.kind.endsWith('.delete')) {
      await accept(db, entry, null, sentAt)
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

// ---------------------------------------------------------------- sending

/** Sends a write through its kind's handler and returns the store's answer, or 'conflict'. */
function deliver(db: StoreDatabase, call: StoreCall, entry: OutboxEntry): Promise<Answer | 'conflict'> {
  const sending: Sending = {
    db,
    call,
    uncertain: !!entry.uncertain,
    base: entry.base,
    async unlessChanged(mine, store, already, send) {
      const verdict = await checkBase(db, entry, mine, store)
      if (verdict === 'send') return send()
      return verdict === 'already' ? already : 'conflict'
    },
  }
  return handlerOf(entry.write).deliver(sending, entry.write)
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))
  return norm(a) === norm(b)
}

/**
 * Decides whether an update may be sent: `already` when the store already holds exactly our
 * values (an earlier uncertain attempt arrived), `conflict` when a field we write was changed
 * on the store since our base to something else (both versions are recorded), else `send`.
 */
async function checkBase(db: StoreDatabase, entry: OutboxEntry, mine: Fields, store: StoreCopy): Promise<'send' | 'already' | 'conflict'> {
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

// ---------------------------------------------------------------- after the store accepted

/**
 * Records the store's answer: removes the entry, writes the store's copy into the cache (and
 * re-applies the writes still queued for those rows), gives a created row its store id and
 * rewrites every queued write that referred to its local key, and rebases later updates of
 * the same rows on the store's new copy (so our own write is not taken for someone else's).
 */
async function accept(db: StoreDatabase, entry: OutboxEntry, answer: Answer | null, sentAt: number): Promise<void> {
  let touchedLanes: string[] = entry.lanes
  await db.transaction('rw', [db.orders, db.blogs, db.collections, db.metaFieldDefinitions, db.metaFieldValues, db.outbox, db.conflicts, db.writeHistory], async () => {
    await db.outbox.delete(entry.id!)
    await db.conflicts.delete(entry.id!)
    await recordWriteEvent(db, entry, 'sent', undefined, sentAt)
    await recordWriteEvent(db, entry, 'accepted')
    const { created, rebase } = await handlerOf(entry.write).accept(db, entry.write, answer)
    if (created) touchedLanes = [...touchedLanes, await rewriteReferences(db, created.family, created.key, created.storeId)]
    const later = (await db.outbox.orderBy('id').toArray()).filter((e) => touches(e.lanes, touchedLanes))
    for (const next of later) {
      const fields = rebase && next.base ? (rebase.fieldsOf ? rebase.fieldsOf(next.write) : null) : undefined
      if (rebase && next.base && fields !== undefined) {
        next.base = { updatedAt: rebase.updatedAt, fields: fields ?? pick(rebase.record, Object.keys(next.base.fields)) }
        await db.outbox.update(next.id!, { base: next.base })
      }
      // The store's copy is now the base of the rows: show the still-queued changes over it.
      await applyLocally(db, next.write)
    }
  })
  await refreshPendingMarks(db, touchedLanes)
}

/** A created row got its store id: queued writes that named its local key now name `store:<id>`. Returns the row's new lane. */
async function rewriteReferences(db: StoreDatabase, family: KeyedFamily, localKey: RowKey, id: number): Promise<string> {
  const to = storeKey(id)
  const waiting = await db.outbox.where('lanes').equals(keyedLane(family, localKey)).toArray()
  for (const entry of waiting) {
    const rewritten = rewriteKey(entry.write, localKey, to)
    await db.outbox.update(entry.id!, { write: rewritten, lanes: lanesOf(rewritten) })
  }
  return keyedLane(family, to)
}
