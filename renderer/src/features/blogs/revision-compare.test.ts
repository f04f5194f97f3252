// Comparing two versions of a post: changed words marked, identical versions said to be so.
import { describe, expect, it } from 'vitest'
import { emptyDraft } from './blog-draft'
import { compareVersions, readableText } from './revision-compare'

const version = (extra: Partial<ReturnType<typeof emptyDraft>>) => ({ ...emptyDraft(), title: 'Spring', ...extra })

describe('readableText', () => {
  it('reads one line per block, with image alt text', () => {
    expect(readableText('<h2>Care</h2><p>Wash  <b>cold</b>,\n dry flat.</p><ul><li>One</li><li>Two</li></ul><img src="x" alt="A linen shirt">'))
      .toBe('Care\nWash cold, dry flat.\nOne\nTwo\n[image: A linen shirt]')
  })
})

describe('compareVersions', () => {
  it('marks the words that were deleted and inserted in the body', () => {
    const result = compareVersions(version({ content: '<p>Wash the linen cold.</p>' }), version({ content: '<p>Wash the linen warm today.</p>' }))
    expect(result.identical).toBe(false)
    expect(result.texts.map((text) => text.field)).toEqual(['content'])
    const changes = result.texts[0]!.changes
    expect(changes.filter((part) => part.removed).map((part) => part.value.trim())).toEqual(['cold'])
    expect(changes.filter((part) => part.added).map((part) => part.value.trim())).toEqual(['warm today'])
    expect(changes.filter((part) => !part.added && !part.removed).map((part) => part.value).join('')).toContain('Wash the linen')
  })

  it('compares the title and summary too, and names other fields that differ', () => {
    const result = compareVersions(version({ summary: 'Mine' }), version({ title: 'Spring sale', summary: 'Theirs', seo_slug: 'spring-sale' }))
    expect(result.texts.map((text) => text.label)).toEqual(['Title', 'Summary'])
    expect(result.otherFields).toEqual(['Slug'])
  })

  it('says two versions are identical when only insignificant HTML differs', () => {
    const result = compareVersions(version({ content: '<p><b>Hello</b></p>\n<p>World</p>' }), version({ content: '<p><strong>Hello</strong></p><p>World</p>' }))
    expect(result).toEqual({ identical: true, texts: [], markupOnly: null, otherFields: [] })
  })

  it('shows a formatting change whose words are the same as an HTML line diff', () => {
    const result = compareVersions(version({ content: '<p>Hello world</p>' }), version({ content: '<p>Hello <em>world</em></p>' }))
    expect(result.identical).toBe(false)
    expect(result.texts).toEqual([])
    expect(result.markupOnly?.some((part) => part.added && part.value.includes('<em>'))).toBe(true)
  })
})
