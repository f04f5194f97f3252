import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { knownCarrier, trackingLink } from './carrier-links'

describe('a tracking number as a link to the carrier', () => {
  it('uses the carrier the order names, in whatever case or spelling', () => {
    expect(trackingLink('ABC123456', 'ups')).toEqual({ carrier: 'UPS', url: 'https://www.ups.com/track?tracknum=ABC123456' })
    expect(trackingLink('ABC123456', 'United States Postal Service')?.url).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=ABC123456')
    expect(trackingLink('ABC123456', 'Royal Mail')?.url).toBe('https://www.royalmail.com/track-your-item#/tracking-results/ABC123456')
  })

  it('falls back to the carrier of the number’s format when the order names none it knows', () => {
    expect(trackingLink('1Z999AA10123456784', '')).toEqual({ carrier: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })
    expect(trackingLink('1Z999AA10123456784', 'Local courier')?.carrier).toBe('UPS')
  })

  it('gives no link when neither the order nor the format names a carrier', () => {
    expect(trackingLink('MYPARCEL42', 'Local courier')).toBeNull()
    expect(trackingLink('', 'UPS')).toBeNull()
    expect(trackingLink(undefined, undefined)).toBeNull()
  })

  it('keeps the number whole and safe in the address', () => {
    expect(trackingLink(' 1Z 999 ', 'UPS')?.url).toBe('https://www.ups.com/track?tracknum=1Z999')
    expect(trackingLink('A&B=C', 'DHL')?.url).toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=A%26B%3DC')
  })
})

describe('carrier names that are also names of Object.prototype', () => {
  const names = Object.getOwnPropertyNames(Object.prototype).flatMap((name) => [name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)])

  it.each(names)('“%s” is a carrier without a known page', (name) => {
    expect(knownCarrier(name)).toBeNull()
    expect(trackingLink('MYPARCEL42', name)).toBeNull()
    expect(trackingLink('1Z999AA10123456784', name)).toEqual({ carrier: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })
  })
})

describe('any carrier name the store holds', () => {
  it('gives a carrier the app has a page for, or none, and never throws', () => {
    const known = new Set(['USPS', 'UPS', 'FedEx', 'DHL', 'Amazon Logistics', 'OnTrac', 'Royal Mail', 'Canada Post', 'Australia Post', 'Deutsche Post'])
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype))), fc.stringMatching(/^[A-Z0-9]{6,20}$/), (name, number) => {
        const carrier = knownCarrier(name)
        expect(carrier === null || known.has(carrier)).toBe(true)
        const link = trackingLink(number, name)
        expect(link === null || (known.has(link.carrier) && link.url.startsWith('https://'))).toBe(true)
      }),
    )
  })
})
