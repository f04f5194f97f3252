// The scanner's undo of a queued write: "withdraw", which only works while the write has not
// started going to the store.
import { undoWrite, type StoreDatabase } from '@/data'

/**
 * Withdraws a queued write (the undo window's undo): 'already-sent' once it has started going
 * to the store. The outbox checks and removes it in one transaction, so it is never both
 * withdrawn and sent.
 */
export async function withdrawWrite(db: StoreDatabase, outboxId: number): Promise<'withdrawn' | 'already-sent'> {
  return (await undoWrite(db, outboxId)) === 'undone' ? 'withdrawn' : 'already-sent'
}
