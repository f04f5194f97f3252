// The local diagnostic log (`${profileDir}/diagnostics.log`, mode 0600): details of
// unexpected failures, which the user only ever sees as a generic message. Every secret the
// services have handled (tokens, client secrets) is replaced before a line is written.
import { appendFile, mkdir, rename, stat } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Past this size the log is moved to `.1` (replacing the previous one), so it never grows without bound. */
export const DIAGNOSTICS_MAX_BYTES = 1024 * 1024

export interface Diagnostics {
  /** A value that must never appear in the log. */
  rememberSecret(value: string): void
  record(context: string, error: unknown): Promise<void>
  redact(text: string): string
}

export function createDiagnostics(file: string, now: () => number = Date.now): Diagnostics {
  const secrets = new Set<string>()
  const redact = (text: string) => {
    let clean = text.replace(/Bearer\s+\S+/gi, 'Bearer [redacted]')
    for (const secret of secrets) clean = clean.split(secret).join('[redacted]')
    return clean
  }
  return {
    rememberSecret(value) {
      // Very short values would redact ordinary words; no real token or secret is that short.
      if (value.length >= 8) secrets.add(value)
    },
    redact,
    async record(context, error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)
      const line = `${new Date(now()).toISOString()} ${context}\n${redact(detail)}\n\n`
      try {
        await mkdir(dirname(file), { recursive: true })
        const size = await stat(file).then((s) => s.size, () => 0)
        if (size > DIAGNOSTICS_MAX_BYTES) await rename(file, `${file}.1`)
        await appendFile(file, line, { mode: 0o600 })
      } catch {
        // The log is best effort: failing to write it must not turn one failure into two.
      }
    },
  }
}
