// Which orders scanner mode may ship, and why the others may not: the rules apart from the
// cache and the screen, so they are tested on their own. An order ships when it is paid (or
// in a payment state the operator explicitly allowed in the scanner settings), not yet
// fulfilled, and neither cancelled, failed nor refunded. The store's API knows two fulfilment
// states only (unfulfilled, fulfilled: docs/demo-store.md, the reference's States table), so
// "partially fulfilled" has no value to accept here.
// Also here: the count of what a queue's source held that cannot ship, and reading a scanned
// packing slip's order number. This module imports nothing, so the end-to-end specs pick their
// orders with the very rule the app uses (e2e/support/store-orders.ts).

/** The three states of an order the rules read (as the cache, the index or the store has them). */
export interface ShipState {
  financial_status?: string
  fulfillment_status?: string
  post_status?: string
}

/** Payment states the operator may allow besides `paid`; `unpaid` and `refund` are never allowed. */
export const ALLOWABLE_PAYMENT_STATES = ['partial-refund'] as const
export type AllowablePaymentState = (typeof ALLOWABLE_PAYMENT_STATES)[number]

export interface QueueRules {
  allowedPayments: readonly AllowablePaymentState[]
}

export const DEFAULT_QUEUE_RULES: QueueRules = { allowedPayments: [] }

/** Why an order cannot ship, the first that applies in this order. */
export const BLOCKERS = ['not-cached', 'cancelled', 'failed', 'refunded', 'fulfilled', 'unpaid', 'on-hold', 'partially-refunded', 'unknown-payment', 'unknown-fulfillment'] as const
export type Blocker = (typeof BLOCKERS)[number]

/** How a count of each blocker reads: "2 unpaid". */
const COUNT_WORDS: Record<Blocker, string> = {
  'not-cached': 'not found',
  cancelled: 'cancelled',
  failed: 'failed',
  refunded: 'refunded',
  fulfilled: 'already fulfilled',
  unpaid: 'unpaid',
  'on-hold': 'on hold',
  'partially-refunded': 'partially refunded',
  'unknown-payment': 'in another payment state',
  'unknown-fulfillment': 'in another fulfilment state',
}

export function shipBlocker(order: ShipState | undefined, rules: QueueRules = DEFAULT_QUEUE_RULES): Blocker | null {
  if (!order) return 'not-cached'
  const status = order.post_status
  const financial = order.financial_status
  if (status === 'wc-cancelled') return 'cancelled'
  if (status === 'wc-failed') return 'failed'
  if (status === 'wc-refunded' || financial === 'refund') return 'refunded'
  if (order.fulfillment_status === 'fulfilled') return 'fulfilled'
  // wc-pending is "awaiting payment", whatever the payment field says.
  if (financial === 'unpaid' || status === 'wc-pending') return 'unpaid'
  if (status === 'wc-on-hold') return 'on-hold'
  if (financial === 'partial-refund' && !rules.allowedPayments.includes('partial-refund')) return 'partially-refunded'
  if (financial !== 'paid' && financial !== 'partial-refund') return 'unknown-payment'
  if (order.fulfillment_status !== 'unfulfilled') return 'unknown-fulfillment'
  return null
}

/** What the scanner says when an order scanned (or next in line) cannot ship. */
export function blockerMessage(number: string, blocker: Blocker, order?: ShipState): string {
  const n = `#${number}`
  switch (blocker) {
    case 'not-cached':
      return `No order ${n} was found.`
    case 'cancelled':
      return `Order ${n} was cancelled; it cannot ship.`
    case 'failed':
      return `Order ${n} failed; it cannot ship.`
    case 'refunded':
      return `Order ${n} was refunded; it cannot ship.`
    case 'fulfilled':
      return `Order ${n} is already fulfilled.`
    case 'unpaid':
      return `Order ${n} is unpaid; it cannot ship.`
    case 'on-hold':
      return `Order ${n} is on hold; it cannot ship.`
    case 'partially-refunded':
      return `Order ${n} is partially refunded; it ships only if the scanner settings allow partially refunded orders.`
    case 'unknown-payment':
      return `Order ${n} has the payment state "${order?.financial_status ?? ''}", which the scanner does not ship.`
    case 'unknown-fulfillment':
      return `Order ${n} has the fulfilment state "${order?.fulfillment_status ?? ''}", which the scanner does not ship.`
  }
}

/** What the scanner says when an order of its queue changed on the store since the queue was built. */
export function changedSinceMessage(number: string, blocker: Blocker): string {
  const since: Partial<Record<Blocker, string>> = {
    fulfilled: 'fulfilled',
    cancelled: 'cancelled',
    refunded: 'refunded',
    failed: 'marked failed',
    unpaid: 'marked unpaid',
    'on-hold': 'put on hold',
  }
  const what = since[blocker]
  if (what) return `Skipped #${number}: it was ${what} since the queue was built.`
  if (blocker === 'not-cached') return `Skipped #${number}: the store no longer has it.`
  return `Skipped #${number}: it can no longer ship (${COUNT_WORDS[blocker]}).`
}

export interface QueueBuild {
  /** The IDs that can ship, in the order given. */
  ids: number[]
  /** How many orders the source held. */
  total: number
  excluded: Partial<Record<Blocker, number>>
}

/** Splits a source's orders into those that ship and a count of the others by reason. */
export function buildQueue(orders: Iterable<{ ID: number; state: ShipState | undefined }>, rules: QueueRules): QueueBuild {
  const ids: number[] = []
  const excluded: Partial<Record<Blocker, number>> = {}
  let total = 0
  for (const { ID, state } of orders) {
    total++
    const blocker = shipBlocker(state, rules)
    if (blocker) excluded[blocker] = (excluded[blocker] ?? 0) + 1
    else ids.push(ID)
  }
  return { ids, total, excluded }
}

/**
 * "2 of the 5 selected orders cannot ship: 1 unpaid, 1 cancelled." (null when every order
 * can ship). Reasons are listed most frequent first.
 */
export function describeExclusions(build: QueueBuild, source: 'filter' | 'ids'): string | null {
  const excludedCount = build.total - build.ids.length
  if (excludedCount === 0) return null
  const parts = BLOCKERS.filter((b) => build.excluded[b])
    .map((b) => [b, build.excluded[b]!] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([b, n]) => `${n.toLocaleString('en-US')} ${COUNT_WORDS[b]}`)
  if (build.total === 1) return `The ${source === 'ids' ? 'selected order' : 'order in this filter'} cannot ship: ${parts.join(', ')}.`
  const whole = source === 'ids' ? `the ${build.total.toLocaleString('en-US')} selected orders` : `the ${build.total.toLocaleString('en-US')} orders in this filter`
  return `${excludedCount.toLocaleString('en-US')} of ${whole} cannot ship: ${parts.join(', ')}.`
}

/**
 * The order number a scan or a typed entry names: a packing slip prints it with or without
 * "#" ("1234", "#1234"); spaces around it are dropped. Null when it cannot be an order number.
 */
export function parseOrderScan(raw: string): string | null {
  const value = raw.trim().replace(/^#\s*/, '')
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/.test(value) ? value : null
}
