import { afterEach, describe, expect, it, vi } from 'vitest'
import { inWords, labelOf, ORDER_STATUS_LABELS, REMINDER_LABELS } from './labels'

afterEach(() => vi.restoreAllMocks())

describe('labels for the store’s codes', () => {
  it('come from the table', () => {
    expect(labelOf(ORDER_STATUS_LABELS, 'wc-processing', 'order status')).toBe('Processing')
    expect(labelOf(REMINDER_LABELS, 'abandoned_checkout_first', 'reminder')).toBe('First reminder')
    expect(labelOf(ORDER_STATUS_LABELS, null, 'order status')).toBe('—')
  })

  it('turn an unknown code into words and report it once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(labelOf(ORDER_STATUS_LABELS, 'wc-partially-shipped', 'order status')).toBe('Partially shipped')
    expect(labelOf(ORDER_STATUS_LABELS, 'wc-partially-shipped', 'order status')).toBe('Partially shipped')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(inWords('abandoned_checkout_fourth')).toBe('Abandoned checkout fourth')
  })
})
