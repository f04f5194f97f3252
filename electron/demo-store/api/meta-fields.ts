// Meta field definitions (CRUD) and their values on resources (GET/PUT
// /{resource}/{id}/meta_fields). A value is checked against its definition's type and rule
// before it is stored, by the checks the app makes too (common/store-api/meta-values.ts), the
// pattern run in regex-guard.ts's worker thread; see docs/demo-store.md for each type's format.
import { checkValue, ruleProblems } from '../../common/store-api/meta-values'
import { META_FIELD_RESOURCE_PATHS } from '../../common/store-api/operations'
import type { MetaFieldDefinition, MetaFieldValue } from '../../common/store-api/resources'
import type { DemoData } from '../data/demo-data'
import { gmt } from '../data/time'
import { ApiError } from '../http/errors'
import type { RouteContext } from './context'
import { matchesWhole } from './regex-guard'
import { checkLengths, found, parseBody, parseQuery, pathId, routePath, throwIfAny, validationError } from './validation'

const IMMUTABLE_ON_UPDATE = ['key', 'namespace', 'resource_type', 'type'] as const

/** The shared rule checks, as the 422's per-field lists. */
function ruleProblemLists(rule: MetaFieldDefinition['rule'] | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(rule ? ruleProblems(rule) : {}).map(([field, message]) => [field, [message]]))
}

/** Keeps only the rule members the store knows, so stray keys in a request are not stored. */
function cleanRule(rule: MetaFieldDefinition['rule'] | undefined): MetaFieldDefinition['rule'] {
  const clean: MetaFieldDefinition['rule'] = {}
  if (rule?.min_length !== undefined) clean.min_length = rule.min_length
  if (rule?.max_length !== undefined) clean.max_length = rule.max_length
  if (rule?.regular_expression !== undefined) clean.regular_expression = rule.regular_expression
  return clean
}

function valueOut(def: MetaFieldDefinition, value: string | null): MetaFieldValue {
  return {
    name: def.name, namespace: def.namespace, key: def.key, description: def.description, type: def.type, rule: def.rule,
    pinned_position: def.pinned_position, value, status: def.status, meta_field_id: String(def.id),
  }
}

/** Every definition of a resource type with the resource's value (null when unset), pinned first. */
export function valuesOf(data: DemoData, resourceType: string, resourceId: number, pinned?: '0' | '1'): MetaFieldValue[] {
  const stored = new Map(data.metaValues.filter((v) => v.resource_id === resourceId).map((v) => [v.meta_field_id, v.value]))
  return data.metaFields
    .filter((d) => d.resource_type === resourceType && (pinned === undefined || d.pinned_position === (pinned === '1')))
    .sort((a, b) => Number(b.pinned_position) - Number(a.pinned_position) || a.id - b.id)
    .map((d) => valueOut(d, stored.get(d.id) ?? null))
}

// A Map, not a plain object: the path segment is the client's, and `__proto__` or
// `constructor` would otherwise be found on Object.prototype.
const RESOURCE_TYPE_BY_PATH = new Map<string, string>(Object.entries(META_FIELD_RESOURCE_PATHS).map(([type, path]) => [path, type]))

export function registerMetaFieldRoutes({ app, data, hooks }: RouteContext): void {
  const findDefinition = (id: number) => found(data.metaField(id), 'meta field', id)

  app.get(routePath('metaFields.list'), (c) => {
    const q = parseQuery(c, 'metaFields.list')
    const type = q['filter[resource_type]']?.trim()
    if (type && !Object.hasOwn(META_FIELD_RESOURCE_PATHS, type)) {
      throw validationError({ 'filter[resource_type]': [`must be one of ${Object.keys(META_FIELD_RESOURCE_PATHS).join(', ')}`] })
    }
    const pinned = q['filter[pinned_position]']
    const list = data.metaFields.filter((d) => (!type || d.resource_type === type) && (pinned === undefined || d.pinned_position === (pinned === '1')))
    return c.json({ data: list })
  })

  app.get(routePath('metaFields.get'), (c) => c.json({ data: findDefinition(pathId(c, 'meta field')) }))

  app.post(routePath('metaFields.create'), async (c) => {
    const { body } = await parseBody(c, 'metaFields.create')
    const fields = ruleProblemLists(body.rule)
    checkLengths(body, fields)
    for (const key of ['key', 'namespace'] as const) {
      if (!/^[a-z0-9_]{1,100}$/.test(body[key])) (fields[key] ??= []).push('use 1 to 100 lower-case letters, digits and underscores')
    }
    if (body.name.trim() === '') (fields.name ??= []).push('must not be empty')
    throwIfAny(fields)
    if (data.metaFields.some((d) => d.namespace === body.namespace && d.key === body.key && d.resource_type === body.resource_type)) {
      throw new ApiError(409, `A ${body.resource_type} meta field ${body.namespace}.${body.key} already exists.`, { key: ['is already taken in this namespace and resource type'] })
    }
    const now = gmt(hooks.now())
    const def: MetaFieldDefinition = {
      id: data.nextId('metaField'), name: body.name, namespace: body.namespace, key: body.key, description: body.description ?? '',
      type: body.type, rule: cleanRule(body.rule), resource_type: body.resource_type, created_at_gmt: now, updated_at_gmt: now,
      pinned_position: body.pinned_position ?? false, status: body.status,
    }
    data.metaFields.push(def)
    hooks.onChange()
    return c.json({ data: def }, 201)
  })

  app.put(routePath('metaFields.update'), async (c) => {
    const def = findDefinition(pathId(c, 'meta field'))
    const { body, raw } = await parseBody(c, 'metaFields.update')
    const fields = ruleProblemLists(body.rule)
    checkLengths(body, fields)
    if (raw !== null && typeof raw === 'object') {
      for (const key of IMMUTABLE_ON_UPDATE) if (Object.hasOwn(raw, key)) fields[key] = ['cannot be changed after the meta field is created']
    }
    if (body.name !== undefined && body.name.trim() === '') (fields.name ??= []).push('must not be empty')
    throwIfAny(fields)
    if (body.name !== undefined) def.name = body.name
    if (body.description !== undefined) def.description = body.description
    if (body.status !== undefined) def.status = body.status
    if (body.pinned_position !== undefined) def.pinned_position = body.pinned_position
    if (body.rule !== undefined) def.rule = cleanRule(body.rule)
    def.updated_at_gmt = gmt(hooks.now())
    hooks.onChange()
    return c.json({ data: def })
  })

  app.delete(routePath('metaFields.delete'), (c) => {
    const def = findDefinition(pathId(c, 'meta field'))
    data.metaFields = data.metaFields.filter((d) => d !== def)
    data.metaValues = data.metaValues.filter((v) => v.meta_field_id !== def.id)
    hooks.onChange()
    return c.body(null, 204)
  })

  const findResource = (resourcePath: string, rawId: string | undefined) => {
    const resourceType = RESOURCE_TYPE_BY_PATH.get(resourcePath)
    if (!resourceType) throw new ApiError(404, `Meta fields are not available on "${resourcePath.slice(0, 40)}".`)
    const id = /^[1-9]\d{0,15}$/.test(rawId ?? '') ? Number(rawId) : NaN
    if (!data.resourceExists(resourceType, id)) throw new ApiError(404, `No ${resourceType.replace('_', ' ')} with id ${JSON.stringify((rawId ?? '').slice(0, 40))}.`)
    return { resourceType, id }
  }

  app.get(routePath('metaFieldValues.list'), (c) => {
    const { resourceType, id } = findResource(c.req.param('resource') ?? '', c.req.param('id'))
    const q = parseQuery(c, 'metaFieldValues.list')
    return c.json({ data: valuesOf(data, resourceType, id, q.pinned_position) })
  })

  app.put(routePath('metaFieldValues.set'), async (c) => {
    const { resourceType, id } = findResource(c.req.param('resource') ?? '', c.req.param('id'))
    const { body } = await parseBody(c, 'metaFieldValues.set')
    const def = /^[1-9]\d{0,15}$/.test(body.meta_field_id) ? data.metaField(Number(body.meta_field_id)) : undefined
    if (!def || def.resource_type !== resourceType) throw validationError({ meta_field_id: [`no ${resourceType} meta field with id ${JSON.stringify(body.meta_field_id.slice(0, 40))}`] })
    if (def.status !== 'enabled') throw validationError({ meta_field_id: ['this meta field is disabled; enable it before writing values'] })
    const value = body.value
    const { problems, unchecked } = await checkValue(def.type, def.rule, value, matchesWhole)
    if (unchecked?.reason === 'unsafe') problems.push('cannot be checked: the meta field has an unsafe pattern')
    else if (unchecked?.reason === 'timeout') problems.push('took too long to check against the pattern')
    if (problems.length > 0) throw validationError({ value: problems })
    // The pattern check awaited a worker: the definition may have been deleted meanwhile.
    if (data.metaField(def.id) !== def) throw new ApiError(409, 'The meta field was deleted while the value was being checked.')
    // An empty value clears the field.
    data.metaValues = data.metaValues.filter((v) => !(v.meta_field_id === def.id && v.resource_id === id))
    if (value !== '') data.metaValues.push({ meta_field_id: def.id, resource_id: id, value })
    const now = hooks.now()
    data.recordValueWrite({ resource: c.req.param('resource') ?? '', resourceId: id, metaFieldId: def.id, value, at: now.toISOString() })
    touchResource(data, resourceType, id, now)
    hooks.onChange()
    return c.json({ data: valuesOf(data, resourceType, id) })
  })
}

/** A value write is a write to its resource: bump the resource's modified time. */
function touchResource(data: DemoData, resourceType: string, id: number, now: Date): void {
  if (resourceType === 'order') {
    const order = data.order(id)
    if (order) {
      order.post_modified = data.clock.local(now)
      order.post_modified_gmt = gmt(now)
      data.orderChanged(order)
    }
  } else if (resourceType === 'blog') {
    const blog = data.blog(id)
    if (blog) blog.updated_at = data.clock.local(now)
  } else if (resourceType === 'blog_collection') {
    const col = data.collection(id)
    if (col) col.updated_at = data.clock.local(now)
  }
}
