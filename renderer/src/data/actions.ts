// What screens call to change something: one function per write action, each applying the
// change to the cache and queueing it for the store in one transaction (outbox.ts). They resolve
// as soon as the change is durable locally; the replayer sends it when the store can be reached.
// Each is its kind's action (writes/kinds.ts ACTIONS, beside the kind's handler), bound here to
// the outbox: what it takes and checks is said there.
import { enqueueWrite } from './outbox'
import type { StoreDatabase } from './db'
import { ACTIONS, type Action, type Bound, type WriteKind } from './writes'

/** Actions as screens call them: the database first, each queueing through the outbox. */
export function bindActions<T extends Record<string, (queueing: never, ...args: never[]) => Promise<unknown>>>(actions: T): { [N in keyof T]: Bound<T[N]> } {
  // Each action queues only its own family's kinds (its `satisfies Actions<...>`); the outbox takes any write.
  const bind = (action: Action<WriteKind>) => (db: StoreDatabase, ...args: never[]) => action({ db, enqueue: (write, options) => enqueueWrite(db, write, options) }, ...args)
  return Object.fromEntries(Object.entries(actions).map(([name, action]) => [name, bind(action as Action<WriteKind>)])) as { [N in keyof T]: Bound<T[N]> }
}

export const {
  trackOrder,
  updateOrderShipping,
  createBlog,
  updateBlog,
  deleteBlog,
  batchBlogs,
  createCollection,
  updateCollection,
  deleteCollection,
  reorderCollection,
  batchCollection,
  createMetaField,
  updateMetaField,
  deleteMetaField,
  setMetaFieldValue,
} = bindActions(ACTIONS)
