// How `npm run web` hands the browser its sign-in without putting it on a command line
// (where `ps` shows it to every user of the machine): a one-time launch URL goes into an
// HTML file only this user can read, and the browser is given that file's path. The file
// is removed when the host stops; the code inside works once, within a minute.
import { spawn as nodeSpawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** Writes the page that forwards to `launchUrl` into a fresh 0700 folder under `dir`; returns its path. */
export function writeLaunchFile(dir: string, launchUrl: string): string {
  const folder = mkdtempSync(join(dir, 'launch-'))
  const file = join(folder, 'open-storedesk.html')
  const target = escapeAttribute(launchUrl)
  writeFileSync(
    file,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Storedesk</title></head>` +
      `<body><p><a href="${target}">Open Storedesk</a></p></body></html>`,
    { mode: 0o600, flag: 'wx' },
  )
  return file
}

export function removeLaunchFile(file: string): void {
  rmSync(join(file, '..'), { recursive: true, force: true })
}

/** The system's opener: $BROWSER, else open (macOS), explorer (Windows) or xdg-open. */
export function openerCommand(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  return env.BROWSER || (platform === 'darwin' ? 'open' : platform === 'win32' ? 'explorer' : 'xdg-open')
}

export type Spawn = (command: string, args: string[]) => { on(event: 'error', listener: () => void): unknown; unref(): void }

const detachedSpawn: Spawn = (command, args) => nodeSpawn(command, args, { detached: true, stdio: 'ignore' })

/**
 * Opens a one-time launch URL in the user's browser by way of a private file, best effort (a
 * machine without a desktop keeps the printed URL). Returns the file, for removal at exit.
 */
export function openThroughLaunchFile(options: { dir: string; launchUrl: string; env: NodeJS.ProcessEnv; platform: NodeJS.Platform; spawn?: Spawn }): string {
  const file = writeLaunchFile(options.dir, options.launchUrl)
  try {
    const child = (options.spawn ?? detachedSpawn)(openerCommand(options.env, options.platform), [pathToFileURL(file).href])
    child.on('error', () => {})
    child.unref()
  } catch {
    // No opener on this machine: the printed URL is enough.
  }
  return file
}
