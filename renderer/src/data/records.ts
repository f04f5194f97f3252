// The rows the cache's tables hold (db.ts declares the tables and their schema versions): the
// store's resources with this app's marks, the editor's drafts and revisions, sync bookkeeping,
// the outbox, the write history and conflicts. Types only, imported by the database and by the
// code that reads and writes it (writes/, the sync, the outbox), so neither imports the other
// for them.
import type { Blog, BlogCollection, CheckoutSummary, MetaFieldDefinition, MetaFieldValue, Order } from '@common/store-api/resources'
import type { RowKey } from './row-key'
import type { Write, WriteKind } from './writes/contract'
import type { StoredLabel } from './write-label'
import type { Message } from '@/session/i18n'


/** Fields every cached row may carry besides the store's own. */
export interface LocalMarks {
  /** True while at least one outbox entry that changes this row is unsent: show "not yet sent". */
  pending?: boolean
  /** The store's copy as it was before the first optimistic change (what the user's edit was based on). */
  server?: Record<string, unknown> | null
  /** Sync generation that last saw this row on the store (full-diff deletion). */
  seen?: number
}

export type CachedOrder = Order & LocalMarks
export type CachedCheckout = CheckoutSummary & LocalMarks

/** What a row of something the user can create offline (post, collection, meta field) carries. */
export interface KeyedMarks extends LocalMarks {
  /** `store:<id>` or `local:<uuid>`, for life. */
  key: RowKey
  /** The store's id, null until a row created offline has been accepted. */
  storeId: number | null
  /** Marked deleted locally while the delete is queued; hidden by screens. */
  deleted?: boolean
}

/** A blog's store fields (the cached row keeps them flat beside its key). */
export type BlogFields = Partial<Blog>
export type CachedBlog = BlogFields & KeyedMarks & {
  title: string
  /** Keys (`store:<id>` / `local:<uuid>`) of the collections this blog belongs to. */
  collectionKeys: RowKey[]
}

export type CollectionFields = Partial<BlogCollection>
export type CachedCollection = CollectionFields & KeyedMarks & {
  title: string
  /** Keys of the collection's blogs in the store's order (manual sort position). */
  blogKeys: RowKey[]
}

export type MetaFieldFields = Partial<MetaFieldDefinition>
/** The row key is `key`: the definition's own key (e.g. `reading_time`) would collide with it, so it is kept as `fieldKey`. */
export type CachedMetaField = MetaFieldFields & KeyedMarks & {
  fieldKey: string
  name: string
  resource_type: string
}

export type CachedMetaFieldValue = MetaFieldValue &
  LocalMarks & {
    /** Path segment as the API names it: `blogs`, `orders`, `blog_collections`, ... */
    resource: string
    resourceId: string
  }

/** What the editor keeps while a writer types (autosaved, not yet queued for the store). */
export interface BlogDraft {
  key: RowKey
  fields: BlogFields & { collectionKeys?: RowKey[] }
  /** updated_at of the store's copy the draft started from; null for a new post. */
  baseUpdatedAt: string | null
  savedAt: number
  /** The language the post is written in (BCP 47), for the spell checker; absent: the app's. Never sent to the store. */
  language?: string
}

export interface BlogRevision {
  id?: number
  key: RowKey
  createdAt: number
  /** `store`: the store's copy as it was before the first local change (kept once per store version). */
  reason: 'store' | 'timer' | 'publish' | 'restore' | 'manual'
  fields: BlogFields
  /** For `store`: the store's updated_at of the copy kept. */
  storeUpdatedAt?: string | null
  /** For `restore`: what was about to be restored ("the revision of 14:02", "the store's version"). */
  restoring?: string
}

/** In sync order: `orderMeta` (the app's tags and notes on orders) needs the definitions `metaFields` reads. */
export const SYNC_RESOURCES = ['orders', 'checkouts', 'blogs', 'collections', 'metaFields', 'orderMeta'] as const
export type SyncResource = (typeof SYNC_RESOURCES)[number]

export interface SyncState {
  resource: SyncResource
  /** When a full pass (first or diff) last completed, ms since epoch. */
  lastSyncAt: number | null
  /** Why the last pass failed, in the main process's (or the browser's) English words. */
  lastError: string | null
  /**
   * What kind of failure it was (errors.*, or 'quota'), so a screen says it in its language;
   * absent in rows an earlier version wrote (their English is shown as it is).
   */
  lastErrorCode?: string | null
  /**
   * Orders (and orderMeta): the newest post_modified_gmt a complete pass saw, never later than the
   * store's clock at that pass. Later syncs read back to it less the overlap (sync.ts's rule).
   */
  watermark: string | null
  /** Next page to fetch when a pass was interrupted; null when no pass is in progress. */
  cursor: number | null
  /** Generation of the pass in progress (rows seen get it; unseen ones are deleted at the end). */
  generation: number
  /** Whether the first complete pass has finished (incremental syncs are allowed after it). */
  complete: boolean
  /** Items the store reported for the last pass. */
  storeTotal: number | null
  /**
   * orderMeta: where an interrupted pass had got to, newest first: the last order done and the
   * newest order modified when the pass began (orders after it were not in its listing).
   */
  position?: { modified: string; id: number; top: string } | null
  /** Orders: the store's UTC offset as its newest local/GMT pair tells it (store-clock.ts). */
  clock?: StoreClockFact | null
  /**
   * Orders and orderMeta: the store's clock (GMT) and this computer's (ms since epoch) as the last
   * complete pass began. The next pass compares the time each clock moved to see the store's
   * clock step back (sync.ts).
   */
  passClock?: PassClock | null
  /**
   * orderMeta: the orders inside the overlap whose values were read, with the modified time they
   * had then, so a pass re-reads an order's values only when it changed again.
   */
  readStamps?: [id: number, modified: string][]
}

export interface PassClock {
  /** The store's clock, GMT `YYYY-MM-DD HH:MM:SS`. */
  store: string
  /** This computer's clock, ms since epoch. */
  local: number
}

export interface Counter {
  name: 'checkouts'
  count: number
  fetchedAt: number
}

/**
 * queued: not sent yet (or sent and surely not applied: refused for a while, rate-limited);
 * sending: on its way now; unconfirmed: sent, and whether the store applied it is unknown (the
 * connection dropped, the app died, a 5xx or a timeout): the store is asked before anything is
 * sent again (its handler's `reconcile`), and it is never `failed` for that; failed: the store
 * refused it, it waits for the user; conflict: the store's copy moved under it, the user chooses.
 */
export type OutboxState = 'queued' | 'sending' | 'unconfirmed' | 'failed' | 'conflict'

/**
 * Why a write waits or stopped. What the store said (through the main process, in its English
 * words) is `message` and its field messages `fields`, kept as said; what the app decided itself
 * (a conflict, a change the store can no longer take) is `words`, a catalog message, so it reads
 * in the language of the screen that shows it. Rows an earlier version wrote have only `message`,
 * in English, shown as it is.
 */
export interface OutboxError {
  code: string
  message?: string
  words?: Message
  fields?: Record<string, string[]>
}

export interface OutboxEntry {
  /** Auto-incremented: the order the user made the writes in. */
  id?: number
  kind: WriteKind
  /** The write itself (writes/contract.ts). */
  write: Write
  /** Resources this write touches (`blogs:store:5`, `orders:12`, `blogs:*`): later writes sharing one wait. */
  lanes: string[]
  state: OutboxState
  attempts: number
  /** Earliest time (ms) the replayer may try again (backoff, Retry-After). */
  nextAttemptAt: number
  /**
   * The end (ms) of its undo window (order writes, undo-window.ts): never sent before, whatever
   * else says "go now". Not indexed: the outbox is read whole by the replayer anyway.
   */
  holdUntil?: number
  createdAt: number
  lastError?: OutboxError
  /** What an update was based on: the store's updated_at then, and its values of the written fields. */
  base?: { updatedAt: string | null; fields: Record<string, unknown> } | null
  /** What it is (the handler's label, ui/write-words.ts puts it into words). */
  label: StoredLabel
}

/** What happened to a write (write-history.ts): one event per step, kept after the outbox lets the write go. */
export type WriteEventKind = 'queued' | 'sent' | 'unconfirmed' | 'accepted' | 'failed' | 'conflict' | 'undone' | 'discarded'

export interface WriteEvent {
  /** Auto-incremented: events in the order they happened. */
  id?: number
  /** The outbox entry's id (gone from the outbox once accepted or withdrawn). */
  outboxId: number
  kind: string
  /** What the write is (its entry's label). */
  label: StoredLabel
  lanes: string[]
  event: WriteEventKind
  /** When it happened, on this computer (ms). */
  at: number
  /** What the store answered (a refusal, no answer), in the main process's English words, and its kind (errors.*). */
  message?: string
  code?: string
  /** What the app says happened (a conflict, a write the store already had), as a catalog message. */
  words?: Message
}

export interface ConflictRecord {
  /** The outbox entry's id. */
  id: number
  kind: string
  label: StoredLabel
  /** The fields the user wrote. */
  mine: Record<string, unknown>
  /** The store's current values of the same fields. */
  theirs: Record<string, unknown>
  /** The values both were based on. */
  base: Record<string, unknown>
  theirsUpdatedAt: string | null
  detectedAt: number
}

/** Where the user keeps one SKU in the warehouse (imported from CSV in Settings; the pick list sorts by it). */
export interface BinLocation {
  sku: string
  bin: string
}

/** What one pair of the store's times says about its zone. */
export interface StoreClockFact {
  /** Minutes the store's wall clock is ahead of UTC (UTC−05:00 is -300). */
  utcOffsetMinutes: number
  /** The GMT time of the pair (`YYYY-MM-DD HH:MM:SS`): a newer pair wins. */
  seenGmt: string
}

/** The index as stored: per order, columns (typed arrays clone at memory speed); per customer, its key. */
export interface CustomerSnapshot {
  id: 'data'
  format: number
  orderIds: Float64Array<ArrayBuffer>
  /** Index into `keys`. */
  customerOf: Int32Array<ArrayBuffer>
  /** Index into `identities`. */
  identityOf: Int32Array<ArrayBuffer>
  /** Index into `currencies`. */
  currencyOf: Uint16Array<ArrayBuffer>
  total: Float64Array<ArrayBuffer>
  refund: Float64Array<ArrayBuffer>
  paid: Uint8Array<ArrayBuffer>
  /** The order date as a stamp number (stamps.ts), NaN when it has none. */
  date: Float64Array<ArrayBuffer>
  keys: string[]
  /** name, e-mail and phone as one string, separated by IDENTITY_SEPARATOR (customers/customer-index.ts). */
  identities: string[]
  /** Each identity's folded search text (made once, kept so a load need not fold 20,000 names again). */
  identityTexts: string[]
  currencies: string[]
}

/** The snapshot's mark: the last customer row block folded into it (blocks up to it may be gone). */
export interface CustomerSnapshotMark {
  id: 'mark'
  seq: number
}

export type CustomerSnapshotRecord = CustomerSnapshot | CustomerSnapshotMark
