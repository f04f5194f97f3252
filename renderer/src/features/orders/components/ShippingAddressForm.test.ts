import { describe, expect, it, vi, beforeEach } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { computed } from 'vue'

const updateOrderShipping = vi.fn(async () => 7)
const updateWriteBody = vi.fn(async () => undefined)
vi.mock('@/data', () => ({
  useStoreDatabase: () => computed(() => ({ connectionId: 'test' })),
  actions: { updateOrderShipping: (...args: unknown[]) => updateOrderShipping(...(args as [])), trackOrder: vi.fn() },
  updateWriteBody: (...args: unknown[]) => updateWriteBody(...(args as [])),
  discardWrite: vi.fn(),
}))

const { default: ShippingAddressForm } = await import('./ShippingAddressForm.vue')

const before = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address_1: '1 Main St',
  address_2: '',
  city: 'Brooklyn',
  state: 'NY',
  postcode: '11201',
  country: 'US',
  phone: '+1 718 039 4821',
}

function field(wrapper: ReturnType<typeof mount>, label: string) {
  return wrapper.find(`input[aria-label="${label}"]`)
}
function button(wrapper: ReturnType<typeof mount>, text: string) {
  const found = wrapper.findAll('button').find((b) => b.text() === text)
  if (!found) throw new Error(`no button ${text}`)
  return found
}

describe('the shipping address form', () => {
  beforeEach(() => {
    updateOrderShipping.mockClear()
    updateWriteBody.mockClear()
  })

  it('changing the city sends the city and keeps every other field, the phone too, exactly as the store has it', async () => {
    const wrapper = mount(ShippingAddressForm, { props: { orderId: 1001, orderNumber: '1001', before } })
    await field(wrapper, 'City').setValue('Queens')
    await button(wrapper, 'Review change').trigger('click')
    const changed = wrapper.findAll('tr').filter((tr) => tr.text().includes('(changed)')).map((tr) => tr.text())
    expect(changed).toEqual(['CityBrooklynQueens (changed)'])
    expect(wrapper.findAll('tr').find((tr) => tr.text().startsWith('Phone'))!.text()).toBe('Phone+1 718 039 4821+1 718 039 4821')

    await button(wrapper, 'Save address').trigger('click')
    await flushPromises()
    expect(updateOrderShipping).toHaveBeenCalledWith(
      { connectionId: 'test' },
      1001,
      { country: 'US', state: 'NY', city: 'Queens', first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', phone: '+1 718 039 4821', postcode: '11201' },
      { changed: ['city'], name: '#1001' },
    )
    expect(wrapper.emitted('done')).toEqual([[true]])
  })

  it('checks a changed phone for the country and sends it in E.164', async () => {
    const wrapper = mount(ShippingAddressForm, { props: { orderId: 1001, orderNumber: '1001', before } })
    await field(wrapper, 'Phone').setValue('(718) 039-48')
    await button(wrapper, 'Review change').trigger('click')
    expect(wrapper.text()).toContain('This is not a valid phone number for United States.')
    await field(wrapper, 'Phone').setValue('(718) 555-0142')
    await button(wrapper, 'Review change').trigger('click')
    await button(wrapper, 'Save address').trigger('click')
    await flushPromises()
    expect(updateOrderShipping).toHaveBeenCalledWith({ connectionId: 'test' }, 1001, expect.objectContaining({ phone: '+17185550142' }), { changed: ['phone'], name: '#1001' })
  })

  it('shows the store’s 422 messages on their fields and replaces the refused write', async () => {
    const start = { ...before, phone: '+1 212 555 0142', postcode: '10001' }
    const wrapper = mount(ShippingAddressForm, {
      props: { orderId: 1001, orderNumber: '1001', before, start, storeErrors: { postcode: 'is not deliverable' }, storeGeneral: ['Address rejected.'], failedWriteId: 42 },
    })
    expect(wrapper.text()).toContain('is not deliverable')
    expect(wrapper.text()).toContain('Address rejected.')
    await field(wrapper, 'Postcode').setValue('10002')
    expect(wrapper.text()).not.toContain('is not deliverable')
    await button(wrapper, 'Review change').trigger('click')
    await button(wrapper, 'Save address').trigger('click')
    await flushPromises()
    expect(updateOrderShipping).not.toHaveBeenCalled()
    expect(updateWriteBody).toHaveBeenCalledWith({ connectionId: 'test' }, 42, expect.objectContaining({ shipping: expect.objectContaining({ postcode: '10002', phone: '+12125550142' }) }))
  })

  it('holds changes while a field differs from how the form opened', async () => {
    const wrapper = mount(ShippingAddressForm, { props: { orderId: 1001, orderNumber: '1001', before } })
    const dirty = () => (wrapper.vm as unknown as { dirty: boolean }).dirty
    expect(dirty()).toBe(false)
    await field(wrapper, 'City').setValue('Queens')
    expect(dirty()).toBe(true)
    await field(wrapper, 'City').setValue('Brooklyn')
    expect(dirty()).toBe(false)
  })
})
