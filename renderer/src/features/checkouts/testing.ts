// What tests use of abandoned checkouts: seeded checkouts, and the list's answer over plain
// arrays (the cache's query and the dashboard's counts are held to it). For *.test.ts only.
import type { CheckoutSummary } from '@common/store-api/resources'
import { checkoutMatches, compareCheckouts, type CheckoutQuery } from './checkout-query'

export { makeCheckouts } from './checkout-fixtures'

/** The list's answer over a plain array: the same predicate and order as the cache's query. */
export function answerCheckoutQuery<T extends CheckoutSummary>(checkouts: readonly T[], q: CheckoutQuery): T[] {
  return checkouts.filter((c) => checkoutMatches(c, q)).sort(compareCheckouts)
}
