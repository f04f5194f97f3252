import { describe, expect, it } from 'vitest'
import {
  compareAddresses,
  countryOptions,
  emptyShippingForm,
  regionOptions,
  shippingBody,
  storeFieldErrors,
  validateShippingForm,
  type ShippingForm,
} from './shipping-address'

const good: ShippingForm = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  country: 'US',
  state: 'IL',
  city: 'Springfield',
  address_1: '1 Main St',
  address_2: '',
  postcode: '62701',
  phone: '(217) 555-0123',
}

describe('the shipping address form', () => {
  it('accepts a complete US address and sends the phone in E.164 without an empty address_2', () => {
    expect(validateShippingForm(good)).toEqual({})
    expect(shippingBody(good)).toEqual({
      shipping: { country: 'US', state: 'IL', city: 'Springfield', first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', phone: '+12175550123', postcode: '62701' },
    })
  })

  it('names every missing required field but not the optional second line', () => {
    const errors = validateShippingForm(emptyShippingForm())
    expect(Object.keys(errors).sort()).toEqual(['address_1', 'city', 'country', 'first_name', 'last_name', 'phone', 'postcode', 'state'])
  })

  it('rejects a state that is not one of the country’s codes, and a bad postcode and phone', () => {
    const errors = validateShippingForm({ ...good, state: 'ZZ', postcode: 'ABCDE', phone: '12' })
    expect(errors.state).toMatch(/from the list/)
    expect(errors.postcode).toMatch(/not a valid postcode/)
    expect(errors.phone).toMatch(/not a valid phone/)
  })

  it('checks postcode and phone against the chosen country', () => {
    const gb: ShippingForm = { ...good, country: 'GB', state: 'LND', postcode: 'SW1A 1AA', phone: '020 7946 0958' }
    expect(regionOptions('GB').some((r) => r.value === 'LND')).toBe(true)
    expect(validateShippingForm(gb)).toEqual({})
    expect(validateShippingForm({ ...gb, postcode: '62701' }).postcode).toBeDefined()
    expect(shippingBody(gb).shipping.phone).toBe('+442079460958')
  })

  it('takes a free-text state code, by shape, for a country with no listed subdivisions', () => {
    const noRegions = countryOptions().find((c) => regionOptions(c.value).length === 0)
    expect(noRegions).toBeDefined()
    const country = noRegions!.value
    expect(validateShippingForm({ ...good, country, state: 'X1', postcode: '', phone: '' }).state).toBeUndefined()
    expect(validateShippingForm({ ...good, country, state: '<script>' }).state).toMatch(/code/)
  })

  it('refuses a country code that is not ISO 3166-1', () => {
    expect(validateShippingForm({ ...good, country: 'XX' }).country).toBeDefined()
    expect(countryOptions().find((c) => c.value === 'DE')?.label).toBe('Germany (DE)')
  })

  it('shows which fields changed', () => {
    const rows = compareAddresses(good, { ...good, city: 'Chicago', postcode: '60601' })
    expect(rows.filter((r) => r.changed).map((r) => [r.field, r.before, r.after])).toEqual([
      ['city', 'Springfield', 'Chicago'],
      ['postcode', '62701', '60601'],
    ])
  })

  it('puts the store’s 422 messages on their fields and keeps the rest', () => {
    expect(storeFieldErrors({ 'shipping.phone': ['Invalid phone.'], postcode: ['Bad.', 'Really.'], '(body)': ['Malformed.'] })).toEqual({
      byField: { phone: 'Invalid phone.', postcode: 'Bad. Really.' },
      general: ['Malformed.'],
    })
  })
})
