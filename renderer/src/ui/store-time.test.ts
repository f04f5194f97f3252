import { describe, expect, it } from 'vitest'
import { formatMoney, formatStoreDay, formatStoreTime } from './store-time'

describe('store times', () => {
  it('shows the zero date as "not set", never as year 0', () => {
    expect(formatStoreTime('0000-00-00 00:00:00', 'GMT')).toBe('not set')
    expect(formatStoreDay('0000-00-00 00:00:00')).toBe('not set')
    expect(formatStoreTime(undefined, 'Store local')).toBe('not set')
    expect(formatStoreTime('garbage', 'GMT')).toBe('not set')
  })

  it('shows the wall clock the store wrote, labelled, whatever the offset', () => {
    expect(formatStoreTime('2026-03-04 14:05:09', 'GMT')).toBe('Mar 4, 2026, 14:05 (GMT)')
    expect(formatStoreTime('2026-03-04T09:05:09-05:00', 'Store local')).toBe('Mar 4, 2026, 09:05 (Store local)')
    expect(formatStoreTime('2026-03-04T14:05:09+00:00', 'GMT')).toBe('Mar 4, 2026, 14:05 (GMT)')
  })

  it('refuses impossible days', () => {
    expect(formatStoreDay('2026-02-31 10:00:00')).toBe('not set')
  })

  it('formats money in the order currency', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50')
    expect(formatMoney('12', 'EUR')).toBe('€12.00')
    expect(formatMoney(3, 'not-a-code')).toBe('3.00 not-a-code')
  })
})
