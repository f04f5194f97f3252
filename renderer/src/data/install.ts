// Wires the data layer into the app once: a StoreRuntime (sync + replayer) for the active
// connection, switched with it; catch-up when the store becomes reachable again; what happens
// to a store's database once it is disconnected (local-data.ts: kept or deleted, as the user
// chose in the shell's disconnect guard) and its adoption by a later connection to the same
// shop (kept-stores.ts); a request for persistent storage. Installed by the first screen that reads the
// cache (useStoreDatabase) or explicitly by the frame (useOfflineData), whichever comes first.
import { computed, effectScope, watch, type ComputedRef } from 'vue'
import type { ConnectionSummary } from '@common/ipc-contract'
import { useConnectionsStore } from '@/session/connections-store'
import { useReachabilityStore } from '@/session/reachability-store'
import { api } from '@/bridge'
import { adoptKeptDatabase } from './kept-stores'
import { localDataVersion, settleDisconnected } from './local-data'
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

/** What the user chose for a store's local work before disconnecting it, until the store is gone. */
const disconnectChoices = new Map<string, 'keep' | 'delete'>()

/**
 * Records what becomes of a store's local work once it is disconnected: kept (the default) or
 * deleted. The shell's disconnect guard asks the user (shell/disconnect-guard.ts).
 */
export function chooseLocalWorkOnDisconnect(connectionId: string, choice: 'keep' | 'delete'): void {
  disconnectChoices.set(connectionId, choice)
}

/** A disconnected store's database: kept or deleted (settleDisconnected), as the user chose. */
function settle(connection: ConnectionSummary) {
  const choice = disconnectChoices.get(connection.id) ?? 'keep'
  disconnectChoices.delete(connection.id)
  settleDisconnected(connection, choice).catch((error: unknown) => console.error('The disconnected store’s data could not be put away:', error))
}

/** Installs the data layer (idempotent). Call from a component's setup, after Pinia is active. */
export function useOfflineData(): void {
  if (installed) return
  installed = true
  const connections = useConnectionsStore()
  const reachability = useReachabilityStore()
  effectScope(true).run(() => {
    // Synchronously, as the list changes: a new connection to a shop whose data was kept must
    // adopt that database before anything opens its own.
    watch(
      () => (connections.loaded ? connections.connections : null),
      (list) => {
        for (const connection of list ?? []) if (adoptKeptDatabase(connection)) localDataVersion.value++
      },
      { immediate: true, flush: 'sync' },
    )
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
      () => (connections.loaded ? connections.connections : null),
      (list, previous) => {
        if (!list || !previous) return
        for (const gone of previous.filter((c) => !list.some((l) => l.id === c.id))) {
          runtimes.get(gone.id)?.stop()
          runtimes.delete(gone.id)
          settle(gone)
        }
      },
    )
  })
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
