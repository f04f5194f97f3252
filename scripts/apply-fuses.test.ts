// The packaged app's fuses: asserted as configuration, and flipped on a stand-in binary
// carrying Electron's fuse wire, read back with @electron/fuses' own reader.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { STOREDESK_FUSES, applyFuses } from './apply-fuses'
import { FUSE_DISABLED, FUSE_ENABLED, standInBinary } from './fuse-stand-in'

/**
 * The packaged app's fuses: every way to run it as Node off, the integrity-checked asar required,
 * cookies encrypted, and file:// without the extra privileges Electron grants it by default (the
 * app loads from app://storedesk/, nothing of it uses file://).
 */
const REQUIRED: [FuseV1Options, boolean][] = [
  [FuseV1Options.RunAsNode, false],
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable, false],
  [FuseV1Options.EnableNodeCliInspectArguments, false],
  [FuseV1Options.OnlyLoadAppFromAsar, true],
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation, true],
  [FuseV1Options.EnableCookieEncryption, true],
  [FuseV1Options.GrantFileProtocolExtraPrivileges, false],
]

describe('Storedesk fuses', () => {
  it('turn off every way to run the packaged app as Node, file://’s extra privileges, and require the integrity-checked asar', () => {
    for (const [fuse, on] of REQUIRED) expect(STOREDESK_FUSES[fuse], FuseV1Options[fuse]).toBe(on)
  })

  it('are written into a binary’s fuse wire', async () => {
    const binary = join(standInBinary('electron'), 'electron')

    await applyFuses(binary)

    const flipped = await getCurrentFuseWire(binary)
    for (const [fuse, on] of REQUIRED) expect(flipped[fuse], FuseV1Options[fuse]).toBe(on ? FUSE_ENABLED : FUSE_DISABLED)
    expect(flipped[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(FUSE_DISABLED)
  })
})
