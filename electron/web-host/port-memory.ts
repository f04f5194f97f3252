// The browser shell's port, kept per profile. The renderer's cache, outbox, drafts and
// revisions live in the browser's IndexedDB, which belongs to the page's origin
// (http://127.0.0.1:<port>): a host that came back on another port would open an empty cache,
// and the writes queued under the old origin would wait unseen. So the first start picks a free
// port and every later start of the same profile asks for that one again.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

const FILE = 'web-host.json'
const Remembered = z.object({ port: z.number().int().min(1).max(65_535) })

/** The port this profile's host used last, or null (first start, or an unreadable file). */
export function rememberedPort(profileDir: string): number | null {
  try {
    const parsed = Remembered.safeParse(JSON.parse(readFileSync(join(profileDir, FILE), 'utf8')))
    return parsed.success ? parsed.data.port : null
  } catch {
    return null
  }
}

export function rememberPort(profileDir: string, port: number): void {
  writeFileSync(join(profileDir, FILE), `${JSON.stringify({ port })}\n`, { mode: 0o600 })
}

/** The port to ask for: the one given on the command line, else this profile's, else any free one. */
export function choosePort(given: number | null, profileDir: string): number {
  return given ?? rememberedPort(profileDir) ?? 0
}

/** One line for a port another program holds, saying what to do. */
export function portTakenMessage(port: number, given: boolean): string {
  return given
    ? `Port ${port} is in use by another program. Choose another with --port.`
    : `Port ${port}, where this profile's Storedesk always runs, is in use: is Storedesk already running? ` +
        `Close it, or start with --port to use another (the app's offline data is kept per port, so it will start empty there).`
}
