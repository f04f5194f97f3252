import { afterEach, describe, expect, it, vi, beforeEach } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { computed } from 'vue'
import type { TrackingFinding } from '../tracking-policy'
import { say, type MessageKey, type MessageParams } from '@/session/i18n'

/** A finding's words, as the policy gives them. */
const finding = (key: MessageKey, params: MessageParams) => ({ words: { key, params }, message: say({ key, params }) })

const reviewTracking = vi.fn()
const confirmTracking = vi.fn()
vi.mock('@/data', () => ({
  useStoreDatabase: () => computed(() => ({ connectionId: 'test' })),
  undoWindowSeconds: () => 10,
  closedStateOf: () => null,
}))
vi.mock('../write-binding', () => ({
  reviewTracking: (...args: unknown[]) => reviewTracking(...args),
  confirmTracking: (...args: unknown[]) => confirmTracking(...args),
}))
vi.mock('../use-write-dialogs', () => ({ useBindingReads: () => () => ({}) }))

const { default: TrackingDialog } = await import('./TrackingDialog.vue')

const binding = { id: 7, number: '1057', updatedAt: '2026-01-01 00:00:00' }

function button(wrapper: ReturnType<typeof mount>, text: string) {
  const found = wrapper.findAll('button').find((b) => b.text() === text)
  if (!found) throw new Error(`no button ${text}`)
  return found
}

async function review(trackno: string, findings: TrackingFinding[], replaces?: string) {
  reviewTracking.mockResolvedValueOnce({ order: {}, findings, storeChecked: true })
  const wrapper = mount(TrackingDialog, { props: { binding, ...(replaces !== undefined ? { replaces } : {}) } })
  await wrapper.find('input[aria-label="Tracking number"]').setValue(trackno)
  await button(wrapper, 'Continue').trigger('click')
  await flushPromises()
  return wrapper
}

// Each test stands alone: its dialog goes when it ends, and the mocks start empty.
enableAutoUnmount(afterEach)

describe('the tracking dialog', () => {
  beforeEach(() => {
    reviewTracking.mockReset()
    confirmTracking.mockReset()
  })

  it('names the order it was opened for and sends the confirmed warnings with it', async () => {
    const duplicate: TrackingFinding = { kind: 'duplicate', orders: ['1042'], ...finding('tracking.policy.duplicate', { trackno: '123456789012', orders: '#1042', number: '1057' }) }
    const wrapper = await review('123456789012', [duplicate])
    expect(reviewTracking).toHaveBeenCalledWith({}, binding, { trackno: '123456789012', change: null })
    expect(wrapper.text()).toContain('Add tracking: 123456789012 (FedEx) for order #1057 and mark it fulfilled.')
    expect(wrapper.text()).toContain('already the tracking number of order #1042')
    expect(wrapper.text()).toContain('You can undo it for 10 s after confirming.')
    confirmTracking.mockResolvedValueOnce({ ok: true, outboxId: 3 })
    await button(wrapper, 'Confirm tracking').trigger('click')
    await flushPromises()
    expect(confirmTracking).toHaveBeenCalledWith({ connectionId: 'test' }, {}, binding, { trackno: '123456789012', carrier: 'FedEx', sendEmail: true, confirmed: ['duplicate:1042'], change: null })
    expect(wrapper.emitted('done')).toEqual([[true]])
  })

  it('needs its own explicit override for a closed order', async () => {
    const closed: TrackingFinding = { kind: 'closed', state: 'cancelled', ...finding('tracking.policy.addClosed', { number: '1057', state: 'cancelled' }) }
    const wrapper = await review('1Z999AA10123456784', [closed])
    const confirm = button(wrapper, 'Confirm tracking')
    expect(confirm.attributes('disabled')).toBeDefined()
    await wrapper.find('[role="checkbox"]').trigger('click')
    expect(button(wrapper, 'Confirm tracking').attributes('disabled')).toBeUndefined()
    confirmTracking.mockResolvedValueOnce({ ok: true, outboxId: 3 })
    await button(wrapper, 'Confirm tracking').trigger('click')
    await flushPromises()
    expect(confirmTracking.mock.calls[0]![3]).toMatchObject({ confirmed: ['closed:cancelled'] })
  })

  it('shows what changed when Confirm finds the order changed meanwhile, and queues nothing', async () => {
    const wrapper = await review('1Z999AA10123456784', [])
    confirmTracking.mockResolvedValueOnce({ ok: false, findings: [{ kind: 'closed', state: 'fulfilled', message: 'Order #1057 is already fulfilled with tracking RR1US.' }], message: 'Order #1057 changed on the store since you opened this.' })
    await button(wrapper, 'Confirm tracking').trigger('click')
    await flushPromises()
    expect(wrapper.text()).toContain('Order #1057 changed on the store since you opened this.')
    expect(wrapper.text()).toContain('already fulfilled with tracking RR1US')
    expect(wrapper.emitted('done')).toBeUndefined()
  })

  it('changes a tracking number: says which it replaces and sends the change', async () => {
    const wrapper = mount(TrackingDialog, { props: { binding, replaces: 'OLD123' } })
    expect(wrapper.text()).toContain('Now: OLD123')
    await wrapper.find('input[aria-label="Tracking number"]').setValue('1Z999AA10123456784')
    reviewTracking.mockResolvedValueOnce({ order: {}, findings: [], storeChecked: true })
    await button(wrapper, 'Continue').trigger('click')
    await flushPromises()
    expect(wrapper.text()).toContain('Change the tracking number: 1Z999AA10123456784 (UPS) for order #1057.')
    confirmTracking.mockResolvedValueOnce({ ok: true, outboxId: 4 })
    await button(wrapper, 'Confirm new number').trigger('click')
    await flushPromises()
    expect(confirmTracking.mock.calls[0]![3]).toMatchObject({ change: { replaces: 'OLD123' }, sendEmail: false })
  })

  it('keeps a number that cannot be used on its field, tied to it', async () => {
    const wrapper = mount(TrackingDialog, { props: { binding } })
    await wrapper.find('input[aria-label="Tracking number"]').setValue('=cmd|calc')
    await button(wrapper, 'Continue').trigger('click')
    await flushPromises()
    const input = wrapper.find('input[aria-label="Tracking number"]')
    expect(input.attributes('aria-invalid')).toBe('true')
    expect(wrapper.find(`#${input.attributes('aria-describedby')}`).text()).toMatch(/letters, digits or dashes/)
    expect(reviewTracking).not.toHaveBeenCalled()
  })

  it('holds changes once a number is typed or the e-mail switch moved, and none once put back as it opened', async () => {
    const wrapper = mount(TrackingDialog, { props: { binding } })
    const dirty = () => (wrapper.vm as unknown as { dirty: boolean }).dirty
    expect(dirty()).toBe(false)
    await wrapper.find('input[aria-label="Tracking number"]').setValue('1Z999AA10123456784')
    expect(dirty()).toBe(true)
    await wrapper.find('input[aria-label="Tracking number"]').setValue('')
    expect(dirty()).toBe(false)
    await wrapper.find('[role="switch"]').trigger('click')
    expect(dirty()).toBe(true)
  })
})
