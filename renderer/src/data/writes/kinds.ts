// Every write kind, registered: one table of handlers (WriteHandlers maps each kind of the
// contract to its handler, so a kind or a phase missing fails to type-check) and one of the
// actions screens call to queue them (actions.ts binds them to the outbox; screens call
// '@/data' `actions.<name>`). A kind is its row in contract.ts and its handler in its family's
// file, with the family's action beside it; a new family's file is spread in here.
import type { WriteHandlers } from './handler'
import { blogActions, blogHandlers } from './blogs'
import { collectionActions, collectionHandlers } from './collections'
import { metaFieldActions, metaFieldHandlers } from './meta-fields'
import { orderActions, orderHandlers } from './orders'
import { orderMetaHandlers } from './order-meta'

export const HANDLERS: WriteHandlers = { ...orderHandlers, ...orderMetaHandlers, ...blogHandlers, ...collectionHandlers, ...metaFieldHandlers }

export const ACTIONS = { ...orderActions, ...blogActions, ...collectionActions, ...metaFieldActions }
