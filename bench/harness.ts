// What the figures share: the bench page's build, the processes a figure measures (demo store,
// the browser shell's web host, Chromium), a browser profile on disk, the app connected to the
// demo store through its consent page, and the bench page served on the app's own origin.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { build } from 'vite'
import vue from '@vitejs/plugin-vue'
import { findChromium } from '../e2e/support/chromium'
import { startProcess } from '../e2e/support/processes'
import { chromiumCpu, cpuTotal, type CpuByGroup } from './process-cpu'
import { round, type Report } from './report'

export const root = resolve(import.meta.dirname, '..')

// --expose-gc and precise memory info let figure 2 weigh the order index (a collected heap before and after).
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--js-flags=--expose-gc', '--enable-precise-memory-info']

/** What every figure is handed by the runner. */
export interface BenchContext {
  report: Report
  browser: Browser
  /** The bench page's build (bench/page), served on the app's origin by openBenchPage. */
  benchDir: string
  /** The shared demo store of 10,000 orders (own process, rate limit off). */
  store: { url: string; pid: number }
  /** The shared web host on that store, started on first use. */
  host: () => Promise<Host>
  /** A static page with one button (figure 5's baseline). */
  blankUrl: string
  /** The app connected to the shared store, its tab showing the bench page: made on first use, shared by the figures marked `benchApp`. */
  benchApp: () => Promise<{ app: ConnectedApp; page: Page }>
}

export interface Figure {
  /** `1 first sync`: the number is what `--only=1` names. */
  name: string
  /** What the figure measures and its budget, for the line a figure that fails to run leaves. */
  measure: string
  budget: string
  /** Whether it measures in the shared connected app's bench page (the runner closes that app after the last such figure). */
  benchApp?: boolean
  run: (context: BenchContext) => Promise<void>
}

// ---------------------------------------------------------------- bench page (bench/page)

export async function buildBenchPage(): Promise<string> {
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

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' }

/** Where the bench page is served on the web host's origin (routed by Playwright: the host never sees it). */
export const BENCH_PATH = '/__bench'

/** A blank page on its own server: figure 5's baseline, a static page in the same browser. */
export function serveBlankPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/blank.html') return void res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end('<!doctype html><html lang="en"><title>blank</title><main><h1>Blank</h1><button>Ready</button></main></html>')
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/blank.html`, server })))
}

export async function mintToken(storeUrl: string): Promise<string> {
  const res = await fetch(`${storeUrl}/__demo/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scopes: ['read_orders', 'write_orders', 'read_content', 'write_content'] }) })
  if (!res.ok) throw new Error(`minting a demo token: ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/** Starts a demo store in its own process (as `npm run demo-store`; a store is another machine). */
export function startStore(orders: number, { rateLimit = false } = {}) {
  return startProcess('electron/demo-store/cli.ts', ['--port', '0', '--orders', String(orders), ...(rateLimit ? [] : ['--no-rate-limit'])], /Demo store: (http:\/\/127\.0\.0\.1:\d+)/)
}

/**
 * A browser profile on disk: an incognito context keeps IndexedDB in memory, which is neither
 * what a user has nor able to hold 100,000 orders (the renderer was killed).
 */
export async function diskContext(): Promise<{ context: BrowserContext; dir: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'storedesk-bench-chromium-'))
  const context = await chromium.launchPersistentContext(dir, { executablePath: findChromium(), args: CHROMIUM_ARGS })
  return {
    context,
    dir,
    close: async () => {
      await context.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Host {
  url: string
  origin: string
  pid: number
  stop: () => Promise<void>
}

/** The browser shell's web host, in its own process, as `npm run web` runs it, on `storeUrl` as its demo store. */
export async function startHost(storeUrl: string): Promise<Host> {
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

/** The app in the browser shell, connected to the demo store (through its consent page, unless the host already is), in a browser profile on disk. */
export interface ConnectedApp {
  page: Page
  /** The connection's ID (its cache database is `storedesk-<id>`). */
  connectionId: string
  /** The browser profile's folder. */
  profileDir: string
  close: () => Promise<void>
}

export async function connectApp(host: Host): Promise<ConnectedApp> {
  const disk = await diskContext()
  const page = await disk.context.newPage()
  const connectionId = await connectInPage(disk.context, page, host)
  return { page, connectionId, profileDir: disk.dir, close: disk.close }
}

/** Opens the app in `page`, connects it to the host's demo store (unless the host already is) and answers the connection's ID once its cache database is open. */
async function connectInPage(context: BrowserContext, page: Page, host: Host): Promise<string> {
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
  // tsx names the functions inside evaluate() bodies with an `__name` helper the page lacks.
  await page.evaluate('window.__name = (fn) => fn')
  return connectionId
}

/** What a figure asks of a page it only reads from (and scripts, as a user's clicks would): Playwright's Page, or a DetachedApp. */
export interface Evaluates {
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>
}

/** The app connected as connectApp connects it, then running with no debugger attached but a bare session that evaluates script. */
export interface DetachedApp extends Evaluates {
  connectionId: string
  profileDir: string
  close: () => Promise<void>
}

/**
 * The app as its user runs it, with no DevTools attached. Playwright enables DevTools' Network
 * domain on every page it drives, and Blink then keeps each response's body in the renderer for
 * DevTools to show (up to 200 MB): a sync of 100,000 orders fills it, and the renderer's resident
 * memory counted it as the app's (docs/benchmarks.md, figure 7). So Chromium is started here
 * with a debugging port, Playwright connects over it only to walk the consent page, then lets go
 * (its sessions detach and Blink drops what it kept), and the page is read through a session of
 * our own that sends Runtime.evaluate and nothing else.
 */
export async function connectDetachedApp(host: Host): Promise<DetachedApp> {
  const dir = mkdtempSync(join(tmpdir(), 'storedesk-bench-chromium-'))
  const chromiumProcess = spawn(findChromium(), [...CHROMIUM_ARGS, ...UNTHROTTLED_ARGS, '--headless', `--user-data-dir=${dir}`, '--remote-debugging-port=0', '--window-size=1280,720', 'about:blank'], { stdio: 'ignore' })
  const exited = new Promise<void>((done) => chromiumProcess.once('exit', () => done()))
  const close = async () => {
    chromiumProcess.kill()
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const port = await devToolsPort(dir)
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
    const context = browser.contexts()[0]!
    const page = context.pages()[0] ?? (await context.newPage())
    const connectionId = await connectInPage(context, page, host)
    // Disconnects (a browser Playwright connected to keeps running, its pages open).
    await browser.close()
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[]
    const target = targets.find((t) => t.type === 'page' && t.url.startsWith(host.origin))
    if (!target) throw new Error('the app\'s page is gone after Playwright let go of the browser')
    const session = await evaluatingSession(target.webSocketDebuggerUrl)
    return {
      connectionId,
      profileDir: dir,
      evaluate: session.evaluate,
      close: async () => {
        session.close()
        await close()
      },
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** What Playwright passes to every Chromium it launches so a page it does not show runs as one on screen: the same for a browser started here. */
const UNTHROTTLED_ARGS = ['--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding']

/** The port Chromium wrote into its profile's DevToolsActivePort once it listens. */
async function devToolsPort(profileDir: string): Promise<number> {
  const file = join(profileDir, 'DevToolsActivePort')
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((r) => setTimeout(r, 100))) {
    const port = existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0
    if (port > 0) return port
  }
  throw new Error('Chromium did not open its debugging port within 30 s')
}

/** A DevTools session on one page that only evaluates: no domain enabled, so nothing is recorded for it. */
async function evaluatingSession(url: string): Promise<{ evaluate: Evaluates['evaluate']; close: () => void }> {
  const socket = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve()
    socket.onerror = () => reject(new Error(`no DevTools session at ${url}`))
  })
  let nextId = 0
  const waiting = new Map<number, (message: EvaluateAnswer) => void>()
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as EvaluateAnswer
    waiting.get(message.id)?.(message)
    waiting.delete(message.id)
  }
  const evaluate = <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const id = ++nextId
      waiting.set(id, (message) => {
        const failure = message.error?.message ?? message.result?.exceptionDetails?.exception?.description ?? message.result?.exceptionDetails?.text
        if (failure) reject(new Error(failure))
        else resolve(message.result?.result.value as R)
      })
      const expression = `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`
      socket.send(JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, awaitPromise: true, returnByValue: true } }))
    })
  return { evaluate, close: () => socket.close() }
}

interface EvaluateAnswer {
  id: number
  error?: { message: string }
  result?: { result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }
}

/**
 * Serves the bench page on the app's own origin (routed, never reaching the host) and opens it
 * in the app's tab (which stops the app's own startup sync): its store calls then go to the web
 * host as the app's do, with the app's session cookie, for the app's connection.
 */
export async function openBenchPage(app: ConnectedApp, host: Host, benchDir: string): Promise<Page> {
  const { page } = app
  await routeBenchPage(page, host.origin, benchDir)
  await loadBenchPage(page, host, app.connectionId)
  return page
}

/** Serves the bench page's files to `page` under `origin` + BENCH_PATH (routed: nothing reaches the origin's server). */
export async function routeBenchPage(page: Page, origin: string, benchDir: string): Promise<void> {
  await page.route(`${origin}${BENCH_PATH}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(BENCH_PATH.length).replace(/^\//, '') || 'index.html'
    const file = join(benchDir, path)
    if (!existsSync(file)) return route.fulfill({ status: 404 })
    // Cross-origin isolated, so performance.now() ticks in 5 µs rather than 100 µs: figure 4's
    // keystrokes take under a millisecond, and coarse ticks moved its ratio from 0.5x to 1.18x.
    const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
    await route.fulfill({ status: 200, contentType: MIME[extname(file)] ?? 'application/octet-stream', headers: isolation, body: readFileSync(file) })
  })
}

/** (Re)loads the bench page in its tab: a fresh JS context, so a figure's memory is not what an earlier one left. */
export async function loadBenchPage(page: Page, host: Host, connectionId: string): Promise<void> {
  await page.goto(`${host.origin}${BENCH_PATH}/index.html`)
  await page.waitForFunction(() => document.title === 'Storedesk bench ready')
  await page.evaluate((id) => window.storedeskBench.useConnection(id), connectionId)
}

// ---------------------------------------------------------------- what several figures read

/** The processes metered apart from Chromium (the rest). */
export type BenchProcesses = 'store' | 'host'

/** CPU seconds per 10,000 orders without the demo store's share (a real store is another machine). */
export function cpuPer10k(cpu: CpuByGroup<BenchProcesses>, orders: number): number {
  return ((cpuTotal(cpu) - cpu.store) * 10_000) / orders
}

/** CPU seconds per process kind, for a row's label: `web host 0.5, Chromium 2.1 (browser 1.4, renderer 0.6, …)`. */
export function cpuLabel(cpu: CpuByGroup<BenchProcesses>): string {
  const kinds = (['browser', 'renderer', 'network', 'storage', 'gpu', 'other'] as const).filter((k) => cpu[k] >= 0.005).map((k) => `${k} ${round(cpu[k])}`)
  return `web host ${round(cpu.host)} s, Chromium ${round(chromiumCpu(cpu))} s: ${kinds.join(', ')}`
}

/** At 60 Hz a frame interval is 16.7 ms: a frame within budget is one delivered on the next vsync. */
const FRAME_BUDGET_MS = 16.7 + 1

/** The share of frame intervals delivered on the next vsync. */
export function onTimeShare(deltas: number[]): number {
  return deltas.filter((d) => d <= FRAME_BUDGET_MS).length / deltas.length
}

/** Clicks Orders in the app's sidebar; the time until the list shows its first order number, and when the click was. */
export function timeFirstRow(page: Evaluates): Promise<{ firstRow: number; clickedAt: number }> {
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

export interface SyncStateRow {
  resource: string
  cursor: number | null
  complete: boolean
  lastSyncAt: number | null
  lastError: string | null
  storeTotal: number | null
}

/** Every resource's sync state in the app's cache database, read with raw IndexedDB beside the app. */
export function readSyncStates(page: Evaluates, database: string): Promise<SyncStateRow[]> {
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
