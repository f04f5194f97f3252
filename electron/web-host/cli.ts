// `npm run web`: the browser shell's composition root. Builds the services on a profile
// directory with the browser shell's capabilities (capabilities.ts), starts the host on the
// profile's own port (port-memory.ts: the offline data belongs to the origin), prints the
// launch URL and opens the app where a browser is available, through a private launch file
// (launch-file.ts) so the opener's command line carries nothing that signs in.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { createMainServices } from '../services/main-services'
import { webHostCapabilities } from './capabilities'
import { parseCliOptions, type WebHostCliOptions } from './cli-options'
import { openThroughLaunchFile, removeLaunchFile } from './launch-file'
import { choosePort, portTakenMessage, rememberPort } from './port-memory'
import { startWebHost } from './server'

const root = resolve(import.meta.dirname, '../..')
const rendererDir = join(root, 'out/renderer')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main(): Promise<void> {
  let options: WebHostCliOptions
  try {
    options = parseCliOptions(process.argv.slice(2), process.env, homedir())
  } catch (error) {
    fail(`storedesk web: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!existsSync(join(rendererDir, 'index.html'))) fail('Storedesk’s renderer is not built (out/renderer is missing): run npm run build first.')
  mkdirSync(options.profileDir, { recursive: true, mode: 0o700 })
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }

  const port = choosePort(options.port, options.profileDir)
  const host = await startWebHost({
    rendererDir,
    port,
    createServices: ({ redirectUri }) =>
      createMainServices(webHostCapabilities({ profileDir: options.profileDir, version, redirectUri, ...(options.demoStoreUrl !== undefined ? { demoStoreUrl: options.demoStoreUrl } : {}) })),
  }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(portTakenMessage(port, options.port !== null))
    throw error
  })

  rememberPort(options.profileDir, Number(new URL(host.origin).port))
  console.info(`Storedesk: ${host.launchUrl}`)
  console.info(`Profile: ${options.profileDir} (secrets are kept in a plain 0600 file in the browser shell)`)
  const launchFile = options.openBrowser
    ? openThroughLaunchFile({ dir: options.profileDir, launchUrl: host.mintLaunchCode(), env: process.env, platform: process.platform })
    : null

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    if (launchFile) removeLaunchFile(launchFile)
    host.close().then(
      () => process.exit(0),
      () => process.exit(0),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => fail(`Storedesk could not start: ${error instanceof Error ? error.message : String(error)}`))
