// For the fuse tests: a stand-in for a packed Electron binary, a few bytes around Electron's fuse
// wire set as Electron ships it (RunAsNode, NODE_OPTIONS, --inspect and file://'s extra
// privileges on; cookie encryption and the asar checks off), so flipping it and reading it back with @electron/fuses' own reader
// tests what a real package gets. It lives in a temporary folder removed when the test ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'

/** Where Electron's fuse wire starts in its binary. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
export const FUSE_ENABLED = '1'.charCodeAt(0)
export const FUSE_DISABLED = '0'.charCodeAt(0)

/** Writes the stand-in as `<new temporary folder>/<name>` and answers the folder. */
export function standInBinary(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'storedesk-fuses-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const wire = [FUSE_ENABLED, FUSE_DISABLED, FUSE_ENABLED, FUSE_ENABLED, FUSE_DISABLED, FUSE_DISABLED, FUSE_DISABLED, FUSE_ENABLED]
  writeFileSync(join(dir, name), Buffer.concat([Buffer.from('ELF…'), Buffer.from(SENTINEL), Buffer.from([1, wire.length, ...wire]), Buffer.from('…rest')]))
  return dir
}
