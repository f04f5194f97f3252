// Persistence over real restarts: state written with --data comes back, a data file that does
// not load is reported and left byte for byte as it was, and writes are atomic.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serveDemoStore, type DemoStoreHandle } from '../serve'
import { DataFileError, writeFileAtomic } from './persistence'
import { stubBackend } from './stub-backend'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'demo-store-persist-'))
  file = join(dir, 'demo-store.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const start = (seed = 42) => serveDemoStore({ backend: stubBackend, dataFile: file, seed, saveDelayMs: 10 })

async function mint(store: DemoStoreHandle): Promise<string> {
  const res = await fetch(`${store.url}/__demo/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"scopes":["read_content","write_content"]}' })
  return ((await res.json()) as { access_token: string }).access_token
}

const titles = async (store: DemoStoreHandle, token: string) =>
  ((await (await fetch(`${store.url}/openapi/2021-08/blogs`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { title: string }[] }).data.map((b) => b.title)

describe('data file', () => {
  it('keeps writes, the client secret and issued tokens across a restart', async () => {
    const first = await start()
    const token = await mint(first)
    const created = await fetch(`${first.url}/openapi/2021-08/blogs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'written before the restart' }),
    })
    expect(created.status).toBe(200)
    const secret = first.credentials.clientSecret
    await first.stop()

    const onDisk = readFileSync(file, 'utf8')
    expect(onDisk).toContain('written before the restart')
    expect(onDisk).not.toContain(token)

    const second = await start(7)
    expect(second.credentials.clientSecret).toBe(secret)
    expect(await titles(second, token)).toEqual(['seeded post 42', 'written before the restart'])
    // Reset regenerates from the seed the file was made with, not the one passed this time.
    await fetch(`${second.url}/__demo/reset`, { method: 'POST' })
    expect(await titles(second, token)).toEqual(['seeded post 42'])
    await second.stop()
  })

  it('writes a new file at once, so the client secret is kept even if the process dies', async () => {
    const store = await start()
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { format: string; oauth: { clientSecret: string } }
    expect(saved.format).toBe('storedesk-demo-store')
    expect(saved.oauth.clientSecret).toBe(store.credentials.clientSecret)
    await store.stop()
  })

  it.each([
    ['truncated', (text: string) => text.slice(0, Math.floor(text.length / 2)), 'not complete JSON'],
    ['empty', () => '', 'it is empty'],
    ['another format', () => '{"orders": []}', 'not a storedesk-demo-store version 1 file'],
    ['content that does not load', (text: string) => text.replace('"titles"', '"titels"'), 'its content does not load'],
  ])('refuses a %s file with a clear message and leaves it untouched', async (_name, damage, reason) => {
    const store = await start()
    await store.stop()
    const damaged = damage(readFileSync(file, 'utf8'))
    writeFileSync(file, damaged)

    const failure = await start().then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(failure).toBeInstanceOf(DataFileError)
    expect((failure as Error).message).toContain(file)
    expect((failure as Error).message).toContain(reason)
    expect(readFileSync(file, 'utf8')).toBe(damaged)
  })

  it('on request, renames an unusable file aside and starts fresh, keeping the damaged bytes', async () => {
    writeFileSync(file, '{"format":"storedesk-demo-store","vers')
    const store = await serveDemoStore({ backend: stubBackend, dataFile: file, badDataFile: 'set-aside', now: () => Date.parse('2026-03-01T10:00:00Z') })
    await store.stop()
    expect(store.dataFileSetAside).toBe(`${file}.unreadable-2026-03-01T10-00-00-000Z`)
    expect(readFileSync(store.dataFileSetAside!, 'utf8')).toBe('{"format":"storedesk-demo-store","vers')
    const fresh = JSON.parse(readFileSync(file, 'utf8')) as { oauth: { clientSecret: string }; data: { titles: string[] } }
    expect(fresh.oauth.clientSecret).toBe(store.credentials.clientSecret)
    expect(fresh.data.titles).toEqual(['seeded post 42'])
  })

  it('loads the last complete file when a crash left a half-written temp file beside it', async () => {
    const first = await start()
    const secret = first.credentials.clientSecret
    await first.stop()
    writeFileSync(join(dir, '.demo-store.json.999.abcd.tmp'), '{"format":"storedesk-demo-st')
    const second = await start()
    expect(second.credentials.clientSecret).toBe(secret)
    await second.stop()
  })
})

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temporary file behind', async () => {
    writeFileSync(file, 'old')
    await writeFileAtomic(file, 'new content')
    expect(readFileSync(file, 'utf8')).toBe('new content')
    expect(readdirSync(dir)).toEqual(['demo-store.json'])
  })

  it('leaves the old file whole, and no temporary file, when a write fails part-way (a full disk)', async () => {
    writeFileSync(file, '{"version":"old"}')
    // A 1 MiB file-size limit makes the 4 MiB write fail after its first megabyte, as a full disk would;
    // a writer that wrote over the file in place would leave it cut off at 1 MiB.
    const script = `import { writeFileAtomic } from ${JSON.stringify(join(import.meta.dirname, 'persistence.ts'))}
await writeFileAtomic(${JSON.stringify(file)}, JSON.stringify({ version: 'new', filler: 'b'.repeat(4 * 1024 * 1024) }))`
    const child = spawn('bash', ['-c', 'ulimit -f 1024; exec "$0" --import tsx --input-type=module -e "$1"', process.execPath, script], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).not.toBe(0)
    expect(stderr).toContain('EFBIG')
    expect(readFileSync(file, 'utf8')).toBe('{"version":"old"}')
    expect(readdirSync(dir)).toEqual(['demo-store.json'])
  })
})
