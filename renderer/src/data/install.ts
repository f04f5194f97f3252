// Wires the data layer into the app once: a StoreRuntime (sync + replayer) for the active
// connection, switched with it; catch-up when the store becomes reachable again; the
// disconnect guard that lists unsent changes, and deletion of a store's database once it is
// disconnected; a request for persistent storage. Installed by the first screen that reads the
// cache (useStoreDatabase) or explicitly by the frame (useOfflineData), whichever comes first.
import { computed, effectScope, watch, type ComputedRef } from 'vue'
import { createDiscreteApi } from 'naive-ui'
import { registerDisconnectGuard, useConnectionsStore } from '@/app/connections-store'
import { useReachabilityStore } from '@/app/reachability-store'
import { api } from '@/bridge'
import { deleteStoreDatabase, storeDatabase } from './db'
import { StoreRuntime, type SyncStatus } from './runtime'
import { requestPersistence } from './storage'

const runtimes = new Map<string, StoreRuntime>()
let installed = false

/** The runtime of a connection (created on first use, started by the installer). */
export function runtimeFor(connectionId: string): StoreRuntime {
  let runtime = runtimes.get(connectionId)
  if (!runtime) {
    runtime = new StoreRuntime(connectionId, undefined, {
      onOffline: () => useReachabilityStore().markOffline(),
      onOnline: () => {
        const reachability = useReachabilityStore()
        if (reachability.online === false) void reachability.check()
      },
      // Every event, not only a change seen here: this window may have missed the outage.
      watchStoreAnswers: (listener) =>
        api.store.onDidChangeReachability((reachability) => {
          if (reachability.connectionId === connectionId && reachability.online) listener()
        }),
    })
    runtimes.set(connectionId, runtime)
  }
  return runtime
}

/** Lists unsent changes and asks before a disconnect throws them away. */
async function confirmDisconnect(connectionId: string): Promise<boolean> {
  const unsent = await storeDatabase(connectionId).outbox.orderBy('id').toArray()
  if (unsent.length === 0) return true
  const { dialog } = createDiscreteApi(['dialog'])
  const shown = unsent.slice(0, 10).map((e) => `• ${e.label}`)
  if (unsent.length > 10) shown.push(`• …and ${unsent.length - 10} more`)
  return new Promise<boolean>((resolve) => {
    dialog.warning({
      title: `${unsent.length} change${unsent.length === 1 ? ' has' : 's have'} not reached the store`,
      content: `Disconnecting deletes this store's cache, and with it these unsent changes:\n${shown.join('\n')}`,
      positiveText: 'Disconnect and lose them',
      negativeText: 'Keep the store connected',
      style: 'white-space: pre-line',
      onPositiveClick: () => resolve(true),
      onNegativeClick: () => resolve(false),
      onClose: () => resolve(false),
      onMaskClick: () => resolve(false),
    })
  })
}

/** Installs the data layer (idempotent). Call from a component's setup, after Pinia is active. */
export function useOfflineData(): void {
  if (installed) return
  installed = true
  const connections = useConnectionsStore()
  const reachability = useReachabilityStore()
  effectScope(true).run(() => {
    watch(
      () => connections.activeId,
      (id, previous) => {
        if (previous) runtimes.get(previous)?.stop()
        if (id) runtimeFor(id).start()
      },
      { immediate: true },
    )
    watch(
      () => reachability.online,
      (online, before) => {
        if (online && before === false && connections.activeId) runtimeFor(connections.activeId).reachable()
      },
    )
    watch(
      () => (connections.loaded ? connections.connections.map((c) => c.id) : null),
      (ids, previous) => {
        if (!ids || !previous) return
        for (const gone of previous.filter((id) => !ids.includes(id))) {
          runtimes.get(gone)?.stop()
          runtimes.delete(gone)
          void deleteStoreDatabase(gone)
        }
      },
    )
  })
  registerDisconnectGuard(confirmDisconnect)
  void requestPersistence()
}

/** The active store's sync status (reactive), or null without a connection. */
export function useSyncStatus(): ComputedRef<SyncStatus | null> {
  useOfflineData()
  const connections = useConnectionsStore()
  return computed(() => (connections.activeId ? runtimeFor(connections.activeId).status : null))
}

/** The active store's runtime: syncNow(), cancelSync(), replayNow(). */
export function useStoreRuntime(): ComputedRef<StoreRuntime | null> {
  useOfflineData()
  const connections = useConnectionsStore()
  return computed(() => (connections.activeId ? runtimeFor(connections.activeId) : null))
}
