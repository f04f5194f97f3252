// What the meta field panel shows for one resource: the definitions of its resource type
// (cached by the sync; the value rows' copies fill in when a definition is not cached yet),
// pinned first then by id as the store lists them, each with its current value and the last
// unsent or refused write of that value. The rule comes from the cached definition first: it
// is the copy the user edits here, so a rule just changed in Storedesk applies at once.
import { META_FIELD_RESOURCE_PATHS } from '@common/store-api/operations'
import type { MetaRule } from '@common/store-api/meta-values'
import type { CachedMetaField, CachedMetaFieldValue, OutboxEntry } from '@/data'
import type { Message } from '@/session/i18n'
import { metaKeyOf } from './definition-form'
import { storeProblem } from './store-problems'
import { problemWords } from '@/ui/refusal-words'

export interface PanelField {
  /** The definition's store id as a string (the API's meta_field_id); null until the store has it. */
  id: string | null
  name: string
  namespace: string
  key: string
  description: string
  type: string
  rule: MetaRule
  pinned: boolean
  enabled: boolean
  /** The value as the cache has it (optimistic while a write is unsent); null when unset. */
  value: string | null
  /** The latest write of this value that has not been accepted. */
  write: OutboxEntry | null
}

/** The `{resource}` path segment of a resource type, or null for a type the store does not know. */
export function resourcePath(resourceType: string): string | null {
  return (META_FIELD_RESOURCE_PATHS as Record<string, string>)[resourceType] ?? null
}

export function panelFields(
  definitions: readonly CachedMetaField[],
  values: readonly CachedMetaFieldValue[],
  writes: readonly OutboxEntry[],
  target: { path: string; resourceId: string },
): PanelField[] {
  const valueById = new Map(values.map((v) => [v.meta_field_id, v]))
  const writeById = new Map<string, OutboxEntry>()
  for (const entry of writes) {
    const { write } = entry
    if (write.kind !== 'metaFieldValues.set' || write.resource !== target.path || write.resourceId !== target.resourceId) continue
    const current = writeById.get(write.body.meta_field_id)
    if (!current || (current.id ?? 0) < (entry.id ?? 0)) writeById.set(write.body.meta_field_id, entry)
  }
  const fields: PanelField[] = []
  const seen = new Set<string>()
  for (const d of definitions) {
    if (d.deleted) continue
    const id = d.storeId !== null ? String(d.storeId) : null
    if (id) seen.add(id)
    const stored = id ? valueById.get(id) : undefined
    fields.push({
      id,
      name: d.name,
      namespace: d.namespace ?? '',
      key: metaKeyOf(d) ?? stored?.key ?? '',
      description: d.description ?? '',
      type: d.type ?? 'text',
      rule: d.rule ?? {},
      pinned: !!d.pinned_position,
      enabled: (d.status ?? 'enabled') === 'enabled',
      value: stored?.value ?? null,
      write: id ? (writeById.get(id) ?? null) : null,
    })
  }
  for (const v of values) {
    if (seen.has(v.meta_field_id)) continue
    fields.push({
      id: v.meta_field_id,
      name: v.name,
      namespace: v.namespace,
      key: v.key,
      description: v.description ?? '',
      type: v.type,
      rule: v.rule ?? {},
      pinned: v.pinned_position,
      enabled: v.status === 'enabled',
      value: v.value,
      write: writeById.get(v.meta_field_id) ?? null,
    })
  }
  const order = (f: PanelField) => (f.id === null ? Number.MAX_SAFE_INTEGER : Number(f.id))
  return fields.sort((a, b) => Number(b.pinned) - Number(a.pinned) || order(a) - order(b))
}

/**
 * Why the store refused a value: the `value` field's messages (a pattern told in words, the
 * store's sentences in the app's language: store-problems.ts), else the store's message as a whole.
 */
export function refusal(entry: OutboxEntry | null, description = ''): Message[] | null {
  if (!entry || entry.state !== 'failed' || !entry.lastError) return null
  const fields = entry.lastError.fields
  const messages = fields?.value ?? fields?.meta_field_id
  if (messages && messages.length > 0) return messages.map((message) => storeProblem(message, description))
  // A whole refusal: its stored words in the app's language, or the store's sentence as it said it.
  return [{ key: 'metaFields.problems.storeSays', params: { text: problemWords(entry.lastError) } }]
}
