// The one tracking policy: what the order page, the scanner, the CSV import and the bulk actions
// tell an operator about a tracking number for an order, in the same words everywhere.
// - Its shape: 4 to 64 letters, digits or dashes (else it cannot be used at all).
// - Its format: the carrier whose format and check digit it matches; "the check digit is
//   wrong" (a carrier's format, a misread digit) is a different finding from "no carrier uses
//   this format" (tracking.ts formatCheck).
// - Another order already carrying it, named.
// - The order's state: unpaid asks for a confirmation; cancelled, refunded in full or fulfilled
//   take tracking only with an explicit override, which the write records (data/writes/orders.ts
//   enforces the same rule when the write is queued and again just before it is sent). A change
//   of a fulfilled order's tracking number is checked the same way, except that being fulfilled
//   is what it needs.
// Findings are data: each entry point decides how it asks (a confirm step, the scanner's
// "use it anyway", an import row's status); `invalid` always stops, the others wait for the
// operator to confirm their kind. Each carries its words twice: `message` in the language of the
// moment, and `words` (the Message) for a screen that keeps findings and shows them again later,
// in whatever language is chosen then (the CSV import's preview).
import type { Order } from '@common/store-api/resources'
import { closedStateOf, type ClosedState } from '@/data'
import { formatCheck, normalizeTrackingNumber, trackingNumberProblem } from './tracking'
import { say, type Message, type MessageKey, type MessageParams } from '@/session/i18n'

/** A finding's words: the Message, and the message said now. */
interface Worded {
  words: Message
  message: string
}

export type TrackingFinding = Worded &
  (
    | { kind: 'invalid' }
    | { kind: 'check-digit'; carrier: string }
    | { kind: 'unknown-format' }
    | { kind: 'duplicate'; orders: string[] }
    | { kind: 'unpaid' }
    | { kind: 'closed'; state: ClosedState }
  )
export type FindingKind = TrackingFinding['kind']

/** What of an order the policy reads. */
export type PolicyOrder = Pick<Order, 'ID' | 'number' | 'post_status' | 'financial_status' | 'fulfillment_status'> & { trackno?: string }

/** Orders other than `exceptId` whose tracking number is this one. */
export type OthersUsing = (trackno: string, exceptId: number) => Promise<{ ID: number; number: string }[]>

const worded = (words: Message): Worded => ({ words, message: say(words) })
const said = (key: MessageKey, params?: MessageParams): Worded => worded(params ? { key, params } : { key })

/** The number's own findings: its shape, then its format. */
export function numberFindings(raw: string): TrackingFinding[] {
  const problem = trackingNumberProblem(raw)
  if (problem) return [{ kind: 'invalid', ...worded(problem) }]
  const trackno = normalizeTrackingNumber(raw)
  const format = formatCheck(trackno)
  if (!format) return [{ kind: 'unknown-format', ...said('tracking.policy.unknownFormat', { number: trackno }) }]
  if (format.checkDigit === 'wrong') return [{ kind: 'check-digit', carrier: format.carrier, ...said('tracking.policy.checkDigit', { number: trackno, carrier: format.carrier }) }]
  return []
}

/** The order's own findings for tracking it now (`change`: a change of its tracking number). */
export function stateFindings(order: PolicyOrder, change: { replaces: string } | null = null): TrackingFinding[] {
  const n = order.number
  const closed = closedStateOf(order)
  if (change) {
    if (order.fulfillment_status !== 'fulfilled') return [{ kind: 'invalid', ...said('tracking.policy.notFulfilled', { number: n }) }]
    if ((order.trackno ?? '') !== change.replaces) return [{ kind: 'invalid', ...said('tracking.policy.changedTo', { number: n, trackno: order.trackno || say({ key: 'tracking.dialog.none' }) }) }]
    if (closed && closed !== 'fulfilled') return [{ kind: 'closed', state: closed, ...said('tracking.policy.changeClosed', { number: n, state: closed }) }]
    return []
  }
  const findings: TrackingFinding[] = []
  if (closed) {
    const words = closed === 'fulfilled' && order.trackno ? said('tracking.policy.fulfilledWith', { number: n, trackno: order.trackno }) : said('tracking.policy.addClosed', { number: n, state: closed })
    findings.push({ kind: 'closed', state: closed, ...words })
  }
  if (order.financial_status === 'unpaid' || order.post_status === 'wc-pending') findings.push({ kind: 'unpaid', ...said('tracking.policy.unpaid', { number: n }) })
  return findings
}

/** The duplicate finding: other orders already carrying this number. */
export function duplicateFinding(trackno: string, order: Pick<PolicyOrder, 'number'>, others: readonly { number: string }[]): TrackingFinding[] {
  const numbers = [...new Set(others.map((o) => o.number))]
  if (numbers.length === 0) return []
  const list = numbers.map((x) => `#${x}`).join(', ')
  return [{ kind: 'duplicate', orders: numbers, ...said('tracking.policy.duplicate', { trackno: normalizeTrackingNumber(trackno), orders: list, number: order.number }) }]
}

/** Every finding for tracking `raw` on `order`: the number, another order using it, the order's state. */
export async function checkTracking(input: { raw: string; order: PolicyOrder; change?: { replaces: string } | null; othersUsing: OthersUsing }): Promise<TrackingFinding[]> {
  const own = numberFindings(input.raw)
  if (own.some((f) => f.kind === 'invalid')) return own
  const trackno = normalizeTrackingNumber(input.raw)
  if (input.change && trackno.toUpperCase() === input.change.replaces.toUpperCase()) return [{ kind: 'invalid', ...said('tracking.policy.same', { trackno, number: input.order.number }) }]
  const others = await input.othersUsing(trackno, input.order.ID)
  return [...own, ...duplicateFinding(trackno, input.order, others), ...stateFindings(input.order, input.change ?? null)]
}

/**
 * What confirming a finding agrees to: its kind, and for an override the state overridden and for
 * a duplicate the orders named, so a confirmation never carries over to something not shown
 * (an order cancelled when it was fulfilled, a third order with the same number).
 */
export function findingKey(finding: TrackingFinding): string {
  if (finding.kind === 'closed') return `closed:${finding.state}`
  if (finding.kind === 'duplicate') return `duplicate:${finding.orders.join(',')}`
  return finding.kind
}

/** The findings still in the way: every `invalid` one, and those not confirmed as shown. */
export function unconfirmed(findings: readonly TrackingFinding[], confirmed: readonly string[]): TrackingFinding[] {
  return findings.filter((f) => f.kind === 'invalid' || !confirmed.includes(findingKey(f)))
}

/** The state the operator overrode, when a `closed` finding was confirmed. */
export function overrideOf(findings: readonly TrackingFinding[], confirmed: readonly string[]): ClosedState | undefined {
  const closed = findings.find((f): f is Extract<TrackingFinding, { kind: 'closed' }> => f.kind === 'closed')
  return closed && confirmed.includes(findingKey(closed)) ? closed.state : undefined
}
