// The order page's write dialogs, bound to their order (write-binding.ts): one open at a time,
// opened for the order on screen and closed by any navigation (the route's path or query, the
// active store), so a dialog never follows the route to another order. The page asks before a
// dialog holding typed changes is left (ui/use-unsaved-changes.ts); a navigation the person
// cancels there never reaches these watchers. Also the reads a
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

/** After the store did not answer a read, how long a dialog goes by the cache without waiting for it again. */
const UNANSWERED_MS = 15_000

/**
 * Confirm's reads of the bound order in the app: the cache, and the store while it answers. A
 * store that just did not answer (flaky Wi-Fi the app has not yet called offline) is not waited
 * for again at once: Continue waited already, Confirm goes by the cache and the replayer reads
 * the store again before sending.
 */
export function useBindingReads(): (db: StoreDatabase) => BindingReads {
  const reachability = useReachabilityStore()
  let unansweredAt = -Infinity
  return (db) => ({
    cached: async (id) => (await db.orders.get(id)) ?? null,
    store: async (id) => {
      if (Date.now() - unansweredAt < UNANSWERED_MS) return { order: null, checked: false }
      const copy = await readStoreCopy(db, id, () => reachability.online !== false)
      if (!copy.checked && reachability.online !== false) unansweredAt = Date.now()
      return copy
    },
    othersUsing: (trackno, exceptId) => ordersUsingTracking(db, trackno, exceptId),
  })
}
