// The browser shell as `npm run web` composes it: the real host with the real services on a
// fresh temporary profile, called over HTTP the way the renderer's transport calls it.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMainServices } from '../services/main-services'
import { webHostCapabilities } from './capabilities'
import { startWebHost, type RunningWebHost } from './server'

let profileDir: string
let rendererDir: string
let host: RunningWebHost
let cookie: string

beforeEach(async () => {
  profileDir = mkdtempSync(join(tmpdir(), 'storedesk-profile-'))
  rendererDir = mkdtempSync(join(tmpdir(), 'storedesk-renderer-'))
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Storedesk</title><div id="app"></div>')
  host = await startWebHost({
    rendererDir,
    createServices: ({ redirectUri }) => createMainServices(webHostCapabilities({ profileDir, version: '9.9.9', redirectUri })),
  })
  const launch = await fetch(host.launchUrl, { redirect: 'manual' })
  cookie = (launch.headers.get('set-cookie') ?? '').split(';')[0]!
})

afterEach(async () => {
  await host.close()
  rmSync(profileDir, { recursive: true, force: true })
  rmSync(rendererDir, { recursive: true, force: true })
})

async function invoke(channel: string, args: unknown[]): Promise<unknown> {
  const response = await fetch(`${host.origin}/ipc/invoke/${channel}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: host.origin },
    body: JSON.stringify({ args }),
  })
  return response.json()
}

describe('browser shell with the real services', () => {
  it('reports the web shell, unencrypted secrets, and that it updates with its project', async () => {
    expect(await invoke('app.getInfo', [])).toEqual({
      ok: true,
      value: { shell: 'web', version: '9.9.9', platform: process.platform, secretsEncrypted: false, updates: 'browser-shell' },
    })
  })

  it('starts a fresh profile with no connections', async () => {
    expect(await invoke('connections.get', [])).toEqual({ ok: true, value: { connections: [], activeId: null } })
  })

  it('refuses hostile arguments with a typed error and keeps answering', async () => {
    const refused = (await invoke('connections.setActive', [{ $gt: '' }])) as { ok: boolean; error?: { code: string } }
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    expect(await invoke('connections.get', [])).toMatchObject({ ok: true })
  })
})
