// What a shell (Electron main, the browser-shell host, tests) needs from the
// host-agnostic services, and what it must give them. Each shell has one composition
// root that builds `MainServices` from `HostCapabilities` and wires its transport to it.
import type { ChannelName, EventName, IpcResult, ConnectOutcome, UpdateStatus } from '../common/ipc-contract'

/** Where secrets live. Electron: safeStorage; elsewhere a 0600 file (not encrypted, and the user is told). */
export interface SecretVault {
  readonly encrypted: boolean
  get(key: string): Promise<string | null>
  set(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
}

export interface HostCapabilities {
  shell: 'electron' | 'web'
  version: string
  /** Whether this app updates itself, for About this app; 'off' when absent. */
  updates?: UpdateStatus
  /** The user's data directory: connections, demo store state, request log. */
  profileDir: string
  vault: SecretVault
  /** The OAuth redirect URI this shell receives callbacks on. */
  redirectUri(): string
  /** Opens a URL in the system browser; false when this shell cannot (the renderer opens a tab instead). */
  openExternal(url: string): Promise<boolean>
  /** An already-running demo store to use instead of embedding one (tests and benchmarks). */
  demoStoreUrl?: string
  /**
   * The clock (ms since the epoch) for connect-attempt expiry, launch-link age and logs;
   * Date.now when absent. A test host can move it forward to make an attempt stale.
   */
  now?: () => number
  /** Whether the machine has a network at all (Electron's net.online); a store is not asked while it has none. */
  networkOnline?: () => boolean
  /** Shows a desktop notification if the app's window is not focused; false when it did not (or cannot). */
  notify?: (title: string, body: string) => boolean
  /**
   * Asks the user to pick a folder (Electron's dialog); null when they cancel. Absent where the
   * shell cannot show one (the browser shell downloads exports instead).
   */
  chooseFolder?: (options: { title: string; buttonLabel: string }) => Promise<string | null>
}

export interface MainServices {
  /** Validates `args` against the contract, runs the channel, and never throws: failures come back as data. */
  invoke(channel: ChannelName, args: unknown): Promise<IpcResult<unknown>>
  /** Every event the services emit, for the transport to forward to the renderer. */
  onEvent(listener: (event: EventName, payload: unknown) => void): () => void
  /** An OAuth redirect arrived (storedesk://oauth/callback?... or the loopback URL). */
  handleOAuthCallback(url: string): Promise<ConnectOutcome>
  /** The store's app_url launch link (shop, timestamp, hmac): switch to that shop if it verifies. */
  handleLaunchLink(url: string): Promise<ConnectOutcome>
  dispose(): Promise<void>
}
