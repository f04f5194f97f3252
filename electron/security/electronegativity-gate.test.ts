// The security gate's own behaviour: how waivers match findings, that every waiver carries a
// written reason, and that the gate fails on a seeded violation (an Electron main with
// nodeIntegration on and contextIsolation off, kept in e2e/fixtures/seeded-violations).
// The scan of the real build runs after `npm run build`, in e2e/security.spec.ts.
// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, judge, loadWaivers, parseSarif, runGate, stageShippedCode, vueScript, type Finding, type Waiver } from './electronegativity-gate'

const CALL = 'shell.openExternal(url)'
const finding = (check: string, file: string, source = `await ${CALL}`, after = ''): Finding => ({
  check,
  file,
  line: 1,
  source,
  context: `${source} ${after}`.trim(),
  level: 'warning',
  message: 'm',
})
const waiver = (check: string, file: string, code = CALL): Waiver => ({ check, file, code, reason: 'a reason long enough to be read' })

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

  it('waives only the call the waiver names: another call of the same check in the same file fails', () => {
    const result = judge(
      [finding('OPEN_EXTERNAL_JS_CHECK', 'electron/main/index.ts'), finding('OPEN_EXTERNAL_JS_CHECK', 'electron/main/index.ts', 'shell.openExternal(event.url)', `}) await ${CALL}`)],
      [waiver('OPEN_EXTERNAL_JS_CHECK', 'electron/main/index.ts')],
    )
    expect(result.failures.map((f) => f.source)).toEqual(['shell.openExternal(event.url)'])
  })

  it('lets the named code run on past the flagged line (a tag or call over several lines), but not start after it', () => {
    const tag = finding('CSP_GLOBAL_CHECK', 'out/renderer/index.html', '<meta', 'http-equiv="Content-Security-Policy" content="…"')
    expect(judge([tag], [waiver('CSP_GLOBAL_CHECK', 'out/renderer/index.html', '<meta http-equiv="Content-Security-Policy"')]).failures).toEqual([])
    expect(judge([tag], [waiver('CSP_GLOBAL_CHECK', 'out/renderer/index.html', 'http-equiv="Content-Security-Policy"')]).failures).toEqual([tag])
  })

  it('does not waive a finding whose line could not be read', () => {
    const unread = { ...finding('OPEN_EXTERNAL_JS_CHECK', 'electron/main/index.ts'), source: null, context: null }
    expect(judge([unread], [waiver('OPEN_EXTERNAL_JS_CHECK', 'electron/main/index.ts')]).failures).toEqual([unread])
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
      writeFileSync(file, JSON.stringify([{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', code: 'sandbox: false', reason: '' }]))
      expect(() => loadWaivers(file)).toThrow(/written reason/)
      writeFileSync(file, JSON.stringify([{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', reason: 'a reason long enough to be read' }]))
      expect(() => loadWaivers(file)).toThrow(/code/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('reading the SARIF report', () => {
  it('turns each location into a finding relative to the scanned folder, with the text of its line', () => {
    const sarif = {
      runs: [{ results: [{ ruleId: 'SANDBOX_JS_CHECK', level: 'warning', message: { text: 'Use sandbox' }, locations: [{ physicalLocation: { artifactLocation: { uri: '/scan/electron/main/index.ts' }, region: { startLine: 2 } } }] }] }],
    }
    const read = (file: string) => (file === 'electron/main/index.ts' ? 'one\n  new BrowserWindow({\n    sandbox: false,\n  })\n' : null)
    expect(parseSarif(JSON.stringify(sarif), '/scan', read)).toEqual([
      { check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', line: 2, source: 'new BrowserWindow({', context: 'new BrowserWindow({ sandbox: false, })', level: 'warning', message: 'Use sandbox' },
    ])
  })
})

describe('staging a Vue component for the scanner', () => {
  it('keeps its script blocks where they stand, every other line blank', () => {
    const component = '<script setup lang="ts">\nconst a = 1\n</script>\n\n<template>\n  <p>{{ a }}</p>\n</template>\n<script lang="ts">\nexport default {}\n</script>\n'
    const script = vueScript(component)
    expect(script.split('\n')).toHaveLength(component.split('\n').length)
    expect(script.split('\n')).toEqual(['', 'const a = 1', '', '', '', '', '', '', 'export default {}', '', ''])
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

  it('fails the gate on a new unguarded call beside a waived one, in the renderer’s sources, and in files the scanner skips (.cjs, .mjs, .mts, .vue)', async () => {
    const fixture = join(REPO_ROOT, 'e2e/fixtures/seeded-violations/waived-call')
    const staged = stageShippedCode(fixture)
    try {
      const result = await runGate(staged, loadWaivers(join(fixture, 'waivers.json')))
      // The fixture is no whole app, so the global checks (CSP, navigation, permissions) fail it too.
      const openExternal = result.failures.filter((f) => f.check === 'OPEN_EXTERNAL_JS_CHECK')
      expect(openExternal.map((f) => `${f.check} ${f.file}:${f.line} ${f.source}`).sort()).toEqual([
        'OPEN_EXTERNAL_JS_CHECK electron/main/index.js:14 shell.openExternal(event.url)',
        'OPEN_EXTERNAL_JS_CHECK electron/main/release-notes.mts:5 return shell.openExternal(address)',
        'OPEN_EXTERNAL_JS_CHECK out/preload/index.cjs:3 shell.openExternal(location.hash.slice(1))',
        'OPEN_EXTERNAL_JS_CHECK renderer/src/features/share/SharePage.vue:6 shell.openExternal(location.hash)',
        'OPEN_EXTERNAL_JS_CHECK renderer/src/features/share/share.ts:11 await api.app.openExternal(location.hash.slice(1))',
        'OPEN_EXTERNAL_JS_CHECK renderer/src/lib/open-link.mjs:3 return bridge.app.openExternal(location.search.slice(1))',
      ])
      expect(result.findings.filter((f) => f.source === 'await shell.openExternal(url)')).toHaveLength(1)
      expect(result.findings.filter((f) => f.source === 'await api.app.openExternal(link)')).toHaveLength(1)
      expect(result.unusedWaivers).toEqual([])
    } finally {
      rmSync(staged, { recursive: true, force: true })
    }
  }, 120_000)
})
