// Finding Electron's binary without requiring the electron package (which would download it
// with no time limit), and fetching it through electron's install.js under a timeout.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureElectronBinary, fetchElectronBinary, findElectronBinary, firstErrorLine } from './electron-binary'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** A stand-in electron package whose install.js runs the given script body. */
function fakeElectron(installJs: string): { dir: string; version: string } {
  dir = mkdtempSync(join(tmpdir(), 'storedesk-electron-'))
  writeFileSync(join(dir, 'install.js'), installJs)
  return { dir, version: '45.5.0' }
}

const installThatDownloads = `
const fs = require('fs'); const path = require('path')
fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true })
fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '')
fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron')
`

describe('findElectronBinary', () => {
  const exists = (paths: string[]) => (path: string) => paths.includes(path)

  it('finds the binary that path.txt names under dist/', () => {
    expect(findElectronBinary('/e', { pathTxt: 'electron', env: {}, exists: exists(['/e/dist/electron']) })).toBe('/e/dist/electron')
    expect(findElectronBinary('/e', { pathTxt: 'Electron.app/Contents/MacOS/Electron', env: {}, exists: exists(['/e/dist/Electron.app/Contents/MacOS/Electron']) })).toBe(
      '/e/dist/Electron.app/Contents/MacOS/Electron',
    )
  })

  it('reports none when nothing was downloaded or the file is gone', () => {
    expect(findElectronBinary('/e', { pathTxt: null, env: {}, exists: () => true })).toBeNull()
    expect(findElectronBinary('/e', { pathTxt: 'electron', env: {}, exists: () => false })).toBeNull()
  })

  it('honours ELECTRON_OVERRIDE_DIST_PATH as electron itself does', () => {
    expect(findElectronBinary('/e', { pathTxt: null, env: { ELECTRON_OVERRIDE_DIST_PATH: '/opt/el' }, exists: exists(['/opt/el/electron']) })).toBe('/opt/el/electron')
  })
})

describe('fetching the binary', () => {
  it('runs electron’s install.js and then finds what it wrote', async () => {
    const pkg = fakeElectron(installThatDownloads)
    expect(await ensureElectronBinary(pkg, { env: {} })).toEqual({ path: join(pkg.dir, 'dist', 'electron') })
  })

  it('does not run install.js when the binary is already there', async () => {
    const pkg = fakeElectron('process.exit(3)')
    mkdirSync(join(pkg.dir, 'dist'))
    writeFileSync(join(pkg.dir, 'dist', 'electron'), '')
    chmodSync(join(pkg.dir, 'dist', 'electron'), 0o755)
    writeFileSync(join(pkg.dir, 'path.txt'), 'electron')
    expect(await ensureElectronBinary(pkg, { env: {} })).toEqual({ path: join(pkg.dir, 'dist', 'electron') })
  })

  it('says why when the download fails, in install.js’s own first words', async () => {
    const pkg = fakeElectron(`console.error(new Error('getaddrinfo ENOTFOUND github.com').stack); process.exit(1)`)
    expect(await ensureElectronBinary(pkg, { env: {} })).toEqual({ error: 'its download failed: Error: getaddrinfo ENOTFOUND github.com' })
  })

  it('gives up after the timeout instead of hanging the start', async () => {
    const pkg = fakeElectron('setTimeout(() => {}, 60_000)')
    const started = Date.now()
    expect(await fetchElectronBinary(pkg, { env: {}, timeoutMs: 300 })).toEqual({ ok: false, reason: 'its download did not finish within 0.3 s' })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('does not download when ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
    const pkg = fakeElectron(installThatDownloads)
    expect(await ensureElectronBinary(pkg, { env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })).toEqual({ error: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' })
  })

  it('shows the error line, not the stack or the progress line', () => {
    expect(firstErrorLine('Downloading Electron binary...\nTypeError: fetch failed\n    at node:internal/x\n')).toBe('TypeError: fetch failed')
    expect(firstErrorLine('')).toBe('no error message')
  })
})
