// Meta field writes: definitions (metaFields.create, metaFields.update, metaFields.delete) and
// a value on one record (metaFieldValues.set). A create whose answer was lost is looked for on
// the store by namespace + key + resource type (unique there, and chosen by the app) before it
// is sent again, and one the store refuses as taken by a field of the same type and name (another
// desk's same field, made meanwhile) takes that field; a value watches the value it replaces, and
// is not sent again when the store already holds it.
import type { MetaFieldDefinition } from '@common/store-api/resources'
import { storeKey, type CachedMetaField, type CachedMetaFieldValue, type RowKey, type StoreDatabase } from '../db'
import { newLocalKey } from '../row-key'
import type { MetaFieldCreateBody, MetaFieldUpdateBody, WriteOf } from './contract'
import type { Actions, Checking, EnqueueOptions, Reconciled, WriteHandler, WriteHandlers } from './handler'
import { asCallError } from '../store-client'
import { keyedLane, metaFieldValueLane } from './lanes'
import { created, keyedDelete, keyedUpdate, mergeBody, settleCreate } from './keyed'
import { dropSyncedCopy, restoreByRef, restoreRow, rowByRef, sameText, sameValue, snapshotBeforeChange } from './rows'

type MetaFieldKind = 'metaFields.create' | 'metaFields.update' | 'metaFields.delete' | 'metaFieldValues.set'

const ownLane = (write: { key: RowKey }) => [keyedLane('metaFields', write.key)]

/** The store's definition into the cache under the row's own key; what later writes are now based on. */
async function acceptField(db: StoreDatabase, key: RowKey, field: MetaFieldDefinition) {
  const row = await rowByRef<CachedMetaField>(db, 'metaFieldDefinitions', key)
  if (row) await dropSyncedCopy(db, 'metaFieldDefinitions', row.key, field.id)
  await db.metaFieldDefinitions.put({ ...field, key: row?.key ?? storeKey(field.id), fieldKey: field.key, storeId: field.id })
  return { updatedAt: field.updated_at_gmt, record: field }
}

/**
 * Namespace + key is unique per resource type on the store: the one there is ours when it is of
 * the type and name we sent (another desk's field of that key is not, and the store refuses ours).
 */
async function findCreatedField({ db, call }: Checking, write: WriteOf<'metaFields.create'>): Promise<Reconciled<'metaFields.create'>> {
  const { namespace, key, type, name, resource_type } = write.body
  const { data } = await call('metaFields.list', { query: { 'filter[resource_type]': resource_type } })
  return settleCreate(db, 'metaFieldDefinitions', write, data.filter((field) => field.namespace === namespace && field.key === key), (field) => field.type === type && sameText(field.name, name))
}

const create: WriteHandler<'metaFields.create'> = {
  creates: 'metaFields',
  lanes: ownLane,
  describe: (write) => ({ kind: write.kind, action: 'create', target: { noun: 'metaField', name: write.body.name } }),
  async apply(db, write) {
    await db.metaFieldDefinitions.put({ ...write.body, description: write.body.description ?? '', key: write.key, fieldKey: write.body.key, storeId: null, pending: true, server: null })
    return null
  },
  revert: (db, write) => restoreByRef(db, 'metaFieldDefinitions', write.key, true),
  reconcile: findCreatedField,
  async deliver(sending, write) {
    try {
      return await sending.call('metaFields.create', { body: write.body })
    } catch (error) {
      // Refused as taken: another desk made the same field meanwhile (two desks agreeing to the
      // app's tags field while apart). One of the type and name we sent is this field, used as
      // it is; any other stays a refusal the person sees.
      if (asCallError(error).code !== 'conflict') throw error
      const found = await findCreatedField(sending, write)
      if ('arrived' in found) return found.arrived
      throw error
    }
  },
  accept: async (db, write, answer) => (answer?.data.id ? created('metaFields', write.key, answer.data.id, await acceptField(db, write.key, answer.data)) : {}),
}

const update: WriteHandler<'metaFields.update'> = {
  ...keyedUpdate('metaFields', 'metaField', {
    stamp: 'updated_at_gmt',
    get: (call, path) => call('metaFields.get', { path }),
    put: (call, path, body: MetaFieldUpdateBody) => call('metaFields.update', { path, body }),
    keep: acceptField,
  }),
  // An update folds into an unsent create, or a refused create or update, of the same definition.
  fold: (earlier, write) => (earlier.kind === 'metaFields.create' || earlier.kind === 'metaFields.update' ? mergeBody(earlier, write.body) : undefined),
}

const remove: WriteHandler<'metaFields.delete'> = keyedDelete('metaFields', 'metaField', (call, path) => call('metaFields.delete', { path }))

const setValue: WriteHandler<'metaFieldValues.set'> = {
  lanes: (write) => [metaFieldValueLane(write.resource, write.resourceId, write.body.meta_field_id)],
  describe: (write) => ({ kind: write.kind, action: 'set', target: { noun: 'metaFieldValue' }, values: { resource: write.resource, resourceId: write.resourceId } }),
  async apply(db, write) {
    const value = await db.metaFieldValues.get([write.resource, write.resourceId, write.body.meta_field_id])
    const definition = await db.metaFieldDefinitions.where('storeId').equals(Number(write.body.meta_field_id)).first()
    const base = { updatedAt: null, fields: { value: value?.server?.value ?? value?.value ?? null } }
    const row: CachedMetaFieldValue = value ?? {
      resource: write.resource,
      resourceId: write.resourceId,
      meta_field_id: write.body.meta_field_id,
      name: definition?.name ?? '',
      namespace: definition?.namespace ?? '',
      key: definition?.key ?? '',
      description: definition?.description ?? '',
      type: definition?.type ?? 'text',
      rule: definition?.rule ?? {},
      pinned_position: definition?.pinned_position ?? false,
      status: definition?.status ?? 'enabled',
      value: null,
    }
    snapshotBeforeChange(row)
    row.value = write.body.value
    await db.metaFieldValues.put(row)
    return base
  },
  async revert(db, write) {
    const id: [string, string, string] = [write.resource, write.resourceId, write.body.meta_field_id]
    await restoreRow(db.metaFieldValues, await db.metaFieldValues.get(id), false, id)
  },
  // Unconfirmed: the record's values are read; the store holding ours already is the answer.
  async reconcile({ call }, write) {
    const current = await call('metaFieldValues.list', { path: { resource: write.resource, id: write.resourceId } })
    const there = current.data.find((v) => v.meta_field_id === write.body.meta_field_id)?.value
    return sameValue(there, write.body.value) ? { arrived: current } : { send: write }
  },
  async deliver({ call, unlessChanged }, write) {
    const path = { resource: write.resource, id: write.resourceId }
    const current = await call('metaFieldValues.list', { path })
    const value = current.data.find((v) => v.meta_field_id === write.body.meta_field_id)?.value ?? null
    return unlessChanged({ value: write.body.value }, { updatedAt: null, fields: { value } }, current, () => call('metaFieldValues.set', { path, body: write.body }))
  },
  async accept(db, write, answer) {
    const values = answer?.data ?? []
    for (const value of values) await db.metaFieldValues.put({ ...value, resource: write.resource, resourceId: write.resourceId })
    return { rebase: { updatedAt: null, record: { value: values.find((v) => v.meta_field_id === write.body.meta_field_id)?.value ?? null } } }
  },
}

export const metaFieldHandlers: Pick<WriteHandlers, MetaFieldKind> = {
  'metaFields.create': create,
  'metaFields.update': update,
  'metaFields.delete': remove,
  'metaFieldValues.set': setValue,
}

export const metaFieldActions = {
  /** Queues a new meta field definition and returns its key. */
  async createMetaField({ enqueue }, body: MetaFieldCreateBody, key: RowKey = newLocalKey()): Promise<RowKey> {
    await enqueue({ kind: 'metaFields.create', key, body })
    return key
  },
  updateMetaField: ({ enqueue }, key: RowKey, body: MetaFieldUpdateBody, options?: EnqueueOptions): Promise<number> => enqueue({ kind: 'metaFields.update', key, body }, options),
  deleteMetaField: ({ enqueue }, key: RowKey, options?: EnqueueOptions): Promise<number> => enqueue({ kind: 'metaFields.delete', key }, options),
  /** Sets a meta field value on a store resource (`resource` is the API path segment: blogs, orders, ...). */
  setMetaFieldValue: ({ enqueue }, resource: string, resourceId: string | number, metaFieldId: string | number, value: string, options?: EnqueueOptions): Promise<number> =>
    enqueue({ kind: 'metaFieldValues.set', resource, resourceId: String(resourceId), body: { meta_field_id: String(metaFieldId), value } }, options),
} satisfies Actions<MetaFieldKind>
