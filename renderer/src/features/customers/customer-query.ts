// The Customers list's search and sort as one value, kept in the route's query (a reload or
// Back keeps it); anything malformed in the route is dropped, never trusted.
import { CUSTOMER_SORT_KEYS, type CustomerQuery, type CustomerSort, type CustomerSortKey } from '@/data'
import type { MessageKey } from '@/session/i18n'

export const DEFAULT_CUSTOMER_QUERY: CustomerQuery = { search: '', sort: '-last' }

const SORTS = new Set<string>(CUSTOMER_SORT_KEYS.flatMap((key) => [key, `-${key}`]))

export function customerQueryFromRoute(route: Record<string, unknown>): CustomerQuery {
  return {
    search: typeof route.q === 'string' ? route.q : '',
    sort: typeof route.sort === 'string' && SORTS.has(route.sort) ? (route.sort as CustomerSort) : DEFAULT_CUSTOMER_QUERY.sort,
  }
}

export function customerQueryToRoute(query: CustomerQuery): Record<string, string> {
  const out: Record<string, string> = {}
  if (query.search.trim()) out.q = query.search.trim()
  if (query.sort !== DEFAULT_CUSTOMER_QUERY.sort) out.sort = query.sort
  return out
}

/**
 * The sort after a click on the header of `key`: the other direction when the list is already
 * sorted by it; else A to Z for names, and the most (or latest) first for the rest.
 */
export function headerSort(current: CustomerSort, key: CustomerSortKey): CustomerSort {
  if (current === key) return `-${key}`
  if (current === `-${key}`) return key
  return key === 'name' ? 'name' : `-${key}`
}

export function ariaSort(current: CustomerSort, key: CustomerSortKey): 'ascending' | 'descending' | 'none' {
  return current === key ? 'ascending' : current === `-${key}` ? 'descending' : 'none'
}

/** The sorts in words, for the sort menu. */
export const SORT_LABELS: Record<CustomerSort, MessageKey> = {
  '-last': 'customers.sorts.lastDesc',
  last: 'customers.sorts.lastAsc',
  '-first': 'customers.sorts.firstDesc',
  first: 'customers.sorts.firstAsc',
  '-orders': 'customers.sorts.ordersDesc',
  orders: 'customers.sorts.ordersAsc',
  '-spent': 'customers.sorts.spentDesc',
  spent: 'customers.sorts.spentAsc',
  '-average': 'customers.sorts.averageDesc',
  average: 'customers.sorts.averageAsc',
  '-refunded': 'customers.sorts.refundedDesc',
  refunded: 'customers.sorts.refundedAsc',
  name: 'customers.sorts.nameAsc',
  '-name': 'customers.sorts.nameDesc',
}
