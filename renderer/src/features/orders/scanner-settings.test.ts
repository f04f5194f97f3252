import { beforeEach, describe, expect, it } from 'vitest'
import { readSetting, writeSetting } from '@/session/settings'
import { appendOverride, loadOverrideLog, SCANNER_SETTINGS, OVERRIDE_LOG_LIMIT } from './scanner-settings'

describe('scanner settings', () => {
  beforeEach(() => localStorage.clear())

  it('defaults to checking items, e-mailing the customer and shipping paid orders only', () => {
    expect(readSetting(SCANNER_SETTINGS, 'a')).toEqual({ allowedPayments: [], itemCheck: true, emailCustomer: true, sound: true })
  })

  it('keeps settings per store', () => {
    writeSetting(SCANNER_SETTINGS, { ...SCANNER_SETTINGS.fallback(), emailCustomer: false, allowedPayments: ['partial-refund'] }, 'a')
    expect(readSetting(SCANNER_SETTINGS, 'a')).toMatchObject({ emailCustomer: false, allowedPayments: ['partial-refund'] })
    expect(readSetting(SCANNER_SETTINGS, 'b').emailCustomer).toBe(true)
  })

  it('a tampered entry cannot allow unpaid orders: it falls back to the defaults', () => {
    localStorage.setItem('storedesk.setting.scanner.a', JSON.stringify({ allowedPayments: ['unpaid'], itemCheck: false }))
    expect(readSetting(SCANNER_SETTINGS, 'a')).toEqual(SCANNER_SETTINGS.fallback())
  })

  it('keeps the settings saved before they moved to the settings module', () => {
    localStorage.setItem('storedesk.scannerSettings.a', JSON.stringify({ allowedPayments: ['partial-refund'], itemCheck: false, emailCustomer: false, sound: false }))
    expect(readSetting(SCANNER_SETTINGS, 'a')).toEqual({ allowedPayments: ['partial-refund'], itemCheck: false, emailCustomer: false, sound: false })
    expect(localStorage.getItem('storedesk.scannerSettings.a')).toBeNull()
    expect(readSetting(SCANNER_SETTINGS, 'b')).toEqual(SCANNER_SETTINGS.fallback())
  })

  it('logs overrides per store, keeping the most recent', () => {
    for (let i = 0; i < OVERRIDE_LOG_LIMIT + 2; i++) appendOverride('a', { at: `t${i}`, orderId: i, number: String(i) })
    const log = loadOverrideLog('a')
    expect(log).toHaveLength(OVERRIDE_LOG_LIMIT)
    expect(log.at(-1)).toEqual({ at: `t${OVERRIDE_LOG_LIMIT + 1}`, orderId: OVERRIDE_LOG_LIMIT + 1, number: String(OVERRIDE_LOG_LIMIT + 1) })
    expect(loadOverrideLog('b')).toEqual([])
  })
})
