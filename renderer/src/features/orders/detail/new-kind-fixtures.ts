// A throwaway write kind for the test that adds one (new-kind.test.ts): an order's ship-to phone
// number, carried by the store's orders.updateShipping. Its row of the contract (PhoneWrite), its
// handler and its action are the whole of it, as for a kind the app ships; nothing shipped names
// it. The test registers it beside the app's kinds.
import type { Order } from '@common/store-api/resources'
import type { StoreDatabase } from '@/data'
import type { EnqueueOptions, HandlerFor } from '@/data/writes/handler'
import { orderLane } from '@/data/writes/lanes'
import { restoreRow, sameText, snapshotBeforeChange, storeCopy } from '@/data/writes/rows'

/** The kind's row of the contract. */
export interface PhoneWrite {
  kind: 'orders.phone'
  orderId: number
  body: { phone: string }
}

type OrderAnswer = { data: Order }

/** The store's ship-to address with the new phone: the store takes whole addresses. */
function addressWith(order: Order, phone: string) {
  const address = order.shipping_address ?? {}
  const text = (field: keyof typeof address) => String(address[field] ?? '')
  return { country: text('country'), state: text('state'), city: text('city'), first_name: text('first_name'), last_name: text('last_name'), address_1: text('address_1'), postcode: text('postcode'), phone }
}

export const phoneHandler: HandlerFor<PhoneWrite, OrderAnswer> = {
  lanes: (write) => [orderLane(write.orderId)],
  undoable: true,
  describe: (write, name) => ({ kind: write.kind, action: 'address', target: { noun: 'order', name }, fields: ['phone'] }),
  async apply(db, write) {
    const order = await db.orders.get(write.orderId)
    if (!order) return null
    const seen = storeCopy(order)
    snapshotBeforeChange(order)
    order.shipping_address = { ...order.shipping_address, phone: write.body.phone }
    await db.orders.put(order)
    return { updatedAt: seen.post_modified_gmt ?? null, fields: { phone: seen.shipping_address?.phone ?? '' } }
  },
  revert: async (db, write) => restoreRow(db.orders, await db.orders.get(write.orderId), false, write.orderId),
  async reconcile({ call }, write) {
    const current = await call('orders.get', { path: { id: write.orderId } })
    return sameText(current.data.shipping_address?.phone, write.body.phone) ? { arrived: current } : { send: write }
  },
  async deliver({ call }, write) {
    const current = await call('orders.get', { path: { id: write.orderId } })
    return call('orders.updateShipping', { path: { id: write.orderId }, body: { shipping: addressWith(current.data, write.body.phone) } })
  },
  async accept(db, _write, answer) {
    if (answer?.data.ID) await db.orders.put(answer.data)
    return {}
  },
}

/** The kind's action, as in its family's actions object: registered, screens call it as '@/data' `actions.setOrderPhone`. */
export const phoneActions = {
  setOrderPhone: ({ enqueue }: { db: StoreDatabase; enqueue: (write: PhoneWrite, options?: EnqueueOptions) => Promise<number> }, orderId: number, phone: string, options?: EnqueueOptions) =>
    enqueue({ kind: 'orders.phone', orderId, body: { phone } }, options),
}
