// The shape of a write kind's handler: every phase the outbox (outbox.ts) and the replayer
// (replayer.ts) run for a write, typed with the kind's own write (contract.ts) and the store's
// answer to it. WriteHandlers maps every kind to its handler, so a kind without one, or a
// handler without a phase, fails to type-check.
import type { RowKey, StoreDatabase } from '../db'
import type { OutboxEntry } from '../records'
import type { StoreCall } from '../store-client'
import type { WriteLabel } from '../write-label'
import type { KeyedFamily, Write, WriteAnswer, WriteKind, WriteOf } from './contract'

export type Fields = Record<string, unknown>

/** What an update was based on: the store's updated_at then, and its values of the written fields. */
export type WriteBase = OutboxEntry['base']

/** The store's copy of what a write is about to change, read just before sending. */
export interface StoreCopy {
  updatedAt: string | null
  fields: Fields
}

/** What the replayer gives a handler to read the store with before anything is sent again. */
export interface Checking {
  db: StoreDatabase
  call: StoreCall
}

/**
 * What the store holds of an unconfirmed write: all of it (`arrived`, with the store's copy
 * taken as its answer: nothing is sent), or `send`, what is still to be sent (the whole write,
 * or the part the store lacks).
 */
export type Reconciled<K extends WriteKind> = Settled<WriteOf<K>, WriteAnswer<K>>

/** Reconciled for a write `W` whose store answer is `A`. */
export type Settled<W, A> = { arrived: A } | { send: W }

/** What the replayer gives a handler to send one outbox entry with. */
export interface Sending extends Checking {
  /** What the write was based on when it was queued. */
  base: WriteBase
  /**
   * Sends with `send` unless the store's copy says not to: `already` when another desk made
   * exactly our change (`mine`) since our base, 'conflict' (recorded with both versions) when a
   * field we write changed there since our base to something else.
   */
  unlessChanged<A>(mine: Fields, store: StoreCopy, already: A, send: () => Promise<A>): Promise<A | 'conflict'>
}

/** What the store's answer to an accepted write did to the cache. */
export interface Accepted {
  /** A create got its store id: queued writes that named `key` now name `store:<storeId>`. */
  created?: { family: KeyedFamily; key: RowKey; storeId: number }
  /**
   * What later writes of the same rows are now based on: the store's new copy (`record`), or
   * the fields a later write watches on it (`fieldsOf`, null to take them from `record`,
   * undefined to leave that write's base as it is: it writes something this one did not change).
   */
  rebase?: { updatedAt: string | null; record: Fields; fieldsOf?: (next: Write) => Fields | null | undefined }
}

/** Everything the outbox and the replayer do differently for one kind of write. */
export type WriteHandler<K extends WriteKind> = HandlerFor<WriteOf<K>, WriteAnswer<K>>

/** A handler of writes `W` (one kind's row of the contract) whose store answer is `A`. */
export interface HandlerFor<W extends { kind: string }, A> {
  /** It makes a row of this family: accepted, the row gets a store id and writes naming its local key are rewritten. */
  creates?: KeyedFamily
  /** The resources it touches: writes sharing a lane are sent in the order they were made. */
  lanes(write: W): string[]
  /** What it is, as data (write-label.ts; screens put it into words); `name` names its target (an order number, a post title). */
  describe(write: W, name?: string): WriteLabel
  /** The optimistic change to the cached rows (inside the caller's transaction); returns what an update was based on. */
  apply(db: StoreDatabase, write: W): Promise<WriteBase>
  /** Puts the rows it touched back to the store's copy taken before the first optimistic change. */
  revert(db: StoreDatabase, write: W): Promise<void>
  /**
   * Completes the write before the outbox stores it (in the enqueue's transaction): a create
   * gets the key it is recognised by on the store should its answer be lost (a post's or
   * collection's slug, made unique among the rows this device knows, when none was given).
   */
  prepare?(db: StoreDatabase, write: W): Promise<W>
  /**
   * The write's rule for an unknown outcome (state `unconfirmed`: the connection dropped after
   * it was sent, the app died, a 5xx or a timeout), run before anything is sent again: reads the
   * store and says whether the write is already there (a create: looked up by the key the app
   * chose and sent; an update: the fields it writes; a tracking number: the order's) or what is
   * still to send. It never sends the write itself: a delete is sent again, as its own answer
   * settles it (a 404 means done).
   */
  reconcile(checking: Checking, write: W): Promise<Settled<W, A>>
  /** Sends it (after the reads it needs); the store's answer, or 'conflict'. */
  deliver(sending: Sending, write: W): Promise<A | 'conflict'>
  /** Writes the store's answer into the cache (null: a delete found it already gone). */
  accept(db: StoreDatabase, write: W, answer: A | null): Promise<Accepted>
  /**
   * Folds it into an earlier write of the same row that has not gone (an unsent create, or a
   * write the store refused): the one write that replaces both, 'drop' when neither need go (a
   * delete of an unsent create), undefined when they do not fold.
   */
  fold?(earlier: Write, write: W): Write | 'drop' | undefined
  /** The write to send when the user keeps theirs-over-mine in a conflict ('mine'), given the store's fields. */
  keepMine?(write: W, theirs: Fields): W
  /** Waits out the undo window (undo-window.ts) before it is sent, so the operator can take it back. */
  undoable?: true
}

/** One handler per kind, each typed with its own kind: a kind or a phase missing fails to type-check. */
export type WriteHandlers = { [K in WriteKind]: WriteHandler<K> }

/** How one write is queued (enqueueWrite, in outbox.ts). */
export interface EnqueueOptions {
  /** A name for the write's subject shown in the sync panel (an order number, a post title). */
  name?: string
  /** Overrides what an update was based on (the editor knows the updated_at its draft started from). */
  baseUpdatedAt?: string | null
  /** Overrides the undo window (seconds) of a kind that always waits one (undo-window.ts); the setting applies otherwise. */
  undoWindowSeconds?: number
  /**
   * Holds this write until then (epoch ms), whatever its kind: an action that asks for the undo
   * window (a batch from the blog list, a post moved in the calendar). The writes of one action
   * share one end, so one Undo takes them all back.
   */
  holdUntil?: number
}

/** What an action is given to queue writes of the kinds `K` with: the database, and the outbox's enqueue bound to it. */
export interface Queueing<K extends WriteKind> {
  db: StoreDatabase
  enqueue(write: WriteOf<K>, options?: EnqueueOptions): Promise<number>
}

/**
 * What a screen calls to queue writes, beside the handlers of their kinds: it makes the write
 * from the screen's arguments (and checks what the cache says first, where a rule says so) and
 * queues it. actions.ts binds each to the outbox, and screens call it as '@/data' `actions.<name>`.
 */
export type Action<K extends WriteKind> = (queueing: Queueing<K>, ...args: never[]) => Promise<unknown>

/** A family's actions, by the name screens call them: each queues writes of the family's kinds only. */
export type Actions<K extends WriteKind> = Record<string, Action<K>>

/** An action as screens call it: the database first, then its own arguments. */
export type Bound<A> = A extends (queueing: never, ...args: infer P) => infer R ? (db: StoreDatabase, ...args: P) => R : never
