import { beforeEach, describe, expect, it } from 'vitest'
import { defaultDisplayName, loadPrintoutDetails, logoProblem, printedName, savePrintoutDetails } from './printout-details'

beforeEach(() => localStorage.clear())

describe('the store’s details for printouts', () => {
  it('default to the connection’s name, never a host and port', () => {
    expect(defaultDisplayName({ label: 'Acme Outfitters', isDemo: false })).toBe('Acme Outfitters')
    expect(defaultDisplayName({ label: 'acme.example.com', isDemo: false })).toBe('acme.example.com')
    expect(defaultDisplayName({ label: '127.0.0.1:43047', isDemo: true })).toBe('Demo store')
    expect(defaultDisplayName({ label: 'shop.local:8080', isDemo: false })).toBe('')
    expect(defaultDisplayName({ label: '10.0.0.5', isDemo: false })).toBe('')
    expect(printedName({ displayName: ' Paper & Co ', returnAddress: '', logo: null, language: '' }, { label: '127.0.0.1:43047', isDemo: true })).toBe('Paper & Co')
  })

  it('are kept per store and read back checked: anything else falls back to the defaults', () => {
    savePrintoutDetails('a', { language: 'en', displayName: 'Paper & Co', returnAddress: '1 Mill Lane\nLeeds', logo: { name: 'logo.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' } })
    expect(loadPrintoutDetails('a')).toMatchObject({ displayName: 'Paper & Co', logo: { name: 'logo.png' }, language: 'en' })
    expect(loadPrintoutDetails('b')).toEqual({ displayName: '', returnAddress: '', logo: null, language: '' })
    localStorage.setItem('storedesk.setting.printoutDetails.d', JSON.stringify({ displayName: 'Kept', language: 'xx' }))
    expect(loadPrintoutDetails('d')).toMatchObject({ displayName: 'Kept', language: '' })
    localStorage.setItem('storedesk.setting.printoutDetails.c', JSON.stringify({ logo: { name: 'x', dataUrl: 'javascript:alert(1)' } }))
    expect(loadPrintoutDetails('c').logo).toBeNull()
  })

  it('saved before the settings module, are read once from where they were', () => {
    localStorage.setItem('storedesk.printoutDetails.a', JSON.stringify({ displayName: 'Paper & Co', returnAddress: 'Leeds' }))
    expect(loadPrintoutDetails('a')).toEqual({ displayName: 'Paper & Co', returnAddress: 'Leeds', logo: null, language: '' })
    expect(localStorage.getItem('storedesk.printoutDetails.a')).toBeNull()
    expect(loadPrintoutDetails('a').displayName).toBe('Paper & Co')
  })

  it('take a small image file as the logo, and say why another will not do', () => {
    expect(logoProblem({ type: 'image/png', size: 10_000 })).toBeNull()
    expect(logoProblem({ type: 'image/svg+xml', size: 100 })).toEqual({ key: 'printout.logoType' })
    expect(logoProblem({ type: 'image/png', size: 10_000_000 })).toEqual({ key: 'printout.logoSize', params: { kb: 256 } })
  })
})
