// Where Electron's binary is, and fetching it when it is not there, for `npm start` and
// `npm run package`. The electron package (45+) would download the binary the moment it is
// required, with no time limit; so this module finds the binary the way electron/index.js
// does but without requiring it, and fetches it by running electron's own install.js under a
// timeout, so a machine that cannot reach Electron's download host still starts in seconds.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export const FETCH_TIMEOUT_MS = 120_000

export interface ElectronPackage {
  dir: string
  version: string
}

export function electronPackage(): ElectronPackage {
  // package.json, not the package itself: requiring `electron` starts a download.
  const manifest = createRequire(import.meta.url).resolve('electron/package.json')
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  return { dir: dirname(manifest), version }
}

export interface BinaryLookup {
  /** Contents of electron's path.txt (written by install.js after a download), or null. */
  pathTxt: string | null
  env: Record<string, string | undefined>
  exists: (path: string) => boolean
}

/** The binary's path when it is on disk, else null; mirrors electron/index.js. */
export function findElectronBinary(electronDir: string, lookup: BinaryLookup): string | null {
  const override = lookup.env.ELECTRON_OVERRIDE_DIST_PATH
  if (override) {
    const path = join(override, lookup.pathTxt || 'electron')
    return lookup.exists(path) ? path : null
  }
  if (!lookup.pathTxt) return null
  const path = join(electronDir, 'dist', lookup.pathTxt)
  return lookup.exists(path) ? path : null
}

export function locateElectronBinary(pkg: ElectronPackage, env: Record<string, string | undefined> = process.env): string | null {
  const pathTxtFile = join(pkg.dir, 'path.txt')
  const pathTxt = existsSync(pathTxtFile) ? readFileSync(pathTxtFile, 'utf8').trim() : null
  return findElectronBinary(pkg.dir, { pathTxt, env, exists: existsSync })
}

export type FetchResult = { ok: true } | { ok: false; reason: string }

export interface FetchOptions {
  timeoutMs?: number
  /** Called once if the download is still running after a few seconds (a real download, not a quick refusal). */
  onSlow?: () => void
  env?: Record<string, string | undefined>
}

/** The first line worth showing from install.js's error output (it prints a stack). */
export function firstErrorLine(stderr: string): string {
  const line = stderr
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text && !text.startsWith('at ') && !text.startsWith('Downloading'))
  return line ?? 'no error message'
}

/** Runs electron's install.js; never throws, never waits longer than the timeout. */
export function fetchElectronBinary(pkg: ElectronPackage, options: FetchOptions = {}): Promise<FetchResult> {
  const env = options.env ?? process.env
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return Promise.resolve({ ok: false, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' })
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS
  return new Promise((done) => {
    let stderr = ''
    const child = spawn(process.execPath, [join(pkg.dir, 'install.js')], { cwd: pkg.dir, env, stdio: ['ignore', 'ignore', 'pipe'] })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const slow = setTimeout(() => options.onSlow?.(), 4_000)
    const limit = setTimeout(() => {
      child.kill('SIGKILL')
      finish({ ok: false, reason: `its download did not finish within ${timeoutMs / 1000} s` })
    }, timeoutMs)
    let finished = false
    function finish(result: FetchResult): void {
      if (finished) return
      finished = true
      clearTimeout(slow)
      clearTimeout(limit)
      done(result)
    }
    child.once('error', (error) => finish({ ok: false, reason: `its download could not start: ${error.message}` }))
    child.once('exit', (code) => finish(code === 0 ? { ok: true } : { ok: false, reason: `its download failed: ${firstErrorLine(stderr)}` }))
  })
}

/** The binary, fetched first if it is missing: its path, or why there is none. */
export async function ensureElectronBinary(pkg: ElectronPackage, options: FetchOptions = {}): Promise<{ path: string } | { error: string }> {
  const env = options.env ?? process.env
  const present = locateElectronBinary(pkg, env)
  if (present) return { path: present }
  const fetched = await fetchElectronBinary(pkg, options)
  if (!fetched.ok) return { error: fetched.reason }
  const path = locateElectronBinary(pkg, env)
  return path ? { path } : { error: 'its download finished but the binary is not where electron/path.txt says' }
}
