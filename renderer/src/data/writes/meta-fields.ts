// Meta field writes: definitions (metaFields.create, metaFields.update, metaFields.delete) and
// a value on one record (metaFieldValues.set). A create whose answer never came is looked for
// on the store by namespace + key + resource type (unique there) before it is sent again, and
// one the store refuses as a duplicate of such a field of the same type takes that field; a
// value watches the value it replaces.
import type { MetaFieldDefinition } from '@common/store-api/resources'
import { storeKey, type CachedMetaField, type CachedMetaFieldValue, type RowKey, type StoreDatabase } from '../db'
import type { MetaFieldUpdateBody, WriteHandler, WriteHandlers } from './contract'
import { keyedLane, metaFieldValueLane } from './lanes'
import { created, keyedDelete, keyedUpdate, mergeBody } from './keyed'
import { restoreByRef, restoreRow, rowByRef, snapshotBeforeChange } from './rows'
import { asCallError } from '../store-client'

type MetaFieldKind = 'metaFields.create' | 'metaFields.update' | 'metaFields.delete' | 'metaFieldValues.set'

const ownLane = (write: { key: RowKey }) => [keyedLane('metaFields', write.key)]

/** The store's definition into the cache under the row's own key; what later writes are now based on. */
async function acceptField(db: StoreDatabase, key: RowKey, field: MetaFieldDefinition) {
  const row = await rowByRef<CachedMetaField>(db, 'metaFieldDefinitions', key)
  // A sync may have cached the same definition under its store key meanwhile (a create found on
  // the store): the row made here keeps its key and takes the store's copy.
  const twin = await db.metaFieldDefinitions.where('storeId').equals(field.id).first()
  if (twin && twin.key !== (row?.key ?? storeKey(field.id))) await db.metaFieldDefinitions.delete(twin.key)
  await db.metaFieldDefinitions.put({ ...field, key: row?.key ?? storeKey(field.id), fieldKey: field.key, storeId: field.id })
  return { updatedAt: field.updated_at_gmt, record: field }
}

const create: WriteHandler<'metaFields.create'> = {
  lanes: ownLane,
  describe: (write) => `New meta field “${write.body.name}”`,
  async apply(db, write) {
    await db.metaFieldDefinitions.put({ ...write.body, description: write.body.description ?? '', key: write.key, fieldKey: write.body.key, storeId: null, pending: true, server: null })
    return null
  },
  revert: (db, write) => restoreByRef(db, 'metaFieldDefinitions', write.key, true),
  async deliver({ call, uncertain }, write) {
    // Namespace + key is unique per resource type on the store, so a match is ours.
    const onStore = async () => {
      const { data } = await call('metaFields.list', { query: { 'filter[resource_type]': write.body.resource_type } })
      return data.find((f) => f.namespace === write.body.namespace && f.key === write.body.key)
    }
    const found = uncertain ? await onStore() : undefined
    if (found) return { data: found }
    try {
      return await call('metaFields.create', { body: write.body })
    } catch (error) {
      // Another desk made the same field since (two desks agreeing to the app's tags field while
      // apart): one of the same type is the same field, and this desk uses it.
      const same = asCallError(error).code === 'conflict' ? await onStore() : undefined
      if (same?.type === write.body.type) return { data: same }
      throw error
    }
  },
  accept: async (db, write, answer) => (answer?.data.id ? created('metaFields', write.key, answer.data.id, await acceptField(db, write.key, answer.data)) : {}),
}

const update: WriteHandler<'metaFields.update'> = {
  ...keyedUpdate('metaFields', 'meta field', {
    stamp: 'updated_at_gmt',
    get: (call, path) => call('metaFields.get', { path }),
    put: (call, path, body: MetaFieldUpdateBody) => call('metaFields.update', { path, body }),
    keep: acceptField,
  }),
  // An update folds into an unsent create, or a refused create or update, of the same definition.
  fold: (earlier, write) => (earlier.kind === 'metaFields.create' || earlier.kind === 'metaFields.update' ? mergeBody(earlier, write.body) : undefined),
}

const remove: WriteHandler<'metaFields.delete'> = keyedDelete('metaFields', 'meta field', (call, path) => call('metaFields.delete', { path }))

const setValue: WriteHandler<'metaFieldValues.set'> = {
  lanes: (write) => [metaFieldValueLane(write.resource, write.resourceId, write.body.meta_field_id)],
  describe: (write) => `Meta field value on ${write.resource} ${write.resourceId}`,
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
