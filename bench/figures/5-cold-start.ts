// Figure 5: cold start, a new user's first screen, and the JavaScript fetched before its first
// paint (docs/benchmarks.md says how).
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import type { Figure, Host } from '../harness'
import { median, round, type Report } from '../report'

async function measure(report: Report, browser: Browser, host: Host, blankUrl: string) {
  const appTimes: number[] = []
  const blankTimes: number[] = []
  const scripts: { url: string; body: Buffer }[] = []
  for (let run = 0; run < 3; run++) {
    for (const [url, times, label] of [[host.url, appTimes, 'Try the demo store'], [blankUrl, blankTimes, 'Ready']] as const) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(url)
      const ready = await page.waitForFunction((name) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(name))
        return button && !button.disabled ? performance.now() : false
      }, label)
      times.push((await ready.jsonValue()) as number)
      if (url === host.url && run === 0) {
        // What the page asks for before it can paint: its entry scripts and every module they
        // preload (the static imports). Lazy chunks (routes, the frame's data parts) are not
        // counted even when their fetch happens to start before the paint: they never hold it.
        const beforePaint = await page.evaluate(() => [
          ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
          ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
        ])
        // Read through the page's context: the host answers only with this launch's session cookie.
        for (const script of new Set(beforePaint)) {
          const response = await context.request.get(script)
          if (!response.ok()) throw new Error(`${script}: ${response.status()}`)
          scripts.push({ url: script, body: await response.body() })
        }
      }
      await context.close()
    }
  }
  const start = median(appTimes)
  report.add({ figure: '5 cold start', measure: 'renderer to interactive (Connect page)', value: Math.round(start), unit: 'ms', baseline: Math.round(median(blankTimes)), baselineLabel: 'static page, same browser', budget: '< 1 s', pass: start < 1000 })
  let gzipped = 0
  let plain = 0
  for (const { body } of scripts) {
    plain += body.length
    gzipped += gzipSync(body, { level: 9 }).length
  }
  report.add({ figure: '5 cold start', measure: `JS before first paint (entry and its ${scripts.length - 1} module preloads, gzip)`, value: round(gzipped / 1024, 1), unit: 'KB', baseline: round(plain / 1024, 1), baselineLabel: 'same files uncompressed', budget: '≤ 220 KB', pass: gzipped <= 220 * 1024 })
}


export const coldStart: Figure = {
  name: '5 cold start',
  measure: 'renderer to interactive / JS before first paint',
  budget: '< 1 s / ≤ 220 KB',
  run: async ({ report, browser, host, blankUrl }) => measure(report, browser, await host(), blankUrl),
}
