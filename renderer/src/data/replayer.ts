// Sends the outbox to the store. One replayer per store at a time, across windows and reloads
// (Web Lock `storedesk-outbox-<connectionId>`); writes that share a lane (the same order, post,
// collection...) go strictly in the order they were made, and a stopped one holds back the
// later ones of its lane only. Everything it knows is in Dexie, so a reload resumes it.
//
// - Transient failures (network, timeout, 429 honouring Retry-After, 5xx) retry with backoff,
//   capped at 30 s; writes that wait only because the store could not be reached are released
//   at once whenever anything shows the store answers again (`releaseOfflineWaits`).
// - Permanent failures (4xx) stop that write with the store's message and field messages.
// - No write is sent twice, none is lost. A write whose request went out and whose outcome is
//   unknown (no answer, a 5xx, an answer that could not be read, the app dying while it was
//   `sending`) is `unconfirmed`, never `failed` for that. Before anything is sent again its
//   handler's `reconcile` asks the store: a create is looked up by the key the app chose and
//   sent (a slug it made unique; a meta field's namespace + key) and, found as sent, adopted
//   with its store id (the writes queued behind it are rewritten to that id); an update sends
//   only what the store does not hold yet; a tracking number already on the order is not sent
//   again (one customer e-mail); a delete is sent again and a 404 means done.
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
import { asCallError, isOffline, isTransient, needsReconnect, outcomeUnknown, type CallError, type StoreCall } from './store-client'
import { handlerOf, isWriteKind, keyedLane, lanesOf, PermanentProblem, pick, rewriteKey, sameValue, touches, type Fields, type KeyedFamily, type Sending, type StoreCopy, type WriteAnswer } from './writes'

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

/** The states of entries the replayer takes up by itself: not yet sent, or sent with an unknown outcome. */
export const WAITING_STATES = ['queued', 'unconfirmed'] as const

/**
 * The store answers again: every waiting write that waits only because it could not be reached
 * may go (or be checked) now. Writes waiting out a Retry-After or a server error keep their
 * time: the store answering says nothing about those.
 */
export async function releaseOfflineWaits(db: StoreDatabase, now: number = Date.now()): Promise<number> {
  return db.outbox
    .where('state')
    .anyOf(WAITING_STATES)
    .filter((entry) => entry.nextAttemptAt > now && (entry.lastError === undefined || isOffline(entry.lastError)))
    .modify({ nextAttemptAt: now })
}

/** When an entry may be sent: after its backoff and after its undo window. */
export function dueAt(entry: Pick<OutboxEntry, 'nextAttemptAt' | 'holdUntil'>): number {
  return Math.max(entry.nextAttemptAt, entry.holdUntil ?? 0)
}

/** The earliest time a waiting write falls due, or null when none waits. */
async function earliestAttempt(db: StoreDatabase): Promise<number | null> {
  let earliest: number | null = null
  await db.outbox
    .where('state')
    .anyOf(WAITING_STATES)
    .each((entry) => {
      earliest = earliest === null ? dueAt(entry) : Math.min(earliest, dueAt(entry))
    })
  return earliest
}

/** Entries left in `sending` by a window (or app) that died mid-request: their request may have arrived. */
export async function recoverInterrupted(db: StoreDatabase): Promise<void> {
  await db.outbox.where('state').equals('sending').modify({ state: 'unconfirmed' })
}

const isWaiting = (entry: OutboxEntry) => entry.state === 'queued' || entry.state === 'unconfirmed'

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

/** Whether an entry waits for the user: the store refused it, or it is in conflict with the store's copy. */
export const isStopped = (entry: Pick<OutboxEntry, 'state'>): boolean => entry.state === 'failed' || entry.state === 'conflict'

/**
 * The entries (given in send order) that wait, directly or through others of their lanes, for
 * an earlier write the store refused or that is in conflict, each with that write. Such a write
 * goes only once the user settles the one before it, so no screen may show it as merely queued:
 * they say "waiting for …, which the store refused" with the action that settles it.
 */
export function blockedBy(entries: readonly OutboxEntry[]): Map<number, OutboxEntry> {
  const blocked = new Map<number, OutboxEntry>()
  const holders: { lanes: string[]; blocker: OutboxEntry }[] = []
  for (const entry of entries) {
    const held = holders.find((holder) => touches(holder.lanes, entry.lanes))
    if (isStopped(entry)) holders.push({ lanes: entry.lanes, blocker: entry })
    else if (held) {
      blocked.set(entry.id!, held.blocker)
      holders.push({ lanes: entry.lanes, blocker: held.blocker })
    }
  }
  return blocked
}

/** The first entry that may be sent now: none of its lanes is held by an earlier unsent entry. */
async function nextSendable(db: StoreDatabase, now: number): Promise<{ entry: OutboxEntry | null; nextAttemptAt: number | null }> {
  let nextAttemptAt: number | null = null
  const entries = await db.outbox.orderBy('id').toArray()
  const waiting = heldBack(entries)
  for (const entry of entries) {
    if (waiting.has(entry.id!) || !isWaiting(entry)) continue
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
 * Marks an entry `sending`, in one transaction with the check that it is still waiting and due:
 * an undo or discard that got there first (outbox.ts, also one transaction) wins, and then
 * nothing is sent. Null when the entry may not go now; else the entry as it was (its state
 * says whether its outcome is unknown) with this attempt counted.
 */
async function claim(db: StoreDatabase, id: number, now: number): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, db.writeHistory, async () => {
    const fresh = await db.outbox.get(id)
    if (!fresh || !isWaiting(fresh) || dueAt(fresh) > now) return null
    await db.outbox.put({ ...fresh, state: 'sending', attempts: fresh.attempts + 1 })
    return fresh
  })
}

async function sendEntry(db: StoreDatabase, call: StoreCall, waiting: OutboxEntry, now: () => number): Promise<SendOutcome | 'skipped'> {
  const id = waiting.id!
  // `attempts` below counts the earlier attempts, as before the claim.
  const entry = await claim(db, id, now())
  if (!entry) return 'skipped'
  const unconfirmed = entry.state === 'unconfirmed'
  // Whether this attempt sent the write's own request (every other call only reads): only then
  // can its outcome be unknown.
  let wrote = false
  const watched: StoreCall = (operation, params) => {
    if (isWriteKind(operation)) wrote = true
    return call(operation, params)
  }
  // The history says "sent" once the store answered it (or may have it): a try that never
  // reached the store is not news, and a conflict found before sending sent nothing.
  const sentAt = now()
  try {
    const answer = await deliver(db, watched, entry, unconfirmed)
    if (answer === 'conflict') return 'conflict'
    await accept(db, entry, answer, wrote ? sentAt : null)
    return 'accepted'
  } catch (thrown) {
    if (thrown instanceof PermanentProblem) {
      await stop(db, entry, { code: 'bad_request', words: thrown.words }, null)
      return 'stopped'
    }
    const error = asCallError(thrown)
    const lastError = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) }
    // Unknown once sent without a clear answer, and it stays so until the store is asked.
    const unknown = unconfirmed || (wrote && outcomeUnknown(error))
    const state = unknown ? 'unconfirmed' : 'queued'
    if (needsReconnect(error)) {
      await db.outbox.update(id, { state, lastError })
      return 'reconnect'
    }
    if (isTransient(error)) {
      await db.transaction('rw', db.outbox, db.writeHistory, async () => {
        await db.outbox.update(id, { state, lastError, nextAttemptAt: now() + backoffDelay(entry.attempts + 1, error) })
        if (unknown && !unconfirmed) await recordWriteEvent(db, entry, 'unconfirmed', { code: error.code, message: error.message }, sentAt)
      })
      return isOffline(error) ? 'offline' : 'retry'
    }
    await stop(db, entry, lastError, wrote ? sentAt : null)
    return 'stopped'
  }
}

/** The store refused the write: it waits for the user (sync panel), and the history says why. */
async function stop(db: StoreDatabase, entry: OutboxEntry, lastError: OutboxError, sentAt: number | null): Promise<void> {
  await db.transaction('rw', db.outbox, db.writeHistory, async () => {
    await db.outbox.update(entry.id!, { state: 'failed', lastError })
    if (sentAt !== null) await recordWriteEvent(db, entry, 'sent', undefined, sentAt)
    await recordWriteEvent(db, entry, 'failed', lastError)
  })
}

// ---------------------------------------------------------------- sending

/**
 * Sends a write through its kind's handler and returns the store's answer, or 'conflict'. An
 * unconfirmed write is first settled by its handler's reconcile: already on the store, its copy
 * is the answer and nothing is sent; otherwise what is still missing is sent.
 */
async function deliver(db: StoreDatabase, call: StoreCall, entry: OutboxEntry, unconfirmed: boolean): Promise<Answer | 'conflict'> {
  const handler = handlerOf(entry.write)
  let write = entry.write
  if (unconfirmed) {
    const settled = await handler.reconcile({ db, call }, write)
    if ('arrived' in settled) return settled.arrived
    write = settled.send
  }
  const sending: Sending = {
    db,
    call,
    base: entry.base,
    async unlessChanged(mine, store, already, send) {
      const verdict = await checkBase(db, entry, mine, store)
      if (verdict === 'send') return send()
      return verdict === 'already' ? already : 'conflict'
    },
  }
  return handler.deliver(sending, write)
}

/**
 * Decides whether an update may be sent: `already` when another desk made exactly our change
 * since our base, `conflict` when a field we write was changed on the store since our base to
 * something else (both versions are recorded), else `send`.
 */
async function checkBase(db: StoreDatabase, entry: OutboxEntry, mine: Fields, store: StoreCopy): Promise<'send' | 'already' | 'conflict'> {
  const keys = Object.keys(mine)
  const base = entry.base
  if (keys.every((k) => sameValue(store.fields[k], mine[k]))) {
    // Exactly our values are there, put there by another desk since our base: sending them
    // again would, say, e-mail the customer twice. (Our own earlier attempt arriving is the
    // handler's reconcile's to find.)
    const madeElsewhere = !!base && base.updatedAt !== null && store.updatedAt !== base.updatedAt && keys.some((k) => !sameValue(base.fields[k], mine[k]))
    return madeElsewhere ? 'already' : 'send'
  }
  if (!base) return 'send'
  if (base.updatedAt !== null && store.updatedAt === base.updatedAt) return 'send'
  const changedThere = keys.filter((k) => !sameValue(store.fields[k], base.fields[k]) && !sameValue(store.fields[k], mine[k]))
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
    // The fields by the store's names: a screen names them by their labels (ui/refusal-words.ts).
    const fields = changedThere.join(', ')
    await db.outbox.update(entry.id!, { state: 'conflict', lastError: { code: 'conflict', words: { key: 'problems.changedThere', params: { fields } } } })
    await recordWriteEvent(db, entry, 'conflict', { words: { key: 'problems.changedThereEvent', params: { fields } } })
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
async function accept(db: StoreDatabase, entry: OutboxEntry, answer: Answer | null, sentAt: number | null): Promise<void> {
  let touchedLanes: string[] = entry.lanes
  await db.transaction('rw', [db.orders, db.blogs, db.collections, db.metaFieldDefinitions, db.metaFieldValues, db.outbox, db.conflicts, db.writeHistory], async () => {
    await db.outbox.delete(entry.id!)
    await db.conflicts.delete(entry.id!)
    if (sentAt !== null) await recordWriteEvent(db, entry, 'sent', undefined, sentAt)
    await recordWriteEvent(db, entry, 'accepted', sentAt === null && entry.state === 'unconfirmed' ? { words: { key: 'problems.alreadyThere' } } : undefined)
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
