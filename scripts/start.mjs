// `npm start`: builds the app, then starts the Electron shell, or the browser shell where
// Electron cannot start (scripts/launch.ts decides and says why). Plain JavaScript so it runs
// on a fresh clone with nothing but `npm install`; tsx then runs the TypeScript.
/* global process, console */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { tsImport } from 'tsx/esm/api'

const root = resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)
const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin/electron-vite.js')

const build = spawnSync(process.execPath, [electronVite, 'build'], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) {
  console.error('The build failed (see above), so Storedesk cannot start.')
  process.exit(build.status ?? 1)
}

const { main } = await tsImport('./launch.ts', import.meta.url)
await main(process.argv.slice(2))
