// What a publish sends, and the slug made from a title.
import { describe, expect, it } from 'vitest'
import { changesToPublish, differingFields, emptyDraft, type DraftFields } from './blog-draft'

const stored: DraftFields = {
  ...emptyDraft(),
  title: 'Autumn',
  content: '<p>Hello</p>\n<dl class="x"><dt>a</dt><dd>b</dd></dl>',
  seo_slug: 'autumn',
  status: 2,
  collectionKeys: ['store:1'],
}

describe('changesToPublish', () => {
  it('sends only the changed title and leaves the store HTML alone when the body was not edited', () => {
    const draft = { ...stored, title: 'Autumn sale', content: '<p>Hello</p><dl class="x"><dt>a</dt><dd>b</dd></dl>' }
    expect(changesToPublish(draft, stored)).toEqual({ body: { title: 'Autumn sale' }, collectionsChanged: false, statusChanged: false, contentChanged: false })
  })

  it('sends the body when the writer changed it, and notices status and collection changes', () => {
    const draft = { ...stored, content: '<p>Hello again</p>', status: 1, collectionKeys: ['store:2'] }
    expect(changesToPublish(draft, stored)).toEqual({ body: { content: '<p>Hello again</p>' }, collectionsChanged: true, statusChanged: true, contentChanged: true })
  })

  it('sends every filled field of a new post', () => {
    const draft = { ...emptyDraft(), title: 'New', content: '<p>x</p>', seo_slug: 'new', visible_at: '2026-12-01 09:00:00' }
    expect(changesToPublish(draft, null).body).toEqual({ title: 'New', content: '<p>x</p>', seo_slug: 'new', visible_at: '2026-12-01 09:00:00' })
  })
})

describe('differingFields', () => {
  it('lists the fields two versions disagree on, ignoring what only the editor rewrote', () => {
    const theirs = { ...stored, title: 'Autumn (store)', collectionKeys: ['store:1'] }
    const mine = { ...stored, content: '<p>Hello</p><dl class="x"><dt>a</dt><dd>b</dd></dl>', summary: 'New summary' }
    expect(differingFields(mine, theirs)).toEqual(['title', 'summary'])
  })
})

