// `npm start` after the build: the Electron app where Electron can start, otherwise the
// browser shell, with one line saying why. Arguments after `npm start --` pass through to
// whichever shell starts (e.g. `--profile DIR`).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

export type ShellChoice = { shell: 'electron'; binary: string } | { shell: 'web'; reason: string }

export interface ShellFacts {
  /** What `require('electron')` answers: the binary's path, or the error it threw. */
  electron: { path: string } | { error: string }
  binaryExists: (path: string) => boolean
  platform: string
  env: Record<string, string | undefined>
}

export function chooseShell(facts: ShellFacts): ShellChoice {
  const fallback = (why: string): ShellChoice => ({ shell: 'web', reason: `${why}, starting the browser shell instead.` })
  if ('error' in facts.electron || !facts.binaryExists(facts.electron.path)) {
    return fallback('Electron’s binary is not installed here (its download failed)')
  }
  if (facts.platform === 'linux' && !facts.env.DISPLAY && !facts.env.WAYLAND_DISPLAY) {
    return fallback('There is no display for Electron’s window here (neither DISPLAY nor WAYLAND_DISPLAY is set)')
  }
  return { shell: 'electron', binary: facts.electron.path }
}

function electronFacts(): ShellFacts['electron'] {
  try {
    // The electron package exports the path of the binary its install step downloaded.
    const path: unknown = createRequire(import.meta.url)('electron')
    return typeof path === 'string' ? { path } : { error: 'electron did not name a binary' }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
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
  const choice = chooseShell({ electron: electronFacts(), binaryExists: existsSync, platform: process.platform, env: process.env })
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
