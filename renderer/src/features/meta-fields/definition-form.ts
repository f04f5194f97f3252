// The meta field definition form: its fields, the store's limits checked before queueing
// (docs/demo-store.md: name ≤ 255, key and namespace 1–100 lower-case letters, digits and `_`,
// rule lengths 0–65,535 with min ≤ max, a safe pattern), and the bodies the store takes. On
// update only name, description, status, rule and pinned may be sent: the store refuses key,
// namespace, resource type and type after creation. Problems are Messages (the schema's messages
// are catalog keys; the rule's come from the store's shared checks: store-problems.ts).
import { z } from 'zod'
import { META_FIELD_RESOURCE_TYPES, META_FIELD_STATUSES, META_FIELD_TYPES } from '@common/store-api/operations'
import { ruleProblems, type MetaRule } from '@common/store-api/meta-values'
import type { CachedMetaField, MetaFieldCreateBody, MetaFieldUpdateBody } from '@/data'
import { t, type Message, type MessageKey } from '@/session/i18n'
import { inWords } from '@/ui/labels'
import { fieldProblems } from '@/ui/use-form-dialog'
import { storeProblem } from './store-problems'

/** A resource type in words ("Blog post"); one the app does not know, as the store names it. */
export function resourceTypeWords(type: string): string {
  return (META_FIELD_RESOURCE_TYPES as readonly string[]).includes(type) ? t(`metaFields.resourceTypes.${type as (typeof META_FIELD_RESOURCE_TYPES)[number]}`) : inWords(type)
}

/** A value type in words ("Text (one line)"); one the app does not know, as the store names it. */
export function typeWords(type: string): string {
  return (META_FIELD_TYPES as readonly string[]).includes(type) ? t(`metaFields.types.${type as (typeof META_FIELD_TYPES)[number]}`) : inWords(type)
}

const IDENTIFIER: MessageKey = 'metaFields.problems.identifier'
const NAME_EMPTY: MessageKey = 'metaFields.problems.nameEmpty'
const Identifier = z.string().regex(/^[a-z0-9_]{1,100}$/, IDENTIFIER)

export const DefinitionFormSchema = z.object({
  name: z.string().trim().min(1, NAME_EMPTY).max(255),
  namespace: Identifier,
  key: Identifier,
  description: z.string().max(10_000),
  type: z.enum(META_FIELD_TYPES),
  resource_type: z.enum(META_FIELD_RESOURCE_TYPES),
  status: z.enum(META_FIELD_STATUSES),
  pinned_position: z.boolean(),
  min_length: z.number().nullable(),
  max_length: z.number().nullable(),
  regular_expression: z.string(),
})
export type DefinitionForm = z.infer<typeof DefinitionFormSchema>

export function emptyDefinition(resourceType: DefinitionForm['resource_type'] = 'blog'): DefinitionForm {
  return { name: '', namespace: 'custom', key: '', description: '', type: 'text', resource_type: resourceType, status: 'enabled', pinned_position: false, min_length: null, max_length: null, regular_expression: '' }
}

/**
 * The definition's own `key` (e.g. `reading_time`), or null when the cache does not have it.
 * The cached row's `key` is its row key (`store:<id>` / `local:<uuid>`); the store's key is `fieldKey`.
 */
export function metaKeyOf(field: Pick<CachedMetaField, 'key'> & Partial<Pick<CachedMetaField, 'fieldKey'>>): string | null {
  return field.fieldKey || null
}

export function definitionFormOf(field: CachedMetaField): DefinitionForm {
  const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback)
  return {
    name: field.name,
    namespace: field.namespace ?? '',
    key: metaKeyOf(field) ?? '',
    description: field.description ?? '',
    type: pick(field.type, META_FIELD_TYPES, 'text'),
    resource_type: pick(field.resource_type, META_FIELD_RESOURCE_TYPES, 'blog'),
    status: pick(field.status, META_FIELD_STATUSES, 'enabled'),
    pinned_position: !!field.pinned_position,
    min_length: field.rule?.min_length ?? null,
    max_length: field.rule?.max_length ?? null,
    regular_expression: field.rule?.regular_expression ?? '',
  }
}

export function ruleOf(form: DefinitionForm): MetaRule {
  const rule: MetaRule = {}
  if (form.min_length !== null) rule.min_length = form.min_length
  if (form.max_length !== null) rule.max_length = form.max_length
  if (form.regular_expression !== '') rule.regular_expression = form.regular_expression
  return rule
}

/** Problems keyed by form field (rule members by their own names), or null when it may be sent. */
export function definitionProblems(form: DefinitionForm, takenKeys: Iterable<string>, creating: boolean): Record<string, Message> | null {
  const parsed = DefinitionFormSchema.safeParse(form)
  // Fields fixed at creation are not sent on update: nothing to check there.
  const fixed = creating ? [] : ['namespace', 'key', 'type', 'resource_type']
  const problems = parsed.success ? {} : fieldProblems(parsed.error.issues.filter((issue) => !fixed.includes(String(issue.path[0]))))
  for (const [field, message] of Object.entries(ruleProblems(ruleOf(form)))) problems[field.replace('rule.', '')] ??= storeProblem(message)
  if (creating && new Set(takenKeys).has(`${form.resource_type}:${form.namespace}.${form.key}`)) {
    problems.key ??= { key: 'metaFields.problems.taken', params: { resource: form.resource_type, namespace: form.namespace, key: form.key } }
  }
  return Object.keys(problems).length > 0 ? problems : null
}

export function createDefinitionBody(form: DefinitionForm): MetaFieldCreateBody {
  return {
    name: form.name.trim(),
    namespace: form.namespace,
    key: form.key,
    description: form.description,
    type: form.type,
    resource_type: form.resource_type,
    status: form.status,
    pinned_position: form.pinned_position,
    rule: ruleOf(form),
  }
}

/** The changed fields among those the store lets change. */
export function updateDefinitionBody(before: DefinitionForm, after: DefinitionForm): MetaFieldUpdateBody {
  const body: MetaFieldUpdateBody = {}
  if (after.name.trim() !== before.name) body.name = after.name.trim()
  if (after.description !== before.description) body.description = after.description
  if (after.status !== before.status) body.status = after.status
  if (after.pinned_position !== before.pinned_position) body.pinned_position = after.pinned_position
  if (JSON.stringify(ruleOf(after)) !== JSON.stringify(ruleOf(before))) body.rule = ruleOf(after)
  return body
}
