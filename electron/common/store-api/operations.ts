// The Storefront Admin API as one table: every endpoint's method, version segment, path,
// scopes, request schema and response schema. The API client builds requests from it,
// the demo store serves it, the IPC contract exposes it by operation name, and the
// decisions the reference leaves "not shown" are written down in docs/demo-store.md.
import { z } from 'zod'
import {
  Blog,
  BlogCollection,
  CheckoutDetail,
  CheckoutSummary,
  MetaFieldDefinition,
  MetaFieldRule,
  MetaFieldValue,
  Order,
  FINANCIAL_STATUSES,
  FULFILLMENT_STATUSES,
  ORDER_STATUSES,
  paginated,
  paginatedInLinks,
} from './resources'

import { SCOPES, type Scope } from './scopes'

export { SCOPES, type Scope }

export const API_VERSIONS = { checkouts: '2021-08', orders: '2025-04', metaFields: '2021-08', content: '2021-08' } as const

/** Scope requirement: every inner list is "any of"; the outer list is "all of". */
export type ScopeRequirement = readonly (readonly Scope[])[]

const Id = z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,15}$/)]).transform(String)
const Text = z.string()
const OptText = z.string().optional()
/** Date range `YYYY-MM-DD,YYYY-MM-DD`; either side may be empty for an open range. */
export const DateRange = z.string().regex(/^(\d{4}-\d{2}-\d{2})?,(\d{4}-\d{2}-\d{2})?$/, 'expected YYYY-MM-DD,YYYY-MM-DD')
const PageNo = z.number().int().positive()
const Ids = z.array(z.number().int().positive())

export const ORDER_SORTS = ['date', '-date', 'modified_date', '-modified_date', 'paid_date', '-paid_date', 'total_sales', '-total_sales'] as const
export const BLOG_SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'title', '-title', 'visible_at', '-visible_at'] as const
export const COLLECTION_SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'title', '-title'] as const
export const COLLECTION_SORT_TYPES = ['manual', 'newest', 'oldest', 'title_asc', 'title_desc'] as const
export const META_FIELD_TYPES = ['text', 'multi_line_text', 'integer', 'decimal', 'boolean', 'date', 'date_time', 'url', 'json'] as const
export const META_FIELD_RESOURCE_TYPES = ['product', 'order', 'blog', 'blog_collection', 'customer'] as const
/** Path segment of `/{resource}/{id}/meta_fields` for each resource type. */
export const META_FIELD_RESOURCE_PATHS = {
  product: 'products',
  order: 'orders',
  blog: 'blogs',
  blog_collection: 'blog_collections',
  customer: 'customers',
} as const
export const META_FIELD_STATUSES = ['enabled', 'disabled'] as const

export const BLOG_BATCH_ACTIONS = ['show', 'hide', 'delete', 'add_to_collections', 'remove_from_collections'] as const
export const COLLECTION_BATCH_OPERATIONS = ['sort_blogs_manual', 'show', 'hide', 'delete', 'remove_from_collection'] as const

const ShippingAddressInput = z.object({
  country: Text,
  state: Text,
  city: Text,
  first_name: Text,
  last_name: Text,
  address_1: Text,
  phone: Text,
  postcode: Text,
  address_2: OptText,
})
export type ShippingAddressInput = z.infer<typeof ShippingAddressInput>

/** The search-engine fields blogs and collections both carry. */
const SeoInput = { seo_title: OptText, seo_description: OptText, seo_slug: OptText }

const BlogInput = z.object({
  title: OptText,
  summary: OptText,
  content: OptText,
  author: OptText,
  ...SeoInput,
  cover_id: z.number().int().nonnegative().nullable().optional(),
  visible_at: z.string().nullable().optional(),
  collection_ids: Ids.optional(),
})
export type BlogInput = z.infer<typeof BlogInput>

const CollectionInput = z.object({
  title: OptText,
  description: OptText,
  ...SeoInput,
  sort_type: z.enum(COLLECTION_SORT_TYPES).optional(),
})
export type CollectionInput = z.infer<typeof CollectionInput>

const BatchFilter = {
  'filter[status]': z.enum(['1', '2']).optional(),
  'filter[key]': OptText,
}

export const BlogBatchOperate = z.object({
  action: z.enum(BLOG_BATCH_ACTIONS),
  collection_ids: Ids.optional(),
})

const Deleted = z.null()
const Affected = z.object({ data: z.object({ affected: z.number().int().nonnegative() }) })
const one = <T extends z.ZodType>(t: T) => z.object({ data: t })

interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  version: string
  /** Path after the version segment; `{name}` placeholders come from `path` params. */
  path: string
  scopes: ScopeRequirement
  /** Path parameters. */
  pathParams?: z.ZodObject
  /** Query string parameters (names as the store spells them, e.g. `filter[search]`). */
  query?: z.ZodObject
  body?: z.ZodType
  response: z.ZodType
}

/** One row of the table: method, version segment, path and scopes, then the row's schemas. */
const op = <const M extends OperationSpec['method'], S extends Pick<OperationSpec, 'pathParams' | 'query' | 'body' | 'response'>>(
  method: M,
  version: string,
  path: string,
  scopes: ScopeRequirement,
  schemas: S,
) => ({ method, version, path, scopes, ...schemas })

const ById = z.object({ id: Id })
const ResourceById = z.object({ resource: z.enum(Object.values(META_FIELD_RESOURCE_PATHS) as [string, ...string[]]), id: Id })
const MetaFieldValues = z.object({ data: z.array(MetaFieldValue) })

const readOrders: ScopeRequirement = [['read_orders']]
const writeOrders: ScopeRequirement = [['write_orders']]
const readContent: ScopeRequirement = [['read_content', 'write_content']]
const writeContent: ScopeRequirement = [['write_content']]
const readAndWriteContent: ScopeRequirement = [['read_content'], ['write_content']]
const readMeta: ScopeRequirement = [['read_orders', 'read_content']]
const writeMeta: ScopeRequirement = [['write_orders', 'write_content']]

const { checkouts: CHECKOUTS, orders: ORDERS, metaFields: META, content: CONTENT } = API_VERSIONS

export const operations = {
  // ------------------------------------------------------------ abandoned checkouts
  'checkouts.list': op('GET', CHECKOUTS, '/checkouts', readOrders, {
    query: z.object({
      page: PageNo.optional(),
      page_size: z.number().int().min(1).max(250).optional(),
      'filter[search]': OptText,
      'filter[country_or_region]': OptText,
      'filter[recall_status]': z.enum(['0', '1']).optional(),
      'filter[post_date]': DateRange.optional(),
      'filter[email_status]': z.enum(['0', '1']).optional(),
    }),
    response: z.looseObject({ data: z.array(CheckoutSummary) }),
  }),
  'checkouts.count': op('GET', CHECKOUTS, '/checkouts/count', readOrders, { response: z.object({ count: z.number().int().nonnegative() }) }),
  'checkouts.get': op('GET', CHECKOUTS, '/checkouts/{id}', readOrders, { pathParams: ById, response: one(CheckoutDetail) }),

  // ------------------------------------------------------------ orders
  'orders.list': op('GET', ORDERS, '/orders', readOrders, {
    query: z.object({
      page: PageNo.optional(),
      page_size: z.number().int().min(1).max(250).optional(),
      'filter[search]': OptText,
      'filter[fulfillment_status]': z.enum(FULFILLMENT_STATUSES).optional(),
      'filter[financial_status]': z.enum(FINANCIAL_STATUSES).optional(),
      'filter[status]': z.enum(ORDER_STATUSES).optional(),
      'filter[date]': DateRange.optional(),
      'filter[modified_date]': DateRange.optional(),
      sort: z.enum(ORDER_SORTS).optional(),
    }),
    response: paginated(Order),
  }),
  'orders.get': op('GET', ORDERS, '/orders/{id}', readOrders, { pathParams: ById, response: one(Order) }),
  'orders.updateShipping': op('POST', ORDERS, '/orders/{id}/shipping', writeOrders, { pathParams: ById, body: z.object({ shipping: ShippingAddressInput }), response: one(Order) }),
  'orders.track': op('POST', ORDERS, '/orders/{id}/track', writeOrders, {
    pathParams: ById,
    body: z.object({ trackno: Text, sendemail: z.boolean(), logistics_company: OptText }),
    response: one(Order),
  }),

  // ------------------------------------------------------------ meta field definitions
  'metaFields.list': op('GET', META, '/meta_fields', readMeta, {
    query: z.object({ 'filter[resource_type]': OptText, 'filter[pinned_position]': z.enum(['0', '1']).optional() }),
    response: z.object({ data: z.array(MetaFieldDefinition) }),
  }),
  'metaFields.get': op('GET', META, '/meta_fields/{id}', readMeta, { pathParams: ById, response: one(MetaFieldDefinition) }),
  'metaFields.create': op('POST', META, '/meta_fields', writeMeta, {
    body: z.object({
      key: Text,
      status: z.enum(META_FIELD_STATUSES),
      name: Text,
      namespace: Text,
      resource_type: z.enum(META_FIELD_RESOURCE_TYPES),
      type: z.enum(META_FIELD_TYPES),
      description: OptText,
      pinned_position: z.boolean().optional(),
      rule: MetaFieldRule.optional(),
    }),
    response: one(MetaFieldDefinition),
  }),
  'metaFields.update': op('PUT', META, '/meta_fields/{id}', writeMeta, {
    pathParams: ById,
    body: z.object({
      name: OptText,
      description: OptText,
      status: z.enum(META_FIELD_STATUSES).optional(),
      rule: MetaFieldRule.optional(),
      pinned_position: z.boolean().optional(),
    }),
    response: one(MetaFieldDefinition),
  }),
  'metaFields.delete': op('DELETE', META, '/meta_fields/{id}', writeMeta, { pathParams: ById, response: Deleted }),

  // ------------------------------------------------------------ meta field values
  'metaFieldValues.list': op('GET', META, '/{resource}/{id}/meta_fields', readMeta, {
    pathParams: ResourceById,
    query: z.object({ pinned_position: z.enum(['0', '1']).optional() }),
    response: MetaFieldValues,
  }),
  'metaFieldValues.set': op('PUT', META, '/{resource}/{id}/meta_fields', writeMeta, {
    pathParams: ResourceById,
    body: z.object({ meta_field_id: Text, value: Text }),
    response: MetaFieldValues,
  }),

  // ------------------------------------------------------------ blog collections
  'collections.list': op('GET', CONTENT, '/blog_collections', readContent, {
    query: z.object({
      page: PageNo.optional(),
      'filter[key]': OptText,
      include: z.enum(['blogs_count']).optional(),
      sort: z.enum(COLLECTION_SORTS).optional(),
    }),
    response: paginatedInLinks(BlogCollection),
  }),
  'collections.get': op('GET', CONTENT, '/blog_collections/{id}', readContent, { pathParams: ById, response: one(BlogCollection) }),
  'collections.create': op('POST', CONTENT, '/blog_collections', writeContent, { body: CollectionInput.extend({ title: Text, blog_ids: Ids.optional() }), response: one(BlogCollection) }),
  'collections.update': op('PUT', CONTENT, '/blog_collections/{id}', readAndWriteContent, { pathParams: ById, body: CollectionInput, response: one(BlogCollection) }),
  'collections.delete': op('DELETE', CONTENT, '/blog_collections/{id}', writeContent, { pathParams: ById, response: Deleted }),
  'collections.blogs': op('GET', CONTENT, '/blog_collections/{id}/blogs', readContent, { pathParams: ById, query: z.object({ page: PageNo.optional() }), response: paginated(Blog) }),
  'collections.batch': op('POST', CONTENT, '/blog_collections/{id}/batch', writeContent, {
    pathParams: ById,
    body: z.object({
      ids: Ids.optional(),
      select_all: z.boolean().optional(),
      operate: z.enum(COLLECTION_BATCH_OPERATIONS),
      end_position: z.number().int().positive().optional(),
      ...BatchFilter,
    }),
    response: Affected,
  }),

  // ------------------------------------------------------------ blogs
  'blogs.list': op('GET', CONTENT, '/blogs', readContent, {
    query: z.object({
      page: PageNo.optional(),
      sort: z.enum(BLOG_SORTS).optional(),
      include: z.enum(['collections']).optional(),
      'filter[exclude_ids]': z.string().regex(/^\d+(,\d+)*$/).optional(),
      'filter[key]': OptText,
      'filter[status]': z.enum(['1', '2']).optional(),
    }),
    response: paginated(Blog),
  }),
  'blogs.get': op('GET', CONTENT, '/blogs/{id}', readContent, { pathParams: ById, response: one(Blog) }),
  'blogs.create': op('POST', CONTENT, '/blogs', writeContent, { body: BlogInput.extend({ title: Text }), response: one(Blog) }),
  'blogs.update': op('PUT', CONTENT, '/blogs/{id}', readAndWriteContent, { pathParams: ById, body: BlogInput, response: one(Blog) }),
  'blogs.delete': op('DELETE', CONTENT, '/blogs/{id}', writeContent, { pathParams: ById, response: Deleted }),
  'blogs.batch': op('POST', CONTENT, '/blogs/batch', writeContent, {
    body: z.object({ ids: Ids.optional(), select_all: z.boolean().optional(), operate: BlogBatchOperate, ...BatchFilter }),
    response: Affected,
  }),
} as const satisfies Record<string, OperationSpec>

export type Operations = typeof operations
export type OperationName = keyof Operations
export const OPERATION_NAMES = Object.keys(operations) as OperationName[]

type InputOf<T> = T extends z.ZodType ? z.input<T> : never
type Present<K extends string, T> = [T] extends [never] ? {} : { [P in K]: T }

/** What a caller passes for an operation: `{ path?, query?, body? }` as its spec declares. */
export type OperationParams<N extends OperationName> = Present<'path', InputOf<Operations[N] extends { pathParams: infer P } ? P : never>> &
  Partial<Present<'query', InputOf<Operations[N] extends { query: infer Q } ? Q : never>>> &
  Present<'body', InputOf<Operations[N] extends { body: infer B } ? B : never>>

export type OperationResult<N extends OperationName> = z.output<Operations[N]['response']>

/** True when the granted scopes satisfy a requirement. */
export function hasScopes(granted: readonly string[], required: ScopeRequirement): boolean {
  return required.every((anyOf) => anyOf.some((s) => granted.includes(s)))
}

/** Schema for an operation's params object, used at the IPC boundary and by the demo store. */
export function paramsSchema(name: OperationName): z.ZodType {
  const spec: OperationSpec = operations[name]
  return z.object({
    path: spec.pathParams ?? z.undefined().optional(),
    query: spec.query ? spec.query.optional() : z.undefined().optional(),
    body: spec.body ?? z.undefined().optional(),
  }).strict()
}

/** `/openapi/{version}{path}` with path parameters filled in and encoded. */
export function operationPath(name: OperationName, pathParams: Record<string, string> = {}): string {
  const spec = operations[name]
  const filled = spec.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = pathParams[key]
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${name}`)
    return encodeURIComponent(value)
  })
  return `/openapi/${spec.version}${filled}`
}
