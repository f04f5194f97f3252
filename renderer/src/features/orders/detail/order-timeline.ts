// An order's story, newest first: the store's own timestamps (created, paid, shipped,
// completed, refunds, cancelled, and its last change when that is not one of those) and every
// step of each change made from this app (queued, sent, accepted by the store, refused,
// undone...) from the write history (data/write-history.ts). Store times are read from their
// GMT fields so they sort with this computer's events; every time is shown on the store's
// clock (this app's events moved by the store's offset from GMT, which the order's own local
// and GMT fields tell), so one list never mixes two zones.
import type { Order } from '@common/store-api/resources'
import { appTime, storeTimeFull, wallClock } from '@/ui/dates'
import type { WriteEvent, WriteEventKind } from '@/data'
import { writeWords } from '@/features/sync'
import { formatMoney } from '@/ui/store-time'
import { t, type MessageKey } from '@/session/i18n'
import { problemWords } from '@/ui/refusal-words'

export interface TimelineEntry {
  key: string
  /** ms since the epoch, for the order of the list. */
  at: number
  /** The time in words, as people read it. */
  when: string
  title: string
  detail?: string
  source: 'store' | 'app'
  /** An app step that needs a look (refused, conflict). */
  problem?: boolean
}

const STEP_WORDS: Record<WriteEventKind, MessageKey> = {
  queued: 'order.timeline.steps.queued',
  sent: 'order.timeline.steps.sent',
  unconfirmed: 'order.timeline.steps.unconfirmed',
  accepted: 'order.timeline.steps.accepted',
  failed: 'order.timeline.steps.failed',
  conflict: 'order.timeline.steps.conflict',
  undone: 'order.timeline.steps.undone',
  discarded: 'order.timeline.steps.discarded',
}

/** A store GMT timestamp in ms, or null for a zero or missing date. */
export function gmtMs(value: string | null | undefined): number | null {
  const d = wallClock(value)
  return d ? Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()) : null
}

function storeEvents(order: Order): TimelineEntry[] {
  const out: TimelineEntry[] = []
  const add = (key: string, gmt: string | undefined, local: string | undefined, title: string, detail?: string) => {
    const at = gmtMs(gmt)
    if (at !== null) out.push({ key, at, when: storeTimeFull(local ?? gmt), title, source: 'store', ...(detail ? { detail } : {}) })
  }
  const money = (n: number | string) => formatMoney(n, order.order_currency || 'USD')
  const tracking = order.trackno ? t(order.trackname ? 'order.timeline.trackingCarrier' : 'order.timeline.tracking', { number: order.trackno, carrier: order.trackname ?? '' }) : undefined
  add('created', order.post_date_gmt, order.post_date, t('order.timeline.placed'), order.payment_method_title || undefined)
  add('paid', order.paid_date_gmt, order.paid_date, t('order.timeline.paid', { amount: money(order.order_total) }))
  add('shipped', order.track_date_gmt, order.track_date, t('order.timeline.shipped'), tracking)
  add('completed', order.completed_at_gmt, order.completed_at, t('order.timeline.completed'))
  for (const [i, refund] of (order.refunds ?? []).entries()) {
    add(`refund-${i}`, refund.refund_date_gmt, refund.refund_date, t('order.timeline.refunded', { amount: money(refund.refund_amount) }), refund.refund_reason || undefined)
  }
  // The store keeps no cancellation date: its last change is the closest it says.
  if (order.post_status === 'wc-cancelled') add('cancelled', order.post_modified_gmt, order.post_modified, t('order.timeline.cancelled'), t('order.timeline.cancelledWhen'))
  else if (!out.some((e) => e.at === gmtMs(order.post_modified_gmt))) add('updated', order.post_modified_gmt, order.post_modified, t('order.timeline.updated'))
  return out
}

/** The store's offset from GMT (ms), from the order's last change; null when the order does not tell. */
function storeOffset(order: Order): number | null {
  const local = gmtMs(order.post_modified)
  const gmt = gmtMs(order.post_modified_gmt)
  return local === null || gmt === null ? null : local - gmt
}

/** An app event's time on the store's clock, or on this computer's when the offset is unknown. */
function appWhen(at: number, offset: number | null): string {
  if (offset === null) return appTime(at)
  const d = new Date(at + offset)
  const two = (n: number) => String(n).padStart(2, '0')
  return storeTimeFull(`${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`)
}

function appEvents(events: readonly WriteEvent[], offset: number | null): TimelineEntry[] {
  return events.map((e) => ({
    key: `app-${e.id ?? `${e.outboxId}-${e.event}-${e.at}`}`,
    at: e.at,
    when: appWhen(e.at, offset),
    // What the change was, without the order it is on (the page is that order's).
    title: t('order.timeline.step', { change: writeWords(e.label, { withTarget: false }), step: t(STEP_WORDS[e.event]) }),
    source: 'app' as const,
    ...(e.message || e.words ? { detail: problemWords(e) } : {}),
    ...(e.event === 'failed' || e.event === 'conflict' ? { problem: true } : {}),
  }))
}

/** How close (ms) the store's last change may be to a change of ours it accepted to be that change. */
const SAME_CHANGE_MS = 120_000

/** Newest first; at the same moment, the later step of this app first, then the store's. */
export function orderTimeline(order: Order, events: readonly WriteEvent[]): TimelineEntry[] {
  const app = appEvents([...events].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)), storeOffset(order)).reverse()
  const accepted = events.filter((e) => e.event === 'accepted').map((e) => e.at)
  // The store's last change is our own accepted change: the list says so once.
  const store = storeEvents(order).filter((e) => e.key !== 'updated' || !accepted.some((at) => Math.abs(at - e.at) <= SAME_CHANGE_MS))
  return [...app, ...store].map((entry, i) => ({ entry, i })).sort((a, b) => b.entry.at - a.entry.at || a.i - b.i).map(({ entry }) => entry)
}
