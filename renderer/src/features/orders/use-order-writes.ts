// The order desk's writes, as the screens call them: through the outbox (optimistic, in one
// transaction with the cached row), plus "withdraw" for scanner undo, which only works while
// the write has not left the outbox.
import { discardWrite, trackOrder, updateOrderShipping, type StoreDatabase } from '@/data'
import type { ShippingBody, TrackBody } from '@/data'

export function queueTracking(db: StoreDatabase, orderId: number, body: TrackBody, subject?: string): Promise<number> {
  return trackOrder(db, orderId, body, subject ? { name: subject } : undefined)
}

export function queueShipping(db: StoreDatabase, orderId: number, shipping: ShippingBody['shipping']): Promise<number> {
  return updateOrderShipping(db, orderId, shipping)
}

/** Withdraws a queued write; 'already-sent' when it is being sent or the store has it. */
export async function withdrawWrite(db: StoreDatabase, outboxId: number): Promise<'withdrawn' | 'already-sent'> {
  const entry = await db.outbox.get(outboxId)
  if (!entry || entry.state === 'sending') return 'already-sent'
  try {
    await discardWrite(db, outboxId)
    return 'withdrawn'
  } catch {
    return 'already-sent'
  }
}
