// The security gate's own behaviour: how waivers match findings, that every waiver carries a
// written reason, and that the gate fails on a seeded violation (an Electron main with
// nodeIntegration on and contextIsolation off, kept in e2e/fixtures/seeded-violations).
// The scan of the real build runs after `npm run build`, in e2e/security.spec.ts.
// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, judge, loadWaivers, parseSarif, runGate, type Finding, type Waiver } from './electronegativity-gate'

const finding = (check: string, file: string): Finding => ({ check, file, line: 1, level: 'warning', message: 'm' })
const waiver = (check: string, file: string): Waiver => ({ check, file, reason: 'a reason long enough to be read' })

describe('judging findings against waivers', () => {
  it('fails on a finding no waiver names, by check and file', () => {
    const result = judge(
      [finding('OPEN_EXTERNAL_JS_CHECK', 'electron/main/index.ts'), finding('OPEN_EXTERNAL_JS_CHECK', 'electron/main/other.ts'), finding('PRELOAD_JS_CHECK', 'electron/main/index.ts')],
      [waiver('OPEN_EXTERNAL_JS_CHECK', 'electron/main/index.ts')],
    )
    expect(result.failures.map((f) => `${f.check} ${f.file}`)).toEqual(['OPEN_EXTERNAL_JS_CHECK electron/main/other.ts', 'PRELOAD_JS_CHECK electron/main/index.ts'])
  })

  it('lets * stand for one path segment only (hashed chunk names), not a folder', () => {
    const result = judge(
      [finding('X_CHECK', 'out/renderer/assets/index-AbC123.js'), finding('X_CHECK', 'out/renderer/assets/nested/evil.js')],
      [waiver('X_CHECK', 'out/renderer/assets/*.js')],
    )
    expect(result.failures.map((f) => f.file)).toEqual(['out/renderer/assets/nested/evil.js'])
  })

  it('names the waivers that matched nothing, so stale ones are removed', () => {
    const stale = waiver('SANDBOX_JS_CHECK', 'electron/main/index.ts')
    expect(judge([], [stale]).unusedWaivers).toEqual([stale])
  })
})

describe('the waiver file', () => {
  it('gives every waiver a check id, a file and a written reason', () => {
    const waivers = loadWaivers()
    expect(waivers.length).toBeGreaterThan(0)
    for (const w of waivers) expect(w.reason.length, `${w.check} ${w.file}`).toBeGreaterThanOrEqual(20)
  })

  it('refuses a waiver without a reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'waivers-'))
    try {
      const file = join(dir, 'waivers.json')
      writeFileSync(file, JSON.stringify([{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', reason: '' }]))
      expect(() => loadWaivers(file)).toThrow(/written reason/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('reading the SARIF report', () => {
  it('turns each location into a finding relative to the scanned folder', () => {
    const sarif = {
      runs: [{ results: [{ ruleId: 'SANDBOX_JS_CHECK', level: 'warning', message: { text: 'Use sandbox' }, locations: [{ physicalLocation: { artifactLocation: { uri: '/scan/electron/main/index.ts' }, region: { startLine: 7 } } }] }] }],
    }
    expect(parseSarif(JSON.stringify(sarif), '/scan')).toEqual([{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', line: 7, level: 'warning', message: 'Use sandbox' }])
  })
})

describe('a seeded violation', () => {
  it('fails the gate: nodeIntegration on and contextIsolation off are reported, whatever the project waives', async () => {
    const result = await runGate(join(REPO_ROOT, 'e2e/fixtures/seeded-violations/electron-app'), loadWaivers())
    const failed = result.failures.map((f) => `${f.check} ${f.file}`)
    expect(failed).toContain('NODE_INTEGRATION_JS_CHECK main.js')
    expect(failed).toContain('CONTEXT_ISOLATION_JS_CHECK main.js')
    expect(failed).toContain('SANDBOX_JS_CHECK main.js')
  }, 120_000)
})
