// Who the Electron main trusts, decided from plain values so it is unit-tested under Node:
// which IPC senders may call the services, where the app's windows may navigate, and which
// URLs may be handed to the system browser.

/** What the IPC wrapper learns about a message's sender. */
export interface SenderFacts {
  /** The webContents the message came from. */
  webContentsId: number
  /** The frame's URL, or null when the frame is already gone. */
  frameUrl: string | null
  /** Whether the sending frame is its page's top frame (not an iframe). */
  isMainFrame: boolean
}

/** The app's own window and page. */
export interface AppIdentity {
  /** The main window's webContents id, or null while there is no window. */
  windowContentsId: number | null
  /** The page the window loads: app://storedesk/ (app-protocol.ts). */
  entryUrl: string
}

function samePage(candidate: string, entryUrl: string): boolean {
  let url: URL
  let entry: URL
  try {
    url = new URL(candidate)
    entry = new URL(entryUrl)
  } catch {
    return false
  }
  // Query and hash are the renderer's own routing; the document must be the app's page.
  return url.protocol === entry.protocol && url.host === entry.host && (url.pathname || '/') === (entry.pathname || '/')
}

/** Only the main frame of the app's own window, showing the app's own page, may call the services. */
export function isTrustedSender(sender: SenderFacts, app: AppIdentity): boolean {
  return (
    app.windowContentsId !== null &&
    sender.webContentsId === app.windowContentsId &&
    sender.isMainFrame &&
    sender.frameUrl !== null &&
    samePage(sender.frameUrl, app.entryUrl)
  )
}

/** Navigation is allowed only to the app's own page (a reload or a route change within it). */
export function isAllowedNavigation(target: string, entryUrl: string): boolean {
  return samePage(target, entryUrl)
}

/** Links the system browser may open: http(s) only, never file:, javascript: or custom schemes. */
export function isExternalWebUrl(target: string): boolean {
  try {
    const url = new URL(target)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

export type VaultKind = 'encrypted' | 'file'

/**
 * safeStorage encrypts only when the OS offers a real keyring; on Linux its `basic_text`
 * backend is a hard-coded key, no better than a 0600 file, and the user must be told.
 */
export function chooseVaultKind(facts: { encryptionAvailable: boolean; platform: string; linuxBackend?: string }): VaultKind {
  if (!facts.encryptionAvailable) return 'file'
  if (facts.platform === 'linux' && (facts.linuxBackend === 'basic_text' || facts.linuxBackend === 'unknown')) return 'file'
  return 'encrypted'
}
