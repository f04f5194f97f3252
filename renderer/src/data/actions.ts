// What screens call to change something: one function per write action, each applying the
// change to the cache and queueing it for the store in one transaction (outbox.ts). They resolve
// as soon as the change is durable locally; the replayer sends it when the store can be reached.
// Each is its kind's action (writes/kinds.ts ACTIONS, beside the kind's handler), bound here to
// the outbox: what it takes and checks is said there.
import { bindActions } from './outbox'
import { ACTIONS } from './writes'

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
