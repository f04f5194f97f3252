// The order desk's writes, as the screens call them: through the outbox (optimistic, in one
// transaction with the cached row, each waiting out the undo window there), plus "withdraw"
// for the scanner's undo, which only works while the write has not started going.
import { trackOrder, undoWrite, updateOrderShipping, type StoreDatabase } from '@/data'
import type { ShippingBody, TrackBody } from '@/data'

export function queueTracking(db: StoreDatabase, orderId: number, body: TrackBody, subject?: string): Promise<number> {
  return trackOrder(db, orderId, body, subject ? { name: subject } : undefined)
}

/** Queues an address: `changed` names the fields the operator changed, the only ones written. */
export function queueShipping(db: StoreDatabase, orderId: number, shipping: ShippingBody['shipping'], changed: (keyof ShippingBody['shipping'])[], subject?: string): Promise<number> {
  return updateOrderShipping(db, orderId, shipping, { changed, ...(subject ? { name: subject } : {}) })
}

/**
 * Withdraws a queued write (the undo window's undo): 'already-sent' once it has started going
 * to the store. The outbox checks and removes it in one transaction, so it is never both
 * withdrawn and sent.
 */
export async function withdrawWrite(db: StoreDatabase, outboxId: number): Promise<'withdrawn' | 'already-sent'> {
  return (await undoWrite(db, outboxId)) === 'undone' ? 'withdrawn' : 'already-sent'
}
