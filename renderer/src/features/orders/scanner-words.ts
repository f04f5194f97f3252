// The scanner's words about its queue: why an order cannot ship, what changed under an order
// of the queue, and how many of a source's orders were left out and why, in the app's language.
// Apart from the rules (scanner-queue.ts), which import nothing so the end-to-end specs share them.
import { intlLocale, t, type MessageKey } from '@/session/i18n'
import { BLOCKERS, type Blocker, type QueueBuild, type ShipState } from './scanner-queue'

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
    .map(([b, n]) => t(COUNTS[b], { n }))
  const reasons = joinCounts(parts)
  if (build.total === 1) return t(source === 'ids' ? 'scanner.exclusions.selectedOne' : 'scanner.exclusions.filterOne', { reasons })
  return t(source === 'ids' ? 'scanner.exclusions.selected' : 'scanner.exclusions.filter', { n: excludedCount, total: build.total, reasons })
}
