import { beforeEach, describe, expect, it } from 'vitest'
import { appendOverride, loadOverrideLog, loadScannerSettings, saveScannerSettings, DEFAULT_SCANNER_SETTINGS, OVERRIDE_LOG_LIMIT } from './scanner-settings'

describe('scanner settings', () => {
  beforeEach(() => localStorage.clear())

  it('defaults to checking items, e-mailing the customer and shipping paid orders only', () => {
    expect(loadScannerSettings('a')).toEqual({ allowedPayments: [], itemCheck: true, emailCustomer: true, sound: true })
  })

  it('keeps settings per store', () => {
    saveScannerSettings('a', { ...DEFAULT_SCANNER_SETTINGS, emailCustomer: false, allowedPayments: ['partial-refund'] })
    expect(loadScannerSettings('a')).toMatchObject({ emailCustomer: false, allowedPayments: ['partial-refund'] })
    expect(loadScannerSettings('b').emailCustomer).toBe(true)
  })

  it('a tampered entry cannot allow unpaid orders: it falls back to the defaults', () => {
    localStorage.setItem('storedesk.scannerSettings.a', JSON.stringify({ allowedPayments: ['unpaid'], itemCheck: false }))
    expect(loadScannerSettings('a')).toEqual(DEFAULT_SCANNER_SETTINGS)
  })

  it('logs overrides per store, keeping the most recent', () => {
    for (let i = 0; i < OVERRIDE_LOG_LIMIT + 2; i++) appendOverride('a', { at: `t${i}`, orderId: i, number: String(i) })
    const log = loadOverrideLog('a')
    expect(log).toHaveLength(OVERRIDE_LOG_LIMIT)
    expect(log.at(-1)).toEqual({ at: `t${OVERRIDE_LOG_LIMIT + 1}`, orderId: OVERRIDE_LOG_LIMIT + 1, number: String(OVERRIDE_LOG_LIMIT + 1) })
    expect(loadOverrideLog('b')).toEqual([])
  })
})
