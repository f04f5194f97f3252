// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openConnectionStore, type StoredConnection } from './connections'
import { createEncryptedVault, createFileVault } from './vault'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storedesk-connections-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const acme: Omit<StoredConnection, 'id'> = {
  shop: 'acme.example.com',
  baseUrl: 'https://acme.example.com',
  label: 'acme.example.com',
  isDemo: false,
  clientId: 'app-1',
  scopes: ['read_orders'],
  connectedAt: '2026-01-01T00:00:00.000Z',
}
const demo: Omit<StoredConnection, 'id'> = { ...acme, shop: '127.0.0.1:4010', baseUrl: 'http://127.0.0.1:4010', label: 'Demo store', isDemo: true, clientId: 'storedesk-demo' }
const vaultFile = () => join(dir, 'secrets.json')

describe('connections', () => {
  it('adds, switches and disconnects stores, and keeps them across a restart', async () => {
    const vault = createFileVault(vaultFile())
    const store = await openConnectionStore(dir, vault)
    const a = await store.add(acme, { token: 'tok-a', clientSecret: 'sec-a' })
    const d = await store.add(demo, { token: 'tok-d', clientSecret: 'sec-d' })
    expect(store.activeId).toBe(d.id)
    expect(await store.setActive(a.id)).toBe(true)
    expect(await store.setActive('no-such-id')).toBe(false)

    const reopened = await openConnectionStore(dir, createFileVault(vaultFile()))
    const state = await reopened.state()
    expect(state.activeId).toBe(a.id)
    expect(state.connections.map((c) => c.label)).toEqual(['acme.example.com', 'Demo store'])
    expect(await reopened.token(d.id)).toBe('tok-d')

    expect(await reopened.disconnect(a.id)).toBe(true)
    expect(reopened.activeId).toBe(d.id)
    expect(await vault.get(`${a.id}:token`)).toBeNull()
    expect(await vault.get(`${a.id}:clientSecret`)).toBeNull()
    expect((await openConnectionStore(dir, vault)).list().map((c) => c.id)).toEqual([d.id])
  })

  it('keeps no secret in connections.json', async () => {
    const store = await openConnectionStore(dir, createFileVault(vaultFile()))
    await store.add(acme, { token: 'tok-a-secret', clientSecret: 'sec-a-secret' })
    const text = await readFile(join(dir, 'connections.json'), 'utf8')
    expect(text).not.toContain('tok-a-secret')
    expect(text).not.toContain('sec-a-secret')
  })

  it('reconnecting the same shop and app keeps its id and replaces its token', async () => {
    const store = await openConnectionStore(dir, createFileVault(vaultFile()))
    const first = await store.add(acme, { token: 'old', clientSecret: 's' })
    const again = await store.add({ ...acme, scopes: ['read_orders', 'write_orders'] }, { token: 'new', clientSecret: 's' })
    expect(again.id).toBe(first.id)
    expect(store.list()).toHaveLength(1)
    expect(store.list()[0]!.scopes).toEqual(['read_orders', 'write_orders'])
    expect(await store.token(first.id)).toBe('new')
  })

  it('lists a connection whose token can no longer be decrypted as needing a reconnect', async () => {
    const cipher = (key: number) => ({
      encrypt: (s: string) => Buffer.from(`${key}:${s}`),
      decrypt: (b: Buffer) => {
        const [k, ...rest] = b.toString().split(':')
        if (Number(k) !== key) throw new Error('cannot decrypt')
        return rest.join(':')
      },
    })
    const before = await openConnectionStore(dir, createEncryptedVault(vaultFile(), cipher(1)))
    const a = await before.add(acme, { token: 'tok', clientSecret: 'sec' })

    const after = await openConnectionStore(dir, createEncryptedVault(vaultFile(), cipher(2)))
    const state = await after.state()
    expect(state.connections).toEqual([expect.objectContaining({ id: a.id, needsReconnect: true, tokenEncrypted: true })])
    expect(await after.token(a.id)).toBeNull()
  })

  it('starts empty after moving a corrupt file aside, and says so', async () => {
    await writeFile(join(dir, 'connections.json'), '{"version":1,"activeId":null,"connections":[{"id":1}]}')
    const store = await openConnectionStore(dir, createFileVault(vaultFile()))
    const state = await store.state()
    expect(state.connections).toEqual([])
    expect(state.notice).toMatch(/could not be read.*Connect your stores again/)
    const files = await readdir(dir)
    expect(files.some((f) => f.startsWith('connections.json.corrupt-'))).toBe(true)

    await store.add(acme, { token: 't', clientSecret: 's' })
    expect((await openConnectionStore(dir, createFileVault(vaultFile()))).list()).toHaveLength(1)
  })

  it('falls back to the first connection when the saved active id is gone', async () => {
    const store = await openConnectionStore(dir, createFileVault(vaultFile()))
    const a = await store.add(acme, { token: 't', clientSecret: 's' })
    const text = JSON.parse(await readFile(join(dir, 'connections.json'), 'utf8')) as { activeId: string }
    text.activeId = 'vanished'
    await writeFile(join(dir, 'connections.json'), JSON.stringify(text))
    expect((await openConnectionStore(dir, createFileVault(vaultFile()))).activeId).toBe(a.id)
  })
})
