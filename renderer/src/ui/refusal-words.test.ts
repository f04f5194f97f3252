import { describe, expect, it } from 'vitest'
import { refusalInWords } from './refusal-words'

describe('a refusal in the screens’ words', () => {
  it('names fields by their labels, never the API’s names', () => {
    expect(refusalInWords({ message: 'The request is not valid. seo_slug: use lower-case letters', fields: { seo_slug: ['use lower-case letters, digits and single hyphens'] } })).toBe(
      'Slug: use lower-case letters, digits and single hyphens',
    )
    expect(refusalInWords({ message: 'x', fields: { 'shipping.postcode': ['Not a postcode'], seo_title: ['too long'] } })).toBe('Postcode: Not a postcode. SEO title: too long')
    expect(refusalInWords({ message: 'Another blog already uses the seo_slug "picnic".' })).toBe('Another blog already uses the slug "picnic"')
    expect(refusalInWords(undefined)).toBe('The store refused it')
  })
})
