// Whether the active store can be reached: `true` online, `false` offline, `null` not known
// yet (checking). The main process decides from real requests; the browser's own
// navigator.onLine only ever turns the answer to offline early, since it cannot prove the
// store answers. Screens read `online`; the frame calls `check()` on start, on focus and
// when the network comes back.
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref, watch } from 'vue'
import { api } from '@/bridge'
import { useConnectionsStore } from './connections-store'

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

export const useReachabilityStore = defineStore('reachability', () => {
  const connections = useConnectionsStore()
  const online = ref<boolean | null>(null)
  const checking = ref(false)
  /** Ignores answers to checks that a newer check (or a store switch) made stale. */
  let generation = 0

  api.store.onDidChangeReachability((reachability) => {
    if (reachability.connectionId !== connections.activeId) return
    // While the browser reports no network, the renderer cannot reach anything (in the
    // browser shell, not even its host), so a main-process "reachable" does not make it online.
    if (reachability.online && browserOffline()) return
    online.value = reachability.online
  })

  async function check(): Promise<void> {
    const connectionId = connections.activeId
    const mine = ++generation
    if (!connectionId) {
      online.value = null
      return
    }
    if (browserOffline()) {
      online.value = false
      return
    }
    checking.value = true
    try {
      const answer = await api.store.checkReachability(connectionId)
      if (mine === generation) online.value = answer.online
    } catch {
      // The local host itself did not answer: nothing can reach the store from here.
      if (mine === generation) online.value = false
    } finally {
      if (mine === generation) checking.value = false
    }
  }

  /** The browser says the network went away: no need to ask the store. */
  function markOffline() {
    generation++
    checking.value = false
    online.value = false
  }

  watch(
    () => connections.activeId,
    () => {
      online.value = null
      void check()
    },
  )

  return { online, checking, check, markOffline }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useReachabilityStore, import.meta.hot))
