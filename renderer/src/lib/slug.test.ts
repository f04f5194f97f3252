import { describe, expect, it } from 'vitest'
import { freeSlug, slugify, slugTakenBy } from './slug'

describe('a post’s slug', () => {
  it.each([
    ['Spring sale: 20% off!', 'spring-sale-20percent-off'],
    ['Plastic Free Picnic!!', 'plastic-free-picnic'],
    ['Café crème & croissants', 'cafe-creme-and-croissants'],
    ['  --Hello   World--  ', 'hello-world'],
    ['Привет мир', 'privet-mir'],
    ['Straße', 'strasse'],
    ['!!!', ''],
  ])('made from the title: %s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug)
  })

  it('is normalised from what the writer typed as the store takes it', () => {
    expect(slugify('Picnic Guide 2027')).toBe('picnic-guide-2027')
    expect(slugify('my-')).toBe('my')
    expect(slugify('my--post')).toBe('my-post')
    expect(slugify('-')).toBe('')
    expect(slugify('x'.repeat(100))).toHaveLength(80)
  })

  it('is checked against the other posts this device knows, with a free one suggested', () => {
    const posts = [
      { key: 'store:1', seo_slug: 'picnic' },
      { key: 'store:2', seo_slug: 'picnic-2' },
      { key: 'store:3', seo_slug: 'gone', deleted: true },
    ]
    expect(slugTakenBy('picnic', 'local:a', posts)?.key).toBe('store:1')
    expect(slugTakenBy('picnic', 'store:1', posts)).toBeUndefined()
    expect(slugTakenBy('gone', 'local:a', posts)).toBeUndefined()
    expect(freeSlug('picnic', 'local:a', posts)).toBe('picnic-3')
  })
})
