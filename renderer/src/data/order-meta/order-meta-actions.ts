// What screens call to tag orders and write their notes (order-meta.ts says how they are kept):
// the app's definitions as the cache knows them (ready, missing, or turned off on the store),
// proposing or turning one on (the screen asks the user first), and the queued edits, one
// outbox entry per order (writes/order-meta.ts sends them).
import { MessageError } from '@/session/i18n'
import { storeKey, type CachedMetaField, type RowKey, type StoreDatabase } from '../db'
import { actions } from '../actions'
import { enqueueWrite } from '../outbox'
import type { EnqueueOptions } from '../writes'
import { appOrderFields, effectiveEdit, editTags, MAX_NOTE_LENGTH, MAX_TAGS, ORDER_META_FIELDS, readOrderMeta, tagProblem, uniqueTags, type OrderMetaKind, type TagEdit } from './order-meta'

export type OrderFieldState =
  /** Usable: a definition the store has (or one queued here). */
  | { state: 'ready'; field: CachedMetaField }
  /** Turned off on the store: values cannot be written until it is turned on. */
  | { state: 'disabled'; field: CachedMetaField }
  /** None yet: the app proposes one. */
  | { state: 'missing' }

export async function orderFieldState(db: StoreDatabase, kind: OrderMetaKind): Promise<OrderFieldState> {
  const field = (await appOrderFields(db))[kind]
  if (!field) return { state: 'missing' }
  return field.status === 'disabled' ? { state: 'disabled', field } : { state: 'ready', field }
}

/** Queues the app's definition for tags or notes (the user agreed to it). */
export function proposeOrderField(db: StoreDatabase, kind: OrderMetaKind): Promise<RowKey> {
  return actions.createMetaField(db, ORDER_META_FIELDS[kind])
}

/** Queues turning a definition the store has turned off back on (the user agreed to it). */
export function enableOrderField(db: StoreDatabase, field: CachedMetaField): Promise<number> {
  return actions.updateMetaField(db, field.key, { status: 'enabled' })
}

/**
 * How edits name the definition: `store:<id>` once the store has it (edits of different orders
 * then share no lane), and whether it has an unsent change (turned on again) they must wait for.
 */
async function readyField(db: StoreDatabase, kind: OrderMetaKind): Promise<{ fieldKey: RowKey; afterField?: true }> {
  const found = await orderFieldState(db, kind)
  if (found.state !== 'ready') throw new MessageError({ key: 'problems.notSetUp', params: { field: kind } })
  const { storeId, key, pending } = found.field
  return storeId ? { fieldKey: storeKey(storeId), ...(pending ? { afterField: true as const } : {}) } : { fieldKey: key }
}

/** An order's name for write labels: its number ("#1042"). */
async function orderNames(db: StoreDatabase, orderIds: readonly number[]): Promise<Map<number, string>> {
  const orders = await db.orders.bulkGet([...orderIds])
  return new Map(orders.flatMap((o) => (o ? [[o.ID, `#${o.number}`] as const] : [])))
}

export interface TagEditOutcome {
  /** Outbox ids of the edits queued, one per order that changes. */
  queued: number[]
  /** Orders that already were as asked. */
  unchanged: number
  /** Orders that would have more than MAX_TAGS tags: left as they are. */
  tooMany: number
}

/**
 * Adds and removes tags on each order, queued one edit per order, holding only what changes
 * that order (effectiveEdit). Throws with the words to show when a tag is not one (tagProblem).
 */
export async function editOrderTags(db: StoreDatabase, orderIds: readonly number[], edit: TagEdit, options: EnqueueOptions = {}): Promise<TagEditOutcome> {
  for (const tag of [...edit.add, ...edit.remove]) {
    const problem = tagProblem(tag)
    if (problem) throw new MessageError(problem)
  }
  const wanted: TagEdit = { add: uniqueTags(edit.add), remove: uniqueTags(edit.remove) }
  const field = await readyField(db, 'tags')
  const names = await orderNames(db, orderIds)
  const outcome: TagEditOutcome = { queued: [], unchanged: 0, tooMany: 0 }
  for (const orderId of orderIds) {
    const { tags } = await readOrderMeta(db, orderId)
    const change = effectiveEdit(tags, wanted)
    if (!change) outcome.unchanged++
    else if (editTags(tags, change).length > MAX_TAGS) outcome.tooMany++
    else outcome.queued.push(await enqueueWrite(db, { kind: 'orders.tags', orderId, ...field, body: change }, { name: names.get(orderId), ...options }))
  }
  return outcome
}

/** Queues an order's note ('' removes it); null when it already says that. Throws when it is too long. */
export async function setOrderNote(db: StoreDatabase, orderId: number, note: string, options: EnqueueOptions = {}): Promise<number | null> {
  const text = note.replace(/\r\n?/g, '\n').trim()
  if (text.length > MAX_NOTE_LENGTH) throw new MessageError({ key: 'orderNote.tooLong', params: { max: MAX_NOTE_LENGTH, n: text.length } })
  const field = await readyField(db, 'note')
  if ((await readOrderMeta(db, orderId)).note === text) return null
  const names = await orderNames(db, [orderId])
  return enqueueWrite(db, { kind: 'orders.note', orderId, ...field, body: { note: text } }, { name: names.get(orderId), ...options })
}
