// The renderer's view of the store connections: the list, the active one, the connect
// attempt in progress and how the last one ended. It mirrors the main process (which owns
// tokens and secrets) through `api.connections` and its events; nothing here ever holds a
// token or a client secret.
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ConnectAttempt, ConnectionsState, ConnectionSummary, ConnectOutcome, ConnectRequest } from '@common/ipc-contract'
import { ATTEMPT_LIFETIME_MS } from '@common/ipc-names'
import { api } from '@/bridge'
import { tIn } from './i18n'

/** Asked before a connection is disconnected; answering false keeps it (e.g. unsent changes). */
export type DisconnectGuard = (connectionId: string) => Promise<boolean>

const disconnectGuards = new Set<DisconnectGuard>()

/**
 * Lets another layer (the offline data layer) veto or confirm a disconnect, for example to
 * warn about changes that have not reached the store yet. Returns a function that removes it.
 */
export function registerDisconnectGuard(guard: DisconnectGuard): () => void {
  disconnectGuards.add(guard)
  return () => disconnectGuards.delete(guard)
}

/** Asked before this window shows another store; answering false keeps the store (a dialog holds typed changes). */
export type SwitchGuard = () => Promise<boolean>

const switchGuards = new Set<SwitchGuard>()

/** Lets a screen keep the store while the person decides about typed changes. Returns a function that removes it. */
export function registerSwitchGuard(guard: SwitchGuard): () => void {
  switchGuards.add(guard)
  return () => switchGuards.delete(guard)
}

/**
 * The main process forgets an unanswered attempt after ATTEMPT_LIFETIME_MS; the screen then
 * stops waiting and says so, rather than showing "Waiting…" for ever.
 */
const ATTEMPT_EXPIRED = { key: 'problems.attemptExpired' } as const

/** Opens the store's consent page where the main process did not already do so. */
function openAuthorizePage(attempt: ConnectAttempt) {
  if (attempt.openedExternally) return
  // The browser shell: a new tab, with no handle back to this window.
  window.open(attempt.authorizeUrl, '_blank', 'noopener')
}

export const useConnectionsStore = defineStore('connections', () => {
  const connections = ref<ConnectionSummary[]>([])
  const activeId = ref<string | null>(null)
  /** True once the first `load()` answered, so the router knows whether "no connection" is real. */
  const loaded = ref(false)
  const pendingAttempt = ref<ConnectAttempt | null>(null)
  const lastOutcome = ref<ConnectOutcome | null>(null)

  const active = computed<ConnectionSummary | null>(() => connections.value.find((c) => c.id === activeId.value) ?? null)

  function hasScope(scope: string): boolean {
    return active.value?.scopes.includes(scope) ?? false
  }

  function apply(state: ConnectionsState) {
    connections.value = state.connections
    activeId.value = state.activeId
    loaded.value = true
  }

  api.connections.onDidChange(apply)
  api.connections.onDidFinishConnect(async (outcome) => {
    // Refresh first, so whoever reacts to a success (navigating to Orders) already sees
    // the new connection as the active one, whatever order the two events arrived in.
    if (outcome.ok) await load().catch(() => undefined)
    lastOutcome.value = outcome
    // A refusal that names no attempt (a replayed or unsolicited callback) leaves the
    // attempt in progress alone: the user may still approve the real one.
    if (pendingAttempt.value && outcome.attemptId === pendingAttempt.value.attemptId) pendingAttempt.value = null
  })

  async function load(): Promise<void> {
    apply(await api.connections.get())
  }

  /** Runs the switch guards, then shows the store. Resolves false when a guard kept the store shown now. */
  async function setActive(id: string): Promise<boolean> {
    for (const guard of [...switchGuards]) {
      if (!(await guard())) return false
    }
    apply(await api.connections.setActive(id))
    return true
  }

  /** Runs the registered guards, then disconnects. Resolves false when a guard kept the connection. */
  async function disconnect(id: string): Promise<boolean> {
    for (const guard of [...disconnectGuards]) {
      if (!(await guard(id))) return false
    }
    apply(await api.connections.disconnect(id))
    return true
  }

  let attemptTimer: ReturnType<typeof setTimeout> | null = null

  function startAttempt(attempt: ConnectAttempt) {
    pendingAttempt.value = attempt
    lastOutcome.value = null
    openAuthorizePage(attempt)
    if (attemptTimer) clearTimeout(attemptTimer)
    attemptTimer = setTimeout(() => {
      if (pendingAttempt.value?.attemptId !== attempt.attemptId) return
      pendingAttempt.value = null
      lastOutcome.value = { attemptId: attempt.attemptId, ok: false, error: { code: 'timeout', message: tIn('en', ATTEMPT_EXPIRED.key), words: ATTEMPT_EXPIRED } }
      void api.connections.cancel(attempt.attemptId).catch(() => undefined)
    }, ATTEMPT_LIFETIME_MS)
  }

  async function tryDemo(): Promise<void> {
    startAttempt(await api.connections.tryDemo())
  }

  async function connect(request: ConnectRequest): Promise<void> {
    startAttempt(await api.connections.begin(request))
  }

  /** Abandons the attempt in progress; a late callback for it is then refused by the main process. */
  async function cancel(): Promise<void> {
    const attempt = pendingAttempt.value
    if (!attempt) return
    pendingAttempt.value = null
    await api.connections.cancel(attempt.attemptId)
  }

  /** Shows the consent page again (the user closed the tab, or it opened behind this window). */
  async function reopenAuthorizePage(): Promise<void> {
    const attempt = pendingAttempt.value
    if (!attempt) return
    if (attempt.openedExternally) await api.app.openExternal(attempt.authorizeUrl)
    else openAuthorizePage(attempt)
  }

  return {
    connections,
    activeId,
    active,
    loaded,
    pendingAttempt,
    lastOutcome,
    hasScope,
    load,
    setActive,
    disconnect,
    tryDemo,
    connect,
    cancel,
    reopenAuthorizePage,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useConnectionsStore, import.meta.hot))
