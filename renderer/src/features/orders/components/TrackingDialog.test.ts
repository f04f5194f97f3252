import { describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { computed } from 'vue'

const queueTracking = vi.fn(async () => undefined)
vi.mock('@/data', () => ({
  useStoreDatabase: () => computed(() => ({ connectionId: 'test' })),
  undoWindowSeconds: () => 10,
}))
vi.mock('../use-order-writes', () => ({ queueTracking: (...args: unknown[]) => queueTracking(...(args as [])) }))

const { default: TrackingDialog } = await import('./TrackingDialog.vue')

function button(wrapper: ReturnType<typeof mount>, text: string) {
  const found = wrapper.findAll('button').find((b) => b.text() === text)
  if (!found) throw new Error(`no button ${text}`)
  return found
}

async function review(trackno: string, unpaid = false) {
  const wrapper = mount(TrackingDialog, { props: { orderId: 7, orderNumber: '1057', unpaid } })
  await wrapper.find('input[aria-label="Tracking number"]').setValue(trackno)
  await button(wrapper, 'Continue').trigger('click')
  await flushPromises()
  return wrapper
}

describe('the tracking dialog', () => {
  it('warns before a number no carrier uses goes out to the customer, and says how long Undo lasts', async () => {
    const wrapper = await review('ZZ-NOT-A-NUMBER')
    expect(wrapper.text()).toContain('No carrier uses the format of ZZ-NOT-A-NUMBER. Compare it with the label before it goes out and the customer is e-mailed.')
    expect(wrapper.text()).toContain('You can undo it for 10 s after confirming.')
    expect(queueTracking).not.toHaveBeenCalled()
  })

  it('says so before an unpaid order is marked shipped', async () => {
    const wrapper = await review('1Z999AA10123456784', true)
    expect(wrapper.text()).toContain('This order is not paid')
    expect(wrapper.text()).toContain('The store has no payment for #1057 yet.')
  })

  it('asks nothing more for a paid order and a number in a carrier format', async () => {
    const wrapper = await review('1Z999AA10123456784')
    expect(wrapper.text()).toContain('Add tracking 1Z999AA10123456784 (UPS) to order #1057')
    expect(wrapper.text()).not.toContain('No carrier uses the format')
    expect(wrapper.text()).not.toContain('not paid')
    await button(wrapper, 'Confirm tracking').trigger('click')
    await flushPromises()
    expect(queueTracking).toHaveBeenCalledWith({ connectionId: 'test' }, 7, { trackno: '1Z999AA10123456784', sendemail: true, logistics_company: 'UPS' }, '#1057')
  })
})
