import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { mount } from '@vue/test-utils'
import { defineComponent, h } from 'vue'
import { NButton } from 'naive-ui'
import { emit, resetFakeBridge } from '@/bridge/testing/fake-bridge'
import { connection, state } from '@/bridge/testing/fixtures'
import { useConnectionsStore } from '@/session/connections-store'
import ScopeGate from './ScopeGate.vue'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

const SaveAddress = defineComponent(() => () =>
  h(ScopeGate, { scope: 'write_orders' }, {
    default: ({ disabled, describedBy }: { disabled: boolean; describedBy?: string }) =>
      h(NButton, { disabled, 'aria-describedby': describedBy }, () => 'Save address'),
  }),
)

describe('ScopeGate', () => {
  beforeEach(() => {
    resetFakeBridge()
    setActivePinia(createPinia())
    // Created first, so it is subscribed when the test plays connection events.
    useConnectionsStore()
  })

  it('disables the action and names the missing permission, linked to the control', async () => {
    await emit('connections.onDidChange', state([connection({ scopes: ['read_orders'] })]))
    const wrapper = mount(SaveAddress)
    const button = wrapper.get('button')
    expect(button.attributes('disabled')).toBeDefined()
    expect(wrapper.text()).toContain('Needs the permission “Fix shipping addresses and add tracking numbers to orders”')
    const reasonId = button.attributes('aria-describedby')
    expect(reasonId).toBeTruthy()
    expect(wrapper.get(`#${reasonId}`).text()).toBe('Needs the permission “Fix shipping addresses and add tracking numbers to orders”')
  })

  it('enables the action without a note when the permission was granted', async () => {
    await emit('connections.onDidChange', state([connection({ scopes: ['read_orders', 'write_orders'] })]))
    const wrapper = mount(SaveAddress)
    expect(wrapper.get('button').attributes('disabled')).toBeUndefined()
    expect(wrapper.get('button').attributes('aria-describedby')).toBeUndefined()
    expect(wrapper.text()).not.toContain('Needs the')
  })

  it('follows a switch to a store that lacks the permission', async () => {
    await emit('connections.onDidChange', state([connection(), connection({ id: 'c_ro', scopes: ['read_orders'] })], 'c_demo'))
    const wrapper = mount(SaveAddress)
    expect(wrapper.text()).not.toContain('Needs the')
    await emit('connections.onDidChange', state([connection(), connection({ id: 'c_ro', scopes: ['read_orders'] })], 'c_ro'))
    await wrapper.vm.$nextTick()
    expect(wrapper.text()).toContain('Needs the permission “Fix shipping addresses and add tracking numbers to orders”')
  })
})
