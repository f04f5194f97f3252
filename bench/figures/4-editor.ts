// Figure 4: keystroke latency in a 20,000-word post, the blog editor's extensions beside bare
// StarterKit, in the bench page (docs/benchmarks.md says how).
import type { Page } from 'playwright-core'
import type { Figure } from '../harness'
import { percentile, round, type Report } from '../report'

/** Figure 4's alternating rounds of 200 keystrokes per editor. */
const EDITOR_ROUNDS = 3

async function measure(report: Report, page: Page) {
  const { app, bare } = await page.evaluate(([rounds]) => window.storedeskBench.editorLatency(20_000, 200, rounds), [EDITOR_ROUNDS] as const)
  const p95 = percentile(app, 95)
  const bareP95 = percentile(bare, 95)
  report.add({ figure: '4 editor', measure: `keystroke p95, 20,000-word post (${EDITOR_ROUNDS} alternating rounds of 200 each)`, value: round(p95), unit: 'ms', baseline: round(bareP95), baselineLabel: 'bare StarterKit, same post', budget: '≤ 1.2x and < 16 ms', pass: p95 / bareP95 <= 1.2 && p95 < 16 })
}


export const editor: Figure = {
  name: '4 editor',
  measure: 'keystroke p95, 20,000-word post',
  budget: '≤ 1.2x and < 16 ms',
  benchApp: true,
  run: async ({ report, benchApp }) => measure(report, (await benchApp()).page),
}
