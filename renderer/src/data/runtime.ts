// Keeps the active store's cache fresh and its outbox moving: sync on start, every few minutes,
// when the window regains focus and when the store becomes reachable again; the replayer
// whenever a write is queued, a retry falls due, or anything shows the store answers again (a
// successful sync or send, the main process hearing from the store, focus, start), when writes
// that waited for want of a connection go at once. Never two syncs (or two replayers) for one
// store at once, across windows too (Web Locks). Its status is reactive for the sync panel.
// An order write's undo window (OutboxEntry.holdUntil) is a time the replayer reports like a
// backoff: the timer is set for the earliest due entry, so a write goes when its window ends,
// after a restart too. Nothing here cuts a window short, "Send now" included: a window is a
// promise to the operator that Undo works until the countdown ends.
import Dexie from 'dexie'
import { reactive } from 'vue'
import { storeDatabase, SYNC_RESOURCES, type StoreDatabase, type SyncResource } from './db'
import { foldCustomerRows } from './customers/customer-index'
import { onEnqueued } from './outbox'
import { releaseOfflineWaits, replayOutbox, WAITING_STATES } from './replayer'
import { asCallError, isOffline, needsReconnect, storeCallFor, withLock, type StoreCall } from './store-client'
import { SyncCancelled, syncAll } from './sync'
import { isQuotaError } from './storage'

export const SYNC_INTERVAL_MS = 5 * 60_000

export interface ResourceProgress {
  done: number
  total: number | null
}

export interface SyncStatus {
  connectionId: string
  /** A sync pass is running in this window. */
  syncing: boolean
  /** Another window holds this store's sync lock. */
  syncingElsewhere: boolean
  current: SyncResource | null
  progress: Record<SyncResource, ResourceProgress>
  startedAt: number | null
  /** Items per second in this pass, once measurable. */
  rate: number | null
  secondsLeft: number | null
  /** How the last pass ended. */
  outcome: 'done' | 'cancelled' | 'offline' | 'failed' | 'reconnect' | null
  /** What the failure said, in the main process's (or the browser's) English words. */
  lastError: string | null
  /**
   * What kind of failure `lastError` is (an error code, errors.*, or 'quota' when the disk is
   * full): a screen in another language says it in that language's words, and a full disk in
   * the app's own words in every language.
   */
  lastErrorCode: string | null
  lastFinishedAt: number | null
  replaying: boolean
  /** The outbox stopped because the store refused the token: the user must reconnect. */
  reconnectNeeded: boolean
}

export interface RuntimeHooks {
  /** A request failed because the store could not be reached. */
  onOffline?: () => void
  /** A request succeeded. */
  onOnline?: () => void
  /**
   * Subscribes to news that the store answers again from outside this runtime (the main
   * process's reachability, which hears every call and probes a store that stopped answering).
   */
  watchStoreAnswers?: (listener: () => void) => () => void
}

function emptyProgress(): Record<SyncResource, ResourceProgress> {
  return Object.fromEntries(SYNC_RESOURCES.map((r) => [r, { done: 0, total: null }])) as Record<SyncResource, ResourceProgress>
}

export class StoreRuntime {
  readonly db: StoreDatabase
  readonly status: SyncStatus
  private abort: AbortController | null = null
  private replayTimer: ReturnType<typeof setTimeout> | null = null
  private replayAgain = false
  private replayRunning: Promise<void> | null = null
  private cleanups: (() => void)[] = []
  /** Set by stop(): a disconnect may close the database under work already under way. */
  private stopped = false

  constructor(
    readonly connectionId: string,
    private readonly call: StoreCall = storeCallFor(connectionId),
    private readonly hooks: RuntimeHooks = {},
  ) {
    this.db = storeDatabase(connectionId)
    this.status = reactive<SyncStatus>({
      connectionId,
      syncing: false,
      syncingElsewhere: false,
      current: null,
      progress: emptyProgress(),
      startedAt: null,
      rate: null,
      secondsLeft: null,
      outcome: null,
      lastError: null,
      lastErrorCode: null,
      lastFinishedAt: null,
      replaying: false,
      reconnectNeeded: false,
    })
  }

  /**
   * Starts the schedule: a sync and a replay now (writes a previous run left waiting for the
   * store go at once), then on the timer, on focus, on enqueue and whenever the store answers.
   */
  start(): void {
    this.stopped = false
    this.background(() => this.syncNow())
    this.background(() => this.storeAnswered())
    const interval = setInterval(() => {
      this.background(() => this.syncNow())
      this.background(() => this.replayNow())
    }, SYNC_INTERVAL_MS)
    this.cleanups.push(() => clearInterval(interval))
    const onFocus = () => {
      this.background(() => this.syncNow())
      this.background(() => this.storeAnswered())
    }
    window.addEventListener('focus', onFocus)
    this.cleanups.push(() => window.removeEventListener('focus', onFocus))
    this.cleanups.push(onEnqueued((id) => id === this.connectionId && this.background(() => this.replayNow())))
    if (this.hooks.watchStoreAnswers) this.cleanups.push(this.hooks.watchStoreAnswers(() => this.reachable()))
  }

  stop(): void {
    this.stopped = true
    this.cancelSync()
    for (const cleanup of this.cleanups.splice(0)) cleanup()
    if (this.replayTimer) clearTimeout(this.replayTimer)
  }

  /** The store answered again: catch up at once. */
  reachable(): void {
    this.background(() => this.syncNow())
    this.background(() => this.storeAnswered())
  }

  /**
   * Runs scheduled work nobody awaits. A stopped runtime's database may be closed by the
   * disconnect that stopped it: that ending is expected and says nothing; any other is reported.
   */
  private background(work: () => Promise<void>): void {
    work().catch((error: unknown) => {
      if (this.stopped && (error as { name?: unknown } | null)?.name === Dexie.errnames.DatabaseClosed) return
      console.error('Background sync work failed:', error)
    })
  }

  /** Something showed the store answers: writes that waited only for that are sent now. */
  async storeAnswered(): Promise<void> {
    await releaseOfflineWaits(this.db)
    await this.replayNow()
  }

  cancelSync(): void {
    this.abort?.abort()
  }

  /** Runs one sync pass unless one is running already (here or in another window). */
  async syncNow(resources: readonly SyncResource[] = SYNC_RESOURCES): Promise<void> {
    if (this.status.syncing) return
    const ran = await withLock(`storedesk-sync-${this.connectionId}`, () => this.runSync(resources), { ifAvailable: true })
    this.status.syncingElsewhere = ran === null
    if (ran && this.status.outcome === 'done') {
      this.whenIdle(() => foldCustomerRows(this.db))
      await this.storeAnswered()
    }
  }

  /** Background work once the window has a quiet moment (the Customers' fold after a sync). */
  private whenIdle(work: () => Promise<unknown>): void {
    const run = () => this.background(async () => void (this.stopped ? undefined : await work()))
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 10_000 })
    else setTimeout(run, 1000)
  }

  private async runSync(resources: readonly SyncResource[]): Promise<true> {
    const abort = (this.abort = new AbortController())
    Object.assign(this.status, { syncing: true, startedAt: Date.now(), progress: emptyProgress(), rate: null, secondsLeft: null, lastError: null, lastErrorCode: null, outcome: null })
    try {
      await syncAll(this.db, this.call, {
        signal: abort.signal,
        resources,
        onProgress: (report) => {
          this.status.current = report.resource
          this.status.progress[report.resource] = { done: report.done, total: report.total }
          this.updateRate()
        },
      })
      this.status.outcome = 'done'
      this.hooks.onOnline?.()
    } catch (thrown) {
      if (thrown instanceof SyncCancelled) this.status.outcome = 'cancelled'
      else {
        const error = asCallError(thrown)
        this.status.lastError = error.message
        this.status.lastErrorCode = isQuotaError(thrown) ? 'quota' : error.code
        this.status.outcome = isOffline(error) ? 'offline' : needsReconnect(error) ? 'reconnect' : 'failed'
        if (isOffline(error)) this.hooks.onOffline?.()
      }
    } finally {
      Object.assign(this.status, { syncing: false, current: null, lastFinishedAt: Date.now(), secondsLeft: null })
      this.abort = null
    }
    return true
  }

  private updateRate() {
    const elapsed = (Date.now() - (this.status.startedAt ?? Date.now())) / 1000
    const entries = Object.values(this.status.progress)
    const done = entries.reduce((sum, p) => sum + p.done, 0)
    const total = entries.reduce((sum, p) => sum + (p.total ?? p.done), 0)
    if (elapsed < 0.5 || done === 0) return
    this.status.rate = done / elapsed
    this.status.secondsLeft = total > done ? (total - done) / this.status.rate : 0
  }

  /** The user asked: send queued writes (and check unconfirmed ones) now, without waiting for their backoff (undo windows still run out first). */
  async sendNow(): Promise<void> {
    await this.db.outbox.where('state').anyOf(WAITING_STATES).modify({ nextAttemptAt: 0 })
    await this.replayNow()
  }

  /** Sends what the outbox holds; coalesces calls made while a replay runs. */
  replayNow(): Promise<void> {
    if (this.replayRunning) {
      this.replayAgain = true
      return this.replayRunning
    }
    this.replayRunning = (async () => {
      do {
        this.replayAgain = false
        await withLock(`storedesk-outbox-${this.connectionId}`, () => this.runReplay())
      } while (this.replayAgain)
    })().finally(() => {
      this.replayRunning = null
    })
    return this.replayRunning
  }

  private async runReplay(): Promise<void> {
    this.status.replaying = true
    try {
      const result = await replayOutbox(this.db, this.call)
      this.status.reconnectNeeded = result.stoppedBy === 'reconnect'
      if (result.stoppedBy === 'offline') this.hooks.onOffline?.()
      else if (result.sent > 0) this.hooks.onOnline?.()
      if (this.replayTimer) clearTimeout(this.replayTimer)
      this.replayTimer = null
      // Offline, the backoff timer (at most 30 s) is a fallback: storeAnswered() usually wakes it earlier.
      if (result.nextAttemptAt !== null && result.stoppedBy !== 'reconnect' && !this.stopped) {
        this.replayTimer = setTimeout(() => this.background(() => this.replayNow()), Math.max(0, result.nextAttemptAt - Date.now()))
      }
    } finally {
      this.status.replaying = false
    }
  }
}
