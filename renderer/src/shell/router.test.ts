import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { createMemoryHistory } from 'vue-router'
import { api, emit, resetFakeBridge } from '@/bridge/testing/fake-bridge'
import { connection, state } from '@/bridge/testing/fixtures'
import { createAppRouter } from './router'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

describe('the router guard', () => {
  beforeEach(() => {
    resetFakeBridge()
    setActivePinia(createPinia())
  })

  it('sends every screen to Connect while no store is connected', async () => {
    api.connections.get.mockResolvedValue(state([]))
    const router = createAppRouter(createMemoryHistory())
    for (const path of ['/orders', '/orders/7', '/checkouts', '/blogs/new', '/collections/3', '/meta-fields', '/sync', '/dashboard', '/']) {
      await router.push(path)
      expect(router.currentRoute.value.path, path).toBe('/connect')
    }
    expect(api.connections.get).toHaveBeenCalledTimes(1)
  })

  it('lets Settings and Connect through without a connection', async () => {
    api.connections.get.mockResolvedValue(state([]))
    const router = createAppRouter(createMemoryHistory())
    await router.push('/settings')
    expect(router.currentRoute.value.path).toBe('/settings')
    await router.push('/connect')
    expect(router.currentRoute.value.path).toBe('/connect')
  })

  it('opens Orders by default once a store is connected, and any screen after that', async () => {
    api.connections.get.mockResolvedValue(state([connection()]))
    const router = createAppRouter(createMemoryHistory())
    await router.push('/')
    expect(router.currentRoute.value.path).toBe('/orders')
    await router.push('/blogs/42')
    expect(router.currentRoute.value.path).toBe('/blogs/42')
  })

  it('knows the connected store when the app opens on Settings', async () => {
    api.connections.get.mockResolvedValue(state([connection()]))
    const router = createAppRouter(createMemoryHistory())
    await router.push('/settings')
    expect(router.currentRoute.value.path).toBe('/settings')
    expect(api.connections.get).toHaveBeenCalledTimes(1)
    await router.push('/orders')
    expect(router.currentRoute.value.path).toBe('/orders')
    expect(api.connections.get).toHaveBeenCalledTimes(1)
  })

  it('still opens Settings when the main process does not answer', async () => {
    api.connections.get.mockRejectedValue(new Error('host down'))
    const router = createAppRouter(createMemoryHistory())
    await router.push('/settings')
    expect(router.currentRoute.value.path).toBe('/settings')
  })

  it('goes back to Connect after the last store is disconnected', async () => {
    api.connections.get.mockResolvedValue(state([connection()]))
    const router = createAppRouter(createMemoryHistory())
    await router.push('/checkouts')
    expect(router.currentRoute.value.path).toBe('/checkouts')
    await emit('connections.onDidChange', state([]))
    await router.push('/checkouts/9')
    expect(router.currentRoute.value.path).toBe('/connect')
  })

  it('shows Connect when the main process does not answer', async () => {
    api.connections.get.mockRejectedValue(new Error('host down'))
    const router = createAppRouter(createMemoryHistory())
    await router.push('/orders')
    expect(router.currentRoute.value.path).toBe('/connect')
  })
})
