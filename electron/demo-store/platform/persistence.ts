// Keeping the demo store's state in its --data file (docs/demo-store-platform.md, "Persistence").
// Writes are atomic: the new state goes to a temporary file in the same directory, is fsynced,
// then renamed over the old one, so a crash mid-write leaves the previous file intact. Writes are
// debounced after changes, serialised, and flushed on shutdown. A file that cannot be read or
// parsed is reported and never overwritten: the store refuses to start on it, or (when the
// host asks) renames it aside and starts fresh.
import { randomBytes } from 'node:crypto'
import { open, readFile, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'

export const STATE_FORMAT = 'storedesk-demo-store'
export const STATE_VERSION = 1

/** The file's envelope; `oauth` and `data` are validated by their owners. */
export const StateFile = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  savedAt: z.string(),
  /** What `POST /__demo/reset` regenerates. */
  seed: z.number().int(),
  orders: z.number().int().nonnegative(),
  oauth: z.unknown(),
  data: z.unknown(),
})
export type StateFile = z.infer<typeof StateFile>

/** The data file exists but cannot be used; it is left exactly as it was. */
export class DataFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`The demo store data file ${path} cannot be used: ${reason}. It was left untouched; move it aside or pass another --data file to start fresh.`)
    this.name = 'DataFileError'
  }
}

/** The file's envelope, or undefined when there is no file yet. */
export async function readStateFile(path: string): Promise<StateFile | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new DataFileError(path, (err as Error).message)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new DataFileError(path, text.length === 0 ? 'it is empty' : 'it is not complete JSON (truncated or corrupted)')
  }
  const envelope = StateFile.safeParse(json)
  if (!envelope.success) throw new DataFileError(path, `it is not a ${STATE_FORMAT} version ${STATE_VERSION} file`)
  return envelope.data
}

/** Renames an unusable data file to `<path>.unreadable-<time>` beside it, and returns the new name. */
export async function setAside(path: string, at: Date): Promise<string> {
  const aside = `${path}.unreadable-${at.toISOString().replace(/[:.]/g, '-')}`
  await rename(path, aside)
  return aside
}

/** Replaces `path` with `text` atomically (temp file in the same directory, fsync, rename). */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path)
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  const file = await open(temp, 'w', 0o600)
  try {
    await file.writeFile(text, 'utf8')
    await file.sync()
  } catch (err) {
    await file.close()
    await unlink(temp).catch(() => undefined)
    throw err
  }
  await file.close()
  try {
    await rename(temp, path)
  } catch (err) {
    await unlink(temp).catch(() => undefined)
    throw err
  }
  // Make the rename itself durable; some platforms cannot open a directory, which is harmless.
  const directory = await open(dir, 'r').catch(() => undefined)
  await directory?.sync().catch(() => undefined)
  await directory?.close()
}

/**
 * Saves after changes settle: `schedule()` (re)starts a short timer, one save runs at a time,
 * and a change during a save queues one more. `flush()` saves now if anything is pending.
 */
export class DebouncedSaver {
  private timer: NodeJS.Timeout | undefined
  private dirty = false
  private running: Promise<void> = Promise.resolve()

  constructor(
    private readonly save: () => Promise<void>,
    private readonly delayMs = 250,
  ) {}

  schedule(): void {
    this.dirty = true
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.flush().catch((err) => console.error('demo store: saving the data file failed', err)), this.delayMs)
  }

  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    // A failed earlier save must not stop this one: chain on its settlement, not its success.
    this.running = this.running.catch(() => undefined).then(async () => {
      if (!this.dirty) return
      this.dirty = false
      try {
        await this.save()
      } catch (err) {
        this.dirty = true
        throw err
      }
    })
    return this.running
  }
}
