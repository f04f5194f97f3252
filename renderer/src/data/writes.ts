// Every write a screen can make, as data: the outbox stores these, the replayer sends them.
// References to things that may have been created offline are row keys (`store:<id>` or
// `local:<uuid>`), resolved to store ids only when the write is sent; a write that names a
// local key waits (shares its lane) until the create of that key has been accepted.
import type { OperationName, OperationParams } from '@common/store-api/operations'
import type { RowKey } from './db'

type Body<N extends OperationName> = OperationParams<N> extends { body: infer B } ? B : never

export type TrackBody = Body<'orders.track'>
export type ShippingBody = Body<'orders.updateShipping'>
/** Blog fields as the store takes them, minus collection ids (given as keys instead). */
export type BlogBody = Omit<Body<'blogs.update'>, 'collection_ids'>
export type CollectionBody = Omit<Body<'collections.update'>, never>
export type MetaFieldCreateBody = Body<'metaFields.create'>
export type MetaFieldUpdateBody = Body<'metaFields.update'>
export type BlogBatchAction = 'show' | 'hide' | 'delete' | 'add_to_collections' | 'remove_from_collections'
export type CollectionBatchOperation = 'sort_blogs_manual' | 'show' | 'hide' | 'delete' | 'remove_from_collection'
export interface BatchFilter {
  status?: '1' | '2'
  key?: string
}

export type Write =
  | { kind: 'orders.track'; orderId: number; body: TrackBody }
  | { kind: 'orders.updateShipping'; orderId: number; body: ShippingBody }
  | { kind: 'blogs.create'; key: RowKey; body: BlogBody & { title: string }; collectionKeys?: RowKey[] }
  | { kind: 'blogs.update'; key: RowKey; body: BlogBody; collectionKeys?: RowKey[] }
  | { kind: 'blogs.delete'; key: RowKey }
  | { kind: 'blogs.batch'; blogKeys: RowKey[]; selectAll?: boolean; filter?: BatchFilter; action: BlogBatchAction; collectionKeys?: RowKey[] }
  | { kind: 'collections.create'; key: RowKey; body: CollectionBody & { title: string }; blogKeys?: RowKey[] }
  | { kind: 'collections.update'; key: RowKey; body: CollectionBody }
  | { kind: 'collections.delete'; key: RowKey }
  | {
      kind: 'collections.batch'
      key: RowKey
      operate: CollectionBatchOperation
      blogKeys: RowKey[]
      selectAll?: boolean
      filter?: BatchFilter
      /** 1-based position the moved blogs end at (sort_blogs_manual). */
      endPosition?: number
    }
  | { kind: 'metaFields.create'; key: RowKey; body: MetaFieldCreateBody }
  | { kind: 'metaFields.update'; key: RowKey; body: MetaFieldUpdateBody }
  | { kind: 'metaFields.delete'; key: RowKey }
  | { kind: 'metaFieldValues.set'; resource: string; resourceId: string; body: { meta_field_id: string; value: string } }

export type WriteKind = Write['kind']
export type WriteOf<K extends WriteKind> = Extract<Write, { kind: K }>

/** Creates get a store id when accepted; everything that named their local key is rewritten. */
export const CREATE_KINDS = ['blogs.create', 'collections.create', 'metaFields.create'] as const

/** The table and lane prefix of each keyed family. */
export type Family = 'orders' | 'blogs' | 'collections' | 'metaFields' | 'metaFieldValues'

export function familyOf(kind: WriteKind): Family {
  return kind.split('.')[0] as Family
}

/** Lanes of a write: two writes sharing a lane are sent in the order they were made. */
export function lanesOf(write: Write): string[] {
  const lanes = new Set<string>()
  const blog = (key: RowKey) => lanes.add(`blogs:${key}`)
  const collection = (key: RowKey) => lanes.add(`collections:${key}`)
  switch (write.kind) {
    case 'orders.track':
    case 'orders.updateShipping':
      lanes.add(`orders:${write.orderId}`)
      break
    case 'blogs.create':
    case 'blogs.update':
      blog(write.key)
      write.collectionKeys?.forEach(collection)
      break
    case 'blogs.delete':
      blog(write.key)
      break
    case 'blogs.batch':
      if (write.selectAll) lanes.add('blogs:*')
      write.blogKeys.forEach(blog)
      write.collectionKeys?.forEach(collection)
      break
    case 'collections.create':
      collection(write.key)
      write.blogKeys?.forEach(blog)
      break
    case 'collections.update':
    case 'collections.delete':
      collection(write.key)
      break
    case 'collections.batch':
      collection(write.key)
      write.blogKeys.forEach(blog)
      if (write.selectAll) lanes.add('blogs:*')
      break
    case 'metaFields.create':
    case 'metaFields.update':
    case 'metaFields.delete':
      lanes.add(`metaFields:${write.key}`)
      break
    case 'metaFieldValues.set':
      lanes.add(`metaFieldValues:${write.resource}:${write.resourceId}:${write.body.meta_field_id}`)
      break
  }
  return [...lanes]
}

/** Whether two lanes name the same resource (`blogs:*` overlaps every blog lane). */
export function lanesOverlap(a: string, b: string): boolean {
  if (a === b) return true
  const wildcard = (x: string, y: string) => x.endsWith(':*') && y.startsWith(x.slice(0, -1))
  return wildcard(a, b) || wildcard(b, a)
}

/** The lanes a cached post, collection or meta field's writes run in: its key, and its store id once known. */
export function rowLanes(family: 'blogs' | 'collections' | 'metaFields', row: { key: RowKey; storeId?: number | null }): string[] {
  return [`${family}:${row.key}`, ...(row.storeId ? [`${family}:store:${row.storeId}`] : [])]
}

/** The outbox entries (in the order given, any state) that touch a row: features ask this rather than spell lanes. */
export function entriesForRow<E extends { lanes: string[] }>(entries: readonly E[], family: 'blogs' | 'collections' | 'metaFields', row: { key: RowKey; storeId?: number | null }): E[] {
  const lanes = rowLanes(family, row)
  return entries.filter((entry) => entry.lanes.some((lane) => lanes.some((own) => lanesOverlap(lane, own))))
}

/** Replaces every reference to `from` by `to` in a write (after a create was accepted). */
export function rewriteKey(write: Write, from: RowKey, to: RowKey): Write {
  const swap = (key: RowKey) => (key === from ? to : key)
  const swapAll = (keys: RowKey[] | undefined) => keys?.map(swap)
  const copy = structuredClone(write)
  if ('key' in copy) copy.key = swap(copy.key)
  if ('collectionKeys' in copy && copy.collectionKeys) copy.collectionKeys = swapAll(copy.collectionKeys)
  if ('blogKeys' in copy && copy.blogKeys) copy.blogKeys = swapAll(copy.blogKeys) ?? []
  return copy
}

export function describeWrite(write: Write, name?: string): string {
  const what = name ? ` “${name}”` : ''
  // An order's name is its number ("#1057"), which reads as itself without quotes.
  const order = name ? ` ${name}` : ''
  switch (write.kind) {
    case 'orders.track':
      return `Tracking ${write.body.trackno} for order${order}`
    case 'orders.updateShipping':
      return `Shipping address of order${order}`
    case 'blogs.create':
      return `New post “${write.body.title}”`
    case 'blogs.update':
      return `Changes to post${what}`
    case 'blogs.delete':
      return `Delete post${what}`
    case 'blogs.batch':
      return `${write.action.replaceAll('_', ' ')}: ${write.selectAll ? 'all matching posts' : `${write.blogKeys.length} post(s)`}`
    case 'collections.create':
      return `New collection “${write.body.title}”`
    case 'collections.update':
      return `Changes to collection${what}`
    case 'collections.delete':
      return `Delete collection${what}`
    case 'collections.batch':
      return write.operate === 'sort_blogs_manual' ? `Reorder collection${what}` : `${write.operate.replaceAll('_', ' ')} in collection${what}`
    case 'metaFields.create':
      return `New meta field “${write.body.name}”`
    case 'metaFields.update':
      return `Changes to meta field${what}`
    case 'metaFields.delete':
      return `Delete meta field${what}`
    case 'metaFieldValues.set':
      return `Meta field value on ${write.resource} ${write.resourceId}`
  }
}
