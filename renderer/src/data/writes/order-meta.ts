// An order's tags and internal note (orders.tags, orders.note): meta field values on the order
// (order-meta/order-meta.ts), carried by the store's `metaFieldValues.set`, queued and undoable
// like every order write. The order is marked "not yet sent" while one waits; the value shown
// is the cached one with the unsent edits applied (order-meta.ts), so nothing cached changes
// before the store accepts.
//
// Two desks, one store:
// - Tags merge. An edit is "add these, remove those", applied just before sending to the tags
//   the store holds then: tags another desk added or removed meanwhile stay as it left them.
//   Only real changes are queued (effectiveEdit), so no edit can undo another desk's change of
//   the same tag unseen; an edit the store already holds (an earlier attempt that arrived, or
//   another desk's same change) is not sent again.
// - A note is one text: it is sent only while the store's note is still the one the operator
//   saw when they wrote theirs; otherwise it stops as a conflict with both versions.
import type { MetaFieldValue } from '@common/store-api/resources'
import type { StoreDatabase } from '../db'
import { appOrderFields, editTags, parseTags, serialiseTags, storedValue, tagKey } from '../order-meta/order-meta'
import type { Write, WriteOf } from './contract'
import type { Accepted, Checking, Fields, WriteBase, WriteHandler, WriteHandlers } from './handler'
import { keyedLane, orderLane } from './lanes'
import { PermanentProblem, restoreRow, rowByRef, snapshotBeforeChange, storeIdOf } from './rows'
import { storeIdOfKey } from '../db'

type OrderMetaKind = 'orders.tags' | 'orders.note'
type ValuesAnswer = { data: MetaFieldValue[] }

/**
 * The order's lane, and the definition's while it is only created here or had an unsent change
 * when the edit was queued: the edit waits for that (a value of a field the store does not have
 * yet, or has turned off, would be refused). Otherwise edits of different orders share no lane.
 */
function lanes(write: WriteOf<OrderMetaKind>): string[] {
  return [orderLane(write.orderId), ...(storeIdOfKey(write.fieldKey) === null || write.afterField ? [keyedLane('metaFields', write.fieldKey)] : [])]
}

/** Marks the order "not yet sent" (its fields do not change) and returns what the edit was based on. */
async function markOrder(db: StoreDatabase, orderId: number, base: Fields): Promise<WriteBase> {
  const order = await db.orders.get(orderId)
  if (order) {
    snapshotBeforeChange(order)
    await db.orders.put(order)
  }
  return { updatedAt: null, fields: base }
}

const revertOrder = async (db: StoreDatabase, orderId: number) => restoreRow(db.orders, await db.orders.get(orderId), false, orderId)

/** The definition's value on the store's order now, read just before sending (or checking). */
async function readStore(checking: Checking, write: WriteOf<OrderMetaKind>, what: 'tags' | 'note') {
  const fieldId = String(await storeIdOf(checking.db, 'metaFieldDefinitions', write.fieldKey))
  const path = { resource: 'orders', id: String(write.orderId) }
  const current = await checking.call('metaFieldValues.list', { path })
  const field = current.data.find((v) => v.meta_field_id === fieldId)
  if (!field) throw new PermanentProblem({ key: 'problems.fieldGone', params: { field: what } })
  const set = (value: string) => checking.call('metaFieldValues.set', { path, body: { meta_field_id: fieldId, value } })
  return { current, field, value: field.value ?? '', set }
}

/** Keeps the store's answer for this definition and says what later edits of the same order are now based on. */
async function acceptValue(db: StoreDatabase, write: WriteOf<OrderMetaKind>, answer: ValuesAnswer | null): Promise<Accepted> {
  const row = await rowByRef(db, 'metaFieldDefinitions', write.fieldKey)
  const value = answer?.data.find((v) => v.meta_field_id === String(row?.storeId))
  if (!value) return {}
  await db.metaFieldValues.put({ ...value, resource: 'orders', resourceId: String(write.orderId) })
  return { rebase: { updatedAt: null, record: {}, fieldsOf: (next) => basedOn(next, write, value.value ?? '') } }
}

/** What a later write is based on after the store took `value` for `done`'s field: only edits of the same field and order move. */
function basedOn(next: Write, done: WriteOf<OrderMetaKind>, value: string): Fields | undefined {
  if (next.kind !== done.kind || next.orderId !== done.orderId || next.fieldKey !== done.fieldKey) return undefined
  return next.kind === 'orders.tags' ? tagsBase(parseTags(value), next.body.add, next.body.remove) : { note: value }
}

/** Whether each tag an edit changes was on the order: `tag:<key>` → true or false. */
function tagsBase(tags: readonly string[], ...lists: string[][]): Fields {
  const has = new Set(tags.map(tagKey))
  return Object.fromEntries(lists.flat().map((t) => [`tag:${tagKey(t)}`, has.has(tagKey(t))]))
}

const tags: WriteHandler<'orders.tags'> = {
  lanes,
  undoable: true,
  describe: (write, name) => ({
    kind: write.kind,
    action: 'tags',
    target: { noun: 'order', name },
    values: { ...(write.body.add.length > 0 ? { add: write.body.add.join(', ') } : {}), ...(write.body.remove.length > 0 ? { remove: write.body.remove.join(', ') } : {}) },
  }),
  async apply(db, write) {
    const { tags: field } = await appOrderFields(db)
    return markOrder(db, write.orderId, tagsBase(parseTags(await storedValue(db, write.orderId, field)), write.body.add, write.body.remove))
  },
  revert: (db, write) => revertOrder(db, write.orderId),
  // Arrived when the store's tags hold every tag added and none removed; else the edit is sent
  // again, applied to the store's tags as they are then.
  async reconcile(checking, write) {
    const { current, value } = await readStore(checking, write, 'tags')
    const has = new Set(parseTags(value).map(tagKey))
    const arrived = write.body.add.every((t) => has.has(tagKey(t))) && write.body.remove.every((t) => !has.has(tagKey(t)))
    return arrived ? { arrived: current } : { send: write }
  },
  async deliver(sending, write) {
    const { current, field, value, set } = await readStore(sending, write, 'tags')
    const next = serialiseTags(editTags(parseTags(value), write.body), field.type)
    // The store already holds the result (an earlier attempt arrived, or another desk did the same).
    if (next === serialiseTags(parseTags(value), field.type)) return current
    return set(next)
  },
  accept: (db, write, answer) => acceptValue(db, write, answer),
}

const note: WriteHandler<'orders.note'> = {
  lanes,
  undoable: true,
  describe: (write, name) => ({ kind: write.kind, action: 'note', target: { noun: 'order', name }, ...(write.body.note ? {} : { values: { cleared: 'yes' } }) }),
  async apply(db, write) {
    const { note: field } = await appOrderFields(db)
    return markOrder(db, write.orderId, { note: (await storedValue(db, write.orderId, field)) ?? '' })
  },
  revert: (db, write) => revertOrder(db, write.orderId),
  // Arrived when the store's note is the one sent; else it is sent again under the usual check.
  async reconcile(checking, write) {
    const { current, value } = await readStore(checking, write, 'note')
    return value === write.body.note ? { arrived: current } : { send: write }
  },
  async deliver(sending, write) {
    const { current, value, set } = await readStore(sending, write, 'note')
    if (value === write.body.note) return current
    return sending.unlessChanged({ note: write.body.note }, { updatedAt: null, fields: { note: value } }, current, () => set(write.body.note))
  },
  accept: (db, write, answer) => acceptValue(db, write, answer),
}

export const orderMetaHandlers: Pick<WriteHandlers, OrderMetaKind> = {
  'orders.tags': tags,
  'orders.note': note,
}
