// `npm start` after the build: the Electron app where Electron can start, otherwise the
// browser shell, with one line saying why. A missing Electron binary is fetched here, under
// a timeout (scripts/electron-binary.ts), because `npm install` never downloads it.
// Arguments after `npm start --` pass through to whichever shell starts (e.g. `--profile DIR`).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ensureElectronBinary, electronPackage } from './electron-binary'

const root = resolve(import.meta.dirname, '..')

export type ShellChoice = { shell: 'electron'; binary: string } | { shell: 'web'; reason: string }

export interface ShellFacts {
  /** The binary's path, or why there is none (e.g. its download failed). */
  electron: { path: string } | { error: string }
  binaryExists: (path: string) => boolean
  platform: string
  env: Record<string, string | undefined>
}

const fallback = (why: string): ShellChoice => ({ shell: 'web', reason: `${why}, starting the browser shell instead.` })

/** Why Electron's window could not be shown here whatever the binary, or null. Checked first, so no download is wasted. */
export function missingDisplay(platform: string, env: ShellFacts['env']): ShellChoice | null {
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return fallback('There is no display for Electron’s window here (neither DISPLAY nor WAYLAND_DISPLAY is set)')
  }
  return null
}

export function chooseShell(facts: ShellFacts): ShellChoice {
  const noDisplay = missingDisplay(facts.platform, facts.env)
  if (noDisplay) return noDisplay
  if ('error' in facts.electron) return fallback(`Electron’s binary is not installed here (${oneLine(facts.electron.error)})`)
  if (!facts.binaryExists(facts.electron.path)) return fallback(`Electron’s binary is not installed here (${facts.electron.path} is missing)`)
  return { shell: 'electron', binary: facts.electron.path }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim()
}

async function startBrowserShell(args: string[]): Promise<void> {
  process.argv = [process.argv[0]!, resolve(root, 'electron/web-host/cli.ts'), ...args]
  await import('../electron/web-host/cli')
}

function startElectron(binary: string, args: string[]): Promise<number> {
  // A stray ELECTRON_RUN_AS_NODE would start Electron as plain Node instead of the app.
  const env = { ...process.env }
  delete env.ELECTRON_RUN_AS_NODE
  return new Promise((done, fail) => {
    const child = spawn(binary, [root, ...args], { stdio: 'inherit', env })
    child.once('error', fail)
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
    // Ctrl-C reaches Electron through the terminal; wait for it to quit instead of dying first.
    process.on('SIGINT', () => {})
    process.on('SIGTERM', () => child.kill('SIGTERM'))
  })
}

export async function main(args: string[]): Promise<void> {
  const pkg = electronPackage()
  const electron =
    missingDisplay(process.platform, process.env) === null
      ? await ensureElectronBinary(pkg, { onSlow: () => console.info(`Downloading Electron ${pkg.version}’s binary (first start only)…`) })
      : { error: 'not needed without a display' }
  const choice = chooseShell({ electron, binaryExists: existsSync, platform: process.platform, env: process.env })
  if (choice.shell === 'web') {
    console.info(choice.reason)
    return startBrowserShell(args)
  }
  try {
    process.exitCode = await startElectron(choice.binary, args)
  } catch (error) {
    console.info(`Electron could not start (${error instanceof Error ? error.message : String(error)}), starting the browser shell instead.`)
    await startBrowserShell(args)
  }
}
