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
// An order write whose outcome is unknown (unconfirmed) reads the order first: a tracking
// number already on it is not sent again (the customer gets one e-mail, not two), nor an
// address it already has.
import type { Order } from '@common/store-api/resources'
import type { CachedOrder, StoreDatabase } from '../db'
import type { Accepted, Checking, Fields, Sending, Write, WriteBase, WriteHandler, WriteHandlers, WriteOf } from './contract'
import { orderLane } from './lanes'
import { restoreRow, sameText, snapshotBeforeChange, storeCopy } from './rows'

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
  send: () => Promise<OrderAnswer>,
): Promise<OrderAnswer | 'conflict'> {
  const current = await call('orders.get', { path: { id: orderId } })
  const theirs = watched(current.data)
  return unlessChanged(mine(base?.fields ?? theirs), { updatedAt: current.data.post_modified_gmt, fields: theirs }, current, send)
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
  return { rebase: { updatedAt: order.post_modified_gmt, record: {}, fieldsOf: (next) => watchedBy(order, next) } }
}

/** An order's name is its number ("#1057"), which reads as itself without quotes. */
const ofOrder = (name?: string) => `order${name ? ` ${name}` : ''}`

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
  describe: (write, name) => `Tracking ${write.body.trackno} for ${ofOrder(name)}`,
  apply: (db, write) =>
    applyToOrder(db, write.orderId, (order) => tracking.watched(order, write), (order) => {
      order.trackno = write.body.trackno
      if (write.body.logistics_company !== undefined) order.trackname = write.body.logistics_company
      order.fulfillment_status = 'fulfilled'
    }),
  revert: (db, write) => revertOrder(db, write.orderId),
  reconcile: (checking, write) => settleOrderWrite(checking, write, (order) => sameText(order.trackno, write.body.trackno)),
  deliver: (sending, write) =>
    sendToOrder(sending, write.orderId, (order) => tracking.watched(order, write), (base) => tracking.mine(write, base), () =>
      sending.call('orders.track', { path: { id: write.orderId }, body: write.body }),
    ),
  accept: (db, _write, answer) => acceptOrder(db, answer),
}

const shipping: OrderWriteHandler<'orders.updateShipping'> = {
  watched: (order, write) => {
    const address: Fields = order.shipping_address ?? {}
    return Object.fromEntries(Object.keys(write.body.shipping).map((k) => [k, address[k] ?? null]))
  },
  mine: (write) => ({ ...write.body.shipping }),
  lanes: (write) => [orderLane(write.orderId)],
  undoable: true,
  describe: (_write, name) => `Shipping address of ${ofOrder(name)}`,
  apply: (db, write) =>
    applyToOrder(db, write.orderId, (order) => shipping.watched(order, write), (order) => {
      order.shipping_address = { ...order.shipping_address, ...write.body.shipping, address_2: write.body.shipping.address_2 ?? '' }
    }),
  revert: (db, write) => revertOrder(db, write.orderId),
  // The store trims what it is sent; the whole address is sent again when any of it is missing (it takes no part).
  reconcile: (checking, write) =>
    settleOrderWrite(checking, write, (order) => Object.entries(write.body.shipping).every(([field, value]) => sameText((order.shipping_address as Fields)[field] as string | undefined, value))),
  deliver: (sending, write) =>
    sendToOrder(sending, write.orderId, (order) => shipping.watched(order, write), (base) => shipping.mine(write, base), () =>
      sending.call('orders.updateShipping', { path: { id: write.orderId }, body: write.body }),
    ),
  accept: (db, _write, answer) => acceptOrder(db, answer),
}

/** What a later write of an accepted order is now based on: the fields it watches on the store's answer. */
function watchedBy(order: Order, next: Write): Fields | null {
  if (next.kind === 'orders.track') return tracking.watched(order, next)
  if (next.kind === 'orders.updateShipping') return shipping.watched(order, next)
  return null
}

export const orderHandlers: Pick<WriteHandlers, OrderKind> = {
  'orders.track': tracking,
  'orders.updateShipping': shipping,
}
