// The order list's filter/sort model: one value that the list, saved views, the dashboard's
// click-throughs and the URL share. It is answered three ways that must agree exactly:
// as `orders.list` query params for the store, as a predicate + comparator over plain
// arrays (the reference implementation the tests compare with), and from the cache by the
// in-memory order index (order-index.ts: one pass over a presorted permutation, fast enough
// for 100,000 cached orders; rows are fetched a window at a time).
//
// Semantics (kept identical to the demo store, docs/demo-store.md):
// - search: a case-insensitive substring of one field, accents and apostrophes folded: the order
//   number, customer names (either order of their words), e-mail, phone digits, tracking number,
//   transaction id, a line item's name or SKU (data/order-index/order-search.ts). The store's own search covers
//   the number, items, transaction id and e-mail only: while the cache's first sync runs and the
//   list asks the store, a name, phone or tracking search finds the orders cached so far;
// - date ranges are whole local days, inclusive at both ends; `filter[date]` is the payment
//   time (paid_date), `filter[modified_date]` the update time (post_modified); an order
//   without the date never matches a range on it;
// - tags: orders carrying every tag named. Tags are the app's own (meta field values cached
//   beside the orders, features/tags): the store cannot filter by them, so a list with a tag
//   filter is answered from the cache alone, and the array answer here leaves them out;
// - sort keys date → post_date, modified_date → post_modified, paid_date → paid_date,
//   total_sales → order_total (the store sorts by the GMT twins; its offset is fixed, so the
//   order is the same); ties are broken by ID in the same direction; an order never paid
//   sorts as the oldest by paid date (first ascending, last descending), by ID.
import { z } from 'zod'
import { isMatch } from 'date-fns'
import {
  FINANCIAL_STATUSES,
  FULFILLMENT_STATUSES,
  ORDER_SORT_KEYS,
  ORDER_STATUSES,
  type Order,
} from '@common/store-api/resources'
import { ORDER_SORTS } from '@common/store-api/operations'
import { orderContainsAny, searchNeedles } from './order-search'
import { MAX_TAG_LENGTH, tagProblem } from '../order-meta/order-meta'

export type OrderStatus = (typeof ORDER_STATUSES)[number]
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number]
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number]
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number]
export type OrderSort = (typeof ORDER_SORTS)[number]

/** Statuses the list filter accepts: the reference's four plus wc-on-hold, which the store also takes. */
export const ORDER_FILTER_STATUSES = ['wc-completed', 'wc-pending', 'wc-processing', 'wc-on-hold', 'wc-cancelled'] as const

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((s) => isMatch(s, 'yyyy-MM-dd'), 'not a calendar day')

/** An inclusive range of local days; either end may be open. */
export const DayRange = z.object({ from: Day.optional(), to: Day.optional() })
export type DayRange = z.infer<typeof DayRange>

export const OrderQuery = z.object({
  search: z.string().default(''),
  fulfillment: z.enum(FULFILLMENT_STATUSES).optional(),
  financial: z.enum(FINANCIAL_STATUSES).optional(),
  status: z.enum(ORDER_FILTER_STATUSES).optional(),
  paidDate: DayRange.optional(),
  modifiedDate: DayRange.optional(),
  /** Orders carrying every one of these tags (the cache's tags: features/tags withTags; the store knows none). */
  tags: z.array(z.string().min(1).max(MAX_TAG_LENGTH)).max(10).optional(),
  sort: z.enum(ORDER_SORTS).default('-date'),
})
export type OrderQuery = z.infer<typeof OrderQuery>

export const DEFAULT_ORDER_QUERY: OrderQuery = { search: '', sort: '-date' }

/** The order fields each sort key orders by (also the cache's index of each). */
export const SORT_FIELDS = {
  date: 'post_date',
  modified_date: 'post_modified',
  paid_date: 'paid_date',
  total_sales: 'order_total',
} as const satisfies Record<OrderSortKey, keyof Order>

export function parseSort(sort: OrderSort): { key: OrderSortKey; descending: boolean } {
  const descending = sort.startsWith('-')
  return { key: (descending ? sort.slice(1) : sort) as OrderSortKey, descending }
}

export function hasRange(range: DayRange | undefined): range is DayRange {
  return !!range && (range.from !== undefined || range.to !== undefined)
}

function rangeParam(range: DayRange): string {
  return `${range.from ?? ''},${range.to ?? ''}`
}

export interface OrdersListParams {
  page?: number
  page_size?: number
  'filter[search]'?: string
  'filter[fulfillment_status]'?: FulfillmentStatus
  'filter[financial_status]'?: FinancialStatus
  'filter[status]'?: OrderStatus
  'filter[date]'?: string
  'filter[modified_date]'?: string
  sort?: OrderSort
}

/** The store's `orders.list` query for this filter/sort and page. */
export function toOrdersListParams(query: OrderQuery, page = 1, pageSize = 50): OrdersListParams {
  const params: OrdersListParams = { page, page_size: pageSize, sort: query.sort }
  // "#1057" names order 1057 here; the store's search knows no "#" and would find nothing.
  const search = query.search.trim().replace(/^#\s*/, '')
  if (search) params['filter[search]'] = search
  if (query.fulfillment) params['filter[fulfillment_status]'] = query.fulfillment
  if (query.financial) params['filter[financial_status]'] = query.financial
  if (query.status) params['filter[status]'] = query.status
  if (hasRange(query.paidDate)) params['filter[date]'] = rangeParam(query.paidDate)
  if (hasRange(query.modifiedDate)) params['filter[modified_date]'] = rangeParam(query.modifiedDate)
  return params
}

// ---------------------------------------------------------------- array answer

/** Zero dates (`0000-00-00 …`) mean "not set" and sort below every real day. */
const FIRST_REAL_DAY = '0001-01-01'

export function inDayRange(value: string | undefined, range: DayRange): boolean {
  if (!value || value < FIRST_REAL_DAY) return false
  const day = value.slice(0, 10)
  if (range.from !== undefined && day < range.from) return false
  if (range.to !== undefined && day > range.to) return false
  return true
}

export function orderMatches(order: Order, query: OrderQuery): boolean {
  if (query.fulfillment && order.fulfillment_status !== query.fulfillment) return false
  if (query.financial && order.financial_status !== query.financial) return false
  if (query.status && order.post_status !== query.status) return false
  if (hasRange(query.paidDate) && !inDayRange(order.paid_date, query.paidDate)) return false
  if (hasRange(query.modifiedDate) && !inDayRange(order.post_modified, query.modifiedDate)) return false
  const needles = searchNeedles(query.search)
  return needles.length === 0 || orderContainsAny(order, needles)
}

type SortValue = string | number | undefined

export function sortValue(order: Order, key: OrderSortKey): SortValue {
  return (order[SORT_FIELDS[key]] ?? undefined) as SortValue
}

/** Comparator for a sort: a missing value is the smallest, ties by ID in the sort's direction. */
export function compareOrders(sort: OrderSort): (a: Order, b: Order) => number {
  const { key, descending } = parseSort(sort)
  const dir = descending ? -1 : 1
  return (a, b) => {
    const va = sortValue(a, key)
    const vb = sortValue(b, key)
    if (va === undefined && vb !== undefined) return -dir
    if (vb === undefined && va !== undefined) return dir
    if (va !== undefined && vb !== undefined && va !== vb) return (va < vb ? -1 : 1) * dir
    return (a.ID - b.ID) * dir
  }
}

/** The answer over an in-memory list (used for store pages and as the reference in tests). */
export function answerOrderQuery(orders: readonly Order[], query: OrderQuery): Order[] {
  return orders.filter((o) => orderMatches(o, query)).sort(compareOrders(query.sort))
}

// ---------------------------------------------------------------- URL form

/** The query as router query strings (saved views, dashboard links, reloads). */
export function orderQueryToRoute(query: OrderQuery): Record<string, string> {
  const out: Record<string, string> = {}
  if (query.search.trim()) out.q = query.search.trim()
  if (query.fulfillment) out.fulfillment = query.fulfillment
  if (query.financial) out.financial = query.financial
  if (query.status) out.status = query.status
  if (hasRange(query.paidDate)) out.paid = rangeParam(query.paidDate)
  if (hasRange(query.modifiedDate)) out.modified = rangeParam(query.modifiedDate)
  // A tag never holds a comma (data/order-meta): one parameter carries them all.
  if (query.tags?.length) out.tags = query.tags.join(',')
  if (query.sort !== DEFAULT_ORDER_QUERY.sort) out.sort = query.sort
  return out
}

function rangeFromParam(value: unknown): DayRange | undefined {
  if (typeof value !== 'string') return undefined
  const [from, to] = value.split(',')
  const range = DayRange.safeParse({ from: from || undefined, to: to || undefined })
  return range.success && hasRange(range.data) ? range.data : undefined
}

/** Reads a query back from the router; anything malformed is dropped, never trusted. */
export function orderQueryFromRoute(route: Record<string, unknown>): OrderQuery {
  const pick = <T extends readonly string[]>(values: T, v: unknown) =>
    (values as readonly unknown[]).includes(v) ? (v as T[number]) : undefined
  return {
    search: typeof route.q === 'string' ? route.q : '',
    fulfillment: pick(FULFILLMENT_STATUSES, route.fulfillment),
    financial: pick(FINANCIAL_STATUSES, route.financial),
    status: pick(ORDER_FILTER_STATUSES, route.status),
    paidDate: rangeFromParam(route.paid),
    modifiedDate: rangeFromParam(route.modified),
    tags: tagsFromParam(route.tags),
    sort: pick(ORDER_SORTS, route.sort) ?? DEFAULT_ORDER_QUERY.sort,
  }
}

function tagsFromParam(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined
  const tags = value.split(',').filter((t) => tagProblem(t) === null).map((t) => t.trim()).slice(0, 10)
  return tags.length > 0 ? tags : undefined
}
