// Watches the stores that stopped answering. Once a request to a store fails for want of a
// network or an answer, the store is asked again every two seconds (one small request, one
// attempt) until it answers; the answer flows through the API client's reachability report like
// any other, so the renderer hears "reachable" and sends the writes that waited. Without this,
// nothing would call a store that is down, and queued writes would wait for someone to press
// "Send now" (the browser's own online event never fires on Wi-Fi whose internet is gone).

export const PROBE_INTERVAL_MS = 2_000

export interface ReachabilityProbeDeps {
  /** Asks the store once; its outcome reaches `answered`/`unanswered` through the client's report. */
  probe(connectionId: string): Promise<void>
  /** False when the machine has no network at all (Electron's net.online): skip the request. */
  networkOnline?: () => boolean
  intervalMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export interface ReachabilityProbe {
  /** A request to this store went unanswered: keep asking until it answers. */
  unanswered(connectionId: string): void
  /** The store answered: stop asking. */
  answered(connectionId: string): void
  /** The connection is gone. */
  forget(connectionId: string): void
  dispose(): void
}

export function createReachabilityProbe(deps: ReachabilityProbeDeps): ReachabilityProbe {
  const interval = deps.intervalMs ?? PROBE_INTERVAL_MS
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms).unref?.())
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  /** Stores being watched, with the timer of their next probe (null while one runs). */
  const watching = new Map<string, unknown>()
  let disposed = false

  const schedule = (connectionId: string) => {
    watching.set(
      connectionId,
      setTimer(() => void tick(connectionId), interval),
    )
  }

  async function tick(connectionId: string): Promise<void> {
    if (!watching.has(connectionId)) return
    watching.set(connectionId, null)
    if (deps.networkOnline?.() !== false) {
      try {
        await deps.probe(connectionId)
      } catch {
        // A failed probe is reported through the client like any failed request.
      }
    }
    if (!disposed && watching.has(connectionId) && watching.get(connectionId) === null) schedule(connectionId)
  }

  const stop = (connectionId: string) => {
    const timer = watching.get(connectionId)
    if (timer) clearTimer(timer)
    watching.delete(connectionId)
  }

  return {
    unanswered(connectionId) {
      if (disposed || watching.has(connectionId)) return
      schedule(connectionId)
    },
    answered: stop,
    forget: stop,
    dispose() {
      disposed = true
      for (const id of [...watching.keys()]) stop(id)
    },
  }
}
