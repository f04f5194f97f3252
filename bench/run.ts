// `npm run bench`: every figure (bench/figures/, one file each), each measured side by side with
// its baseline in the same run, printed as a table with the budgets (a FAILING line when one is
// missed), written to bench/results.json and, for a full run, into README.md and
// docs/benchmarks.md between their bench markers. Runs the browser shell (its web host as its
// own process) on the system Chromium against a demo store in its own process.
// Exit code is non-zero on a missed budget only with --strict.
// How each figure is measured: docs/benchmarks.md.
//
// Options: --only=2,4 or --only=sync-at-scale (some figures; only their rows are replaced in results.json, the docs are
// left alone), --no-build (reuse out/), --strict, --no-docs (a full run that leaves the docs).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { findChromium } from '../e2e/support/chromium'
import { buildBenchPage, CHROMIUM_ARGS, connectApp, openBenchPage, root, serveBlankPage, startHost, startStore, type BenchContext, type ConnectedApp, type Figure, type Host } from './harness'
import { docsFiles, machine, printTable, reasonOf, Report, round, saveResults, writeTableInto, type Results } from './report'
import { firstSync } from './figures/1-first-sync'
import { search } from './figures/2-search'
import { orderList } from './figures/3-order-list'
import { editor } from './figures/4-editor'
import { coldStart } from './figures/5-cold-start'
import { demoStorePage } from './figures/6-demo-store'
import { syncAtScale } from './figures/7-sync-at-scale'
import { customers } from './figures/8-customers'
import { storage } from './figures/9-storage'

/**
 * The figures in the order they run: cold start first, while no store is connected yet (a new
 * user's first screen); then the three that share one connected app and its bench page; then
 * the ones that start their own.
 */
const FIGURES: Figure[] = [coldStart, firstSync, storage, search, editor, customers, orderList, demoStorePage, syncAtScale]

const strict = process.argv.includes('--strict')
/**
 * `--only=2,4` runs some figures (while working on one), named by number or by their name's
 * words joined with hyphens (`--only=sync-at-scale,search`); the default is all.
 */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',')
const slug = (figure: Figure) => figure.name.split(' ').slice(1).join('-')
const wanted = (figure: Figure) => !only || only.includes(figure.name.split(' ')[0]!) || only.includes(slug(figure))

async function main() {
  const started = Date.now()
  const figures = FIGURES.filter(wanted)
  const unknown = only?.filter((name) => !FIGURES.some((f) => f.name.split(' ')[0] === name || slug(f) === name))
  if (unknown?.length) throw new Error(`--only: no figure ${unknown.join(', ')} (the figures: ${FIGURES.map((f) => `${f.name.split(' ')[0]} or ${slug(f)}`).join(', ')})`)
  console.info('Building the app (electron-vite) and the bench page…')
  // --no-build reuses out/ (while working on the bench; a clean checkout needs the build).
  if (!process.argv.includes('--no-build')) execFileSync(join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: 'ignore', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })
  const benchDir = await buildBenchPage()
  // The store the app syncs from and the browser shell's host run in their own processes, as in
  // `npm run web` (a store is another machine): the host's work for each page of orders (the API
  // client's validation, the JSON answer to the page) is part of what figure 1 measures.
  const store = await startStore(10_000)
  const blank = await serveBlankPage()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  const report = new Report()
  const loadAverages: Record<string, number> = {}
  let host: Host | null = null
  /** The shared connected app (benchApp), held in an object: the figures' calls set it. */
  const shared: { current: { app: ConnectedApp; page: Page } | null } = { current: null }
  const context: BenchContext = {
    report,
    browser,
    benchDir,
    store,
    blankUrl: blank.url,
    host: async () => (host ??= await startHost(store.url)),
    benchApp: async () => {
      if (!shared.current) {
        const h = await context.host()
        const app = await connectApp(h)
        shared.current = { app, page: await openBenchPage(app, h, benchDir) }
      }
      return shared.current
    },
  }
  try {
    for (const [i, figure] of figures.entries()) {
      const [load] = loadavg()
      console.info(`Measuring ${figure.name}… (load average ${round(load!, 1)} on ${cpus().length} cores)`)
      loadAverages[figure.name] = round(load!, 1)
      try {
        await figure.run(context)
      } catch (error) {
        report.notMeasured(figure.name, figure.measure, figure.budget, reasonOf(error))
      }
      // The shared app goes once no later figure uses it: its profile holds 100,000 orders.
      if (shared.current && !figures.slice(i + 1).some((f) => f.benchApp)) {
        await shared.current.app.close()
        shared.current = null
      }
    }
    const results: Results = { ranAt: new Date(started).toISOString(), machine: machine(browser.version()), loadAverageAtStart: loadAverages, seconds: Math.round((Date.now() - started) / 1000), rows: report.rows }
    const saved = saveResults(join(root, 'bench/results.json'), results, only !== undefined)
    console.info(`\nMachine: ${results.machine.nproc} cores (${results.machine.cpu}), memory: ${results.machine.memory}, Chromium ${results.machine.chromium}, Node ${results.machine.node}`)
    console.info(`Load average as each figure started: ${Object.entries(loadAverages).map(([f, l]) => `${f}: ${l}`).join(', ')}; ${round(results.seconds! / 60, 1)} minutes in all\n`)
    printTable(report.rows)
    if (only) console.info('\nPartial run (--only): its rows replaced in bench/results.json; README.md and docs/benchmarks.md left alone')
    else if (process.argv.includes('--no-docs')) console.info('\nWritten to bench/results.json')
    else {
      const files = docsFiles(root)
      const written = files.filter((file) => writeTableInto(file, saved))
      console.info(`\nWritten to bench/results.json and the tables of ${written.map((f) => f.slice(root.length + 1)).join(' and ')}`)
      const unmarked = files.filter((f) => !written.includes(f))
      if (unmarked.length > 0) console.warn(`No bench markers in ${unmarked.map((f) => f.slice(root.length + 1)).join(' and ')}: its table was not written`)
    }
  } finally {
    await shared.current?.app.close()
    await browser.close()
    await (host as Host | null)?.stop()
    await store.stop()
    blank.server.close()
    rmSync(benchDir, { recursive: true, force: true })
  }
  const missed = report.rows.filter((r) => r.pass === false).length
  if (strict && (missed > 0 || report.rows.some((r) => r.value === null))) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
