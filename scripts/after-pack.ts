// electron-builder's afterPack step for Storedesk: flips the packaged binary's fuses
// (scripts/apply-fuses.ts) on every OS and architecture, after the app is laid out and
// before electron-builder signs it. Loaded through scripts/after-pack-hook.mjs.
import { join } from 'node:path'
import { applyFuses } from './apply-fuses'

/** The part of electron-builder's AfterPackContext this hook reads. */
export interface PackContext {
  appOutDir: string
  electronPlatformName: string
  packager: { appInfo: { productFilename: string }; executableName?: string }
}

/** Where the packed Electron binary is; the same rule electron-builder's own fuse step uses. */
export function packedBinary(context: PackContext): string {
  const { appOutDir, electronPlatformName, packager } = context
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${packager.appInfo.productFilename}.app`)
    case 'win32':
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`)
    case 'linux':
      return join(appOutDir, packager.executableName ?? packager.appInfo.productFilename)
    default:
      throw new Error(`No fuses for platform ${electronPlatformName}`)
  }
}

export async function afterPack(context: PackContext, apply: (binary: string) => Promise<void> = applyFuses): Promise<void> {
  const binary = packedBinary(context)
  await apply(binary)
  console.info(`Storedesk fuses applied to ${binary}`)
}
