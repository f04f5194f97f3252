// The browser shell's host (docs/ipc.md): serves the built renderer on 127.0.0.1 and
// answers the IPC contract over HTTP (`POST /ipc/invoke/<channel>`) and Server-Sent
// Events (`GET /ipc/events`), plus the loopback OAuth redirect. Any web page the user
// visits can reach 127.0.0.1, so every request must prove it comes from the tab we
// launched: the Host header must be ours (DNS rebinding), a POST's Origin must be ours,
// and everything but the OAuth redirect needs the session cookie set from the secret
// printed at launch, or from a one-time launch code (mintLaunchCode) that the browser
// reads from a private file, so no process's command line carries anything that signs in.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie, setCookie } from 'hono/cookie'
import { html } from 'hono/html'
import { streamSSE } from 'hono/streaming'
import { z } from 'zod'
import { isChannelName, type IpcResult } from '../common/ipc-contract'
import type { MainServices } from '../services/host-contract'
import { rawJsonOf } from '../services/raw-json'
import { RendererIndex } from './renderer-index'

export const MAX_INVOKE_BODY_BYTES = 4 * 1024 * 1024
/** How long a launch code may wait for the browser to open it: a cold browser start, not more. */
export const LAUNCH_CODE_LIFETIME_MS = 60_000
const KEEP_ALIVE_MS = 15_000

export interface WebHostOptions {
  /** The built renderer (out/renderer), holding index.html. */
  rendererDir: string
  /** 0 picks a free port. */
  port?: number
  /** Builds the services once the port, hence the OAuth redirect URI, is known. */
  createServices(address: { origin: string; redirectUri: string }): Promise<MainServices>
  now?: () => number
}

export interface RunningWebHost {
  origin: string
  /** The URL printed for the user: it carries this launch's secret (never put it on a command line). */
  launchUrl: string
  /** A URL that signs one tab in, once, within LAUNCH_CODE_LIFETIME_MS: what the browser is sent to. */
  mintLaunchCode(): string
  services: MainServices
  /** Stops listening, ends open event streams and disposes the services. */
  close(): Promise<void>
}

const InvokeBody = z.object({ args: z.array(z.unknown()) }).strict()

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/** Constant-time equality, also for strings of different lengths. */
function sameSecret(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected))
}

function failure(code: 'bad_request' | 'payload_too_large' | 'internal', message: string): IpcResult<never> {
  return { ok: false, error: { code, message } }
}

/**
 * The page a browser tab ends on after the store's consent page or a launch link: styled like
 * the app (light or dark as the system is), with what happened and what to do next.
 */
function resultPage(title: string, message: string, next: string, ok: boolean) {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${title} · Storedesk</title>
<style>
:root { color-scheme: light dark; --bg: #f5f6f8; --card: #fff; --text: #1f2225; --muted: #51565d; --ok: #18794e; --bad: #c0362c; }
@media (prefers-color-scheme: dark) { :root { --bg: #101014; --card: #1c1c21; --text: #e8e9eb; --muted: #b4b8bf; --ok: #4fd08f; --bad: #ff8a80; } }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { background: var(--card); border-radius: 12px; padding: 32px 40px; max-width: 480px; margin: 24px; box-shadow: 0 2px 12px rgb(0 0 0 / 0.12); }
.brand { font-weight: 600; color: var(--muted); margin: 0 0 12px; }
h1 { font-size: 1.4rem; margin: 0 0 8px; color: ${ok ? 'var(--ok)' : 'var(--bad)'}; }
p { margin: 0 0 8px; }
.next { color: var(--muted); }
</style></head>
<body><main><p class="brand">Storedesk</p><h1>${title}</h1><p role="status">${message}</p><p class="next">${next}</p></main></body></html>`
}

export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  // The CSP follows the index.html being served: a rebuild while the host runs (npm run build
  // beside npm run web) must not leave the old policy on the new page, and a build in progress
  // must not fail a request (renderer-index.ts).
  const index = new RendererIndex(join(options.rendererDir, 'index.html'))
  const launchSecret = randomBytes(32).toString('base64url')
  const sessionToken = randomBytes(32).toString('base64url')
  const closeStreams = new Set<() => void>()
  const now = options.now ?? Date.now
  /** One-time launch codes and when each stops working. */
  const launchCodes = new Map<string, number>()

  let port = 0
  let services: MainServices | undefined
  // Cookies ignore ports, so two hosts on 127.0.0.1 must not share a cookie name.
  const cookieName = () => `storedesk_session_${port}`
  const origin = () => `http://127.0.0.1:${port}`

  const app = new Hono()

  app.use(async (c, next) => {
    await next()
    c.res.headers.set('Content-Security-Policy', index.current().csp)
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
    c.res.headers.set('Referrer-Policy', 'no-referrer')
    c.res.headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    c.res.headers.set('X-Frame-Options', 'DENY')
  })

  app.use(async (c, next) => {
    if (c.req.header('host') !== `127.0.0.1:${port}`) return c.text('Refused: this host answers only on its own address.', 421)
    const requestOrigin = c.req.header('origin')
    const unsafeMethod = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    if (unsafeMethod && requestOrigin !== undefined && requestOrigin !== origin()) return c.text('Refused: foreign origin.', 403)
    if (!services) return c.text('Storedesk is starting.', 503)
    return next()
  })

  // The OAuth redirect arrives from the store's consent page, with no cookie of ours
  // (SameSite=Strict): the services decide whether it matches a pending attempt.
  app.get('/oauth/callback', async (c) => {
    const outcome = await services!.handleOAuthCallback(c.req.url)
    const message = outcome.ok ? 'Its orders, checkouts and blog posts are being read into Storedesk now.' : `Storedesk did not connect: ${outcome.error?.message ?? 'the callback was refused.'}`
    c.header('Cache-Control', 'no-store')
    return c.html(
      resultPage(outcome.ok ? 'Storedesk is connected to the store' : 'Storedesk did not connect', message, outcome.ok ? 'You can close this tab and go back to Storedesk.' : 'Close this tab and start connecting again in Storedesk.', outcome.ok),
      outcome.ok ? 200 : 400,
    )
  })

  // The store's app_url launch link (shop, timestamp, hmac): like the OAuth redirect it
  // arrives without our cookie, and the services decide whether its signature holds.
  app.get('/launch', async (c) => {
    const outcome = await services!.handleLaunchLink(c.req.url)
    c.header('Cache-Control', 'no-store')
    if (outcome.ok) return c.redirect('/', 302)
    return c.html(resultPage('Launch link refused', outcome.error?.message ?? 'The launch link was refused.', 'Open Storedesk from the link `npm run web` printed.', false), 400)
  })

  app.get('/', async (c, next) => {
    const given = c.req.query('launch')
    if (given === undefined) return next()
    if (!sameSecret(given, launchSecret)) return c.text('Refused: this launch link is not the current one. Use the link `npm run web` printed.', 403)
    setCookie(c, cookieName(), sessionToken, { httpOnly: true, sameSite: 'Strict', path: '/' })
    c.header('Cache-Control', 'no-store')
    return c.redirect('/', 302)
  })

  app.get('/launch-code', (c) => {
    const code = c.req.query('code') ?? ''
    const expires = launchCodes.get(code)
    // Used up on the first attempt, right or late: a copied code never works twice.
    launchCodes.delete(code)
    c.header('Cache-Control', 'no-store')
    if (expires === undefined || now() >= expires) {
      return c.text('Refused: this launch link was already used or is more than a minute old. Use the link `npm run web` printed.', 403)
    }
    setCookie(c, cookieName(), sessionToken, { httpOnly: true, sameSite: 'Strict', path: '/' })
    // The browser came here from a file:// page, a cross-site start: a redirect would carry
    // that start on and Chromium would withhold the Strict cookie from it. A navigation this
    // page starts itself is same-site, so the cookie goes along.
    return c.html('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>Storedesk</title></head><body><p>Opening Storedesk…</p></body></html>')
  })

  app.use(async (c, next) => {
    if (sameSecret(getCookie(c, cookieName()), sessionToken)) return next()
    return c.text('Not signed in: open the link `npm run web` printed (it carries this launch’s secret).', 401)
  })

  app.post(
    '/ipc/invoke/:channel',
    bodyLimit({ maxSize: MAX_INVOKE_BODY_BYTES, onError: (c) => c.json(failure('payload_too_large', 'The request is larger than 4 MiB.'), 413) }),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      const channel = c.req.param('channel')
      if (!isChannelName(channel)) return c.json(failure('bad_request', 'Unknown request.'), 400)
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return c.json(failure('bad_request', 'The request must be JSON.'), 415)
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        return c.json(failure('bad_request', 'The request is not valid JSON.'), 400)
      }
      const parsed = InvokeBody.safeParse(body)
      if (!parsed.success) return c.json(failure('bad_request', 'The request must be { "args": [...] }.'), 400)
      try {
        const result = await services!.invoke(channel, parsed.data.args)
        // A store answer checked from exactly this text goes out as that text (raw-json.ts).
        const raw = result.ok ? rawJsonOf(result.value) : undefined
        return raw === undefined ? c.json(result) : c.body(`{"ok":true,"value":${raw}}`, 200, { 'Content-Type': 'application/json' })
      } catch (error) {
        console.error(`${channel} failed inside the services:`, error instanceof Error ? error.message : 'unknown error')
        return c.json(failure('internal', 'Something went wrong inside Storedesk.'), 500)
      }
    },
  )

  app.get('/ipc/events', (c) =>
    streamSSE(c, async (stream) => {
      let ended = false
      let wake: () => void = () => {}
      const end = () => {
        ended = true
        wake()
      }
      const unsubscribe = services!.onEvent((event, payload) => {
        void stream.writeSSE({ data: JSON.stringify({ event, payload }) })
      })
      closeStreams.add(end)
      stream.onAbort(end)
      // A comment line keeps proxies and idle timers from closing a quiet stream.
      await stream.write(': connected\n\n')
      while (!ended) {
        await new Promise<void>((resume) => {
          wake = resume
          setTimeout(resume, KEEP_ALIVE_MS).unref()
        })
        if (!ended) await stream.write(': keep-alive\n\n')
      }
      unsubscribe()
      closeStreams.delete(end)
      await stream.close()
    }),
  )

  app.get('/*', serveStatic({ root: options.rendererDir }))
  // Browsers ask for /favicon.ico on their own; a 404 there would be a console error in every tab.
  app.get('/favicon.ico', (c) => c.body(null, 204))
  // Client-side routes (`/orders/123`) load the app; a missing asset (`/x.js`) stays a 404.
  app.get('/*', async (c, next) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return next()
    c.header('Cache-Control', 'no-store')
    return c.html(index.current().html)
  })

  app.onError((error, c) => {
    console.error('web host error:', error.message)
    return c.text('Something went wrong inside Storedesk.', 500)
  })

  const server: ServerType = await new Promise((resolveServer, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port
      resolveServer(started)
    })
    started.once('error', reject)
  })

  try {
    services = await options.createServices({ origin: origin(), redirectUri: `${origin()}/oauth/callback` })
  } catch (error) {
    server.close()
    throw error
  }
  const ready = services

  return {
    origin: origin(),
    launchUrl: `${origin()}/?launch=${launchSecret}`,
    mintLaunchCode() {
      for (const [code, expires] of launchCodes) if (now() >= expires) launchCodes.delete(code)
      const code = randomBytes(32).toString('base64url')
      launchCodes.set(code, now() + LAUNCH_CODE_LIFETIME_MS)
      return `${origin()}/launch-code?code=${code}`
    },
    services: ready,
    async close() {
      for (const end of closeStreams) end()
      await new Promise<void>((done) => {
        server.close(() => done())
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      await ready.dispose()
    },
  }
}
