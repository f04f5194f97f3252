// The fixtures every spec uses. `demoStore` is a fresh demo store (its own process, seed 42)
// that the test can also read and fault directly; `storedesk` is Storedesk on a fresh profile,
// in the browser shell (default) or the Electron shell (E2E_SHELL=electron), with a restart on
// the same profile; `otherDesk` is a second Storedesk on its own profile (two desks on one
// store). `page` is the app's window. Page errors and console errors fail the test unless it declares them expected.
import { test as base, expect, _electron, type Browser, type Page } from '@playwright/test'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startProcess, type Started } from './processes'

export interface DemoStoreHandle {
  url: string
  /** Calls a demo-only control route (docs/demo-store.md), e.g. control('POST', '/faults', {...}). */
  control(method: string, path: string, body?: unknown): Promise<unknown>
  /** Reads the store's API with a token minted through the control routes, as another client would. */
  api(path: string, init?: RequestInit): Promise<Response>
}

interface Fixtures {
  demoStoreOptions: string[]
  demoStore: DemoStoreHandle
  profileDir: string
  /** Console errors the test expects (matched by substring); any other fails it. */
  allowedConsoleErrors: string[]
  /**
   * The app's window; a restart of the whole app on the same profile (host and window), which
   * also starts it again after a crash; and a crash: the app's process group SIGKILLed (the
   * browser shell's host: its window outlives it until the restart; Electron: the window dies too).
   */
  storedesk: { page: Page; restart: () => Promise<Page>; crash: () => Promise<void> }
  page: Page
  /** A second Storedesk on a profile of its own, connected to nothing yet: another desk on the same demo store. */
  otherDesk: { page: Page }
}

const root = resolve(import.meta.dirname, '../..')
export const CONTROL_PREFIX = '/__demo'

/**
 * Every spec runs as a person who asked for reduced motion (the app then shows dialogs in place):
 * a Naive UI dialog still scaling in on a loaded machine once moved its button out from under a
 * click Playwright had judged stable. shell.spec.ts checks the app honours the setting.
 */
const REDUCED_MOTION = 'reduce'

export const test = base.extend<Fixtures>({
  demoStoreOptions: [['--seed', '42'], { option: true }],

  demoStore: async ({ demoStoreOptions }, use) => {
    const proc: Started = await startProcess('electron/demo-store/cli.ts', ['--port', '0', ...demoStoreOptions], /Demo store: (http:\/\/127\.0\.0\.1:\d+)/)
    let token: string | null = null
    const control = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(proc.url + CONTROL_PREFIX + path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!res.ok) throw new Error(`control ${method} ${path} → ${res.status}: ${await res.text()}`)
      const text = await res.text()
      return text ? JSON.parse(text) : null
    }
    const handle: DemoStoreHandle = {
      url: proc.url,
      control,
      async api(path, init = {}) {
        token ??= ((await control('POST', '/tokens', { scopes: ['read_orders', 'write_orders', 'read_content', 'write_content'] })) as { access_token: string }).access_token
        return fetch(proc.url + path, { ...init, headers: { ...(init.headers ?? {}), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })
      },
    }
    await use(handle)
    await proc.stop()
  },

  profileDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'storedesk-e2e-'))
    await use(dir)
    rmSync(dir, { recursive: true, force: true })
  },

  allowedConsoleErrors: [[], { option: true }],

  page: async ({ storedesk }, use) => {
    await use(storedesk.page)
  },

  storedesk: async ({ browser, demoStore, profileDir, allowedConsoleErrors }, use, testInfo) => {
    const problems: string[] = []
    const app = await launchApp(browser, demoStore, profileDir, watchFor(problems, allowedConsoleErrors))
    await use({ page: app.page(), restart: app.restart, crash: app.crash })
    await app.close()
    if (testInfo.status !== testInfo.expectedStatus) testInfo.attach('host output', { body: app.output() })
    expect(problems, 'page and console errors').toEqual([])
  },

  otherDesk: async ({ browser, demoStore, allowedConsoleErrors }, use, testInfo) => {
    const dir = mkdtempSync(join(tmpdir(), 'storedesk-e2e-other-'))
    const problems: string[] = []
    const app = await launchApp(browser, demoStore, dir, watchFor(problems, allowedConsoleErrors))
    await use({ page: app.page() })
    await app.close()
    if (testInfo.status !== testInfo.expectedStatus) testInfo.attach('other desk host output', { body: app.output() })
    rmSync(dir, { recursive: true, force: true })
    expect(problems, 'page and console errors on the other desk').toEqual([])
  },
})

/** Records a page's errors and unexpected console errors into `problems`. */
function watchFor(problems: string[], allowedConsoleErrors: string[]) {
  return (page: Page) => {
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}${error.stack ? `\n${error.stack}` : ''}`))
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = message.text()
      if (!allowedConsoleErrors.some((allowed) => text.includes(allowed))) problems.push(`console error: ${text}`)
    })
  }
}

interface LaunchedApp {
  page: () => Page
  /** Starts the app again on its profile (after a crash too). */
  restart: () => Promise<Page>
  /** The app's process group SIGKILLed. */
  crash: () => Promise<void>
  close: () => Promise<void>
  /** The browser shell host's output (empty for Electron). */
  output: () => string
}

/** Storedesk on `profileDir`, in the browser shell (default) or the Electron shell, its windows watched. */
async function launchApp(browser: Browser, demoStore: DemoStoreHandle, profileDir: string, watch: (page: Page) => void): Promise<LaunchedApp> {
  if (process.env.E2E_SHELL === 'electron') {
    const launch = async () => {
      const app = await _electron.launch({
        args: [join(root, 'out/main/index.js'), `--profile=${profileDir}`],
        env: { ...process.env, STOREDESK_DEMO_STORE_URL: demoStore.url } as Record<string, string>,
      })
      const page = await app.firstWindow()
      await page.emulateMedia({ reducedMotion: REDUCED_MOTION })
      watch(page)
      return { app, page }
    }
    let running = await launch()
    let crashed = false
    return {
      page: () => running.page,
      restart: async () => {
        if (!crashed) await running.app.close()
        crashed = false
        running = await launch()
        return running.page
      },
      crash: async () => {
        const main = running.app.process()
        const exited = new Promise((done) => main.once('exit', done))
        process.kill(main.pid!, 'SIGKILL')
        await exited
        crashed = true
      },
      close: async () => {
        if (!crashed) await running.app.close()
      },
      output: () => '',
    }
  }
  if (!existsSync(join(root, 'out/renderer/index.html'))) throw new Error('Build the renderer first: npm run build')
  // No --port: the host keeps its profile's port, as a person's `npm run web` does, so a
  // restarted host serves the same origin and the browser's offline data is still there.
  const launch = () => startProcess('electron/web-host/cli.ts', ['--profile', profileDir, '--no-open', '--demo-store-url', demoStore.url], /Storedesk: (http:\/\/127\.0\.0\.1:\d+\/\S*)/, { group: true })
  let host = await launch()
  const context = await browser.newContext({ reducedMotion: REDUCED_MOTION })
  context.on('page', watch)
  let page = await context.newPage()
  await page.goto(host.url)
  return {
    page: () => page,
    restart: async () => {
      await page.close()
      await host.stop()
      host = await launch()
      page = await context.newPage()
      await page.goto(host.url)
      return page
    },
    crash: () => host.kill(),
    close: async () => {
      await context.close()
      await host.stop()
    },
    output: () => host.output(),
  }
}

export { expect }
