// Electron fuses for the packaged app (issue 8): the packaged binary must not run as plain
// Node, take NODE_OPTIONS or --inspect, or load an app from outside its integrity-checked
// asar; and file:// gets no more privileges than a web page (the window loads app://storedesk/,
// nothing of the app uses file://). Run on the packaged Electron binary after packing:
//   tsx scripts/apply-fuses.ts <path to the packaged Electron executable or .app>
import { pathToFileURL } from 'node:url'
import { FuseV1Options, FuseVersion, flipFuses, type FuseV1Config } from '@electron/fuses'

export const STOREDESK_FUSES: FuseV1Config = {
  version: FuseVersion.V1,
  // macOS arm64 refuses to start a binary whose ad-hoc signature no longer matches.
  resetAdHocDarwinSignature: process.platform === 'darwin',
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
}

export async function applyFuses(pathToElectron: string): Promise<void> {
  await flipFuses(pathToElectron, STOREDESK_FUSES)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = process.argv[2]
  if (!target) {
    console.error('Usage: tsx scripts/apply-fuses.ts <path to the packaged Electron executable or .app>')
    process.exit(1)
  }
  applyFuses(target).then(
    () => console.info(`Fuses applied to ${target}`),
    (error: unknown) => {
      console.error(`Could not apply fuses: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
