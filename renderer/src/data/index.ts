// The offline data layer's public API: import from '@/data' only.
//
// READING (screens render from the cache at once, offline too, and update as sync lands)
// - useStoreDatabase(): ComputedRef<StoreDatabase | null>: the active connection's database.
// - useLiveQuery(query, deps?, initial?): Ref<T | I>: `query(db)` as a Dexie liveQuery on the
//   active store's cache, re-run when rows it read change, re-subscribed when `deps` (refs or
//   getters) or the active store change.
// - StoreDatabase (db.ts), tables:
//     orders (key ID; indexes number and post_date only, as each index is written with every
//       order; filter, sort, search and the dashboard's facts go through the order list's
//       index), the store's Order plus local marks
//     checkouts (key ID; number, post_date, post_modified, recall_status, country_or_region,
//       customer_email): list form of abandoned checkouts; counters.get('checkouts') = /checkouts/count
//     blogs (key `key`: 'store:<id>' or 'local:<uuid>'; storeId, title, status, created_at,
//       updated_at, visible_at, *collectionKeys): Blog fields + collectionKeys
//     collections (key `key`; storeId, title, updated_at): BlogCollection fields + blogKeys in
//       the store's order
//     metaFieldDefinitions (key `key`; storeId, resource_type, pinned_position; the definition's own key is `fieldKey`)
//     metaFieldValues (key [resource+resourceId+meta_field_id]; indexes [resource+resourceId],
//       meta_field_id); `resource` is the API path segment (blogs, orders, blog_collections,
//       ...). Filled on demand by refreshMetaFieldValues(), and for orders by the sync's
//       `orderMeta` pass (the orders modified since its last pass: see ORDER TAGS AND NOTES).
//     blogDrafts (key `key`): the blog editor's autosaved, not-yet-queued drafts (editor owns it)
//     blogRevisions (++id; key, [key+createdAt]): local snapshot history (editor owns it)
//     outbox, conflicts, syncState, counters: bookkeeping, read by the sync panel. An outbox
//       entry's state: queued, sending, unconfirmed (sent, outcome unknown: checked on the store
//       before anything is sent again), failed (refused), conflict.
//     writeHistory (++id; *lanes): what happened to each write made from this app, kept after
//       the outbox lets it go: queued, sent, unconfirmed, accepted, failed, conflict, undone, discarded
//       (write-history.ts; written in the same transaction as the outbox change). Read one
//       row's story with historyFor(db, row) (see ONE ROW'S WRITES).
//     orderIndexBlocks (++seq, in write order): the compact index rows
//       (order-index/order-index-row.ts) of each write to orders, one block per write
//       (`rows` written, then IDs `deleted`), written by the database itself in the same
//       transaction; a later block wins. The order list's in-memory index loads them, and asks
//       db.compactOrderIndexBlocks() to fold them together once orderIndexBlocksNeedCompaction.
//     customerRowBlocks (++seq): the compact customer row (customers/customer-row.ts: who the
//       order belongs to, its money, date and contact) of each write to orders, one block per
//       write, by the same middleware; customerSnapshots: the customer index's snapshot of
//       itself and its mark (the last block folded in), emptied with the blocks by a clear.
//   db.onOrderRowChanges(listener) → unsubscribe: after each committed transaction that wrote
//   or deleted orders, the rows it left (`rows`: ID → row, null when deleted; `rangeDeleted`
//   after a clear); a commit in another window of the app is told too (over a BroadcastChannel,
//   its rows made again from the orders it names).
//   Local marks on cached rows: `pending` (an unsent write touches it: show "not yet sent"),
//   `server` (the store's copy before the first unsent change), `deleted` (a delete is queued:
//   hide it). Keys of offline-creatable things never change; `storeId` fills in when accepted.
// - storeDatabase(connectionId) (the database a connection uses: its own, or the one it adopted,
//   see LOCAL WORK), deleteStoreDatabase(connectionId), newLocalKey(),
//   storeKey(id), storeIdOfKey(key), rowByRef(db, table, key) (finds a row by its key or by
//   a `store:<id>` key when the row was created locally).
//
// WRITING (each call changes the cache and queues the write in ONE transaction; it resolves once
// the change is on disk; the replayer sends it when the store can be reached). Screens call the
// actions below as `actions.<name>(db, ...)`: `actions` is every registered kind's action, its
// type read off the registration, so a new one is callable with no line here or in actions.ts.
// - trackOrder(db, orderId, { trackno, sendemail, logistics_company? }, { override?, replaces? }):
//   order shows fulfilled. Refused on a cancelled, refunded or fulfilled order unless `override`
//   names that state (the operator confirmed it; the label, so the timeline, records it) or, on a
//   fulfilled order, `replaces` names the number it changes; the replayer checks the same rule
//   against the store's copy just before sending (closedStateOf, trackingRefusal: writes/orders.ts).
// - updateOrderShipping(db, orderId, shipping, { changed? }): with `changed`, only those fields
//   are watched and written; the others go as the store holds them when the write is sent.
// - createBlog(db, body, collectionKeys?, key?) → key (a missing seo_slug is made from the
//   title, unique among the cached posts: the key the post is recognised by); updateBlog(db, key, body, { baseUpdatedAt?,
//   collectionKeys? }); deleteBlog(db, key); batchBlogs(db, { action, blogKeys | selectAll+filter,
//   collectionKeys? })
// - createCollection(db, body, blogKeys?) → key; updateCollection; deleteCollection;
//   reorderCollection(db, key, movedBlogKeys, endPosition) (sort_blogs_manual);
//   batchCollection(db, key, { operate, blogKeys | selectAll+filter })
// - createMetaField(db, body) → key; updateMetaField(db, key, body); deleteMetaField(db, key)
// - setMetaFieldValue(db, resource, resourceId, metaFieldId, value)
// - enqueueWrite(db, write, { name?, baseUpdatedAt? }): the generic form (`Write` in writes/contract.ts;
//   each kind's handler and action in its family's file in writes/, registered in writes/kinds.ts;
//   `actions` is those actions, bound to the outbox by actions.ts).
//   Every update remembers what it was based on (updated_at and the written fields' values);
//   pass `baseUpdatedAt` when the edit started earlier than the cached row (an editor draft).
//
// SYNC (installed automatically by the first useStoreDatabase()/useLiveQuery() call; the frame
// may call useOfflineData() in its setup to start it earlier)
// - useOfflineData(): starts sync + replayer for the active store (on start, every 5 min, on
//   window focus, when reachability returns, on every enqueue; writes that waited only because
//   the store could not be reached go at once whenever it answers again: a sync, a send, the
//   main process's reachability, focus, start) and puts a disconnected store's database away:
//   kept or deleted, as LOCAL WORK says.
// - useSyncStatus(): ComputedRef<SyncStatus | null>: syncing, current resource, per-resource
//   { done, total }, rate (items/s), secondsLeft, outcome, lastError, replaying, reconnectNeeded.
// - useStoreRuntime(): ComputedRef<StoreRuntime | null>: syncNow(), cancelSync(), replayNow(),
//   sendNow() (queued writes skip their backoff, not their undo window).
// - refreshOrder(db, id), refreshCheckout(db, id) (stores the detail form), refreshBlog(db, id),
//   (the order and checkout pages call them in the background while the store answers),
//   refreshMetaFieldValues(db, resource, resourceId): re-read one record when a screen opens it
//   (meta field values are not part of the full sync). Rows with unsent writes are left alone.
// - Per resource: db.syncState.get(resource) → { lastSyncAt, complete, storeTotal, lastError }.
// - useStoreUtcOffset(): ComputedRef<number | null>: the active store's offset from UTC in
//   minutes, as its newest local/GMT pair of times tells it (kept in the orders' sync state, so
//   per store, and moved by the pairs the store writes after a change of zone); null until the
//   cache holds an order or a checkout (store-clock.ts). The shell hands it to ui/store-time.ts.
//
// STORAGE
// - useStorageInfo() → { info: { usage, quota, persisted }, refresh(), persist() }
// - clearCache(connectionId, { dropUnsent? }): keeps unsent changes, drafts and revisions unless
//   dropUnsent. isQuotaError(e) (enqueueWrite already rethrows quota failures as
//   a MessageError saying problems.quota).
//
// LOCAL WORK (what exists only on this computer: unsent writes, drafts, revisions; issue 16)
// - Disconnecting never deletes it unless the user chose to: the shell's disconnect guard
//   (shell/disconnect-guard.ts) lists it with counts ("2 unsent changes, 1 draft, 14 revisions")
//   and offers keep (the default), export, or delete once the store's name is typed, then
//   tells chooseLocalWorkOnDisconnect(connectionId, 'keep' | 'delete'). A database without
//   local work is deleted (the cache can be read again); one with local work is kept, whoever
//   disconnected the store.
// - A kept database is adopted by the next connection to the same shop (its host; for the
//   demo store, the demo store), which gets a new id: storeDatabase(newId) then opens the kept
//   database, so drafts, revisions and queued writes come back and the queue is sent. Never by
//   another shop, nor by a connection whose own database is already in use (kept-stores.ts;
//   the mapping lives in localStorage because storeDatabase must know it synchronously).
// - countLocalData(db), countKeptData(databaseId) → { unsent, drafts, revisions };
//   hasLocalData(counts); describeLocalData(counts) → words; keptStores() → KeptStore[];
//   deleteKeptData(databaseId); localDataVersion (a ref that goes up when a database is kept,
//   adopted or deleted).
// - Export: exportLocalData(db, { label, shop }, words), exportKeptData(kept, words) → ExportOutcome (words:
//   a write's label in words, features/sync's writeWords)
//   (describeExport(outcome) says it in words): one standalone HTML file per post, revisions.json,
//   index.html and unsent-changes.json, into a new folder the user picks (Electron) or as one
//   .zip download (browser shell) (archive.ts).
//
// UNDO WINDOW (issue 14; undo-window.ts, writes/orders.ts)
// - Order writes (tracking, address, so the scanner and the CSV import too) wait in the outbox
//   until `holdUntil` (queued time + the window; none when it is 0). Nothing sends them earlier
//   (not "Send now", not the store answering again); they go when it ends, after a restart too.
// - undoWindowSeconds() / setUndoWindowSeconds(n) (0–60, default 10; localStorage, app-wide);
//   EnqueueOptions.undoWindowSeconds overrides it for one write.
// - EnqueueOptions.holdUntil holds a write of any kind until then: a screen's action that asks
//   for the window (the blog list's batches, a post moved in the content calendar). The writes of
//   one action share one end, and the undo bar takes them back together.
// - undoWrite(db, id) → 'undone' | 'too-late': withdraws the write and puts the order back,
//   only while it has not started going (not `sending`, not possibly arrived); the check and
//   the removal are one transaction, like the replayer's claim, so exactly one of them wins.
//
// STOPPED WRITES AND CONFLICTS (the sync panel's actions; the blog editor may call them too)
// - retryWrite(db, id), discardWrite(db, id) (drops it and puts its rows back to the store's
//   copy), updateWriteBody(db, id, body), resolveConflict(db, id, 'mine' | 'theirs' | { merged }).
//   Conflicts (id = outbox id) hold `mine`, `theirs`, `base` field maps.
// - Features read the outbox and the conflicts through these queries, never db.outbox or
//   db.conflicts: outboxWrites(db) (id order), writesOf(db, { kind } | { family }),
//   refusedWrites(db), outboxCount(db), allConflicts(db), writesByIds(db, ids) → { entry,
//   conflict } per id.
// - isOffline(error): the store could not be reached (network, timeout), not a refusal.
// - heldBack(entries in id order) → ids waiting for an earlier unsent write of the same lane.
// - entriesForRow(entries, 'blogs' | 'collections' | 'metaFields', { key, storeId }) → the
//   entries (of a list already read) touching that row; rowLanes(...) the same lanes.
//
// ONE ROW'S WRITES (features name the row, RowRef: { family: 'orders', id } or
// { family: 'blogs' | 'collections' | 'metaFields', key, storeId? }; lanes stay the data layer's)
// - pendingFor(db, row) → its outbox entries (any state) in the order made;
//   conflictFor(db, row) → its first write in conflict (ConflictRecord) or null;
//   historyFor(db, row) → its write history (WriteEvent[]), oldest first.
//
// CUSTOMERS (issue 31; customers/)
// - customerIndexFor(db) → CustomerIndex (one per open database, dropped when it closes):
//   state 'loading' | 'ready', subscribe(listener), settled(); query({ search, sort }) → customer
//   keys (sort: last, first, orders, spent, average, refunded, name; `-` for descending; search
//   folded as the order search: names either way round, accents, apostrophes, phone digits);
//   summary(key) → CustomerSummary (orders, paid orders, spent = paid less refunds per currency,
//   average, refunded, first and last order, name/e-mail/phone of the latest order);
//   orderIdsOf(key) (newest first); customerOfOrder(id); size; mainCurrency.
// - customerKeyOf(order): `email:<normalised>`, else `phone:<digits>`, else `name:<name|address>`,
//   else `order:<ID>` (customer-row.ts states the rule); the customer page is /customers/<key>.
//
// ORDER TAGS AND NOTES (issue 31; order-meta/)
// - Kept as meta field values on orders in the app's namespace: storedesk.tags (text, ", "
//   between tags) and storedesk.note (multi-line text). orderFieldState(db, 'tags' | 'note') →
//   ready | disabled | missing; proposeOrderField (the user agreed) queues the definition;
//   enableOrderField turns a disabled one on. An existing definition is used as it is.
// - editOrderTags(db, orderIds, { add, remove }) → { queued, unchanged, tooMany }: one queued
//   `orders.tags` edit per order that changes; setOrderNote(db, id, note) → outbox id or null.
//   Both are order writes with the undo window; tags merge with another desk's at send time,
//   a note stops as a conflict (writes/order-meta.ts).
// - readOrderMeta(db, id) → { tags, note, pending }; readAllOrderTags(db) → Map<orderId, tags>;
//   readOrderNotes(db, ids): the cached values with the unsent edits applied (for live queries).
// - Sync: the `orderMeta` resource (after metaFields) reads the values of the orders modified
//   since its last pass (the API reads values one order at a time; every value write bumps the
//   order's modified time), none without the app's definitions; resumable (`position`).
//
// HOW IT BEHAVES (decisions)
// - Lanes: each write names the resources it touches (`orders:12`, `blogs:store:5`,
//   `blogs:local:<uuid>`, `blogs:*` for select_all). Writes sharing a lane are sent strictly in
//   order; a failed or conflicting write holds back only later writes of its lanes.
// - Retries: exponential backoff with jitter, at most 30 s apart (Retry-After honoured), so an
//   outage of any length is noticed within 30 s even when nothing else says the store is back.
// - Conflicts are field-level: before an update the replayer GETs the store's copy; if its
//   updated_at (post_modified_gmt for orders) is unchanged, or none of the written fields moved
//   away from the base to something other than ours, the write is sent; otherwise it is held in
//   state 'conflict' with { mine, theirs, base } and nothing is overwritten. A tracking number
//   watches the order's tracking, fulfilment, status (cancelled) and ship-to address (one line,
//   `ship_to`), as they were when it was queued; the same values made by another desk are
//   taken as done, not sent again. After our own write
//   is accepted, later queued writes of the same rows are rebased on the store's answer.
// - Never twice, never lost: a write whose request went out and whose outcome is unknown (no
//   answer, a 5xx, the app or its host dying while it was 'sending') is in state 'unconfirmed',
//   never 'failed' for that. Before anything is sent again its handler's reconcile asks the
//   store: a create is looked up by the key the app chose and sent (posts and collections by
//   their slug, which createBlog/createCollection make unique among the cached rows when none
//   was given; meta fields by namespace + key + resource type) and, found as sent, adopted
//   with its store id (a copy a sync put in the cache meanwhile goes, and the writes queued
//   behind it are rewritten to that id); not found, it is sent again. An update sends only the
//   fields the store does not hold yet; a tracking number already on the order is not sent
//   again (one customer e-mail); a delete is sent again and a 404 means done.
// - blockedBy(entries in id order) → the writes that wait for an earlier refused (or
//   conflicting) write of their lanes, each with that write: screens say "waiting for …, which
//   the store refused" and lead to it; isStopped(entry): failed or conflict.
// - An update or delete of a create that never left the outbox is folded into it (one request).
export { StoreDatabase, storeDatabase, deleteStoreDatabase, databaseName, newLocalKey, storeKey, storeIdOfKey, SYNC_RESOURCES, CURRENT_SCHEMA_VERSION } from './db'
export { orderIndexBlocksNeedCompaction, type OrderIndexBlock, type OrderRowChanges } from './order-index/order-index-blocks'
export { orderIndexFor, existingOrderIndex, firstWindowFromCache, type OrderIndex, type OrderFacts } from './order-index/order-index'
export {
  DEFAULT_ORDER_QUERY,
  ORDER_FILTER_STATUSES,
  OrderQuery,
  parseSort,
  toOrdersListParams,
  orderQueryFromRoute,
  orderQueryToRoute,
  type OrderSort,
  type OrderSortKey,
} from './order-index/order-query'
export { fold, orderSearchMatch, type MatchPart, type SearchMatch } from './order-index/order-search'
export type {
  RowKey,
  CachedOrder,
  CachedCheckout,
  CachedBlog,
  CachedCollection,
  CachedMetaField,
  CachedMetaFieldValue,
  BlogDraft,
  BlogRevision,
  SyncResource,
  SyncState,
  OutboxEntry,
  OutboxState,
  WriteEvent,
  WriteEventKind,
  OutboxError,
  ConflictRecord,
  BinLocation,
} from './db'
export type { Write, WriteKind, WriteOf, TrackOptions, EnqueueOptions, ClosedState, TrackBody, ShippingBody, BlogBody, CollectionBody, MetaFieldCreateBody, MetaFieldUpdateBody, BatchFilter, RowRef } from './writes'
export type { LabelAction, LabelNoun, StoredLabel, WriteLabel } from './write-label'
export { blockedBy, heldBack, isStopped } from './replayer'
export { isOffline } from './store-client'
export { closedStateOf, entriesForRow, isUndoable, rowLanes, rowByRef, trackingRefusal } from './writes'
export { pendingFor, conflictFor, historyFor, outboxWrites, writesOf, refusedWrites, outboxCount, allConflicts, writesByIds } from './row-writes'
export { undoWindowSeconds, setUndoWindowSeconds, parseUndoWindow, DEFAULT_UNDO_WINDOW_SECONDS, MAX_UNDO_WINDOW_SECONDS } from './undo-window'
export { enqueueWrite, retryWrite, discardWrite, undoWrite, updateWriteBody, resolveConflict, type ConflictChoice } from './outbox'
export * from './actions'
export { useStoreDatabase, useLiveQuery } from './live'
export { useOfflineData, useSyncStatus, useStoreRuntime, chooseLocalWorkOnDisconnect } from './install'
export type { SyncStatus, ResourceProgress } from './runtime'
export { refreshOrder, refreshCheckout, refreshBlog, refreshMetaFieldValues } from './sync'
export { customerIndexFor, parseCustomerSort, CUSTOMER_SORT_KEYS, type CustomerIndex, type CustomerQuery, type CustomerSort, type CustomerSortKey, type CustomerSummary, type Money } from './customers/customer-index'
export { customerKeyOf, customerNameOf } from './customers/customer-row'
export {
  cleanTag,
  countOrdersWithMeta,
  MAX_NOTE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  ORDER_META_FIELDS,
  readAllOrderTags,
  readOrderMeta,
  readOrderNotes,
  tagKey,
  tagProblem,
  uniqueTags,
  type OrderMeta,
  type OrderMetaKind,
  type TagEdit,
} from './order-meta/order-meta'
export { editOrderTags, enableOrderField, orderFieldState, proposeOrderField, setOrderNote, type OrderFieldState, type TagEditOutcome } from './order-meta/order-meta-actions'
export { useStoreUtcOffset } from './store-clock'
export { countLocalData, hasLocalData, countKeptData, describeExport, describeLocalData, deleteKeptData, exportKeptData, exportLocalData, localDataVersion, type LocalDataCounts } from './local-data'
export { keptStores, type KeptStore } from './kept-stores'
export type { ExportOutcome } from './archive'
export { useStorageInfo, clearCache, isQuotaError, requestPersistence, type StorageInfo } from './storage'
