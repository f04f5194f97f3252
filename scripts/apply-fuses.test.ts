// The packaged app's fuses: asserted as configuration, and flipped on a stand-in binary
// carrying Electron's fuse wire, read back with @electron/fuses' own reader.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { STOREDESK_FUSES, applyFuses } from './apply-fuses'

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const ENABLED = '1'.charCodeAt(0)
const DISABLED = '0'.charCodeAt(0)

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('Storedesk fuses', () => {
  it('turn off every way to run the packaged app as Node and require the integrity-checked asar', () => {
    expect(STOREDESK_FUSES[FuseV1Options.RunAsNode]).toBe(false)
    expect(STOREDESK_FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false)
    expect(STOREDESK_FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false)
    expect(STOREDESK_FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true)
    expect(STOREDESK_FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true)
    expect(STOREDESK_FUSES[FuseV1Options.EnableCookieEncryption]).toBe(true)
  })

  it('are written into a binary’s fuse wire', async () => {
    dir = mkdtempSync(join(tmpdir(), 'storedesk-fuses-'))
    const binary = join(dir, 'electron')
    // Electron's defaults: RunAsNode, NODE_OPTIONS and --inspect on; cookie encryption, asar checks off.
    const wire = [ENABLED, DISABLED, ENABLED, ENABLED, DISABLED, DISABLED, DISABLED]
    writeFileSync(binary, Buffer.concat([Buffer.from('ELF…'), Buffer.from(SENTINEL), Buffer.from([1, wire.length, ...wire]), Buffer.from('…rest')]))

    await applyFuses(binary)

    const flipped = await getCurrentFuseWire(binary)
    expect(flipped[FuseV1Options.RunAsNode]).toBe(DISABLED)
    expect(flipped[FuseV1Options.EnableCookieEncryption]).toBe(ENABLED)
    expect(flipped[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(DISABLED)
    expect(flipped[FuseV1Options.EnableNodeCliInspectArguments]).toBe(DISABLED)
    expect(flipped[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ENABLED)
    expect(flipped[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLED)
    expect(flipped[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(DISABLED)
  })
})
