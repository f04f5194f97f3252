// `npm run bench` (issue 8): the eight figures, each measured side by side with its baseline in
// the same run, printed as a table with the budgets (a FAILING line when one is missed) and
// written to bench/results.json. Runs the browser shell (its web host as its own process) on the
// system Chromium against a demo store in its own process (figure 6's store runs in this one).
// Exit code is non-zero on a missed budget only with --strict.
// How each figure is measured: docs/benchmarks.md.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { cpus, freemem, loadavg, totalmem, tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { build } from 'vite'
import vue from '@vitejs/plugin-vue'
import { startDemoStore } from '../electron/demo-store/embedded'
import { findChromium } from '../e2e/support/chromium'
import { startProcess } from '../e2e/support/processes'
import { chromiumCpu, cpuBetween, cpuMeter, cpuTotal, peakResidentMB, type CpuByGroup, type CpuMeter } from './process-cpu'
import { figureCustomers } from './customers'

const root = resolve(import.meta.dirname, '..')
const strict = process.argv.includes('--strict')
/** `--only=2,4` runs some figures (while working on one); the default is all eight. */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',')
const wanted = (figure: string) => !only || only.includes(figure.split(' ')[0]!)
// --expose-gc and precise memory info let figure 2 weigh the order index (a collected heap before and after).
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--js-flags=--expose-gc', '--enable-precise-memory-info']

interface Row {
  figure: string
  measure: string
  value: number | null
  unit: string
  baseline: number | null
  baselineLabel: string
  /** value / baseline, when both exist. */
  ratio: number | null
  budget: string
  /** null: no budget on this line, or not measured. */
  pass: boolean | null
  note?: string
}

const rows: Row[] = []
/** The machine's 1-minute load average as each figure started: other work skews every figure. */
const loadAverages: Record<string, number> = {}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}
const median = (values: number[]) => percentile(values, 50)
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

function add(row: Omit<Row, 'ratio'> & { ratio?: number | null }) {
  const ratio = row.ratio !== undefined ? row.ratio : row.value !== null && row.baseline !== null && row.baseline > 0 ? row.value / row.baseline : null
  rows.push({ ...row, ratio })
}

function notMeasured(figure: string, measure: string, budget: string, reason: string) {
  rows.push({ figure, measure, value: null, unit: '', baseline: null, baselineLabel: '', ratio: null, budget, pass: null, note: `not measured: ${reason}` })
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error))

// ---------------------------------------------------------------- bench page (bench/page)

async function buildBenchPage(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'storedesk-bench-page-'))
  await build({
    configFile: false,
    root: join(root, 'bench/page'),
    base: './',
    logLevel: 'warn',
    // The data layer reaches a screen component (install.ts asks about local work with one).
    plugins: [vue()],
    resolve: { alias: { '@': join(root, 'renderer/src'), '@common': join(root, 'electron/common') } },
    build: { outDir, emptyOutDir: true, minify: true, sourcemap: false },
  })
  return outDir
}

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/** Where the bench page is served on the web host's origin (routed by Playwright: the host never sees it). */
const BENCH_PATH = '/__bench'

/** A blank page on its own server: figure 5's baseline, a static page in the same browser. */
function serveBlankPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/blank.html') return void res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end('<!doctype html><html lang="en"><title>blank</title><main><h1>Blank</h1><button>Ready</button></main></html>')
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/blank.html`, server })))
}

async function mintToken(storeUrl: string): Promise<string> {
  const res = await fetch(`${storeUrl}/__demo/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scopes: ['read_orders', 'write_orders', 'read_content', 'write_content'] }) })
  if (!res.ok) throw new Error(`minting a demo token: ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/**
 * A browser profile on disk: an incognito context keeps IndexedDB in memory, which is neither
 * what a user has nor able to hold 100,000 orders (the renderer was killed).
 */
async function diskContext(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'storedesk-bench-chromium-'))
  const context = await chromium.launchPersistentContext(dir, { executablePath: findChromium(), args: CHROMIUM_ARGS })
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The app in the browser shell, connected to the demo store (through its consent page, unless the host already is), in a browser profile on disk. */
interface ConnectedApp {
  page: Page
  /** The connection's ID (its cache database is `storedesk-<id>`). */
  connectionId: string
  close: () => Promise<void>
}

async function connectApp(host: Host): Promise<ConnectedApp> {
  const disk = await diskContext()
  const context = disk.context
  const page = await context.newPage()
  page.on('crash', () => console.error('The page crashed (out of memory?)'))
  await page.goto(host.url)
  // The host keeps its connections: once an earlier figure connected, the app opens on Orders.
  const tryDemo = page.getByRole('button', { name: 'Try the demo store' })
  const orders = page.getByRole('heading', { name: 'Orders', level: 1 })
  await tryDemo.or(orders).first().waitFor()
  if (await tryDemo.isVisible()) {
    const [consent] = await Promise.all([context.waitForEvent('page'), tryDemo.click()])
    await consent.getByRole('button', { name: 'Install' }).click()
    await consent.getByText(/connected/i).first().waitFor()
    await consent.close()
  }
  await orders.waitFor()
  // The cache database is opened once the first screen reads it: wait for its name.
  const found = await page.waitForFunction(async () => (await indexedDB.databases()).map((d) => d.name ?? '').find((d) => d.startsWith('storedesk-')) ?? false, undefined, { timeout: 30_000 })
  const connectionId = ((await found.jsonValue()) as string).slice('storedesk-'.length)
  return { page, connectionId, close: disk.close }
}

/**
 * Serves the bench page on the app's own origin (routed, never reaching the host) and opens it
 * in the app's tab (which stops the app's own startup sync): its store calls then go to the web
 * host as the app's do, with the app's session cookie, for the app's connection.
 */
async function openBenchPage(app: ConnectedApp, host: Host, benchDir: string): Promise<Page> {
  const { page } = app
  await page.route(`${host.origin}${BENCH_PATH}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(BENCH_PATH.length).replace(/^\//, '') || 'index.html'
    const file = join(benchDir, path)
    if (!existsSync(file)) return route.fulfill({ status: 404 })
    // Cross-origin isolated, so performance.now() ticks in 5 µs rather than 100 µs: figure 4's
    // keystrokes take under a millisecond, and coarse ticks moved its ratio from 0.5x to 1.18x.
    const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
    await route.fulfill({ status: 200, contentType: MIME[extname(file)] ?? 'application/octet-stream', headers: isolation, body: readFileSync(file) })
  })
  await loadBenchPage(page, host, app.connectionId)
  return page
}

/** (Re)loads the bench page in its tab: a fresh JS context, so a figure's memory is not what an earlier one left. */
async function loadBenchPage(page: Page, host: Host, connectionId: string): Promise<void> {
  await page.goto(`${host.origin}${BENCH_PATH}/index.html`)
  await page.waitForFunction(() => document.title === 'Storedesk bench ready')
  await page.evaluate((id) => window.storedeskBench.useConnection(id), connectionId)
}

// ---------------------------------------------------------------- figures

/** Figure 1's samples: the sync and its raw baseline alternate, so both meet the machine in the same state. */
const SYNC_SAMPLES = 3

/** The processes figure 1 meters apart from Chromium (the rest). */
type BenchProcesses = 'store' | 'host'

interface SyncSample {
  ms: number
  count: number
  /** CPU seconds each process group used during the sample; null without /proc. */
  cpu: CpuByGroup<BenchProcesses> | null
}

async function sampled<R extends { ms: number; count: number }>(meter: CpuMeter<BenchProcesses> | null, run: () => Promise<R>): Promise<R & SyncSample> {
  const before = meter?.read()
  const result = await run()
  return { ...result, cpu: meter && before ? cpuBetween(before, meter.read()) : null }
}

/** The sample of median time (its CPU account belongs to one real run). */
function medianSample<S extends SyncSample>(samples: S[]): S {
  return [...samples].sort((a, b) => a.ms - b.ms)[Math.floor((samples.length - 1) / 2)]!
}

const secondsList = (samples: SyncSample[]) => samples.map((s) => round(s.ms / 1000)).join(', ')

/** CPU seconds per 10,000 orders without the demo store's share (a real store is another machine). */
function cpuPer10k(cpu: CpuByGroup<BenchProcesses>, orders: number): number {
  return ((cpuTotal(cpu) - cpu.store) * 10_000) / orders
}

/** At 60 Hz a frame interval is 16.7 ms: a frame within budget is one delivered on the next vsync. */
const FRAME_BUDGET_MS = 16.7 + 1

/** The share of frame intervals delivered on the next vsync. */
function onTimeShare(deltas: number[]): number {
  return deltas.filter((d) => d <= FRAME_BUDGET_MS).length / deltas.length
}

/** Clicks Orders in the app's sidebar; the time until the list shows its first order number, and when the click was. */
function timeFirstRow(page: Page): Promise<{ firstRow: number; clickedAt: number }> {
  return page.evaluate(async () => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>('nav a')].find((a) => a.textContent?.trim() === 'Orders')!
    const start = performance.now()
    link.click()
    return new Promise<{ firstRow: number; clickedAt: number }>((done) => {
      const check = () => (document.querySelector('[role="grid"][aria-label="Orders"] .order-row__number') ? done({ firstRow: performance.now() - start, clickedAt: start }) : requestAnimationFrame(check))
      check()
    })
  })
}

interface SyncStateRow {
  resource: string
  cursor: number | null
  complete: boolean
  lastSyncAt: number | null
  lastError: string | null
}

/** Every resource's sync state in the app's cache database, read with raw IndexedDB beside the app. */
function readSyncStates(page: Page, database: string): Promise<SyncStateRow[]> {
  return page.evaluate(
    (name) =>
      new Promise<SyncStateRow[]>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('syncState').objectStore('syncState').getAll()
          read.onerror = () => reject(read.error)
          read.onsuccess = () => {
            open.result.close()
            resolve(read.result)
          }
        }
      }),
    database,
  )
}

/** CPU seconds per process kind, for a row's label: `web host 0.5, Chromium 2.1 (browser 1.4, renderer 0.6, …)`. */
function cpuLabel(cpu: CpuByGroup<BenchProcesses>): string {
  const kinds = (['browser', 'renderer', 'network', 'storage', 'gpu', 'other'] as const).filter((k) => cpu[k] >= 0.005).map((k) => `${k} ${round(cpu[k])}`)
  return `web host ${round(cpu.host)} s, Chromium ${round(chromiumCpu(cpu))} s: ${kinds.join(', ')}`
}

/** The CPU budget of a first sync, per 10,000 orders, without the demo store's share (a real store is another machine). */
const SYNC_CPU_BUDGET = 3.0

async function figureSync(page: Page, meter: CpuMeter<BenchProcesses> | null) {
  const fetchedAll = await page.evaluate(() => window.storedeskBench.fetchAllOrders())
  const count = fetchedAll.count
  const syncs: SyncSample[] = []
  const minimals: SyncSample[] = []
  const raws: SyncSample[] = []
  const indexedRaws: (SyncSample & { indexes: number })[] = []
  for (let i = 0; i < SYNC_SAMPLES; i++) {
    syncs.push(await sampled(meter, () => page.evaluate(() => window.storedeskBench.firstSync('bench-first-sync'))))
    minimals.push(await sampled(meter, () => page.evaluate(() => window.storedeskBench.minimalSync('bench-minimal-sync'))))
    raws.push(await sampled(meter, () => page.evaluate(() => window.storedeskBench.rawBulkWrite('bench-raw-write'))))
    indexedRaws.push(await sampled(meter, () => page.evaluate(() => window.storedeskBench.rawBulkWrite('bench-raw-write-indexed', true))))
  }
  const writes = await sampled(meter, () => page.evaluate(() => window.storedeskBench.firstSync('bench-first-sync-from-memory', true)))
  const short = [...syncs, ...minimals, writes].find((s) => s.count !== count)
  if (short) throw new Error(`a sync cached ${short.count} of ${count} orders`)
  const sync = medianSample(syncs)
  const minimal = medianSample(minimals)
  const raw = medianSample(raws)
  const indexedRaw = medianSample(indexedRaws)
  const seconds = sync.ms / 1000
  const minimalSeconds = round(minimal.ms / 1000)
  const minimalLabel = 'minimal pipeline: same pages, transport, host and schema, raw IndexedDB'
  add({ figure: '1 first sync', measure: `${count.toLocaleString('en-US')} orders into the cache (median of ${SYNC_SAMPLES}: ${secondsList(syncs)} s)`, value: round(seconds), unit: 's', baseline: minimalSeconds, baselineLabel: `${minimalLabel}; median of ${SYNC_SAMPLES}: ${secondsList(minimals)} s`, budget: '≤ 1.15x baseline', pass: sync.ms / minimal.ms <= 1.15 })
  add({ figure: '1 first sync', measure: 'throughput', value: Math.round(count / seconds), unit: 'orders/s', baseline: Math.round(count / (minimal.ms / 1000)), baselineLabel: 'minimal pipeline', budget: '', pass: null })
  // Reference rows (informational): the storage limit, the schema's share, the writes alone
  // (the same sync answered from pages fetched beforehand) and the pages alone.
  const rawSeconds = round(raw.ms / 1000)
  add({ figure: '1 first sync', measure: `reference: the same orders in one raw IndexedDB transaction, no indexes (median of ${SYNC_SAMPLES}: ${secondsList(raws)} s)`, value: rawSeconds, unit: 's', baseline: minimalSeconds, baselineLabel: 'minimal pipeline', budget: '', pass: null })
  add({ figure: '1 first sync', measure: `the raw write into an object store with the cache's ${indexedRaw.indexes} order indexes (median of ${SYNC_SAMPLES}: ${secondsList(indexedRaws)} s)`, value: round(indexedRaw.ms / 1000), unit: 's', baseline: rawSeconds, baselineLabel: 'raw, no indexes', budget: '', pass: null })
  add({ figure: '1 first sync', measure: 'the same sync, pages already in memory (the writes alone)', value: round(writes.ms / 1000), unit: 's', baseline: minimalSeconds, baselineLabel: 'minimal pipeline', budget: '', pass: null })
  add({ figure: '1 first sync', measure: `the pages alone, one after another (${fetchedAll.pages} requests through the transport and host)`, value: round(fetchedAll.ms / 1000), unit: 's', baseline: minimalSeconds, baselineLabel: 'minimal pipeline', budget: '', pass: null })
  if (!sync.cpu || !minimal.cpu || !raw.cpu) {
    notMeasured('1 first sync', `CPU per 10,000 orders without the demo store`, `≤ ${SYNC_CPU_BUDGET} CPU s`, 'no /proc to read processes from (Linux only)')
    return
  }
  // CPU: what each process used during the median sample. The demo store's share is left out
  // of the budget (a real store is another machine) and shown on its own row.
  const syncCpu = cpuPer10k(sync.cpu, count)
  add({ figure: '1 first sync', measure: `CPU per 10,000 orders without the demo store (${cpuLabel(sync.cpu)})`, value: round(syncCpu), unit: 'CPU s', baseline: round(cpuPer10k(minimal.cpu, count)), baselineLabel: `minimal pipeline (${cpuLabel(minimal.cpu)})`, budget: `≤ ${SYNC_CPU_BUDGET} CPU s`, pass: syncCpu <= SYNC_CPU_BUDGET })
  add({ figure: '1 first sync', measure: "the demo store's CPU during the sync (serialising the pages)", value: round(sync.cpu.store), unit: 'CPU s', baseline: round(minimal.cpu.store), baselineLabel: 'minimal pipeline', budget: '', pass: null })
  const cpuRow = (measure: string, cpu: CpuByGroup<BenchProcesses> | null) => {
    if (cpu) add({ figure: '1 first sync', measure: `${measure} (${cpuLabel(cpu)})`, value: round(cpuTotal(cpu) - cpu.store), unit: 'CPU s', baseline: round(cpuTotal(raw.cpu!)), baselineLabel: 'raw, no indexes, all of it Chromium', budget: '', pass: null })
  }
  cpuRow("CPU during the raw write into the cache's order indexes", indexedRaw.cpu)
  cpuRow('CPU during the writes alone', writes.cpu)
  // The floor: no schedule of the same work on this machine's cores finishes sooner than its
  // CPU time spread over all of them.
  const cores = cpus().length
  add({ figure: '1 first sync', measure: `the sync's floor on ${cores} cores without the demo store (its CPU time / ${cores})`, value: round((cpuTotal(sync.cpu) - sync.cpu.store) / cores), unit: 's', baseline: round(seconds), baselineLabel: 'the sync', budget: '', pass: null })
}

const SEARCHES: { name: string; query: Record<string, unknown> }[] = [
  { name: 'order number', query: { search: '104242' } },
  { name: 'e-mail', query: { search: '@example' } },
  { name: 'product name', query: { search: 'mug' } },
  { name: 'status filter', query: { status: 'wc-processing' } },
  // Issue 15's kinds: a name either way round, without its apostrophe or its accent, phone
  // digits written like a phone (two scans: as typed and as digits), a tracking number (the
  // USPS prefix: many hits, so the sort is measured too), a SKU, a number with "#".
  // Omar Walker is among the bench store's customers (default seed, 10,000 orders).
  { name: 'name, first last', query: { search: 'omar walker' } },
  { name: 'name, last first', query: { search: 'walker omar' } },
  { name: 'name, apostrophe folded', query: { search: 'obrien' } },
  { name: 'name, accent folded', query: { search: 'chloe' } },
  { name: 'tracking number', query: { search: '9400' } },
  { name: 'phone, formatted', query: { search: '+1 (312) 55' } },
  { name: 'SKU', query: { search: 'sd-003-wal' } },
  { name: '#number', query: { search: '#10424' } },
]

async function figureSearch(page: Page) {
  const seededCount = await page.evaluate(() => window.storedeskBench.seedCache('bench-search', 100_000))
  const index = await page.evaluate(() => window.storedeskBench.loadIndex())
  if (index.size !== seededCount) throw new Error(`the order index holds ${index.size} of ${seededCount} orders`)
  add({ figure: '2 search', measure: `order index load from the cache, ${seededCount.toLocaleString('en-US')} orders (once per session, off the first row)`, value: Math.round(index.ms), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
  if (index.bytes === null) notMeasured('2 search', 'order index memory', '', 'the page cannot force a garbage collection')
  else add({ figure: '2 search', measure: `order index memory, ${seededCount.toLocaleString('en-US')} orders (JS heap growth)`, value: round(index.bytes / 2 ** 20, 1), unit: 'MB', baseline: null, baselineLabel: '', budget: '', pass: null })
  for (const { name, query } of SEARCHES) {
    const { cache, memory, hits } = await page.evaluate(([q, runs]) => window.storedeskBench.queryTimes(q, runs, 45_000), [query, 20] as const)
    const p95 = percentile(cache, 95)
    add({ figure: '2 search', measure: `${name} (${hits.toLocaleString('en-US')} hits, ${cache.length} runs) p50`, value: round(median(cache)), unit: 'ms', baseline: round(median(memory)), baselineLabel: 'Array filter+sort in memory', budget: '', pass: null })
    add({ figure: '2 search', measure: `${name} p95 over ${seededCount.toLocaleString('en-US')}`, value: round(p95), unit: 'ms', baseline: round(percentile(memory, 95)), baselineLabel: 'Array filter+sort in memory', budget: '< 30 ms', pass: p95 < 30 })
  }
  await page.evaluate(() => window.storedeskBench.dropSeeded())
}

/** Figure 4's alternating rounds of 200 keystrokes per editor. */
const EDITOR_ROUNDS = 3

async function figureEditor(page: Page) {
  const { app, bare } = await page.evaluate(([rounds]) => window.storedeskBench.editorLatency(20_000, 200, rounds), [EDITOR_ROUNDS] as const)
  const p95 = percentile(app, 95)
  const bareP95 = percentile(bare, 95)
  add({ figure: '4 editor', measure: `keystroke p95, 20,000-word post (${EDITOR_ROUNDS} alternating rounds of 200 each)`, value: round(p95), unit: 'ms', baseline: round(bareP95), baselineLabel: 'bare StarterKit, same post', budget: '≤ 1.2x and < 16 ms', pass: p95 / bareP95 <= 1.2 && p95 < 16 })
}

interface Host {
  url: string
  origin: string
  pid: number
  stop: () => Promise<void>
}

async function startHost(storeUrl: string): Promise<Host> {
  const profile = mkdtempSync(join(tmpdir(), 'storedesk-bench-profile-'))
  const host = await startProcess('electron/web-host/cli.ts', ['--port', '0', '--profile', profile, '--no-open', '--demo-store-url', storeUrl], /Storedesk: (http:\/\/127\.0\.0\.1:\d+\/\S*)/)
  return {
    url: host.url,
    origin: new URL(host.url).origin,
    pid: host.pid,
    stop: async () => {
      await host.stop()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

async function figureColdStart(browser: Browser, host: Host, blankUrl: string) {
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
        const fromTiming = await page.evaluate(() => {
          const paint = performance.getEntriesByType('paint').find((p) => p.name === 'first-paint') ?? performance.getEntriesByType('paint')[0]
          const before = paint ? paint.startTime : Infinity
          return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.js') && r.startTime < before).map((r) => r.name)
        })
        const entryScripts = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src))
        // Read through the page's context: the host answers only with this launch's session cookie.
        for (const script of new Set([...entryScripts, ...fromTiming])) {
          const response = await context.request.get(script)
          if (!response.ok()) throw new Error(`${script}: ${response.status()}`)
          scripts.push({ url: script, body: await response.body() })
        }
      }
      await context.close()
    }
  }
  const start = median(appTimes)
  add({ figure: '5 cold start', measure: 'renderer to interactive (Connect page)', value: Math.round(start), unit: 'ms', baseline: Math.round(median(blankTimes)), baselineLabel: 'static page, same browser', budget: '< 1 s', pass: start < 1000 })
  let gzipped = 0
  let plain = 0
  for (const { body } of scripts) {
    plain += body.length
    gzipped += gzipSync(body, { level: 9 }).length
  }
  add({ figure: '5 cold start', measure: `JS before first paint (${scripts.length} files, gzip)`, value: round(gzipped / 1024, 1), unit: 'KB', baseline: round(plain / 1024, 1), baselineLabel: 'same files uncompressed', budget: '< 250 KB', pass: gzipped < 250 * 1024 })
}

/** Opens of the order list right after the app starts, while its startup sync writes (figure 3). */
const DURING_SYNC_OPENS = 10

async function figureOrderList(host: Host, benchDir: string) {
  const app = await connectApp(host)
  const { page, connectionId } = app
  const name = `storedesk-${connectionId}`
  try {
    // The bench page, on the app's origin, fills the app's own cache database through the data
    // layer's Dexie class with copies of the store's orders (fetched through the host).
    await openBenchPage(app, host, benchDir)
    await page.evaluate(() => window.storedeskBench.fetchAllOrders())
    const seeded = await page.evaluate((id) => window.storedeskBench.seedCache(id, 100_000), connectionId)
    await page.unroute(`${host.origin}${BENCH_PATH}/**`)

    /**
     * Reloads the app on Collections: a screen that does not read orders, so the order list (and
     * its index) has not been opened in this page. Settings cannot serve: a public route does
     * not load the connection, so its sidebar has no Orders link.
     */
    const reloadElsewhere = async () => {
      const since = Date.now()
      await page.goto(`${host.url}#/collections`)
      // tsx names the functions inside evaluate() bodies with an `__name` helper the page lacks.
      await page.evaluate('window.__name = (fn) => fn')
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).waitFor()
      return since
    }
    // At once after the app starts, its startup sync (renderer/src/data/sync.ts) is still writing:
    // its transactions cover the orders table, so the list's reads wait for them. Ten opens, each
    // right after a reload: the budget is on their 95th percentile. One open before them, reported
    // on its own: the first after the bench filled the cache, which is also the first time the
    // app's order list code runs again in this profile (it measured 350–470 ms, the ten after it
    // 90–200 ms). A user meets it once, on the first launch after an install or an update.
    await reloadElsewhere()
    const firstLaunch = (await timeFirstRow(page)).firstRow
    const duringSync: number[] = []
    for (let sample = 0; sample < DURING_SYNC_OPENS; sample++) {
      await reloadElsewhere()
      duringSync.push((await timeFirstRow(page)).firstRow)
    }

    // Then the measured case, three times (one open is one sample; the row gives the median and
    // all three): the startup sync has finished (every resource's state written since the
    // reload), the order list has still never been opened in the page.
    const settle = async (since: number) => {
      const start = Date.now()
      while (Date.now() - start < 60_000) {
        const all = await readSyncStates(page, name)
        if (all.length > 0 && all.every((s) => s.cursor === null && ((s.lastSyncAt ?? 0) >= since || s.lastError))) return Date.now() - start
        await new Promise((wait) => setTimeout(wait, 200))
      }
      return null
    }
    const opens: number[] = []
    let settledEveryTime = true
    let clickedAt = 0
    for (let sample = 0; sample < 3; sample++) {
      const since = await reloadElsewhere()
      if ((await settle(since)) === null) settledEveryTime = false
      const open = await timeFirstRow(page)
      opens.push(open.firstRow)
      clickedAt = open.clickedAt
    }
    const firstRow = median(opens)
    // Until the order index has loaded the list holds its first window only: scroll the whole list.
    const wholeList = await page.evaluate(
      ([count, started]) =>
        new Promise<number>((done) => {
          const check = () => (document.querySelector('.orders-page__header')?.textContent?.includes(`${count} orders`) ? done(performance.now() - started) : requestAnimationFrame(check))
          check()
        }),
      [seeded.toLocaleString('en-US'), clickedAt] as const,
    )
    const frames = await page.evaluate(async () => {
      const collect = (count: number, step?: (i: number) => boolean) =>
        new Promise<number[]>((done) => {
          const deltas: number[] = []
          let last = performance.now()
          let i = 0
          const tick = (now: number) => {
            deltas.push(now - last)
            last = now
            i++
            const more = step ? step(i) : i < count
            if (more && i < count) requestAnimationFrame(tick)
            else done(deltas)
          }
          requestAnimationFrame((now) => {
            last = now
            requestAnimationFrame(tick)
          })
        })
      const idle = await collect(240)
      const scroller = document.querySelector<HTMLElement>('.v-vl[role="grid"][aria-label="Orders"]')
      if (!scroller) throw new Error('the Orders grid is not the virtual list scroller')
      const perFrame = Math.max(1, Math.ceil(scroller.scrollHeight / 1500))
      const scrolling = await collect(5000, () => {
        scroller.scrollTop += perFrame
        return scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1
      })
      return { idle, scrolling, reachedEnd: scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 }
    })
    const settledNote = settledEveryTime ? '' : ', startup sync NOT always finished after 60 s'
    const samples = opens.map((ms) => Math.round(ms)).join(', ')
    add({ figure: '3 order list', measure: `time to first row, ${seeded.toLocaleString('en-US')} cached (median of 3 opens: ${samples} ms${settledNote})`, value: Math.round(firstRow), unit: 'ms', baseline: null, baselineLabel: '', budget: '< 200 ms', pass: firstRow < 200 })
    add({ figure: '3 order list', measure: `time to the whole list (order index loaded, count shown)`, value: Math.round(wholeList), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    const duringSyncP95 = percentile(duringSync, 95)
    add({ figure: '3 order list', measure: `time to first row while the app's startup sync still writes, p95 of ${duringSync.length} opens (${duringSync.map((ms) => Math.round(ms)).join(', ')} ms)`, value: Math.round(duringSyncP95), unit: 'ms', baseline: null, baselineLabel: '', budget: '< 200 ms', pass: duringSyncP95 < 200 })
    add({ figure: '3 order list', measure: 'the same, the first open after the cache was filled (the first launch after an install or update)', value: Math.round(firstLaunch), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    add({
      figure: '3 order list',
      measure: `frames on time while scrolling to the end (${frames.scrolling.length} frames${frames.reachedEnd ? '' : ', end NOT reached'})`,
      value: round(onTimeShare(frames.scrolling) * 100, 1),
      unit: '%',
      baseline: round(onTimeShare(frames.idle) * 100, 1),
      baselineLabel: 'idle page, same tab',
      budget: '≥ 95% within one 60 Hz frame',
      pass: onTimeShare(frames.scrolling) >= 0.95 && frames.reachedEnd,
    })
    add({ figure: '3 order list', measure: 'scroll frame time p95', value: round(percentile(frames.scrolling, 95)), unit: 'ms', baseline: round(percentile(frames.idle, 95)), baselineLabel: 'idle page, same tab', budget: '', pass: null })
  } finally {
    await app.close()
  }
}

/** Orders in figure 7's store: the first sync at scale. */
const SCALE_ORDERS = 100_000
/** Frames figure 7 scrolls the list for while its sync runs. */
const SCALE_SCROLL_FRAMES = 600

/**
 * Figure 7: the app's own first sync of 100,000 orders, end to end, in a fresh profile against a
 * demo store of its own (own process, rate limit off) through a web host of its own. While it
 * runs, the operator's paths are measured in the app itself: opening the order list (time to the
 * first row), searching it for an order number already synced, and scrolling it.
 */
async function figureSyncAtScale() {
  const store = await startProcess('electron/demo-store/cli.ts', ['--port', '0', '--orders', String(SCALE_ORDERS), '--no-rate-limit'], /Demo store: (http:\/\/127\.0\.0\.1:\d+)/)
  const host = await startHost(store.url)
  let app: ConnectedApp | null = null
  try {
    // Order numbers the sync writes first (newest changes first), to search for while it runs.
    const token = await mintToken(store.url)
    const firstPage = (await (await fetch(`${store.url}/openapi/2025-04/orders?page=1&page_size=20&sort=-modified_date`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { number: string }[] }
    const numbers = firstPage.data.map((o) => o.number)
    const meter = cpuMeter({ store: store.pid, host: host.pid })
    const before = meter?.read()
    const started = Date.now()
    app = await connectApp(host)
    const { page, connectionId } = app
    await page.evaluate('window.__name = (fn) => fn')
    const database = `storedesk-${connectionId}`
    const ordersState = async () => (await readSyncStates(page, database)).find((state) => state.resource === 'orders') ?? null
    const nav = page.getByRole('navigation', { name: 'Main' })
    const firstRows: number[] = []
    const searches: number[] = []
    let frames: { deltas: number[]; reachedEnd: boolean } | null = null
    let heapPeak = 0
    let state = await ordersState()
    // Until the sync completes: leave the list, open it again (first row), search it, and once scroll it.
    for (let round = 0; !state?.complete && Date.now() - started < 600_000; round++) {
      await nav.getByRole('link', { name: 'Collections', exact: true }).click()
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor()
      firstRows.push((await timeFirstRow(page)).firstRow)
      searches.push(
        await page.evaluate((candidates) => {
          const shown = () => [...document.querySelectorAll('[role="grid"][aria-label="Orders"] .order-row__number')].map((r) => r.textContent?.trim())
          // An order the list does not show yet, so its row appearing is the search's answer
          // (from the store while the cache fills, from the cache's index once it holds it).
          const before = new Set(shown())
          const wanted = candidates.map((n) => `#${n}`).find((n) => !before.has(n)) ?? `#${candidates[0]}`
          const input = document.querySelector<HTMLInputElement>('input[aria-label="Search orders"]')!
          const start = performance.now()
          input.value = wanted
          input.dispatchEvent(new Event('input', { bubbles: true }))
          return new Promise<number>((done) => {
            const check = () => (shown().includes(wanted) ? done(performance.now() - start) : requestAnimationFrame(check))
            check()
          })
        }, numbers.slice(round % numbers.length).concat(numbers.slice(0, round % numbers.length))),
      )
      await page.getByRole('textbox', { name: 'Search orders' }).fill('')
      if (!frames) {
        frames = await page.evaluate(async (frameCount) => {
          const scroller = document.querySelector<HTMLElement>('.v-vl[role="grid"][aria-label="Orders"]')
          if (!scroller) throw new Error('the Orders grid is not the virtual list scroller')
          // Once the cleared search has given the list back (several screens of rows).
          const waitStart = performance.now()
          while (scroller.scrollHeight < scroller.clientHeight * 4 && performance.now() - waitStart < 10_000) await new Promise((r) => setTimeout(r, 50))
          if (scroller.scrollHeight < scroller.clientHeight * 4) return null
          // A fixed number of frames, turning back at either end: the list's length while the
          // cache fills (the store's pages, then the index) must not decide how many are measured.
          const deltas: number[] = []
          let reachedEnd = false
          await new Promise<void>((done) => {
            let last = 0
            let i = 0
            let step = 40
            const tick = (now: number) => {
              if (last) deltas.push(now - last)
              last = now
              scroller.scrollTop += step
              if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
                reachedEnd = true
                step = -40
              } else if (scroller.scrollTop <= 0) step = 40
              if (++i < frameCount) requestAnimationFrame(tick)
              else done()
            }
            requestAnimationFrame(tick)
          })
          return { deltas, reachedEnd }
        }, SCALE_SCROLL_FRAMES)
      }
      heapPeak = Math.max(heapPeak, await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0))
      state = await ordersState()
    }
    if (!state?.complete) throw new Error(`the first sync of ${SCALE_ORDERS.toLocaleString('en-US')} orders did not complete in 10 minutes${state?.lastError ? `: ${state.lastError}` : ''}`)
    const seconds = (Date.now() - started) / 1000
    const cpu = meter && before ? cpuBetween(before, meter.read()) : null
    const label = `${SCALE_ORDERS.toLocaleString('en-US')} orders`
    add({ figure: '7 sync at scale', measure: `first sync of ${label}, end to end (connect to complete)`, value: round(seconds, 1), unit: 's', baseline: null, baselineLabel: '', budget: '', pass: null })
    if (cpu) {
      add({ figure: '7 sync at scale', measure: `CPU without the demo store (${cpuLabel(cpu)})`, value: round(cpuTotal(cpu) - cpu.store, 1), unit: 'CPU s', baseline: null, baselineLabel: '', budget: '', pass: null })
      const per10k = cpuPer10k(cpu, SCALE_ORDERS)
      // No budget here: figure 1 holds the sync's own CPU to one; this one also pays for the
      // list opened, searched and scrolled in every round while the sync runs.
      add({ figure: '7 sync at scale', measure: 'CPU per 10,000 orders without the demo store (the sync and the rounds of use while it runs)', value: round(per10k), unit: 'CPU s', baseline: null, baselineLabel: '', budget: '', pass: null })
      add({ figure: '7 sync at scale', measure: "the demo store's CPU", value: round(cpu.store, 1), unit: 'CPU s', baseline: null, baselineLabel: '', budget: '', pass: null })
    }
    const rss = peakResidentMB('renderer')
    if (rss !== null) add({ figure: '7 sync at scale', measure: 'peak renderer memory (resident, VmHWM of the largest renderer process)', value: Math.round(rss), unit: 'MB', baseline: null, baselineLabel: '', budget: '', pass: null })
    if (heapPeak > 0) add({ figure: '7 sync at scale', measure: "peak JS heap of the app's page, sampled once per round", value: round(heapPeak / 2 ** 20, 1), unit: 'MB', baseline: null, baselineLabel: '', budget: '', pass: null })
    const firstRowP95 = percentile(firstRows, 95)
    // Measured, as the issue asks; the budget on the first row while a sync writes is figure 3's
    // (the startup sync a user meets on every launch). Here both cores are busy with the sync.
    add({ figure: '7 sync at scale', measure: `time to first row while it runs, p95 of ${firstRows.length} opens`, value: Math.round(firstRowP95), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    add({ figure: '7 sync at scale', measure: `search for #number of an order not shown yet, while it runs: typing to its row (the 150 ms and, while the cache fills, the store query's 200 ms debounces included), p95 of ${searches.length}`, value: Math.round(percentile(searches, 95)), unit: 'ms', baseline: null, baselineLabel: '', budget: '', pass: null })
    if (frames) {
      const share = onTimeShare(frames.deltas)
      add({ figure: '7 sync at scale', measure: `frames on time while scrolling the list during the sync (${frames.deltas.length} frames, down and back${frames.reachedEnd ? '' : ', end NOT reached'})`, value: round(share * 100, 1), unit: '%', baseline: null, baselineLabel: '', budget: '≥ 95% within one 60 Hz frame', pass: share >= 0.95 })
    }
  } finally {
    await app?.close()
    await host.stop()
    await store.stop()
  }
}

async function figureDemoStorePage() {
  const store = await startDemoStore({ orders: 100_000, rateLimit: false })
  try {
    const token = await mintToken(store.url)
    const get = async (query: string) => {
      const start = performance.now()
      const res = await fetch(`${store.url}/openapi/2025-04/orders?${query}`, { headers: { Authorization: `Bearer ${token}` } })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`orders page: ${res.status}`)
      return performance.now() - start
    }
    await get('page=1&page_size=250')
    const full: number[] = []
    const tiny: number[] = []
    for (let i = 0; i < 30; i++) {
      const page = 1 + ((i * 37) % 400)
      full.push(await get(`page=${page}&page_size=250`))
      tiny.push(await get(`page=${page * 250}&page_size=1`))
    }
    const p95 = percentile(full, 95)
    add({ figure: '6 demo store', measure: 'one page of 250 from 100,000 orders p95', value: round(p95), unit: 'ms', baseline: round(percentile(tiny, 95)), baselineLabel: 'page of 1, same offsets', budget: '< 50 ms', pass: p95 < 50 })
  } finally {
    await store.stop()
  }
}

// ---------------------------------------------------------------- report

function machine(chromiumVersion: string) {
  const sh = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).trim()
    } catch {
      return null
    }
  }
  return {
    nproc: Number(sh('nproc', [])) || cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memory: sh('free', ['-h'])?.split('\n')[1]?.replace(/\s+/g, ' ') ?? `${round(totalmem() / 2 ** 30, 1)} GiB total, ${round(freemem() / 2 ** 30, 1)} GiB free`,
    chromium: chromiumVersion,
    node: process.version,
  }
}

function printTable() {
  const head = ['Figure', 'Measure', 'Value', 'Baseline', 'Ratio', 'Budget', '']
  const body = rows.map((r) => [
    r.figure,
    r.measure,
    r.value === null ? (r.note ?? '') : `${r.value} ${r.unit}`,
    r.baseline === null ? '' : `${r.baseline} ${r.unit} (${r.baselineLabel})`,
    r.ratio === null ? '' : `${round(r.ratio)}x`,
    r.budget,
    r.pass === null ? '' : r.pass ? 'ok' : 'FAILING',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')
  console.info(line(head))
  console.info(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const b of body) console.info(line(b))
  for (const r of rows.filter((x) => x.pass === false)) console.info(`FAILING: ${r.figure} — ${r.measure}: ${r.value} ${r.unit}, budget ${r.budget}`)
}

async function main() {
  console.info('Building the app (electron-vite) and the bench page…')
  // --no-build reuses out/ (while working on the bench; a clean checkout needs the build).
  if (!process.argv.includes('--no-build')) execFileSync(join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: 'ignore', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })
  const benchDir = await buildBenchPage()
  // The store the app syncs from and the browser shell's host run in their own processes, as in
  // `npm run web` (a store is another machine): the host's work for each page of orders (the API
  // client's validation, the JSON answer to the page) is part of what figure 1 measures.
  const store = await startProcess('electron/demo-store/cli.ts', ['--port', '0', '--orders', '10000', '--no-rate-limit'], /Demo store: (http:\/\/127\.0\.0\.1:\d+)/)
  const blank = await serveBlankPage()
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  let host: Host | null = null
  try {
    const step = async (figure: string, measure: string, budget: string, run: () => Promise<void>) => {
      if (!wanted(figure)) return
      const [load] = loadavg()
      console.info(`Measuring ${figure}… (load average ${round(load!, 1)} on ${cpus().length} cores)`)
      loadAverages[figure] = round(load!, 1)
      try {
        await run()
      } catch (error) {
        notMeasured(figure, measure, budget, reasonOf(error))
      }
    }
    // Every figure but 6 runs in (or beside) the browser shell; 6 alone needs neither it nor the build.
    if (['1', '2', '3', '4', '5', '8'].some((figure) => wanted(figure))) host = await startHost(store.url)
    // First, while no store is connected yet: a new user's first screen.
    await step('5 cold start', 'renderer to interactive / JS before first paint', '< 1 s / < 250 KB', () => figureColdStart(browser, host!, blank.url))
    if (wanted('1 first sync') || wanted('2 search') || wanted('4 editor') || wanted('8 customers')) {
      const app = await connectApp(host!)
      try {
        const page = await openBenchPage(app, host!, benchDir)
        await step('1 first sync', '10,000 orders into the cache', '≤ 1.15x baseline', () => figureSync(page, cpuMeter({ store: store.pid, host: host!.pid })))
        await step('2 search', 'queries over 100,000 cached orders', '< 30 ms', async () => {
          // Figure 1's nine databases leave memory that is freed over many tasks, some of them
          // during the index's load (it then read 1.7-7.8 MB of growth against 16-22 MB alone).
          await loadBenchPage(page, host!, app.connectionId)
          await figureSearch(page)
        })
        await step('4 editor', 'keystroke p95, 20,000-word post', '≤ 1.2x and < 16 ms', () => figureEditor(page))
        await step('8 customers', 'Customers list at 100,000 orders', '< 300 ms / < 30 ms', async () => {
          await loadBenchPage(page, host!, app.connectionId)
          await figureCustomers(page, { add, percentile, round })
        })
      } finally {
        await app.close()
      }
    }
    await step('3 order list', 'first row and scroll frames, 100,000 cached', '< 200 ms / 95% < 16 ms', () => figureOrderList(host!, benchDir))
    await step('6 demo store', 'page of 250 from 100,000 orders', '< 50 ms', () => figureDemoStorePage())
    await step('7 sync at scale', 'first sync of 100,000 orders', '< 200 ms / ≥ 95%', () => figureSyncAtScale())
    rows.sort((a, b) => a.figure.localeCompare(b.figure))
    const results = { ranAt: new Date().toISOString(), machine: machine(browser.version()), loadAverageAtStart: loadAverages, rows }
    // A partial run (--only) replaces only its figures' rows in the last full table.
    const resultsFile = join(root, 'bench/results.json')
    if (only && existsSync(resultsFile)) {
      // The top-level machine, time and load averages stay those of the full run the other rows
      // came from; each rerun figure records its own.
      const previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: Row[]; rerun?: Record<string, unknown> }
      const merged = [...previous.rows.filter((r) => !wanted(r.figure)), ...rows].sort((a, b) => a.figure.localeCompare(b.figure))
      const rerun = { ...previous.rerun, ...Object.fromEntries(Object.entries(loadAverages).map(([f, loadAverage]) => [f, { ranAt: results.ranAt, machine: results.machine, loadAverage }])) }
      writeFileSync(resultsFile, JSON.stringify({ ...previous, rerun, rows: merged }, null, 2) + '\n')
    } else writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n')
    console.info(`\nMachine: ${results.machine.nproc} cores (${results.machine.cpu}), memory: ${results.machine.memory}, Chromium ${results.machine.chromium}, Node ${results.machine.node}`)
    console.info(`Load average as each figure started: ${Object.entries(loadAverages).map(([f, l]) => `${f}: ${l}`).join(', ')}\n`)
    printTable()
    console.info(only ? '\nPartial run (--only): its rows replaced in bench/results.json' : '\nWritten to bench/results.json')
  } finally {
    await browser.close()
    await host?.stop()
    await store.stop()
    blank.server.close()
    rmSync(benchDir, { recursive: true, force: true })
  }
  const missed = rows.filter((r) => r.pass === false).length
  if (strict && (missed > 0 || rows.some((r) => r.value === null))) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
