// Order writes (orders.track, orders.updateShipping): the change each makes to the cached
// order, what of the store's order it must not overwrite unseen (recorded as its base when it
// is queued, compared with the store's order just before sending), and the call that sends it.
//
// Two desks, one store: a tracking number is only right for the order as the operator saw it.
// When, since then, the store's order got another tracking number or fulfilment, was cancelled,
// or its ship-to address changed, sending it would overwrite (or ship to) something nobody here
// has seen: the write stops as a conflict with both versions instead. An address write watches
// the fields it writes, field by field.
//
// INVARIANT (tracking on a closed order): a tracking write lands on a cancelled, refunded or
// fulfilled order only when the operator explicitly overrode that state (`override`, which its
// label and so the order's timeline record) or, on a fulfilled order, when it is a change of the
// order's tracking number (`replaces`). trackingRefusal() states the rule; it is checked against
// the cache when the write is queued (its action, `actions.trackOrder`) and against the store's
// own copy just before sending (tracking.deliver), so no screen, import or stale dialog can get
// round it.
//
// An order write whose outcome is unknown (unconfirmed) reads the order first: a tracking
// number already on it is not sent again (the customer gets one e-mail, not two), nor an
// address it already has.
import type { Order } from '@common/store-api/resources'
import type { CachedOrder, StoreDatabase } from '../db'
import type { ClosedState, ShippingBody, TrackBody, Write, WriteOf } from './contract'
import type { Accepted, Actions, Checking, EnqueueOptions, Fields, Sending, WriteBase, WriteHandler, WriteHandlers } from './handler'
import { orderLane } from './lanes'
import { beginRead, noteOrderRead } from '../order-reads'
import type { Message } from '@/session/i18n'
import { PermanentProblem, restoreRow, sameText, snapshotBeforeChange, storeCopy } from './rows'

type OrderState = Pick<Order, 'post_status' | 'financial_status' | 'fulfillment_status'>

/** The state that closes an order to tracking, the first that applies; null while it can ship. */
export function closedStateOf(order: OrderState): ClosedState | null {
  if (order.post_status === 'wc-cancelled') return 'cancelled'
  if (order.post_status === 'wc-refunded' || order.financial_status === 'refund') return 'refunded'
  if (order.fulfillment_status === 'fulfilled') return 'fulfilled'
  return null
}

/** Why this tracking write may not land on this order (the invariant above), or null when it may. */
export function trackingRefusal(order: OrderState & { number?: string }, write: Pick<WriteOf<'orders.track'>, 'override' | 'replaces'>): Message | null {
  const closed = closedStateOf(order)
  const number = order.number || 'none'
  if (write.replaces !== undefined && order.fulfillment_status !== 'fulfilled') return { key: 'problems.notFulfilled', params: { number } }
  if (!closed || closed === write.override) return null
  if (closed === 'fulfilled' && write.replaces !== undefined) return null
  return { key: 'problems.closed', params: { number, state: closed } }
}

type OrderKind = 'orders.track' | 'orders.updateShipping'
type OrderAnswer = { data: Order }

/** What an order write adds to the common handler: the fields of the store's order it watches. */
interface OrderWriteHandler<K extends OrderKind> extends WriteHandler<K> {
  /** The fields of the store's order (or our copy of it) this write must not overwrite unseen. */
  watched(order: Order, write: WriteOf<K>): Fields
  /** The same fields as they would be after this write, given what it was based on. */
  mine(write: WriteOf<K>, base: Fields): Fields
}

/** The ship-to address in one line: a change of any part of it is a change of where it goes. */
export function shipTo(address: Order['shipping_address'] | undefined): string {
  if (!address) return ''
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ')
  return [name, address.address_1, address.address_2, address.city, address.state, address.postcode, address.country].filter(Boolean).join(', ')
}

// The phases both order writes do alike, given what the write watches and changes.

async function applyToOrder(db: StoreDatabase, orderId: number, watched: (order: Order) => Fields, change: (order: CachedOrder) => void): Promise<WriteBase> {
  const order = await db.orders.get(orderId)
  if (!order) return null
  const seen = storeCopy(order)
  const base = { updatedAt: seen.post_modified_gmt ?? null, fields: watched(seen) }
  snapshotBeforeChange(order)
  change(order)
  await db.orders.put(order)
  return base
}

const revertOrder = async (db: StoreDatabase, orderId: number) => restoreRow(db.orders, await db.orders.get(orderId), false, orderId)

/** Reads the store's order just before sending: another desk may have changed it meanwhile. */
async function sendToOrder(
  { call, base, unlessChanged }: Sending,
  orderId: number,
  watched: (order: Order) => Fields,
  mine: (base: Fields) => Fields,
  send: (current: Order) => Promise<OrderAnswer>,
): Promise<OrderAnswer | 'conflict'> {
  const current = await call('orders.get', { path: { id: orderId } })
  const theirs = watched(current.data)
  return unlessChanged(mine(base?.fields ?? theirs), { updatedAt: current.data.post_modified_gmt, fields: theirs }, current, () => send(current.data))
}

/** Reads the order of an unconfirmed write: it arrived when `there` says the order shows it. */
async function settleOrderWrite<W extends { orderId: number }>({ call }: Checking, write: W, there: (order: Order) => boolean): Promise<{ arrived: OrderAnswer } | { send: W }> {
  const current = await call('orders.get', { path: { id: write.orderId } })
  return there(current.data) ? { arrived: current } : { send: write }
}

async function acceptOrder(db: StoreDatabase, answer: OrderAnswer | null): Promise<Accepted> {
  const order = answer?.data
  if (!order?.ID) return {}
  await db.orders.put(order)
  noteOrderRead(db, order.ID, beginRead(db))
  return { rebase: { updatedAt: order.post_modified_gmt, record: {}, fieldsOf: (next) => watchedBy(order, next) } }
}

const tracking: OrderWriteHandler<'orders.track'> = {
  watched: (order) => ({
    trackno: order.trackno ?? '',
    fulfillment_status: order.fulfillment_status,
    post_status: order.post_status,
    ship_to: shipTo(order.shipping_address),
  }),
  // Ours changes the tracking and the fulfilment; the status and address stay what we saw.
  // (A write queued before the base held the fulfilment compares the tracking number only.)
  mine: (write, base) => ({ ...base, trackno: write.body.trackno, ...('fulfillment_status' in base ? { fulfillment_status: 'fulfilled' } : {}) }),
  lanes: (write) => [orderLane(write.orderId)],
  undoable: true,
  // The override and the replaced number are in the label, which the order's timeline shows.
  describe: (write, name) => ({
    kind: write.kind,
    action: 'track',
    target: { noun: 'order', name },
    values: { trackno: write.body.trackno, ...(write.replaces !== undefined ? { replaces: write.replaces } : {}), ...(write.override ? { override: write.override } : {}) },
  }),
  apply: (db, write) =>
    applyToOrder(db, write.orderId, (order) => tracking.watched(order, write), (order) => {
      order.trackno = write.body.trackno
      if (write.body.logistics_company !== undefined) order.trackname = write.body.logistics_company
      order.fulfillment_status = 'fulfilled'
    }),
  revert: (db, write) => revertOrder(db, write.orderId),
  reconcile: (checking, write) => settleOrderWrite(checking, write, (order) => sameText(order.trackno, write.body.trackno)),
  // Kept over another desk's tracking: that is a change of the order's tracking number, chosen.
  keepMine: (write, theirs) => (theirs.fulfillment_status === 'fulfilled' && write.replaces === undefined ? { ...write, replaces: String(theirs.trackno ?? '') } : write),
  deliver: (sending, write) =>
    sendToOrder(sending, write.orderId, (order) => tracking.watched(order, write), (base) => tracking.mine(write, base), (current) => {
      // The store's copy decides, not the one the write was queued on (the invariant above).
      const refusal = trackingRefusal(current, write)
      if (refusal) throw new PermanentProblem(refusal)
      return sending.call('orders.track', { path: { id: write.orderId }, body: write.body })
    }),
  accept: (db, _write, answer) => acceptOrder(db, answer),
}

type ShippingAddress = WriteOf<'orders.updateShipping'>['body']['shipping']
const SHIPPING_KEYS = ['country', 'state', 'city', 'first_name', 'last_name', 'address_1', 'phone', 'postcode', 'address_2'] as const

/** The fields this write changes: those the operator changed, or (a write without that list) all it carries. */
const changedFields = (write: WriteOf<'orders.updateShipping'>): string[] => write.changed ?? Object.keys(write.body.shipping)

/**
 * The body that goes: the store's address as it is now (exact, not re-typed or re-formatted),
 * with the operator's changed fields over it, so a field left alone keeps the store's value
 * even when another desk changed it meanwhile.
 */
function shippingToSend(current: Order, write: WriteOf<'orders.updateShipping'>): ShippingAddress {
  if (!write.changed) return write.body.shipping
  const theirs = (current.shipping_address ?? {}) as Record<string, unknown>
  const body: Record<string, string> = {}
  for (const key of SHIPPING_KEYS) {
    const value = write.changed.includes(key) ? write.body.shipping[key] : theirs[key]
    if (value !== undefined && value !== null && (key !== 'address_2' || value !== '')) body[key] = String(value)
  }
  return body as unknown as ShippingAddress
}

const shipping: OrderWriteHandler<'orders.updateShipping'> = {
  watched: (order, write) => {
    const address: Fields = order.shipping_address ?? {}
    return Object.fromEntries(changedFields(write).map((k) => [k, address[k] ?? null]))
  },
  mine: (write) => Object.fromEntries(changedFields(write).map((k) => [k, (write.body.shipping as Fields)[k] ?? ''])),
  lanes: (write) => [orderLane(write.orderId)],
  undoable: true,
  describe: (write, name) => ({ kind: write.kind, action: 'address', target: { noun: 'order', name }, fields: changedFields(write) }),
  apply: (db, write) =>
    applyToOrder(db, write.orderId, (order) => shipping.watched(order, write), (order) => {
      order.shipping_address = write.changed
        ? { ...order.shipping_address, ...shipping.mine(write, {}) }
        : { ...order.shipping_address, ...write.body.shipping, address_2: write.body.shipping.address_2 ?? '' }
    }),
  revert: (db, write) => revertOrder(db, write.orderId),
  // Arrived when the order holds every field this write changes (as the store trims them);
  // otherwise sent again whole, as the store takes no part of an address.
  reconcile: (checking, write) =>
    settleOrderWrite(checking, write, (order) => Object.entries(shipping.mine(write, {})).every(([field, value]) => sameText((order.shipping_address as Fields)[field] as string | undefined, String(value)))),
  deliver: (sending, write) =>
    sendToOrder(sending, write.orderId, (order) => shipping.watched(order, write), (base) => shipping.mine(write, base), (current) =>
      sending.call('orders.updateShipping', { path: { id: write.orderId }, body: { shipping: shippingToSend(current, write) } }),
    ),
  accept: (db, _write, answer) => acceptOrder(db, answer),
}

/** What a later write of an accepted order is now based on: the fields it watches on the store's answer (another kind keeps its own). */
function watchedBy(order: Order, next: Write): Fields | undefined {
  if (next.kind === 'orders.track') return tracking.watched(order, next)
  if (next.kind === 'orders.updateShipping') return shipping.watched(order, next)
  return undefined
}

export const orderHandlers: Pick<WriteHandlers, OrderKind> = {
  'orders.track': tracking,
  'orders.updateShipping': shipping,
}

export interface TrackOptions extends EnqueueOptions {
  /** The operator confirmed tracking the order although it is in this state (recorded on the timeline). */
  override?: ClosedState
  /** A change of the order's tracking number: the number it replaces. */
  replaces?: string
}

export const orderActions = {
  /**
   * Queues tracking for an order. Refused (nothing queued) when the cached order is cancelled,
   * refunded or fulfilled and the write does not say the operator overrode that (the invariant above).
   */
  async trackOrder({ db, enqueue }, orderId: number, body: TrackBody, options: TrackOptions = {}): Promise<number> {
    const { override, replaces, ...enqueueOptions } = options
    const write: WriteOf<'orders.track'> = { kind: 'orders.track', orderId, body, ...(override ? { override } : {}), ...(replaces !== undefined ? { replaces } : {}) }
    const order = await db.orders.get(orderId)
    const refusal = order ? trackingRefusal(order, write) : null
    if (refusal) throw new PermanentProblem(refusal)
    return enqueue(write, enqueueOptions)
  },
  /** Queues a shipping address; with `changed`, only those fields are written (the others stay the store's). */
  updateOrderShipping({ enqueue }, orderId: number, shipping: ShippingBody['shipping'], options: EnqueueOptions & { changed?: (keyof ShippingBody['shipping'])[] } = {}): Promise<number> {
    const { changed, ...enqueueOptions } = options
    return enqueue({ kind: 'orders.updateShipping', orderId, body: { shipping }, ...(changed ? { changed } : {}) }, enqueueOptions)
  },
} satisfies Actions<OrderKind>
