// A write belongs to the order it was made for.
//
// INVARIANT (write binding): every order write dialog captures its order when it opens (id,
// number, and the store's updated time it saw: an OrderBinding) and only ever writes to that
// order. Navigation of any kind (Back, a link, a shortcut, switching store) closes an open write
// dialog (WriteDialogs.navigated); nothing re-binds a dialog to whatever order the route shows
// next. One holding typed changes is asked about first (ui/use-unsaved-changes.ts): "Keep
// editing" cancels the navigation, so the dialog and the order on screen stay together. Confirm re-checks the bound order as the cache holds it at that moment and, where the
// store answers, as the store holds it (a fresh read), and puts the tracking policy
// (tracking-policy.ts) to the freshest state: an order cancelled, refunded or fulfilled since
// the dialog opened asks for an explicit override again, which the write records.
// The page wires this through use-write-dialogs.ts; the model-based test drives it directly.
import type { Order } from '@common/store-api/resources'
import { closedStateOf, actions, type CachedOrder, type StoreDatabase } from '@/data'
import { checkTracking, overrideOf, unconfirmed, type OthersUsing, type TrackingFinding } from './tracking-policy'
import { trackBody } from './tracking'
import { t } from '@/session/i18n'

export interface OrderBinding {
  id: number
  number: string
  /** The store's updated time of the order the operator saw (null when the store never said). */
  updatedAt: string | null
}

/** The store's updated time of a cached order: its copy before this desk's unsent changes. */
function storeUpdatedAt(order: CachedOrder | Order): string | null {
  const server = ('server' in order ? order.server : null) as { post_modified_gmt?: string } | null | undefined
  return server?.post_modified_gmt ?? order.post_modified_gmt ?? null
}

export function bindOrder(order: CachedOrder | Order): OrderBinding {
  return { id: order.ID, number: order.number, updatedAt: storeUpdatedAt(order) }
}

export type WriteDialogKind = 'tracking' | 'change-tracking' | 'address'

export interface OpenDialog {
  kind: WriteDialogKind
  binding: OrderBinding
}

/** Which write dialog is open, and for which order; closed by any navigation. */
export class WriteDialogs {
  open: OpenDialog | null = null

  openFor(kind: WriteDialogKind, order: CachedOrder | Order): OpenDialog {
    this.open = { kind, binding: bindOrder(order) }
    return this.open
  }

  close(): void {
    this.open = null
  }

  /** The route or the store changed: an open dialog closes, never follows. */
  navigated(): void {
    this.open = null
  }
}

/** How confirm reads the bound order again. */
export interface BindingReads {
  /** The cache's row now (with this desk's unsent changes). */
  cached(id: number): Promise<CachedOrder | null>
  /** A fresh read from the store; `checked: false` when it could not be asked (offline, no answer in time). */
  store(id: number): Promise<{ order: Order | null; checked: boolean }>
  othersUsing: OthersUsing
}

export interface Recheck {
  /** The order as it stands now: the cache's, with the store's state where the store closed it meanwhile. */
  order: Order | null
  storeChecked: boolean
  /** The store's updated time moved since the dialog opened. */
  changedSince: boolean
}

/** The bound order again: the cache's row and, where online, the store's copy. */
export async function recheckBound(binding: OrderBinding, reads: BindingReads): Promise<Recheck> {
  const [cached, fresh] = await Promise.all([reads.cached(binding.id), reads.store(binding.id)])
  const store = fresh.order
  if (fresh.checked && !store) return { order: null, storeChecked: true, changedSince: true }
  const base = cached ?? store
  if (!base) return { order: null, storeChecked: fresh.checked, changedSince: true }
  // Another desk's change wins where it closed the order; this desk's unsent changes are in the cache.
  const order = store && closedStateOf(store) && !closedStateOf(base) ? { ...base, post_status: store.post_status, financial_status: store.financial_status, fulfillment_status: store.fulfillment_status, trackno: store.trackno } : base
  const now = store ? store.post_modified_gmt : storeUpdatedAt(base)
  return { order, storeChecked: fresh.checked, changedSince: binding.updatedAt !== null && now !== binding.updatedAt }
}

export interface TrackingRequest {
  trackno: string
  carrier: string
  sendEmail: boolean
  /** Keys (tracking-policy.ts findingKey) of the findings the operator confirmed. */
  confirmed: readonly string[]
  /** A change of the order's tracking number: the number it had when the dialog opened. */
  change: { replaces: string } | null
}

export type ConfirmOutcome =
  | { ok: true; outboxId: number }
  | { ok: false; findings: TrackingFinding[]; message?: string }

export interface Review {
  findings: TrackingFinding[]
  /** Says why the findings are not the whole story: the order is gone, or changed since the dialog opened. */
  message?: string
  storeChecked: boolean
}

/** What tracking the bound order with this number meets now (the policy's findings on the order as re-read). */
export async function reviewTracking(reads: BindingReads, binding: OrderBinding, request: Pick<TrackingRequest, 'trackno' | 'change'>): Promise<Review & { order: Order | null }> {
  const again = await recheckBound(binding, reads)
  if (!again.order) return { order: null, findings: [], message: t('tracking.policy.gone', { number: binding.number }), storeChecked: again.storeChecked }
  const findings = await checkTracking({ raw: request.trackno, order: again.order, change: request.change, othersUsing: reads.othersUsing })
  const message = again.changedSince && findings.some((f) => f.kind === 'closed') ? t('tracking.policy.changedSince', { number: binding.number }) : undefined
  return { order: again.order, findings, storeChecked: again.storeChecked, ...(message ? { message } : {}) }
}

/** Confirm of a tracking dialog: re-checks the bound order, then queues the write for it, or says what stands in the way. */
export async function confirmTracking(db: StoreDatabase, reads: BindingReads, binding: OrderBinding, request: TrackingRequest): Promise<ConfirmOutcome> {
  const review = await reviewTracking(reads, binding, request)
  if (!review.order) return { ok: false, findings: [], message: review.message }
  const findings = review.findings
  const pending = unconfirmed(findings, request.confirmed)
  if (pending.length > 0) return { ok: false, findings: pending, ...(review.message ? { message: review.message } : {}) }
  const override = overrideOf(findings, request.confirmed)
  const outboxId = await actions.trackOrder(db, binding.id, trackBody({ trackno: request.trackno, carrier: request.carrier, sendEmail: request.sendEmail }), {
    name: `#${binding.number}`,
    ...(override ? { override } : {}),
    ...(request.change ? { replaces: request.change.replaces } : {}),
  })
  return { ok: true, outboxId }
}
