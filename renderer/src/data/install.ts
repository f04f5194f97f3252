// Wires the data layer into the app once: a StoreRuntime (sync + replayer) for the active
// connection, switched with it; catch-up when the store becomes reachable again; the
// disconnect guard that lists what exists only on this computer (unsent changes, drafts,
// revisions) and asks whether to keep, export or delete it; what happens to a store's database
// once it is disconnected (local-data.ts) and its adoption by a later connection to the same
// shop (kept-stores.ts); a request for persistent storage. Installed by the first screen that reads the
// cache (useStoreDatabase) or explicitly by the frame (useOfflineData), whichever comes first.
import { computed, effectScope, h, reactive, watch, type ComputedRef } from 'vue'
import { createDiscreteApi } from 'naive-ui'
import type { ConnectionSummary } from '@common/ipc-contract'
import { registerDisconnectGuard, useConnectionsStore } from '@/session/connections-store'
import { useReachabilityStore } from '@/session/reachability-store'
import { api, StoredeskError } from '@/bridge'
import LocalDataChoice from '@/features/settings/LocalDataChoice.vue'
import { storeDatabase } from './db'
import { adoptKeptDatabase } from './kept-stores'
import { countLocalData, describeExport, describeLocalData, exportLocalData, hasLocalData, localDataVersion, settleDisconnected } from './local-data'
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

/** What the user chose for a store's local work in the disconnect dialog, until the store is gone. */
const disconnectChoices = new Map<string, 'keep' | 'delete'>()

/**
 * Before a disconnect: when the store's database holds unsent changes, drafts or revisions,
 * lists them with counts and asks what to do with them: keep (the default), export, or delete
 * after typing the store's name. Cancelling keeps the store connected.
 */
async function confirmDisconnect(connectionId: string): Promise<boolean> {
  const db = storeDatabase(connectionId)
  const counts = await countLocalData(db)
  if (!hasLocalData(counts)) return true
  const connection = useConnectionsStore().connections.find((c) => c.id === connectionId)
  const storeName = connection?.label ?? 'this store'
  const summary = describeLocalData(counts)
  const state = reactive({ choice: 'keep' as 'keep' | 'delete', typedName: '', exportMessage: null as string | null })
  const exportThem = async () => {
    try {
      state.exportMessage = describeExport(await exportLocalData(db, { label: storeName, shop: connection?.shop ?? '' }))
    } catch (error) {
      state.exportMessage = error instanceof StoredeskError ? error.message : 'The export could not be made. Your work is still on this computer.'
    }
  }
  const { dialog } = createDiscreteApi(['dialog'])
  return new Promise<boolean>((answer) => {
    const resolve = (disconnect: boolean) => {
      stopWatching()
      answer(disconnect)
    }
    const shown = dialog.warning({
      title: `${connection?.label ?? 'This store'} has work that exists only on this computer`,
      content: () =>
        h(LocalDataChoice, {
          summary,
          storeName,
          exportMessage: state.exportMessage,
          choice: state.choice,
          'onUpdate:choice': (choice: 'keep' | 'delete') => (state.choice = choice),
          typedName: state.typedName,
          'onUpdate:typedName': (name: string) => (state.typedName = name),
          onExport: () => void exportThem(),
        }),
      positiveText: 'Disconnect and keep them',
      negativeText: 'Keep the store connected',
      onPositiveClick: () => {
        disconnectChoices.set(connectionId, state.choice)
        resolve(true)
      },
      onNegativeClick: () => resolve(false),
      onClose: () => resolve(false),
      onMaskClick: () => resolve(false),
    })
    // Deleting needs the store's name typed exactly; the button says which choice it carries out.
    const stopWatching = watch(
      () => [state.choice, state.typedName.trim() === storeName] as const,
      ([choice, named]) => {
        shown.positiveText = choice === 'delete' ? 'Disconnect and delete them' : 'Disconnect and keep them'
        shown.positiveButtonProps = { disabled: choice === 'delete' && !named }
      },
    )
  })
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
