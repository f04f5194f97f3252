// The CLI as the e2e fixtures and people run it: the announced first line, the credentials,
// a clean exit on SIGTERM that leaves the data file written, and exit 2 on bad flags.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const tsx = join(root, 'node_modules/.bin/tsx')
const cli = join(root, 'electron/demo-store/cli.ts')

const children: ChildProcess[] = []
const dirs: string[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function run(args: string[]): { child: ChildProcess; output: () => { stdout: string; stderr: string }; exited: Promise<number | null> } {
  const child = spawn(tsx, [cli, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { child, output: () => ({ stdout, stderr }), exited }
}

async function until(check: () => boolean, exited: Promise<unknown>): Promise<void> {
  let gone = false
  void exited.then(() => (gone = true))
  while (!check()) {
    if (gone) throw new Error('the process exited first')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('demo-store CLI', () => {
  it('announces its URL on the first line, prints the credentials, serves, and writes its data on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-store-cli-'))
    dirs.push(dir)
    const dataFile = join(dir, 'store.json')
    const proc = run(['--port', '0', '--seed', '7', '--orders', '5', '--data', dataFile, '--utc-offset=+05:30'])
    await until(() => proc.output().stdout.includes('redirect URIs'), proc.exited)

    const lines = proc.output().stdout.split('\n')
    const announced = /^Demo store: (http:\/\/127\.0\.0\.1:(\d+))$/.exec(lines[0]!)
    expect(announced).not.toBeNull()
    expect(Number(announced![2])).toBeGreaterThan(0)
    expect(proc.output().stdout).toContain('client_id:     storedesk-demo')
    expect(proc.output().stdout).toMatch(/client_secret: [A-Za-z0-9_-]{43}\n/)
    expect(proc.output().stdout).toContain('storedesk://oauth/callback')
    expect(proc.output().stdout).toContain('http://127.0.0.1:<port>/oauth/callback')

    const app = (await (await fetch(`${announced![1]}/__demo/app`)).json()) as { client_secret: string; shop: string }
    expect(app.shop).toBe(`127.0.0.1:${announced![2]}`)
    expect(proc.output().stdout).toContain(app.client_secret)
    expect(proc.output().stdout).toContain('time zone:     UTC+05:30')
    expect(await (await fetch(`${announced![1]}/__demo/clock`)).json()).toMatchObject({ utcOffsetMinutes: 330, utcOffset: '+05:30' })

    proc.child.kill('SIGTERM')
    expect(await proc.exited).toBe(0)
    expect(existsSync(dataFile)).toBe(true)
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { seed: number; oauth: { clientSecret: string } }
    expect(saved.seed).toBe(7)
    expect(saved.oauth.clientSecret).toBe(app.client_secret)
  })

  it.each([
    [['--port', 'abc'], '--port must be a whole number'],
    [['--port', '70000'], '--port must be at most 65535'],
    [['--error-rate', '1.5'], '--error-rate must be a number from 0 to 1'],
    [['--utc-offset=+15:00'], '--utc-offset must be an offset from UTC between -12:00 and +14:00'],
    [['--utc-offset', 'Europe/Paris'], '--utc-offset must be an offset from UTC between -12:00 and +14:00'],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
    [['--data'], "Option '--data <value>' argument missing"],
  ])('refuses %j with a clear message and exit code 2', async (args, message) => {
    const proc = run(args)
    expect(await proc.exited).toBe(2)
    expect(proc.output().stderr).toContain(message)
    expect(proc.output().stdout).toBe('')
  })

  it('prints the flags for --help and exits 0', async () => {
    const proc = run(['--help'])
    expect(await proc.exited).toBe(0)
    expect(proc.output().stdout).toContain('--no-rate-limit')
    expect(proc.output().stdout).toContain('--error-rate R')
  })
})
