// What the rest of the data layer asks of the write kinds (kinds.ts registers them): a write's
// handler, lanes and label, which kinds create rows or wait out the undo window, and a new row's
// key rewritten in the writes waiting for it. The outbox (outbox.ts) and the replayer
// (replayer.ts) are generic and look a write's handler up by its kind.
import type { RowKey } from '../db'
import type { WriteLabel } from '../write-label'
import type { Write, WriteKind } from './contract'
import type { WriteHandler } from './handler'
import { HANDLERS } from './kinds'

export * from './contract'
export * from './handler'
export * from './lanes'
export { moveKeys } from './collections'
export { TABLE_OF } from './rows'
export { ACTIONS } from './kinds'
export { closedStateOf, shipTo, trackingRefusal, type TrackOptions } from './orders'
export { PermanentProblem, pick, rowByRef, sameValue } from './rows'

/** The handler of a write's kind, taking any write (the kind is looked up, so it is the write's own). */
export function handlerOf(write: Write): WriteHandler<WriteKind> {
  // The one place the kind's handler meets a write of any kind: TypeScript cannot correlate
  // `HANDLERS[write.kind]` with `write`, and the table's mapped type already holds each
  // handler to its own kind.
  return HANDLERS[write.kind] as unknown as WriteHandler<WriteKind>
}

/** Whether a store operation is one that carries a write (a kind is named after its operation): anything else only reads. */
export function isWriteKind(operation: string): operation is WriteKind {
  return Object.hasOwn(HANDLERS, operation)
}

/** Whether writes of this kind wait out the undo window before they are sent. */
export function isUndoable(kind: WriteKind): boolean {
  return HANDLERS[kind].undoable === true
}

/** Lanes of a write: two writes sharing a lane are sent in the order they were made. */
export function lanesOf(write: Write): string[] {
  return handlerOf(write).lanes(write)
}

/** What a write is, as data (write-label.ts): screens put it into words. */
export function describeWrite(write: Write, name?: string): WriteLabel {
  return handlerOf(write).describe(write, name)
}

/** Kinds that make a row (their handler says which family): accepted, writes naming the new row's local key are rewritten. */
export const CREATE_KINDS: readonly WriteKind[] = (Object.keys(HANDLERS) as WriteKind[]).filter((kind) => HANDLERS[kind].creates)

/**
 * Replaces every reference to `from` by `to` in a write (after a create was accepted). A write
 * names rows by key in its own fields (`key`, `fieldKey`, `blogKeys`, ...), never inside the
 * body it sends, so every top-level string or list of strings is looked at: a new kind's key
 * fields are rewritten without being listed here. `from` is a local key (`local:<uuid>`), which
 * no other value can equal.
 */
export function rewriteKey(write: Write, from: RowKey, to: RowKey): Write {
  const swap = (value: unknown) => (value === from ? to : value)
  const copy: Record<string, unknown> = structuredClone(write)
  for (const [field, value] of Object.entries(copy)) {
    if (field === 'kind' || field === 'body') continue
    copy[field] = Array.isArray(value) ? value.map(swap) : swap(value)
  }
  return copy as Write
}
