// What scanner mode's session summary says, from what the store holds: each order tracked in
// the session is "shipped" only once the store accepted its tracking, "waiting" while it is in
// its undo window or queued, "stopped" when the replayer found the order changed on the store
// (another desk fulfilled it) or the store refused it, "undone" when the operator took it back;
// orders skipped from the queue are listed as skipped. An undone or skipped order is never
// listed as shipped, and "shipped without checking items" is a note on a shipped order only.
import type { ConflictRecord, OutboxEntry, WriteEvent } from '@/data'
import type { ScannedEntry } from './scanner'
import { t } from '@/session/i18n'
import { problemWords } from '@/ui/refusal-words'
import { joinCounts } from './scanner-words'

export type WriteOutcome =
  | { kind: 'waiting'; until: number | null }
  | { kind: 'queued' }
  | { kind: 'shipped' }
  | { kind: 'stopped'; message: string }
  | { kind: 'undone' }

/** One tracking write's outcome: its outbox entry while it has one, else its history. */
export function writeOutcome(entry: OutboxEntry | undefined, history: readonly WriteEvent[], conflict: ConflictRecord | undefined, number: string, now: number): WriteOutcome {
  if (entry) {
    if (entry.state === 'conflict') return { kind: 'stopped', message: conflictMessage(number, conflict) }
    if (entry.state === 'failed') return { kind: 'stopped', message: t('scanner.summary.refused', { number, problem: entry.lastError ? problemWords(entry.lastError) : t('scanner.summary.refusedBare') }) }
    if (entry.holdUntil !== undefined && entry.holdUntil > now && entry.state === 'queued') return { kind: 'waiting', until: entry.holdUntil }
    return { kind: 'queued' }
  }
  const last = [...history].reverse().find((e) => e.event === 'accepted' || e.event === 'undone' || e.event === 'discarded')
  if (last?.event === 'accepted') return { kind: 'shipped' }
  if (last) return { kind: 'undone' }
  return { kind: 'queued' }
}

/** "fulfilled elsewhere since you opened it: RR…US", from the store's copy the replayer kept. */
export function conflictMessage(number: string, conflict: ConflictRecord | undefined): string {
  const theirs = conflict?.theirs ?? {}
  if (theirs.post_status === 'wc-cancelled') return t('scanner.summary.cancelledElsewhere', { number })
  if (theirs.fulfillment_status === 'fulfilled') return t('scanner.summary.fulfilledElsewhere', { number, trackno: String(theirs.trackno || t('scanner.noTrackingNumber')) })
  return t('scanner.summary.changedElsewhere', { number })
}

export interface SummaryLine {
  key: string
  number: string
  text: string
}

export interface SessionSummary {
  shipped: SummaryLine[]
  waiting: SummaryLine[]
  stopped: SummaryLine[]
  undone: SummaryLine[]
  skipped: SummaryLine[]
}

/** The summary of a session: its tracked entries by outcome, then the undone and skipped orders. */
export function sessionSummary(
  session: { done: readonly ScannedEntry[]; undone: readonly ScannedEntry[]; skipped: readonly string[]; stopped: readonly string[] },
  outcomes: ReadonlyMap<number, WriteOutcome>,
): SessionSummary {
  const summary: SessionSummary = { shipped: [], waiting: [], stopped: [], undone: [], skipped: [] }
  const line = (d: ScannedEntry, text: string): SummaryLine => ({ key: `write-${d.handle}`, number: d.order.number, text })
  const what = (d: ScannedEntry) => {
    const tracking = d.carrier ? t('scanner.summary.withCarrier', { trackno: d.trackno, carrier: d.carrier }) : d.trackno
    return t(d.overridden ? 'scanner.summary.entryUnchecked' : 'scanner.summary.entry', { number: d.order.number, tracking })
  }
  for (const d of session.done) {
    const outcome = outcomes.get(d.handle) ?? { kind: 'queued' }
    if (outcome.kind === 'shipped') summary.shipped.push(line(d, what(d)))
    else if (outcome.kind === 'waiting') summary.waiting.push(line(d, t('scanner.summary.inUndoWindow', { entry: what(d) })))
    else if (outcome.kind === 'queued') summary.waiting.push(line(d, t('scanner.summary.queued', { entry: what(d) })))
    else if (outcome.kind === 'stopped') summary.stopped.push(line(d, outcome.message))
    else summary.undone.push(line(d, t('scanner.summary.withdrawn', { number: d.order.number, trackno: d.trackno })))
  }
  for (const d of session.undone) summary.undone.push({ key: `undone-${d.handle}`, number: d.order.number, text: t('scanner.summary.undone', { number: d.order.number, trackno: d.trackno }) })
  session.stopped.forEach((text, i) => summary.stopped.push({ key: `stopped-${i}`, number: '', text }))
  session.skipped.forEach((text, i) => summary.skipped.push({ key: `skipped-${i}`, number: '', text }))
  return summary
}

/** "2 shipped, 1 waiting, 1 stopped, 1 undone, 1 skipped" (the parts there are). */
export function summaryCounts(summary: SessionSummary): string {
  const parts = [
    [summary.shipped.length, 'scanner.summary.counts.shipped'],
    [summary.waiting.length, 'scanner.summary.counts.waiting'],
    [summary.stopped.length, 'scanner.summary.counts.stopped'],
    [summary.undone.length, 'scanner.summary.counts.undone'],
    [summary.skipped.length, 'scanner.summary.counts.skipped'],
  ] as const
  const said = parts.filter(([n]) => n > 0).map(([n, key]) => t(key, { n }))
  return said.length ? joinCounts(said) : t('scanner.summary.counts.none')
}
