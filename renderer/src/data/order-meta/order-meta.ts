// Order tags and the internal note: what the app keeps on an order as meta field values, so
// every desk on the store reads them (the API has no tags on orders). Two definitions in the
// app's own namespace on the `order` resource type, `storedesk.tags` (single-line text, the
// tags joined by ", ") and `storedesk.note` (multi-line text), proposed to the user the first
// time they tag or note an order (ORDER_META_FIELDS); one already on the store, however it was
// made, is used as it is (a `json` tags field is read and written as a JSON array).
//
// What a screen shows is the store's value as cached (metaFieldValues) with the unsent edits of
// the outbox applied over it in the order they were made, so an edit shows at once and an undo
// takes it back; no cached value is changed before the store has accepted the edit.
//
// Tags are compared folded, as the order search folds text ("Fragile" and "fragile" are one
// tag; the first spelling an order got is kept). A tag is 1 to MAX_TAG_LENGTH characters, one
// line, no comma (the separator).
import type { MetaFieldCreateBody } from '../writes/contract'
import type { CachedMetaField, StoreDatabase } from '../db'
import { fold } from '../order-index/order-search'
import type { Write } from '../writes/contract'
import type { Message } from '@/session/i18n'

export const APP_NAMESPACE = 'storedesk'
export type OrderMetaKind = 'tags' | 'note'

export const MAX_TAG_LENGTH = 40
/** Tags on one order at most (the value stays a readable line on the store). */
export const MAX_TAGS = 20
export const MAX_NOTE_LENGTH = 2000

/** The definitions the app proposes, with the user's consent, when none is on the store yet. */
export const ORDER_META_FIELDS: Record<OrderMetaKind, MetaFieldCreateBody> = {
  tags: {
    key: 'tags',
    namespace: APP_NAMESPACE,
    name: 'Tags (Storedesk)',
    resource_type: 'order',
    type: 'text',
    status: 'enabled',
    description: 'Order tags shared by every Storedesk desk, separated by commas.',
    pinned_position: false,
  },
  note: {
    key: 'note',
    namespace: APP_NAMESPACE,
    name: 'Internal note (Storedesk)',
    resource_type: 'order',
    type: 'multi_line_text',
    status: 'enabled',
    description: 'A note for the team on the order, shared by every Storedesk desk; the customer never sees it.',
    pinned_position: false,
    rule: { max_length: MAX_NOTE_LENGTH },
  },
}

// ---------------------------------------------------------------- tags as text

/** How tags are compared: folded (case, accents, apostrophes, spaces). */
export function tagKey(tag: string): string {
  return fold(tag)
}

/** A tag as typed, tidied: trimmed, runs of white space as one space. */
export function cleanTag(input: string): string {
  return input.replace(/\s+/g, ' ').trim()
}

/** What is wrong with a typed tag, in words, or null when it can be a tag. */
export function tagProblem(input: string): Message | null {
  const tag = cleanTag(input)
  if (!tag) return { key: 'tags.problem.empty' }
  if (tag.includes(',')) return { key: 'tags.problem.comma' }
  if (tag.length > MAX_TAG_LENGTH) return { key: 'tags.problem.tooLong', params: { max: MAX_TAG_LENGTH, n: tag.length } }
  if (!tagKey(tag)) return { key: 'tags.problem.noLetter' }
  return null
}

/** Tags once each (by tagKey), the first spelling kept. */
export function uniqueTags(tags: Iterable<string>): string[] {
  const seen = new Map<string, string>()
  for (const raw of tags) {
    const tag = cleanTag(raw)
    const key = tagKey(tag)
    if (key && !seen.has(key)) seen.set(key, tag)
  }
  return [...seen.values()]
}

/** The tags a stored value holds: a JSON array of strings, else text separated by commas. */
export function parseTags(value: string | null | undefined): string[] {
  const text = (value ?? '').trim()
  if (!text) return []
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (Array.isArray(parsed)) return uniqueTags(parsed.filter((t): t is string => typeof t === 'string'))
    } catch {
      // Not JSON after all: read as text.
    }
  }
  return uniqueTags(text.split(','))
}

/** Tags as the definition's type stores them. */
export function serialiseTags(tags: readonly string[], type: string): string {
  return type === 'json' ? (tags.length === 0 ? '' : JSON.stringify(tags)) : tags.join(', ')
}

export interface TagEdit {
  add: string[]
  remove: string[]
}

/** `tags` with `edit` applied: its removals taken out, then its additions appended where missing. */
export function editTags(tags: readonly string[], edit: TagEdit): string[] {
  const removed = new Set(edit.remove.map(tagKey))
  const kept = tags.filter((t) => !removed.has(tagKey(t)))
  return uniqueTags([...kept, ...edit.add])
}

/**
 * The part of an edit that changes `tags` (tags to add that it lacks, tags to remove that it
 * has), or null when it changes nothing: only real changes are queued, so no queued edit is
 * ever a no-op for the order it was made on.
 */
export function effectiveEdit(tags: readonly string[], edit: TagEdit): TagEdit | null {
  const has = new Set(tags.map(tagKey))
  const add = uniqueTags(edit.add).filter((t) => !has.has(tagKey(t)))
  const removing = new Set(edit.remove.map(tagKey))
  const remove = tags.filter((t) => removing.has(tagKey(t)))
  return add.length === 0 && remove.length === 0 ? null : { add, remove }
}

// ---------------------------------------------------------------- the definitions in the cache

export interface AppOrderFields {
  tags?: CachedMetaField
  note?: CachedMetaField
}

// The reads below return Dexie's own promises (`.then` on a query), never those of an async
// function: screens run them as live queries, and a live query (or a transaction) only follows
// the reads made through Dexie's promises. Awaiting a native promise between two reads lost the
// outbox read, so an edit just queued was not shown (and a transaction committed early).

/** The app's order definitions the cache holds (created here and unsent, or read from the store), none deleted. */
export function appOrderFields(db: StoreDatabase): Promise<AppOrderFields> {
  return db.metaFieldDefinitions
    .where('resource_type')
    .equals('order')
    .toArray()
    .then((fields) => {
      const find = (kind: OrderMetaKind) =>
        fields.filter((f) => !f.deleted && f.namespace === APP_NAMESPACE && f.fieldKey === ORDER_META_FIELDS[kind].key).sort((a, b) => Number(b.storeId !== null) - Number(a.storeId !== null))[0]
      return { tags: find('tags'), note: find('note') }
    })
}

// ---------------------------------------------------------------- what screens show

type TagsWrite = Extract<Write, { kind: 'orders.tags' }>
type NoteWrite = Extract<Write, { kind: 'orders.note' }>

/** The outbox's tag and note edits, in the order they were made (the outbox is small: read whole). */
function unsentEdits(db: StoreDatabase): Promise<{ write: TagsWrite | NoteWrite }[]> {
  return db.outbox.toArray().then((entries) => entries.filter((e): e is typeof e & { write: TagsWrite | NoteWrite } => e.write.kind === 'orders.tags' || e.write.kind === 'orders.note'))
}

/** The value a definition holds on an order as cached (the store's, as last read), or null (none while the store has no such definition). */
export function storedValue(db: StoreDatabase, orderId: number, field: CachedMetaField | undefined): Promise<string | null> {
  return db.metaFieldValues.get(['orders', String(orderId), String(field?.storeId ?? '')]).then((row) => (field?.storeId ? (row?.value ?? null) : null))
}

export interface OrderMeta {
  tags: string[]
  note: string
  /** An edit of the tags or the note has not reached the store yet. */
  pending: boolean
}

/** One order's tags and note as the app shows them: the cached values with the unsent edits applied. */
export async function readOrderMeta(db: StoreDatabase, orderId: number): Promise<OrderMeta> {
  const fields = await appOrderFields(db)
  let tags = parseTags(await storedValue(db, orderId, fields.tags))
  let note = (await storedValue(db, orderId, fields.note)) ?? ''
  let pending = false
  for (const { write } of await unsentEdits(db)) {
    if (write.orderId !== orderId) continue
    if (write.kind === 'orders.tags') tags = editTags(tags, write.body)
    else note = write.body.note
    pending = true
  }
  return { tags, note, pending }
}

/**
 * Every order's tags as the app shows them (the order list's chips and tag filter, the tag
 * suggestions): the cached values of the tags definition, with the unsent edits applied.
 * Orders without a tag are left out.
 */
export async function readAllOrderTags(db: StoreDatabase): Promise<Map<number, string[]>> {
  const { tags: field } = await appOrderFields(db)
  const out = new Map<number, string[]>()
  if (field?.storeId) {
    const rows = await db.metaFieldValues.where('meta_field_id').equals(String(field.storeId)).toArray()
    for (const row of rows) {
      if (row.resource !== 'orders') continue
      const tags = parseTags(row.value)
      if (tags.length > 0) out.set(Number(row.resourceId), tags)
    }
  }
  for (const { write } of await unsentEdits(db)) {
    if (write.kind !== 'orders.tags') continue
    const tags = editTags(out.get(write.orderId) ?? [], write.body)
    if (tags.length > 0) out.set(write.orderId, tags)
    else out.delete(write.orderId)
  }
  return out
}

/** The notes of some orders as the app shows them (the pick list prints them when asked). */
export async function readOrderNotes(db: StoreDatabase, orderIds: readonly number[]): Promise<Map<number, string>> {
  const { note: field } = await appOrderFields(db)
  const out = new Map<number, string>()
  if (field?.storeId) {
    const rows = await db.metaFieldValues.bulkGet(orderIds.map((id): [string, string, string] => ['orders', String(id), String(field.storeId)]))
    rows.forEach((row, i) => {
      if (row?.value) out.set(orderIds[i]!, row.value)
    })
  }
  const wanted = new Set(orderIds)
  for (const { write } of await unsentEdits(db)) {
    if (write.kind !== 'orders.note' || !wanted.has(write.orderId)) continue
    if (write.body.note) out.set(write.orderId, write.body.note)
    else out.delete(write.orderId)
  }
  return out
}

/** How many orders have tags or a note cached (the Sync page's count). */
export async function countOrdersWithMeta(db: StoreDatabase): Promise<number> {
  const ids = Object.values(await appOrderFields(db)).flatMap((f) => (f?.storeId ? [String(f.storeId)] : []))
  const orders = new Set<string>()
  for (const row of ids.length > 0 ? await db.metaFieldValues.where('meta_field_id').anyOf(ids).toArray() : []) if (row.resource === 'orders' && row.value) orders.add(row.resourceId)
  return orders.size
}
