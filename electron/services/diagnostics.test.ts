// @vitest-environment node
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDiagnostics, DIAGNOSTICS_MAX_BYTES } from './diagnostics'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storedesk-diag-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the diagnostic log', () => {
  it('writes the failure with every known secret and bearer header replaced, in a 0600 file', async () => {
    const file = join(dir, 'diagnostics.log')
    const diagnostics = createDiagnostics(file, () => Date.parse('2026-01-01T00:00:00Z'))
    diagnostics.rememberSecret('client-secret-abcdef')
    await diagnostics.record('store.call', new Error('sent client_secret=client-secret-abcdef with Authorization: Bearer tok_live_999'))
    const text = await readFile(file, 'utf8')
    expect(text).toContain('2026-01-01T00:00:00.000Z store.call')
    expect(text).toContain('client_secret=[redacted] with Authorization: Bearer [redacted]')
    expect(text).not.toContain('client-secret-abcdef')
    expect(text).not.toContain('tok_live_999')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('moves a full log aside instead of growing without bound', async () => {
    const file = join(dir, 'diagnostics.log')
    await writeFile(file, 'x'.repeat(DIAGNOSTICS_MAX_BYTES + 1))
    await createDiagnostics(file).record('ctx', new Error('fresh'))
    expect(await readFile(file, 'utf8')).toContain('fresh')
    expect((await stat(`${file}.1`)).size).toBe(DIAGNOSTICS_MAX_BYTES + 1)
  })
})
