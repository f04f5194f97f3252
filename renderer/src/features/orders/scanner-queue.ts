// Which orders scanner mode may ship, and why the others may not: the rules apart from the
// cache and the screen, so they are tested on their own. An order ships when it is paid (or
// in a payment state the operator explicitly allowed in the scanner settings), not yet
// fulfilled, and neither cancelled, failed nor refunded. The store's API knows two fulfilment
// states only (unfulfilled, fulfilled: docs/demo-store.md, the reference's States table), so
// "partially fulfilled" has no value to accept here.
// Also here: what the scanner's queue is built from (the order list's filter, or orders sent
// to it by ID), the count of what a source held that cannot ship, and reading a scanned
// packing slip's order number.
import { type OrderQuery } from '@/data'
import { intlLocale, t, type MessageKey } from '@/session/i18n'

/** The scanner queue's source: the order list's current filter/saved view, or chosen orders. */
export type ScannerSource = { kind: 'filter'; query: OrderQuery } | { kind: 'ids'; ids: number[] }

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

/** Why an order cannot ship, in a few words ("unpaid"). */
const REASONS: Record<Blocker, MessageKey> = {
  'not-cached': 'scanner.reason.notCached',
  cancelled: 'scanner.reason.cancelled',
  failed: 'scanner.reason.failed',
  refunded: 'scanner.reason.refunded',
  fulfilled: 'scanner.reason.fulfilled',
  unpaid: 'scanner.reason.unpaid',
  'on-hold': 'scanner.reason.onHold',
  'partially-refunded': 'scanner.reason.partiallyRefunded',
  'unknown-payment': 'scanner.reason.unknownPayment',
  'unknown-fulfillment': 'scanner.reason.unknownFulfillment',
}

/** How a count of each blocker reads: "2 unpaid". */
const COUNTS: Record<Blocker, MessageKey> = {
  'not-cached': 'scanner.excluded.notCached',
  cancelled: 'scanner.excluded.cancelled',
  failed: 'scanner.excluded.failed',
  refunded: 'scanner.excluded.refunded',
  fulfilled: 'scanner.excluded.fulfilled',
  unpaid: 'scanner.excluded.unpaid',
  'on-hold': 'scanner.excluded.onHold',
  'partially-refunded': 'scanner.excluded.partiallyRefunded',
  'unknown-payment': 'scanner.excluded.unknownPayment',
  'unknown-fulfillment': 'scanner.excluded.unknownFulfillment',
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

/** Counts said one after another as the language lists them: "2 unpaid, 1 cancelled", "2 个未付款、1 个已取消". */
export function joinCounts(counts: readonly string[]): string {
  return new Intl.ListFormat(intlLocale(), { style: 'narrow', type: 'conjunction' }).format(counts)
}

/** What the scanner says when an order scanned (or next in line) cannot ship. */
export function blockerMessage(number: string, blocker: Blocker, order?: ShipState): string {
  switch (blocker) {
    case 'not-cached':
      return t('scanner.blocked.notCached', { number })
    case 'cancelled':
      return t('scanner.blocked.cancelled', { number })
    case 'failed':
      return t('scanner.blocked.failed', { number })
    case 'refunded':
      return t('scanner.blocked.refunded', { number })
    case 'fulfilled':
      return t('scanner.blocked.fulfilled', { number })
    case 'unpaid':
      return t('scanner.blocked.unpaid', { number })
    case 'on-hold':
      return t('scanner.blocked.onHold', { number })
    case 'partially-refunded':
      return t('scanner.blocked.partiallyRefunded', { number })
    case 'unknown-payment':
      return t('scanner.blocked.unknownPayment', { number, state: order?.financial_status ?? '' })
    case 'unknown-fulfillment':
      return t('scanner.blocked.unknownFulfillment', { number, state: order?.fulfillment_status ?? '' })
  }
}

/** The changes the scanner names when an order stops being shippable under it. */
const CHANGES: Partial<Record<Blocker, string>> = { fulfilled: 'fulfilled', cancelled: 'cancelled', refunded: 'refunded', failed: 'failed', unpaid: 'unpaid', 'on-hold': 'onHold' }

/**
 * What the scanner says when an order of its queue changed on the store since the queue was
 * built (`built`), or since the packer opened it (`opened`: nothing was queued for it).
 */
export function changedSinceMessage(number: string, blocker: Blocker, since: 'built' | 'opened' = 'built'): string {
  const change = CHANGES[blocker]
  if (change) return t(since === 'built' ? 'scanner.skipped.changed' : 'scanner.stop.changed', { number, change })
  const skipped = blocker === 'not-cached' ? t('scanner.skipped.gone', { number }) : t('scanner.skipped.cannotShip', { number, reason: t(REASONS[blocker]) })
  return since === 'built' ? skipped : t('scanner.stop.nothingQueued', { message: skipped })
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
export function describeExclusions(build: QueueBuild, source: ScannerSource['kind']): string | null {
  const excludedCount = build.total - build.ids.length
  if (excludedCount === 0) return null
  const parts = BLOCKERS.filter((b) => build.excluded[b])
    .map((b) => [b, build.excluded[b]!] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([b, n]) => t(COUNTS[b], { n }))
  const reasons = joinCounts(parts)
  if (build.total === 1) return t(source === 'ids' ? 'scanner.exclusions.selectedOne' : 'scanner.exclusions.filterOne', { reasons })
  return t(source === 'ids' ? 'scanner.exclusions.selected' : 'scanner.exclusions.filter', { n: excludedCount, total: build.total, reasons })
}

/**
 * The order number a scan or a typed entry names: a packing slip prints it with or without
 * "#" ("1234", "#1234"); spaces around it are dropped. Null when it cannot be an order number.
 */
export function parseOrderScan(raw: string): string | null {
  const value = raw.trim().replace(/^#\s*/, '')
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/.test(value) ? value : null
}
