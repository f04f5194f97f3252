// Where tokens and client secrets live, keyed by connection id. Two kinds, one file format
// (`{ "version": 1, "entries": { key: value } }`, mode 0600, replaced atomically):
// - createFileVault: values in plain text (the browser shell, and Electron where safeStorage
//   has only a plain-text backend); `encrypted: false`, and the user is told.
// - createEncryptedVault: values encrypted by a cipher the Electron shell passes in
//   (safeStorage), stored base64; `encrypted: true`.
// A value that can no longer be decrypted (OS keyring changed, file copied from another
// machine) reads as null: the connection then asks for a reconnect instead of crashing.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { SecretVault } from './host-contract'
import { parseJsonAs } from './parse-json'

export interface VaultCipher {
  encrypt(plain: string): Buffer
  decrypt(sealed: Buffer): string
}

const VaultFile = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) })

/** Writes `text` to `file` through a temporary sibling and a rename, so a crash never leaves half a file. */
export async function writeFileAtomic(file: string, text: string, mode = 0o600): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temp, text, { mode })
  // writeFile's mode is masked by the umask; set it explicitly.
  await chmod(temp, mode)
  await rename(temp, file)
}

function createVault(file: string, encrypted: boolean, seal: (s: string) => string, open: (s: string) => string | null): SecretVault {
  // One write at a time, in call order, so two quick `set`s never lose one another.
  let queue: Promise<unknown> = Promise.resolve()
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task)
    queue = next.catch(() => undefined)
    return next
  }

  const readEntries = async (): Promise<Record<string, string>> => {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw error
    }
    const parsed = parseJsonAs(VaultFile, text)
    // An unreadable vault file means every secret is lost: connections ask for a reconnect.
    return parsed.success ? { ...parsed.data.entries } : {}
  }

  const writeEntries = (entries: Record<string, string>) => writeFileAtomic(file, JSON.stringify({ version: 1, entries }))

  return {
    encrypted,
    get: (key) =>
      serialized(async () => {
        const entries = await readEntries()
        const stored = Object.hasOwn(entries, key) ? entries[key] : undefined
        return stored === undefined ? null : open(stored)
      }),
    set: (key, value) =>
      serialized(async () => {
        const entries = await readEntries()
        entries[key] = seal(value)
        await writeEntries(entries)
      }),
    delete: (key) =>
      serialized(async () => {
        const entries = await readEntries()
        if (!Object.hasOwn(entries, key)) return
        delete entries[key]
        await writeEntries(entries)
      }),
  }
}

/** Plain-text values in a 0600 file: `encrypted: false`. */
export function createFileVault(file: string): SecretVault {
  return createVault(file, false, (value) => value, (stored) => stored)
}

/** Values sealed by `cipher` (Electron's safeStorage), stored base64 in a 0600 file: `encrypted: true`. */
export function createEncryptedVault(file: string, cipher: VaultCipher): SecretVault {
  return createVault(
    file,
    true,
    (value) => cipher.encrypt(value).toString('base64'),
    (stored) => {
      try {
        return cipher.decrypt(Buffer.from(stored, 'base64'))
      } catch {
        return null
      }
    },
  )
}
