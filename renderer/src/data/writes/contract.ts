// The write contract: every write a screen can make, as data (the outbox stores these, the
// replayer sends them); a kind's row here and its handler (handler.ts says its shape; orders.ts,
// blogs.ts, collections.ts, meta-fields.ts, order-meta.ts hold them) are the whole of a kind.
// Types only, importing neither the database nor the handlers, so the row types (records.ts)
// can name a write. References to things that may have
// been created offline are row keys (`store:<id>` or `local:<uuid>`), resolved to store ids
// only when the write is sent; a write that names a local key waits (shares its lane) until
// the create of that key has been accepted.
import type { OperationName, OperationParams, OperationResult } from '@common/store-api/operations'
import type { RowKey } from '../row-key'

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

/** An order state that takes no tracking unless the operator overrides it (writes/orders.ts). */
export type ClosedState = 'cancelled' | 'refunded' | 'fulfilled'

export type Write =
  | {
      kind: 'orders.track'
      orderId: number
      body: TrackBody
      /** The operator confirmed tracking this order although it was in this state (the timeline says so). */
      override?: ClosedState
      /** A change of the order's tracking number: the number it replaces. */
      replaces?: string
    }
  | {
      kind: 'orders.updateShipping'
      orderId: number
      body: ShippingBody
      /**
       * The fields the operator changed. Only these are watched and written: every other field
       * is sent as the store holds it when the write goes (the store takes whole addresses).
       */
      changed?: (keyof ShippingBody['shipping'])[]
    }
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
  // An order's tags and note (writes/order-meta.ts): `fieldKey` names the app's definition
  // (order-meta/order-meta.ts); `afterField`: it had an unsent change (turned on again) when this
  // was queued, which this waits for.
  | { kind: 'orders.tags'; orderId: number; fieldKey: RowKey; afterField?: true; body: { add: string[]; remove: string[] } }
  | { kind: 'orders.note'; orderId: number; fieldKey: RowKey; afterField?: true; body: { note: string } }

/**
 * A kind is the name of the store operation that carries it, except the kinds listed here:
 * an order's tags and note are meta field values on the wire, with rules of their own.
 */
interface CarriedBy {
  'orders.tags': 'metaFieldValues.set'
  'orders.note': 'metaFieldValues.set'
}

export type WriteKind = Write['kind']
/** The store operation that carries a kind. */
export type OperationOf<K extends WriteKind> = K extends keyof CarriedBy ? CarriedBy[K] : Extract<K, OperationName>
/** The store's answer to a write of a kind. */
export type WriteAnswer<K extends WriteKind = WriteKind> = OperationResult<OperationOf<K>>
export type WriteOf<K extends WriteKind> = Extract<Write, { kind: K }>

/** The family a kind belongs to: its name before the dot (`blogs.create` → `blogs`). */
export type FamilyOf<K extends string> = K extends `${infer F}.${string}` ? F : never

/**
 * The families whose rows have a key (`store:<id>` or `local:<uuid>`) and, once accepted, a
 * store id: those with a kind whose write names its row by `key`. A new such family joins by
 * its rows here, and rows.ts TABLE_OF fails to type-check until it names the family's table.
 */
export type KeyedFamily = FamilyOf<Extract<Write, { key: RowKey }>['kind']>
