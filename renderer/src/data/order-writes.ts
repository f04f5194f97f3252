// Order writes, one handler per kind (orders.track, orders.updateShipping): the change it makes
// to the cached order, what of the store's order it must not overwrite unseen (recorded as its
// base when it is queued, compared with the store's order just before sending), and the call
// that sends it. The outbox and the replayer ask these; nothing else spells an order write out.
//
// Two desks, one store: a tracking number is only right for the order as the operator saw it.
// When, since then, the store's order got another tracking number or fulfilment, was cancelled,
// or its ship-to address changed, sending it would overwrite (or ship to) something nobody here
// has seen: the write stops as a conflict with both versions instead. An address write watches
// the fields it writes, field by field.
import type { Order } from '@common/store-api/resources'
import type { CachedOrder } from './db'
import type { StoreCall } from './store-client'
import type { Write } from './writes'

type OrderWrite = Extract<Write, { kind: 'orders.track' | 'orders.updateShipping' }>
type Fields = Record<string, unknown>

export interface OrderWriteHandler<W extends OrderWrite> {
  /** The fields of the store's order (or our copy of it) this write must not overwrite unseen. */
  watched(order: Order, write: W): Fields
  /** The same fields as they would be after this write, given what it was based on. */
  mine(write: W, base: Fields): Fields
  /** The optimistic change to the cached order. */
  apply(order: CachedOrder, write: W): void
  send(call: StoreCall, write: W): Promise<unknown>
}

/** The ship-to address in one line: a change of any part of it is a change of where it goes. */
export function shipTo(address: Order['shipping_address'] | undefined): string {
  if (!address) return ''
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ')
  return [name, address.address_1, address.address_2, address.city, address.state, address.postcode, address.country].filter(Boolean).join(', ')
}

const tracking: OrderWriteHandler<Extract<OrderWrite, { kind: 'orders.track' }>> = {
  watched: (order) => ({
    trackno: order.trackno ?? '',
    fulfillment_status: order.fulfillment_status,
    post_status: order.post_status,
    ship_to: shipTo(order.shipping_address),
  }),
  // Ours changes the tracking and the fulfilment; the status and address stay what we saw.
  // (A write queued before the base held the fulfilment compares the tracking number only.)
  mine: (write, base) => ({ ...base, trackno: write.body.trackno, ...('fulfillment_status' in base ? { fulfillment_status: 'fulfilled' } : {}) }),
  apply(order, write) {
    order.trackno = write.body.trackno
    if (write.body.logistics_company !== undefined) order.trackname = write.body.logistics_company
    order.fulfillment_status = 'fulfilled'
  },
  send: (call, write) => call('orders.track', { path: { id: write.orderId }, body: write.body }),
}

const shipping: OrderWriteHandler<Extract<OrderWrite, { kind: 'orders.updateShipping' }>> = {
  watched: (order, write) => {
    const address = (order.shipping_address ?? {}) as Record<string, unknown>
    return Object.fromEntries(Object.keys(write.body.shipping).map((k) => [k, address[k] ?? null]))
  },
  mine: (write) => ({ ...write.body.shipping }),
  apply(order, write) {
    order.shipping_address = { ...order.shipping_address, ...write.body.shipping, address_2: write.body.shipping.address_2 ?? '' }
  },
  send: (call, write) => call('orders.updateShipping', { path: { id: write.orderId }, body: write.body }),
}

export function orderWriteHandler<W extends OrderWrite>(write: W): OrderWriteHandler<W> {
  return (write.kind === 'orders.track' ? tracking : shipping) as unknown as OrderWriteHandler<W>
}

export function isOrderWrite(write: Write): write is OrderWrite {
  return write.kind === 'orders.track' || write.kind === 'orders.updateShipping'
}
