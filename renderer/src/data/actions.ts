// What screens call to change something: `actions.<name>(db, ...)`, one function per write
// action, each applying the change to the cache and queueing it for the store in one transaction
// (outbox.ts). They resolve as soon as the change is durable locally; the replayer sends it when
// the store can be reached. The object is every kind's action (writes/kinds.ts ACTIONS, beside
// the kind's handler) bound to the outbox, and its type is read off that table: a new action is
// here as soon as its family registers it, and a call to one no family registers fails to
// type-check. What each takes and checks is said beside it.
import { bindActions } from './outbox'
import { ACTIONS } from './writes'

export const actions = Object.freeze(bindActions(ACTIONS))
