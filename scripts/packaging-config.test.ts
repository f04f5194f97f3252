// The installers' configuration (electron-builder.yml), read as electron-builder reads it:
// the app id, a target per OS, storedesk:// registered on each of them, and the afterPack
// hook that flips the packaged binary's fuses.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { load } from 'js-yaml'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper'
import { describe, expect, it } from 'vitest'
import { SCHEME } from '../electron/main/deep-links'
import { packedBinary } from './after-pack'
import { FUSE_DISABLED, FUSE_ENABLED, standInBinary } from './fuse-stand-in'

const root = resolve(import.meta.dirname, '..')

interface BuilderConfig {
  appId: string
  productName: string
  protocols: { name: string; schemes: string[] }[]
  afterPack: string
  publish: unknown
  linux: { target: string[]; executableName: string; protocols?: unknown }
  mac: { target: { target: string; arch: string[] }[]; protocols?: unknown }
  win: { target: string[]; protocols?: unknown }
  nsis: { include: string }
}

const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { desktopName: string; description: string }

describe('electron-builder.yml', () => {
  it('names the app and builds AppImage and deb, a universal dmg (and its zip for updates), and an NSIS installer', () => {
    expect(config.appId).toBe('com.storedesk.desktop')
    expect(config.productName).toBe('Storedesk')
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['universal'] },
      { target: 'zip', arch: ['universal'] },
    ])
    expect(config.win.target).toEqual(['nsis'])
    expect(config.publish).toBeNull()
  })

  it('registers storedesk:// for every OS and no platform section replaces the list', () => {
    expect(config.protocols.flatMap((protocol) => protocol.schemes)).toEqual([SCHEME])
    for (const os of [config.linux, config.mac, config.win]) expect(os.protocols).toBeUndefined()
  })

  it('on Linux: electron-builder’s own .desktop writer declares the scheme handler', async () => {
    const packager = {
      appInfo: { productName: config.productName, sanitizedProductName: config.productName, description: manifest.description },
      executableName: config.linux.executableName,
      fileAssociations: [],
      config: { protocols: config.protocols },
      platformSpecificBuildOptions: config.linux,
      info: { metadata: { desktopName: manifest.desktopName } },
    }
    const entry = await new LinuxTargetHelper(packager as never).computeDesktopEntry({ category: 'Office' })
    expect(entry).toContain(`MimeType=x-scheme-handler/${SCHEME};`)
    expect(entry).toMatch(/^Exec=\/opt\/Storedesk\/storedesk %U$/m)
  })

  it('on Windows: the installer writes the scheme into the registry and removes it on uninstall', () => {
    const nsh = readFileSync(join(root, config.nsis.include), 'utf8')
    expect(nsh).toContain(`WriteRegStr SHCTX "Software\\Classes\\${SCHEME}" "URL Protocol" ""`)
    expect(nsh).toContain(`WriteRegStr SHCTX "Software\\Classes\\${SCHEME}\\shell\\open\\command" "" '"$INSTDIR\\\${APP_EXECUTABLE_FILENAME}" "%1"'`)
    expect(nsh).toMatch(/!macro customUnInstall\s+DeleteRegKey SHCTX "Software\\Classes\\storedesk"/)
  })
})

describe('afterPack', () => {
  it('is the hook that flips the fuses on the packed binary', async () => {
    expect(config.afterPack).toBe('./scripts/after-pack-hook.mjs')
    const dir = standInBinary('storedesk')

    const hook = (await import(pathToFileURL(join(root, config.afterPack)).href)) as { default: (context: unknown) => Promise<void> }
    await hook.default({ appOutDir: dir, electronPlatformName: 'linux', packager: { appInfo: { productFilename: 'Storedesk' }, executableName: 'storedesk' } })

    const fuses = await getCurrentFuseWire(join(dir, 'storedesk'))
    expect(fuses[FuseV1Options.RunAsNode]).toBe(FUSE_DISABLED)
    expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FUSE_ENABLED)
  })

  it('finds the packed binary on each OS where electron-builder puts it', () => {
    const packager = { appInfo: { productFilename: 'Storedesk' }, executableName: 'storedesk' }
    expect(packedBinary({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe('/o/storedesk')
    expect(packedBinary({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe('/o/Storedesk.app')
    expect(packedBinary({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe('/o/Storedesk.exe')
    expect(() => packedBinary({ appOutDir: '/o', electronPlatformName: 'aix', packager })).toThrow(/aix/)
  })
})
