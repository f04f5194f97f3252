// `npm run demo-store -- [flags]`: the demo store as its own process. The first line it prints
// is exactly `Demo store: http://127.0.0.1:<port>` (the e2e fixtures wait for it), then the demo
// app's credentials. Bad flags exit 2 with a message; SIGTERM/SIGINT write the state and exit 0.
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { DEFAULT_ORDERS, DEFAULT_SEED } from './app'
import { DataFileError, startDemoStore } from './embedded'
import { DEFAULT_UTC_OFFSET_MINUTES, offsetText, parseOffsetText } from './data/time'

export const DEFAULT_PORT = 4010

const USAGE = `Usage: npm run demo-store -- [flags]

  --port N          port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free port)
  --seed N          generator seed (default ${DEFAULT_SEED}); the same seed gives the same store
  --orders N        number of orders to generate (default ${DEFAULT_ORDERS})
  --utc-offset=Z    the store's time zone as an offset from UTC, e.g. --utc-offset=-05:00
                    or --utc-offset=+05:30 (default -05:00); the data is dated to the
                    store's today in it
  --data FILE       keep the store's state in FILE (default: memory only)
  --no-rate-limit   switch the API rate limit off (default on: 40 burst, 4 per second)
  --latency MS      add MS milliseconds to every response (default 0)
  --error-rate R    answer a share R (0..1) of requests with 500 (default 0)
  --help            show this help
`

const Int = (name: string, min: number, max: number) =>
  z.string().regex(/^\d+$/, `${name} must be a whole number`).transform(Number).pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))

const Flags = z.object({
  port: Int('--port', 0, 65535).default(DEFAULT_PORT),
  seed: Int('--seed', 0, 2 ** 31 - 1).default(DEFAULT_SEED),
  orders: Int('--orders', 0, 1_000_000).default(DEFAULT_ORDERS),
  'utc-offset': z
    .string()
    .transform((text, ctx) => parseOffsetText(text) ?? (ctx.addIssue({ code: 'custom', message: '--utc-offset must be an offset from UTC between -12:00 and +14:00, e.g. -05:00' }), z.NEVER))
    .optional(),
  data: z.string().min(1, '--data needs a file name').optional(),
  'no-rate-limit': z.boolean().default(false),
  latency: Int('--latency', 0, 60_000).optional(),
  'error-rate': z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, '--error-rate must be a number from 0 to 1').transform(Number).optional(),
})

function fail(message: string): never {
  process.stderr.write(`demo-store: ${message}\nRun with --help for the flags.\n`)
  process.exit(2)
}

async function main(): Promise<void> {
  let values: Record<string, unknown>
  try {
    ;({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        orders: { type: 'string' },
        'utc-offset': { type: 'string' },
        data: { type: 'string' },
        'no-rate-limit': { type: 'boolean' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (err) {
    fail((err as Error).message)
  }
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const { help: _help, ...rest } = values
  const parsed = Flags.safeParse(rest)
  if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join('; '))
  const flags = parsed.data

  let store
  try {
    store = await startDemoStore({
      port: flags.port,
      seed: flags.seed,
      orders: flags.orders,
      ...(flags['utc-offset'] !== undefined ? { utcOffsetMinutes: flags['utc-offset'] } : {}),
      ...(flags.data !== undefined ? { dataFile: flags.data } : {}),
      rateLimit: !flags['no-rate-limit'],
      ...(flags.latency !== undefined ? { latencyMs: flags.latency } : {}),
      ...(flags['error-rate'] !== undefined ? { errorRate: flags['error-rate'] } : {}),
    })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    const message = err instanceof DataFileError ? err.message : code === 'EADDRINUSE' ? `port ${flags.port} is already in use (try --port 0)` : (err as Error).message
    process.stderr.write(`demo-store: ${message}\n`)
    process.exit(1)
  }

  // The demo credentials are printed on purpose: they are the point of this command.
  process.stdout.write(
    [
      `Demo store: ${store.url}`,
      `  client_id:     ${store.credentials.clientId}`,
      `  client_secret: ${store.credentials.clientSecret}`,
      `  redirect URIs: ${store.credentials.redirectUris.join('  ')}`,
      `  data:          ${flags.data ?? '(memory only)'}`,
      `  rate limit:    ${flags['no-rate-limit'] ? 'off' : 'on (40 burst, 4 per second)'}`,
      `  time zone:     UTC${offsetText(store.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES)}`,
      `  control:       ${store.url}/__demo (loopback only)`,
      '',
    ].join('\n'),
  )

  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    store.stop().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`demo-store: could not write the data file on exit: ${(err as Error).message}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

void main()
