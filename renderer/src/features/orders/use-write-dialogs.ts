// The order page's write dialogs, bound to their order (write-binding.ts): one open at a time,
// opened for the order on screen and closed by any navigation (the route's path or query, the
// active store), so a dialog never follows the route to another order. Also the reads a
// dialog's Confirm makes: the cache's row and, while the store answers, a fresh read.
import { shallowRef, watch } from 'vue'
import { useRoute } from 'vue-router'
import { useConnectionsStore } from '@/session/connections-store'
import { useReachabilityStore } from '@/session/reachability-store'
import type { CachedOrder, StoreDatabase } from '@/data'
import { ordersUsingTracking, readStoreCopy } from './scanner-data'
import { WriteDialogs, type BindingReads, type OpenDialog, type WriteDialogKind } from './write-binding'

export function useWriteDialogs() {
  const route = useRoute()
  const connections = useConnectionsStore()
  const dialogs = new WriteDialogs()
  const open = shallowRef<OpenDialog | null>(null)

  const closeOnNavigation = () => {
    dialogs.navigated()
    open.value = null
  }
  watch(() => route.fullPath, closeOnNavigation)
  watch(() => connections.activeId, closeOnNavigation)

  return {
    open,
    openFor(kind: WriteDialogKind, order: CachedOrder) {
      open.value = dialogs.openFor(kind, order)
    },
    close() {
      dialogs.close()
      open.value = null
    },
  }
}

/** Confirm's reads of the bound order in the app: the cache, and the store while it answers. */
export function useBindingReads(): (db: StoreDatabase) => BindingReads {
  const reachability = useReachabilityStore()
  return (db) => ({
    cached: async (id) => (await db.orders.get(id)) ?? null,
    store: (id) => readStoreCopy(db, id, () => reachability.online !== false),
    othersUsing: (trackno, exceptId) => ordersUsingTracking(db, trackno, exceptId),
  })
}
