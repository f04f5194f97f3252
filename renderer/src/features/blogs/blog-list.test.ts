// The blog list's rules: which posts a search matches, their order, and each post's state.
import { describe, expect, it } from 'vitest'
import type { BlogDraft, CachedBlog, OutboxEntry } from '@/data'
import { listItems, matchesFilter, sortItems } from './blog-list'

const row = (id: number, title: string, extra: Partial<CachedBlog> = {}): CachedBlog => ({
  key: `store:${id}`, storeId: id, title, summary: '', content: '<p>body</p>', status: 2, created_at: `2026-01-0${id} 10:00:00`,
  updated_at: `2026-02-0${id} 10:00:00`, visible_at: null, collectionKeys: [], ...extra,
})
let ids = 0
const entry = (lane: string, over: Partial<OutboxEntry> = {}): OutboxEntry => ({ id: ++ids, kind: 'blogs.update', write: { kind: 'blogs.update', key: lane.slice('blogs:'.length), body: {} }, lanes: [lane], state: 'queued', attempts: 1, nextAttemptAt: 0, createdAt: 0, label: 'x', ...over })
const NOW = new Date(2026, 10, 25, 12, 0)

describe('listItems', () => {
  it('gives each post one state, the same the editor shows, and lists drafts that exist only on this device', () => {
    const rows = [
      row(1, 'Live one', { visible_at: '2026-10-24 03:00:00' }),
      row(2, 'Sending one', { pending: true }),
      row(3, 'Edited here'),
      row(4, 'Clashing', { pending: true }),
      row(5, 'Gone', { deleted: true }),
      row(6, 'Refused', { pending: true }),
      row(7, 'Later', { visible_at: '2027-01-15 09:30:00' }),
      row(8, 'Hidden one', { status: 1 }),
      row(9, 'Later, edited', { visible_at: '2027-01-15 09:30:00' }),
      row(10, 'Hidden, edited', { status: 1 }),
      row(11, 'Draft typed back', { visible_at: '2026-10-24 03:00:00' }),
    ]
    const drafts: BlogDraft[] = [
      { key: 'store:3', fields: { title: 'Edited here, new title' }, baseUpdatedAt: null, savedAt: 0 },
      { key: 'store:9', fields: { title: 'Later, edited', summary: 'New summary' }, baseUpdatedAt: null, savedAt: 0 },
      { key: 'store:10', fields: { title: 'Hidden, edited', author: 'Ada' }, baseUpdatedAt: null, savedAt: 0 },
      { key: 'store:11', fields: { title: 'Draft typed back', content: '<p>body</p>', status: 2, collectionKeys: [] }, baseUpdatedAt: null, savedAt: 0 },
      { key: 'local:abc', fields: { title: 'Written offline', status: 1 }, baseUpdatedAt: null, savedAt: Date.UTC(2026, 2, 1) },
    ]
    const outbox = [
      entry('blogs:store:2'),
      entry('blogs:store:4', { state: 'conflict' }),
      entry('blogs:store:6', { state: 'failed', lastError: { code: 'validation_failed', message: 'x', fields: { seo_slug: ['is already taken'] } } }),
    ]
    const items = listItems(rows, drafts, outbox, true, NOW)
    expect(items.map((item) => [item.title, item.state.label, item.localOnly])).toEqual([
      ['Live one', 'Published Oct 24, 2026, 3:00 AM', false],
      ['Sending one', 'Sending…', false],
      ['Edited here, new title', 'Published · changes not yet published', false],
      ['Clashing', 'In conflict: choose a version', false],
      ['Refused', 'Failed: Slug: is already taken', false],
      ['Later', 'Scheduled for Jan 15, 2027, 9:30 AM', false],
      ['Hidden one', 'Hidden on the store', false],
      ['Later, edited', 'Scheduled for Jan 15, 2027, 9:30 AM · changes not yet published', false],
      ['Hidden, edited', 'Hidden on the store · changes not yet published', false],
      // A draft equal to the store's copy is no change: the post reads as the store has it.
      ['Draft typed back', 'Published Oct 24, 2026, 3:00 AM', false],
      ['Written offline', 'Draft on this device', true],
    ])
  })

  it('says a post waits to send while the store cannot be reached, never that it was sent', () => {
    const offline = entry('blogs:store:2', { lastError: { code: 'network', message: 'The store could not be reached.' } })
    expect(listItems([row(2, 'Waiting', { pending: true })], [], [offline], true, NOW)[0]!.state.label).toBe('Waiting to send (offline)')
    expect(listItems([row(2, 'Waiting', { pending: true })], [], [entry('blogs:store:2')], false, NOW)[0]!.state.label).toBe('Waiting to send (offline)')
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
