// The Electron security gate over the real build (issue 8): Electronegativity scans a staged
// copy of package.json, electron/ and out/ (so it runs after `npm run build`), and every
// finding must be waived with a written reason in resources/electronegativity-waivers.json.
// The gate's failure on a seeded violation is shown in electron/security/electronegativity-gate.test.ts.
import { rmSync } from 'node:fs'
import { test, expect } from './support/fixtures'
import { describeFinding, loadWaivers, runGate, stageShippedCode } from '../electron/security/electronegativity-gate'

test('Electronegativity finds nothing in the shipped code that is not waived with a reason', async () => {
  test.setTimeout(240_000)
  const staged = stageShippedCode()
  try {
    const result = await runGate(staged, loadWaivers())
    expect(result.findings.length, 'the scan produced a report').toBeGreaterThan(0)
    expect(result.failures.map(describeFinding), 'findings without a waiver').toEqual([])
    expect(result.unusedWaivers.map((w) => `${w.check} ${w.file}`), 'waivers that match nothing any more (remove them)').toEqual([])
  } finally {
    rmSync(staged, { recursive: true, force: true })
  }
})
