// `npm run package`: builds the app, then the installers of the OS it runs on with
// electron-builder (electron-builder.yml). Electron's binary must be here, or downloadable
// now; otherwise it says exactly what is missing, in one line, and exits non-zero.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { electronPackage, ensureElectronBinary } from './electron-binary'

const root = resolve(import.meta.dirname, '..')

export interface PackageFacts {
  platform: string
  arch: string
  electronVersion: string
  electronDir: string
  /** The binary's path, or why there is none. */
  binary: { path: string } | { error: string }
  /** The auto-update feed baked into this build (MAIN_VITE_STOREDESK_UPDATE_FEED_URL), if any. */
  updateFeedUrl?: string | undefined
}

export type PackagePlan = { ok: true; args: string[] } | { ok: false; message: string }

const HOST_TARGETS: Record<string, string> = { linux: '--linux', darwin: '--mac', win32: '--win' }

export function planPackaging(facts: PackageFacts): PackagePlan {
  const target = HOST_TARGETS[facts.platform]
  if (!target) {
    return { ok: false, message: `Cannot build installers on ${facts.platform}: Storedesk's installers are built on Linux (AppImage, deb), macOS (dmg) or Windows (NSIS).` }
  }
  if ('error' in facts.binary) {
    return {
      ok: false,
      message:
        `Cannot build installers: Electron ${facts.electronVersion}'s binary for ${facts.platform}-${facts.arch} is missing ` +
        `(${facts.binary.error}); run \`npx install-electron\` where Electron's downloads are reachable ` +
        `(github.com/electron/electron/releases, or a mirror in ELECTRON_MIRROR), then \`npm run package\` again.`,
    }
  }
  const args = [target, '--publish', 'never']
  // Linux and Windows installers are for the host's architecture: use the binary already here.
  // macOS's universal dmg needs both architectures, which electron-builder downloads itself.
  if (facts.platform !== 'darwin') args.push(`--config.electronDist=${join(facts.electronDir, 'dist')}`)
  // With a feed, electron-builder writes the latest*.yml files electron-updater reads from it.
  if (facts.updateFeedUrl) args.push('--config.publish.provider=generic', `--config.publish.url=${facts.updateFeedUrl}`)
  return { ok: true, args }
}

function run(script: string, args: string[]): number {
  return spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1
}

export async function main(): Promise<number> {
  const require = createRequire(import.meta.url)
  const pkg = electronPackage()
  const binary = await ensureElectronBinary(pkg, { onSlow: () => console.info(`Downloading Electron ${pkg.version}'s binary…`) })
  const plan = planPackaging({
    platform: process.platform,
    arch: process.arch,
    electronVersion: pkg.version,
    electronDir: pkg.dir,
    binary,
    updateFeedUrl: process.env.MAIN_VITE_STOREDESK_UPDATE_FEED_URL,
  })
  if (!plan.ok) {
    console.error(plan.message)
    return 1
  }
  const built = run(join(dirname(require.resolve('electron-vite/package.json')), 'bin/electron-vite.js'), ['build'])
  if (built !== 0) return built
  return run(join(dirname(require.resolve('electron-builder/package.json')), 'cli.js'), plan.args)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
