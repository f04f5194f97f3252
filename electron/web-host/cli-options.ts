// The browser shell's command line: `--port`, `--profile DIR` (or STOREDESK_PROFILE),
// `--no-open` (or BROWSER=none), `--demo-store-url URL` (or STOREDESK_DEMO_STORE_URL).
// Pure, so the defaults and the refusals are tested without starting anything.
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'

export interface WebHostCliOptions {
  /** Null when not given: the profile's own port is used (port-memory.ts). */
  port: number | null
  profileDir: string
  openBrowser: boolean
  demoStoreUrl?: string
}

const Port = z.coerce.number().int().min(0).max(65_535)
const HttpUrl = z.url({ protocol: /^https?$/ })

export function defaultProfileDir(env: NodeJS.ProcessEnv, home: string): string {
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'storedesk')
}

/** Throws an Error with a one-line message for the user when an option is wrong. */
export function parseCliOptions(argv: string[], env: NodeJS.ProcessEnv, home: string): WebHostCliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      profile: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      'demo-store-url': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  })
  const port = values.port === undefined ? null : Port.safeParse(values.port)
  if (port && !port.success) throw new Error(`--port must be a number from 0 to 65535 (0 picks a free port), not "${values.port}".`)
  const demoStoreUrl = values['demo-store-url'] ?? (env.STOREDESK_DEMO_STORE_URL || undefined)
  if (demoStoreUrl !== undefined && !HttpUrl.safeParse(demoStoreUrl).success) {
    throw new Error(`--demo-store-url must be an http(s) URL, not "${demoStoreUrl}".`)
  }
  return {
    port: port ? port.data : null,
    profileDir: resolve(values.profile ?? (env.STOREDESK_PROFILE || defaultProfileDir(env, home))),
    openBrowser: !values['no-open'] && env.BROWSER !== 'none',
    ...(demoStoreUrl !== undefined ? { demoStoreUrl } : {}),
  }
}
