// @vitest-environment node
// The whole connect flow against the real embedded demo store: its consent page, its signed
// redirect, its token exchange, then API calls; and the refusals a user can meet.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectAttempt, ConnectionsState, IpcResult } from '../common/ipc-contract'
import type { HostCapabilities, MainServices } from './host-contract'
import { createMainServices } from './main-services'
import { computeHmac } from './hmac'
import { createFileVault } from './vault'

const REDIRECT = 'http://127.0.0.1:5999/oauth/callback'
let dir: string
let services: MainServices | undefined

const host = (): HostCapabilities => ({
  shell: 'web',
  version: 't',
  profileDir: dir,
  vault: createFileVault(join(dir, 'secrets.json')),
  redirectUri: () => REDIRECT,
  openExternal: async () => false,
})

const value = <T>(result: IpcResult<unknown>): T => {
  if (!result.ok) throw new Error(result.error.message)
  return result.value as T
}

/** What the merchant does in the browser: open the consent page and press Install (or Cancel). */
async function decide(authorizeUrl: string, decision: 'install' | 'cancel'): Promise<string> {
  const page = await (await fetch(authorizeUrl)).text()
  const formToken = /name="request" value="([^"]+)"/.exec(page)?.[1]
  if (!formToken) throw new Error(`no consent form in: ${page.slice(0, 300)}`)
  const answer = await fetch(new URL('/admin/oauth/authorize', authorizeUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: formToken, decision }).toString(),
    redirect: 'manual',
  })
  return answer.headers.get('location')!
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storedesk-real-demo-'))
})
afterEach(async () => {
  await services?.dispose()
  services = undefined
  await rm(dir, { recursive: true, force: true })
})

describe('the embedded demo store, connected through the real OAuth flow', () => {
  it('connects after Install, reads orders, refuses replays and forgeries, and survives a restart', async () => {
    services = await createMainServices(host(), { maxAttempts: 1 })
    const attempt = value<ConnectAttempt>(await services.invoke('connections.tryDemo', []))
    const callback = await decide(attempt.authorizeUrl, 'install')
    expect(callback.startsWith(`${REDIRECT}?`)).toBe(true)

    const outcome = await services.handleOAuthCallback(callback)
    expect(outcome).toMatchObject({ ok: true, attemptId: attempt.attemptId })
    const id = outcome.connectionId!
    const orders = value<{ data: unknown[] }>(await services.invoke('store.call', [id, 'orders.list', { query: { page: 1 } }]))
    expect(orders.data.length).toBeGreaterThan(0)

    expect(await services.handleOAuthCallback(callback)).toMatchObject({ ok: false, error: { code: 'oauth', message: expect.stringContaining('already used') } })

    // A fresh attempt, answered by a link whose shop or signature was changed on the way.
    const second = value<ConnectAttempt>(await services.invoke('connections.tryDemo', []))
    const genuine = new URL(await decide(second.authorizeUrl, 'install'))
    const tampered = new URL(genuine)
    tampered.searchParams.set('code', 'stolen-code')
    expect(await services.handleOAuthCallback(tampered.href)).toMatchObject({ ok: false, error: { message: expect.stringContaining('signature (hmac) does not match') } })
    const foreign = new URL(genuine)
    foreign.searchParams.set('shop', 'evil.example.com')
    expect(await services.handleOAuthCallback(foreign.href)).toMatchObject({ ok: false, error: { message: expect.stringContaining('different store (evil.example.com)') } })
    expect(value<ConnectionsState>(await services.invoke('connections.get', [])).connections).toHaveLength(1)

    await services.dispose()
    services = await createMainServices(host(), { maxAttempts: 1 })
    const again = value<ConnectionsState>(await services.invoke('connections.get', []))
    expect(again.activeId).toBe(id)
    const count = value<{ count: number }>(await services.invoke('store.call', [id, 'checkouts.count', {}]))
    expect(count.count).toBeGreaterThanOrEqual(0)
  })

  it('tells the user plainly when they press Cancel on the consent page', async () => {
    services = await createMainServices(host(), { maxAttempts: 1 })
    const attempt = value<ConnectAttempt>(await services.invoke('connections.tryDemo', []))
    const callback = await decide(attempt.authorizeUrl, 'cancel')
    expect(await services.handleOAuthCallback(callback)).toEqual({
      attemptId: attempt.attemptId,
      ok: false,
      error: { code: 'oauth', message: "You cancelled the installation on the store's page. Nothing was connected." },
    })
  })

  it('signs its redirect the way Storedesk verifies it', async () => {
    services = await createMainServices(host(), { maxAttempts: 1 })
    const attempt = value<ConnectAttempt>(await services.invoke('connections.tryDemo', []))
    const callback = new URL(await decide(attempt.authorizeUrl, 'install'))
    const app = (await (await fetch(new URL('/__demo/app', attempt.authorizeUrl))).json()) as { client_secret: string }
    expect(callback.searchParams.get('hmac')).toBe(computeHmac([...callback.searchParams], app.client_secret))
  })
})
