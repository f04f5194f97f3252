// The collection form: the store's limits and slug uniqueness checked before queueing, and
// bodies that leave the store its defaults on create and send only changes on update.
import { describe, expect, it } from 'vitest'
import { say, type Message } from '@/session/i18n'
import { createBody, emptyForm, formProblems, updateBody } from './collection-form'

/** The problems as the dialog says them (English). */
function said(problems: Partial<Record<string, Message>> | null) {
  return problems && Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, say(message!)]))
}
import { filterAndSort, type CollectionRow } from './use-collection-rows'

describe('collection form', () => {
  it('names the problems by field', () => {
    expect(said(formProblems({ ...emptyForm(), title: '  ', seo_slug: 'Not A Slug' }, []))).toEqual({
      title: 'Give the collection a title',
      seo_slug: 'Lower-case letters, digits and single hyphens, e.g. summer-guides',
    })
    expect(said(formProblems({ ...emptyForm(), title: 'Guides', seo_slug: 'guides' }, ['guides']))).toEqual({ seo_slug: 'Another collection already uses this slug' })
    expect(said(formProblems({ ...emptyForm(), title: 'Guides', description: 'x'.repeat(10_001) }, []))).toEqual({ description: 'At most 10,000 characters' })
    expect(formProblems({ ...emptyForm(), title: 'Guides', seo_slug: 'guides' }, ['other'])).toBeNull()
  })

  it('leaves empty optional fields out of a create so the store makes the slug', () => {
    expect(createBody({ ...emptyForm(), title: ' Guides ', description: 'How-tos' })).toEqual({ title: 'Guides', description: 'How-tos', sort_type: 'manual' })
  })

  it('sends only what changed on update', () => {
    const before = { ...emptyForm(), title: 'Guides', sort_type: 'newest' as const }
    expect(updateBody(before, { ...before, sort_type: 'manual', seo_title: 'All guides' })).toEqual({ sort_type: 'manual', seo_title: 'All guides' })
    expect(updateBody(before, { ...before })).toEqual({})
  })
})

describe('filterAndSort', () => {
  const row = (storeId: number, title: string, created_at: string, description = ''): CollectionRow => ({ collection: { key: `store:${storeId}`, storeId, title, description, created_at, blogKeys: [] }, members: [] })
  const rows = [row(1, 'Kitchen', '2026-01-02 00:00:00', 'Cook and serve'), row(2, 'garden', '2026-01-03 00:00:00'), row(3, 'Books', '2026-01-02 00:00:00', 'kitchen reading')]

  it('finds the keyword in the title or the description, ignoring case', () => {
    expect(filterAndSort(rows, 'KITCHEN', 'title').map((r) => r.collection.storeId)).toEqual([3, 1])
  })

  it('sorts by the chosen field with ties by id, in both directions', () => {
    expect(filterAndSort(rows, '', 'created_at').map((r) => r.collection.storeId)).toEqual([1, 3, 2])
    expect(filterAndSort(rows, '', '-created_at').map((r) => r.collection.storeId)).toEqual([2, 3, 1])
    expect(filterAndSort(rows, '', 'title').map((r) => r.collection.title)).toEqual(['Books', 'garden', 'Kitchen'])
  })
})
