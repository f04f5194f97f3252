import { describe, expect, it } from 'vitest'
import { defaultDisplayName, loadPrintoutDetails, logoProblem, printedName, savePrintoutDetails } from './printout-details'

class MemoryStorage {
  private items = new Map<string, string>()
  getItem = (k: string) => this.items.get(k) ?? null
  setItem = (k: string, v: string) => void this.items.set(k, v)
}

describe('the store’s details for printouts', () => {
  it('default to the connection’s name, never a host and port', () => {
    expect(defaultDisplayName({ label: 'Acme Outfitters', isDemo: false })).toBe('Acme Outfitters')
    expect(defaultDisplayName({ label: 'acme.example.com', isDemo: false })).toBe('acme.example.com')
    expect(defaultDisplayName({ label: '127.0.0.1:43047', isDemo: true })).toBe('Demo store')
    expect(defaultDisplayName({ label: 'shop.local:8080', isDemo: false })).toBe('')
    expect(defaultDisplayName({ label: '10.0.0.5', isDemo: false })).toBe('')
    expect(printedName({ displayName: ' Paper & Co ', returnAddress: '', logo: null }, { label: '127.0.0.1:43047', isDemo: true })).toBe('Paper & Co')
  })

  it('are kept per store and read back checked: anything else falls back to the defaults', () => {
    const storage = new MemoryStorage() as unknown as Storage
    savePrintoutDetails('a', { displayName: 'Paper & Co', returnAddress: '1 Mill Lane\nLeeds', logo: { name: 'logo.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' } }, storage)
    expect(loadPrintoutDetails('a', storage)).toMatchObject({ displayName: 'Paper & Co', logo: { name: 'logo.png' } })
    expect(loadPrintoutDetails('b', storage)).toEqual({ displayName: '', returnAddress: '', logo: null })
    storage.setItem('storedesk.printoutDetails.c', JSON.stringify({ logo: { name: 'x', dataUrl: 'javascript:alert(1)' } }))
    expect(loadPrintoutDetails('c', storage).logo).toBeNull()
  })

  it('take a small image file as the logo, and say why another will not do', () => {
    expect(logoProblem({ type: 'image/png', size: 10_000 })).toBeNull()
    expect(logoProblem({ type: 'image/svg+xml', size: 100 })).toMatch(/PNG, JPEG, WebP or GIF/)
    expect(logoProblem({ type: 'image/png', size: 10_000_000 })).toMatch(/larger than 256 KB/)
  })
})
