import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { api, emit, resetFakeBridge } from '@/bridge/testing/fake-bridge'
import { connection, state } from '@/bridge/testing/fixtures'
import { ATTEMPT_LIFETIME_MS } from '@common/ipc-contract'
import { registerDisconnectGuard, registerSwitchGuard, useConnectionsStore } from './connections-store'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

const demo = connection()
const acme = connection({ id: 'c_acme', shop: 'acme.example.com', baseUrl: 'https://acme.example.com', label: 'Acme', isDemo: false, scopes: ['read_orders'] })

describe('useConnectionsStore', () => {
  let openSpy: ReturnType<typeof vi.spyOn>

  beforeEach(() => {
    resetFakeBridge()
    setActivePinia(createPinia())
    openSpy = vi.spyOn(window, 'open').mockImplementation(() => null)
  })
  afterEach(() => openSpy.mockRestore())

  it('loads the connections and the active one from the main process', async () => {
    api.connections.get.mockResolvedValue(state([demo, acme], 'c_acme'))
    const store = useConnectionsStore()
    expect(store.loaded).toBe(false)
    await store.load()
    expect(store.loaded).toBe(true)
    expect(store.connections.map((c) => c.label)).toEqual(['Demo store', 'Acme'])
    expect(store.active?.shop).toBe('acme.example.com')
  })

  it('follows connections.onDidChange', async () => {
    const store = useConnectionsStore()
    await emit('connections.onDidChange', state([demo]))
    expect(store.active?.id).toBe('c_demo')
    await emit('connections.onDidChange', state([]))
    expect(store.connections).toEqual([])
    expect(store.active).toBeNull()
  })

  it('answers hasScope for the active connection only', async () => {
    const store = useConnectionsStore()
    expect(store.hasScope('read_orders')).toBe(false)
    await emit('connections.onDidChange', state([demo, acme], 'c_acme'))
    expect(store.hasScope('read_orders')).toBe(true)
    expect(store.hasScope('write_orders')).toBe(false)
    await emit('connections.onDidChange', state([demo, acme], 'c_demo'))
    expect(store.hasScope('write_orders')).toBe(true)
  })

  it('opens the consent page in a new tab when the main process did not', async () => {
    api.connections.tryDemo.mockResolvedValue({ attemptId: 'a1', authorizeUrl: 'http://127.0.0.1:4010/admin/oauth/authorize?x=1', openedExternally: false })
    const store = useConnectionsStore()
    await store.tryDemo()
    expect(openSpy).toHaveBeenCalledWith('http://127.0.0.1:4010/admin/oauth/authorize?x=1', '_blank', 'noopener')
    expect(store.pendingAttempt?.attemptId).toBe('a1')
  })

  it('leaves the page alone when the main process opened the system browser', async () => {
    api.connections.begin.mockResolvedValue({ attemptId: 'a2', authorizeUrl: 'https://acme.example.com/admin/oauth/authorize', openedExternally: true })
    const store = useConnectionsStore()
    const request = { shopUrl: 'https://acme.example.com', clientId: 'id', clientSecret: 'secret', scopes: ['read_orders' as const] }
    await store.connect(request)
    expect(api.connections.begin).toHaveBeenCalledWith(request)
    expect(openSpy).not.toHaveBeenCalled()
    expect(store.pendingAttempt?.attemptId).toBe('a2')
  })

  it('on a successful outcome, refreshes the connections before recording it and ends the attempt', async () => {
    api.connections.tryDemo.mockResolvedValue({ attemptId: 'a1', authorizeUrl: 'http://127.0.0.1:4010/admin/oauth/authorize', openedExternally: false })
    api.connections.get.mockResolvedValue(state([demo]))
    const store = useConnectionsStore()
    await store.tryDemo()
    await emit('connections.onDidFinishConnect', { attemptId: 'a1', ok: true, connectionId: 'c_demo' })
    expect(store.lastOutcome).toEqual({ attemptId: 'a1', ok: true, connectionId: 'c_demo' })
    expect(store.active?.id).toBe('c_demo')
    expect(store.pendingAttempt).toBeNull()
  })

  it('a refusal for the pending attempt ends it; one naming no attempt leaves it waiting', async () => {
    api.connections.tryDemo.mockResolvedValue({ attemptId: 'a1', authorizeUrl: 'http://127.0.0.1:4010/admin/oauth/authorize', openedExternally: false })
    const store = useConnectionsStore()
    await store.tryDemo()

    const replay = { attemptId: null, ok: false, error: { code: 'oauth' as const, message: 'This sign-in link was already used.' } }
    await emit('connections.onDidFinishConnect', replay)
    expect(store.lastOutcome).toEqual(replay)
    expect(store.pendingAttempt?.attemptId).toBe('a1')

    await emit('connections.onDidFinishConnect', { attemptId: 'a1', ok: false, error: { code: 'oauth', message: 'The signature does not match.' } })
    expect(store.pendingAttempt).toBeNull()
    expect(store.lastOutcome?.error?.message).toBe('The signature does not match.')
    expect(api.connections.get).not.toHaveBeenCalled()
  })

  it('cancel tells the main process which attempt to drop', async () => {
    api.connections.tryDemo.mockResolvedValue({ attemptId: 'a9', authorizeUrl: 'http://127.0.0.1:4010/admin/oauth/authorize', openedExternally: false })
    api.connections.cancel.mockResolvedValue(null)
    const store = useConnectionsStore()
    await store.tryDemo()
    await store.cancel()
    expect(api.connections.cancel).toHaveBeenCalledWith('a9')
    expect(store.pendingAttempt).toBeNull()
  })

  it('stops waiting after the attempt lifetime and says why, asking the main process to drop it', async () => {
    vi.useFakeTimers()
    try {
      api.connections.tryDemo.mockResolvedValue({ attemptId: 'a7', authorizeUrl: 'http://127.0.0.1:4010/admin/oauth/authorize', openedExternally: false })
      api.connections.cancel.mockResolvedValue(null)
      const store = useConnectionsStore()
      await store.tryDemo()
      vi.advanceTimersByTime(ATTEMPT_LIFETIME_MS - 1)
      expect(store.pendingAttempt?.attemptId).toBe('a7')
      vi.advanceTimersByTime(1)
      expect(store.pendingAttempt).toBeNull()
      expect(store.lastOutcome).toMatchObject({ ok: false, error: { code: 'timeout', words: { key: 'problems.attemptExpired' }, message: 'Nobody approved Storedesk on the store’s page within 10 minutes, so Storedesk stopped waiting. Start connecting again.' } })
      expect(api.connections.cancel).toHaveBeenCalledWith('a7')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a disconnect guard that answers false keeps the connection', async () => {
    api.connections.disconnect.mockResolvedValue(state([]))
    const store = useConnectionsStore()
    await emit('connections.onDidChange', state([demo]))
    const guard = vi.fn(async () => false)
    const unregister = registerDisconnectGuard(guard)
    try {
      expect(await store.disconnect('c_demo')).toBe(false)
      expect(guard).toHaveBeenCalledWith('c_demo')
      expect(api.connections.disconnect).not.toHaveBeenCalled()
      expect(store.connections).toHaveLength(1)
    } finally {
      unregister()
    }
    expect(await store.disconnect('c_demo')).toBe(true)
    expect(api.connections.disconnect).toHaveBeenCalledWith('c_demo')
    expect(store.connections).toEqual([])
  })

  it('keeps the store shown while a switch guard says no (a dialog holds typed changes), and switches once it says yes', async () => {
    api.connections.get.mockResolvedValue(state([demo, acme], 'c_demo'))
    api.connections.setActive.mockResolvedValue(state([demo, acme], 'c_acme'))
    const store = useConnectionsStore()
    await store.load()
    const guard = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true)
    const unregister = registerSwitchGuard(guard)
    try {
      expect(await store.setActive('c_acme')).toBe(false)
      expect(api.connections.setActive).not.toHaveBeenCalled()
      expect(store.active?.id).toBe('c_demo')
      expect(await store.setActive('c_acme')).toBe(true)
      expect(store.active?.id).toBe('c_acme')
    } finally {
      unregister()
    }
  })
})
