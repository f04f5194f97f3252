// The browser shell's host over real HTTP on a free port, with a recording stand-in for the
// services: what a tab without the launch secret, a foreign page, or a rebinding DNS name can
// and cannot do, and that a real tab's calls and events reach the services and come back.
import { request } from 'node:http'
import { mkdtempSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChannelName, ConnectOutcome, EventName, IpcResult } from '../common/ipc-contract'
import type { MainServices } from '../services/host-contract'
import { LAUNCH_CODE_LIFETIME_MS, MAX_INVOKE_BODY_BYTES, startWebHost, type RunningWebHost } from './server'

const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'"

class RecordingServices implements MainServices {
  readonly invoked: { channel: ChannelName; args: unknown }[] = []
  readonly callbacks: string[] = []
  callbackOutcome: ConnectOutcome = { attemptId: 'a1', ok: true, connectionId: 'c1' }
  disposed = false
  private listeners = new Set<(event: EventName, payload: unknown) => void>()

  async invoke(channel: ChannelName, args: unknown): Promise<IpcResult<unknown>> {
    this.invoked.push({ channel, args })
    return { ok: true, value: { echoed: args } }
  }
  onEvent(listener: (event: EventName, payload: unknown) => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  get listenerCount() {
    return this.listeners.size
  }
  emit(event: EventName, payload: unknown) {
    for (const listener of this.listeners) listener(event, payload)
  }
  async handleOAuthCallback(url: string) {
    this.callbacks.push(url)
    return this.callbackOutcome
  }
  readonly launches: string[] = []
  launchOutcome: ConnectOutcome = { attemptId: null, ok: true, connectionId: 'c1' }
  async handleLaunchLink(url: string): Promise<ConnectOutcome> {
    this.launches.push(url)
    return this.launchOutcome
  }
  async dispose() {
    this.disposed = true
  }
}

interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** node:http rather than fetch, so a test can send any Host or Origin header. */
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolveReply({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

let rendererDir: string
let services: RecordingServices
let host: RunningWebHost
let receivedRedirectUri: string
let clock: number

beforeEach(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'storedesk-renderer-'))
  mkdirSync(join(rendererDir, 'assets'))
  writeFileSync(
    join(rendererDir, 'index.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}"><title>Storedesk</title></head><body><div id="app"></div></body></html>`,
  )
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.info("app")')
  services = new RecordingServices()
  clock = Date.parse('2026-01-01T10:00:00Z')
  host = await startWebHost({
    rendererDir,
    port: 0,
    now: () => clock,
    createServices: async ({ redirectUri }) => {
      receivedRedirectUri = redirectUri
      return services
    },
  })
})

afterEach(async () => {
  await host.close()
  rmSync(rendererDir, { recursive: true, force: true })
})

/** Opens the launch URL as a browser would and returns the session cookie it set. */
async function signIn(): Promise<string> {
  const reply = await send(host.launchUrl)
  const cookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? [])[0] ?? ''
  return cookie.split(';')[0]!
}

function invoke(cookie: string, channel: string, body: string, headers: Record<string, string> = {}) {
  return send(`${host.origin}/ipc/invoke/${channel}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: host.origin, ...headers },
    body,
  })
}

describe('launch and session', () => {
  it('prints a launch URL on 127.0.0.1 with a secret of at least 128 bits, and gives the services the loopback redirect URI', () => {
    expect(host.launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?launch=[A-Za-z0-9_-]+$/)
    const secret = new URL(host.launchUrl).searchParams.get('launch')!
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(receivedRedirectUri).toBe(`${host.origin}/oauth/callback`)
  })

  it('turns the launch secret into an HttpOnly SameSite=Strict cookie and redirects to /', async () => {
    const reply = await send(host.launchUrl)
    expect(reply.status).toBe(302)
    expect(reply.headers.location).toBe('/')
    const cookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? [])[0] ?? ''
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).not.toContain(new URL(host.launchUrl).searchParams.get('launch'))

    const page = await send(`${host.origin}/`, { headers: { Cookie: cookie.split(';')[0]! } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<div id="app">')
  })

  it('refuses a wrong launch secret without setting a cookie', async () => {
    const reply = await send(`${host.origin}/?launch=guessed`)
    expect(reply.status).toBe(403)
    expect(reply.headers['set-cookie']).toBeUndefined()
  })

  it('signs a tab in once with a launch code, which is not the launch secret and then stops working', async () => {
    const codeUrl = host.mintLaunchCode()
    expect(codeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/launch-code\?code=[A-Za-z0-9_-]{43}$/)
    expect(codeUrl).not.toContain(new URL(host.launchUrl).searchParams.get('launch'))
    expect(host.mintLaunchCode()).not.toBe(codeUrl)

    const first = await send(codeUrl)
    expect(first.status).toBe(200)
    // A page that navigates itself, not a redirect: see the route's comment.
    expect(first.body).toContain('<meta http-equiv="refresh" content="0;url=/">')
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? [])[0] ?? ''
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect((await send(`${host.origin}/`, { headers: { Cookie: cookie.split(';')[0]! } })).status).toBe(200)

    const again = await send(codeUrl)
    expect(again.status).toBe(403)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a launch code older than its lifetime, and a made-up one', async () => {
    const codeUrl = host.mintLaunchCode()
    clock += LAUNCH_CODE_LIFETIME_MS
    const late = await send(codeUrl)
    expect(late.status).toBe(403)
    expect(late.body).toContain('already used or is more than a minute old')
    expect(late.headers['set-cookie']).toBeUndefined()
    expect((await send(`${host.origin}/launch-code?code=guessed`)).status).toBe(403)
    expect((await send(`${host.origin}/launch-code`)).status).toBe(403)
  })

  it('refuses the app, its assets and the IPC routes without the cookie', async () => {
    expect((await send(`${host.origin}/`)).status).toBe(401)
    expect((await send(`${host.origin}/assets/app.js`)).status).toBe(401)
    expect((await send(`${host.origin}/ipc/events`)).status).toBe(401)
    const call = await invoke('storedesk_session_1=forged', 'app.getInfo', '{"args":[]}')
    expect(call.status).toBe(401)
    expect(services.invoked).toEqual([])
  })
})

describe('requests from elsewhere', () => {
  it('refuses a Host header other than its own address (DNS rebinding), even with the cookie', async () => {
    const cookie = await signIn()
    const reply = await send(`${host.origin}/ipc/invoke/app.getInfo`, {
      method: 'POST',
      headers: { Host: `attacker.example:${new URL(host.origin).port}`, Cookie: cookie, 'Content-Type': 'application/json' },
      body: '{"args":[]}',
    })
    expect(reply.status).toBe(421)
    expect((await send(host.launchUrl, { headers: { Host: 'localhost' } })).status).toBe(421)
    expect(services.invoked).toEqual([])
  })

  it('refuses a POST from a foreign Origin, even with the cookie', async () => {
    const cookie = await signIn()
    const reply = await invoke(cookie, 'app.getInfo', '{"args":[]}', { Origin: 'https://evil.example' })
    expect(reply.status).toBe(403)
    expect(services.invoked).toEqual([])
  })
})

describe('invoke', () => {
  it('passes the channel and its arguments to the services and answers their IpcResult', async () => {
    const cookie = await signIn()
    const reply = await invoke(cookie, 'connections.setActive', JSON.stringify({ args: ['conn-1'] }))
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: { echoed: ['conn-1'] } })
    expect(services.invoked).toEqual([{ channel: 'connections.setActive', args: ['conn-1'] }])
  })

  it('answers bad_request for an unknown channel, broken JSON, a wrong body shape or a non-JSON type, and keeps serving', async () => {
    const cookie = await signIn()
    const cases = [
      await invoke(cookie, 'app.deleteEverything', '{"args":[]}'),
      await invoke(cookie, '__proto__', '{"args":[]}'),
      await invoke(cookie, 'app.getInfo', '{"args":['),
      await invoke(cookie, 'app.getInfo', '{"args":"not a list"}'),
      await invoke(cookie, 'app.getInfo', '{"args":[],"extra":1}'),
      await invoke(cookie, 'app.getInfo', 'null'),
      await invoke(cookie, 'app.getInfo', '{"args":[]}', { 'Content-Type': 'text/plain' }),
    ]
    for (const reply of cases) {
      expect(reply.status).toBeGreaterThanOrEqual(400)
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    }
    expect(services.invoked).toEqual([])
    expect(JSON.parse((await invoke(cookie, 'app.getInfo', '{"args":[]}')).body)).toMatchObject({ ok: true })
  })

  it('refuses a body over 4 MiB with payload_too_large', async () => {
    const cookie = await signIn()
    const reply = await invoke(cookie, 'app.getInfo', JSON.stringify({ args: ['x'.repeat(MAX_INVOKE_BODY_BYTES)] }))
    expect(reply.status).toBe(413)
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'payload_too_large' } })
    expect(services.invoked).toEqual([])
  })
})

describe('events', () => {
  it('streams each service event as data {event, payload} to a signed-in tab', async () => {
    const cookie = await signIn()
    const received = await new Promise<string>((resolveData, reject) => {
      const req = request(`${host.origin}/ipc/events`, { headers: { Cookie: cookie } }, (res) => {
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toMatch(/text\/event-stream/)
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
          if (text.includes(': connected') && services.listenerCount === 1 && !text.includes('data:')) {
            services.emit('store.onDidChangeReachability', { connectionId: 'c1', online: false, checkedAt: '2026-11-22T00:00:00.000Z' })
          }
          const data = /^data: (.*)$/m.exec(text)?.[1]
          if (data) {
            req.destroy()
            resolveData(data)
          }
        })
      })
      req.on('error', reject)
      req.end()
    })
    expect(JSON.parse(received)).toEqual({
      event: 'store.onDidChangeReachability',
      payload: { connectionId: 'c1', online: false, checkedAt: '2026-11-22T00:00:00.000Z' },
    })
    // The closed tab's subscription is dropped, so events stop going nowhere.
    await vi.waitFor(() => expect(services.listenerCount).toBe(0))
  })
})

describe('OAuth redirect', () => {
  it('hands the full callback URL to the services without needing the cookie, and tells the user to return', async () => {
    const reply = await send(`${host.origin}/oauth/callback?code=abc&shop=127.0.0.1%3A4010&state=s1&timestamp=1&hmac=ff`)
    expect(services.callbacks).toEqual([`${host.origin}/oauth/callback?code=abc&shop=127.0.0.1%3A4010&state=s1&timestamp=1&hmac=ff`])
    expect(reply.status).toBe(200)
    expect(reply.body).toContain('Storedesk is connected to the store')
    expect(reply.body).not.toMatch(/<script/i)
  })

  it('shows a refusal message escaped, never as markup', async () => {
    services.callbackOutcome = { attemptId: null, ok: false, error: { code: 'oauth', message: 'The shop <img src=x onerror=alert(1)> is not the one you started with.' } }
    const reply = await send(`${host.origin}/oauth/callback?code=abc`)
    expect(reply.status).toBe(400)
    expect(reply.body).toContain('Storedesk did not connect')
    expect(reply.body).not.toMatch(/connected/i)
    expect(reply.body).toContain('The shop &lt;img src=x onerror=alert(1)&gt; is not the one you started with.')
    expect(reply.body).not.toContain('<img')
  })
})

describe('app_url launch link', () => {
  it('hands the full link to the services without needing the cookie, then opens the app', async () => {
    const link = `${host.origin}/launch?shop=127.0.0.1%3A4010&timestamp=1700000000&hmac=ff`
    const reply = await send(link)
    expect(services.launches).toEqual([link])
    expect(reply.status).toBe(302)
    expect(reply.headers.location).toBe('/')
  })

  it('shows a refused link’s reason escaped, and does not open the app', async () => {
    services.launchOutcome = { attemptId: null, ok: false, error: { code: 'oauth', message: 'The link is older than <b>5 minutes</b>.' } }
    const reply = await send(`${host.origin}/launch?shop=x&timestamp=1&hmac=ff`)
    expect(reply.status).toBe(400)
    expect(reply.body).toContain('Launch link refused')
    expect(reply.body).toContain('The link is older than &lt;b&gt;5 minutes&lt;/b&gt;.')
  })
})

describe('serving the renderer', () => {
  it('sends the page’s own CSP as a header plus frame-ancestors, and the other security headers', async () => {
    const cookie = await signIn()
    const page = await send(`${host.origin}/`, { headers: { Cookie: cookie } })
    expect(page.headers['content-security-policy']).toBe(`${PAGE_CSP}; frame-ancestors 'none'`)
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('sends the CSP of the index.html it serves now, after a rebuild changed it', async () => {
    const cookie = await signIn()
    const rebuilt = "default-src 'self'; script-src 'self'; style-src 'self'"
    writeFileSync(join(rendererDir, 'index.html'), `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${rebuilt}"><title>Storedesk</title></head><body><div id="app"></div><p>rebuilt</p></body></html>`)
    const page = await send(`${host.origin}/orders`, { headers: { Cookie: cookie } })
    expect(page.body).toContain('rebuilt')
    expect(page.headers['content-security-policy']).toBe(`${rebuilt}; frame-ancestors 'none'`)
  })

  it('answers every request while a rebuild has removed or half written index.html, from the last good copy', async () => {
    const cookie = await signIn()
    const invoke = () => send(`${host.origin}/ipc/invoke/store.call`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ args: ['c1', 'orders.list', {}] }) })
    unlinkSync(join(rendererDir, 'index.html'))
    const call = await invoke()
    expect(call.status).toBe(200)
    expect(JSON.parse(call.body)).toMatchObject({ ok: true })
    expect(call.headers['content-security-policy']).toBe(`${PAGE_CSP}; frame-ancestors 'none'`)
    const page = await send(`${host.origin}/orders`, { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<div id="app">')
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src')
    expect((await invoke()).status).toBe(200)
    const halfWritten = await send(`${host.origin}/orders`, { headers: { Cookie: cookie } })
    expect(halfWritten.body).toContain('<div id="app">')
    expect(halfWritten.headers['content-security-policy']).toBe(`${PAGE_CSP}; frame-ancestors 'none'`)
  })

  it('serves assets, loads the app for client-side routes and keeps missing files a 404', async () => {
    const cookie = await signIn()
    const asset = await send(`${host.origin}/assets/app.js`, { headers: { Cookie: cookie } })
    expect(asset.status).toBe(200)
    expect(asset.body).toBe('console.info("app")')
    const route = await send(`${host.origin}/orders/1042`, { headers: { Cookie: cookie } })
    expect(route.status).toBe(200)
    expect(route.body).toContain('<div id="app">')
    expect((await send(`${host.origin}/assets/missing.js`, { headers: { Cookie: cookie } })).status).toBe(404)
    expect((await send(`${host.origin}/favicon.ico`, { headers: { Cookie: cookie } })).status).toBe(204)
    expect((await send(`${host.origin}/../../etc/passwd`, { headers: { Cookie: cookie } })).body).not.toContain('root:')
  })
})

describe('shutdown', () => {
  it('disposes the services when closed', async () => {
    await host.close()
    expect(services.disposed).toBe(true)
    host = await startWebHost({ rendererDir, createServices: async () => new RecordingServices() })
  })
})
