// Finding and sorting `storedesk://` links from the command line (Windows and Linux hand
// them to a second instance as argv) and from macOS's open-url. Pure: no Electron import,
// so the parsing is unit-tested under Node.

export const SCHEME = 'storedesk'

export type DeepLink = { kind: 'oauth-callback'; url: string } | { kind: 'launch'; url: string }

/**
 * The first argument that is a storedesk:// URL. Found by its scheme prefix wherever it
 * sits: Chromium appends its own switches after it, so it is not always the last one.
 */
export function findDeepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${SCHEME}://`)) ?? null
}

/** What a storedesk:// URL asks for, or null for anything else (which is ignored). */
export function classifyDeepLink(raw: string): DeepLink | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== `${SCHEME}:` || url.username || url.password || url.port) return null
  const path = url.pathname.replace(/\/+$/, '')
  if (url.hostname === 'oauth' && path === '/callback') return { kind: 'oauth-callback', url: url.href }
  if (url.hostname === 'launch' && path === '') return { kind: 'launch', url: url.href }
  return null
}

/** `--profile=DIR` (or `--profile DIR`) on the command line, then STOREDESK_PROFILE; null for Electron's default. */
export function profileFromArgs(argv: readonly string[], env: Record<string, string | undefined>): string | null {
  for (const [index, arg] of argv.entries()) {
    if (arg.startsWith('--profile=')) return arg.slice('--profile='.length) || null
    if (arg === '--profile') return argv[index + 1] || null
  }
  return env.STOREDESK_PROFILE || null
}
