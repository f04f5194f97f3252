// The blog list's rules: which posts a search matches, their order, and each post's state.
import { describe, expect, it } from 'vitest'
import type { BlogDraft, CachedBlog, OutboxEntry } from '@/data'
import { listItems, matchesFilter, sortItems } from './blog-list'

const row = (id: number, title: string, extra: Partial<CachedBlog> = {}): CachedBlog => ({
  key: `store:${id}`, storeId: id, title, summary: '', content: '<p>body</p>', status: 2, created_at: `2026-01-0${id} 10:00:00`,
  updated_at: `2026-02-0${id} 10:00:00`, visible_at: null, collectionKeys: [], ...extra,
})
const conflictEntry = (lane: string): OutboxEntry => ({ kind: 'blogs.update', write: {}, lanes: [lane], state: 'conflict', attempts: 1, nextAttemptAt: 0, createdAt: 0, label: 'x' })

describe('listItems', () => {
  it('marks each post draft, queued, in conflict or sent, and lists drafts that exist only on this device', () => {
    const rows = [row(1, 'Sent one'), row(2, 'Queued one', { pending: true }), row(3, 'Edited here'), row(4, 'Clashing', { pending: true }), row(5, 'Gone', { deleted: true })]
    const drafts: BlogDraft[] = [
      { key: 'store:3', fields: { title: 'Edited here, new title' }, baseUpdatedAt: null, savedAt: 0 },
      { key: 'local:abc', fields: { title: 'Written offline', status: 1 }, baseUpdatedAt: null, savedAt: Date.UTC(2026, 2, 1) },
    ]
    const items = listItems(rows, drafts, [conflictEntry('blogs:store:4')])
    expect(items.map((item) => [item.title, item.state, item.localOnly])).toEqual([
      ['Sent one', 'sent', false],
      ['Queued one', 'queued', false],
      ['Edited here, new title', 'draft', false],
      ['Clashing', 'conflict', false],
      ['Written offline', 'draft', true],
    ])
  })
})

describe('matchesFilter and sortItems', () => {
  const items = listItems([row(1, 'Garden tools', { status: 1 }), row(2, 'Kitchen', { content: '<table><tr><td>GARDEN</td></tr></table>' }), row(3, 'Shoes')], [], [])

  it('matches filter[key] case-insensitively in title, summary and body, and filter[status]', () => {
    expect(items.filter((item) => matchesFilter(item, { key: 'garden', status: '' })).map((item) => item.title)).toEqual(['Garden tools', 'Kitchen'])
    expect(items.filter((item) => matchesFilter(item, { key: 'garden', status: '2' })).map((item) => item.title)).toEqual(['Kitchen'])
  })

  it('orders by each sort value, a leading minus meaning descending', () => {
    expect(sortItems(items, '-created_at').map((item) => item.title)).toEqual(['Shoes', 'Kitchen', 'Garden tools'])
    expect(sortItems(items, 'title').map((item) => item.title)).toEqual(['Garden tools', 'Kitchen', 'Shoes'])
  })
})
