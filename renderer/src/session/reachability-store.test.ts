import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { api, emit, resetFakeBridge } from '@/bridge/testing/fake-bridge'
import { connection, state } from '@/bridge/testing/fixtures'
import { useConnectionsStore } from './connections-store'
import { useReachabilityStore } from './reachability-store'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

const reachable = (connectionId: string, online: boolean) => ({ connectionId, online, checkedAt: '2026-11-22T03:00:00.000Z' })

describe('useReachabilityStore', () => {
  beforeEach(async () => {
    resetFakeBridge()
    setActivePinia(createPinia())
    useConnectionsStore()
    await emit('connections.onDidChange', state([connection(), connection({ id: 'c_other' })], 'c_demo'))
  })
  afterEach(() => vi.restoreAllMocks())

  it('is unknown until checked, then takes the main process’s answer for the active store', async () => {
    api.store.checkReachability.mockResolvedValue(reachable('c_demo', true))
    const reachability = useReachabilityStore()
    expect(reachability.online).toBeNull()
    await reachability.check()
    expect(api.store.checkReachability).toHaveBeenCalledWith('c_demo')
    expect(reachability.online).toBe(true)
  })

  it('follows reachability events for the active store and ignores other stores', async () => {
    const reachability = useReachabilityStore()
    await emit('store.onDidChangeReachability', reachable('c_demo', false))
    expect(reachability.online).toBe(false)
    await emit('store.onDidChangeReachability', reachable('c_other', true))
    expect(reachability.online).toBe(false)
    await emit('store.onDidChangeReachability', reachable('c_demo', true))
    expect(reachability.online).toBe(true)
  })

  it('is offline when the local host does not answer the check', async () => {
    api.store.checkReachability.mockRejectedValue(new Error('host down'))
    const reachability = useReachabilityStore()
    await reachability.check()
    expect(reachability.online).toBe(false)
  })

  it('is offline without asking while the browser reports no network, whatever events say', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const reachability = useReachabilityStore()
    await reachability.check()
    expect(api.store.checkReachability).not.toHaveBeenCalled()
    expect(reachability.online).toBe(false)
    await emit('store.onDidChangeReachability', reachable('c_demo', true))
    expect(reachability.online).toBe(false)
  })
})
