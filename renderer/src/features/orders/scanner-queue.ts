// Which orders scanner mode may ship, and why the others may not: the rules apart from the
// cache and the screen, so they are tested on their own. An order ships when it is paid (or
// in a payment state the operator explicitly allowed in the scanner settings), not yet
// fulfilled, and neither cancelled, failed nor refunded. The store's API knows two fulfilment
// states only (unfulfilled, fulfilled: docs/demo-store.md, the reference's States table), so
// "partially fulfilled" has no value to accept here.
// Also here: splitting a queue's source into what ships and what does not, and reading a
// scanned packing slip's order number (their words are scanner-words.ts). This module imports nothing, so the end-to-end specs pick their
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
 * The order number a scan or a typed entry names: a packing slip prints it with or without
 * "#" ("1234", "#1234"); spaces around it are dropped. Null when it cannot be an order number.
 */
export function parseOrderScan(raw: string): string | null {
  const value = raw.trim().replace(/^#\s*/, '')
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/.test(value) ? value : null
}
