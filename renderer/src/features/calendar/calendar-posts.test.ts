import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { BlogListItem } from '@/features/blogs'
import { addDays } from './calendar-days'
import { authorsOf, calendarPosts, carryStep, dropProblem, filterPosts, postsByDay, scheduleStamp, unscheduledPosts, type CalendarPost } from './calendar-posts'

const item = (key: string, extra: Partial<BlogListItem>): BlogListItem => ({
  key, storeId: 1, title: key, summary: '', content: '', author: '', status: 2, created_at: '2026-10-01 08:00:00', updated_at: '', visible_at: null,
  collectionKeys: [], state: { kind: 'published', label: 'Published', type: 'success' }, localOnly: false, ...extra,
})
const NOW = '2026-11-20 12:00:00'
const isFuture = (stamp: string) => stamp > NOW

describe('the calendar’s posts', () => {
  const posts = calendarPosts([
    item('live', { visible_at: '2026-11-02 03:00:00', author: 'Maya', collectionKeys: ['c1'] }),
    item('no-date', { visible_at: null }),
    item('later', { visible_at: '2026-12-15 09:30:00', author: 'Jon' }),
    item('later-early', { visible_at: '2026-12-15 07:00:00', author: 'Maya' }),
    item('hidden', { status: 1, visible_at: '2026-06-01 00:00:00', author: 'Jon' }),
    item('draft', { localOnly: true, storeId: null, status: 2, author: '' }),
  ], isFuture)

  it('places published and scheduled posts on the day of their visible time, earliest first, the rest aside', () => {
    expect(posts.map((post) => [post.key, post.kind, post.day])).toEqual([
      ['live', 'published', '2026-11-02'],
      ['no-date', 'published', '2026-10-01'],
      ['later', 'scheduled', '2026-12-15'],
      ['later-early', 'scheduled', '2026-12-15'],
      ['hidden', 'hidden', null],
      ['draft', 'draft', null],
    ])
    expect(postsByDay(posts).get('2026-12-15')!.map((post) => post.key)).toEqual(['later-early', 'later'])
    expect(unscheduledPosts(posts).map((post) => post.key)).toEqual(['draft', 'hidden'])
  })

  it('filters by collection and by author, and lists the authors', () => {
    expect(filterPosts(posts, { collection: 'c1', author: null }).map((post) => post.key)).toEqual(['live'])
    expect(filterPosts(posts, { collection: null, author: 'Jon' }).map((post) => post.key)).toEqual(['later', 'hidden'])
    expect(filterPosts(posts, { collection: null, author: '' }).map((post) => post.key)).toEqual(['no-date', 'draft'])
    expect(authorsOf(posts)).toEqual(['Jon', 'Maya', ''])
  })

  it('keeps a scheduled post’s time of day when it moves, and gives others 09:00 store time', () => {
    const [later, hidden, draft] = [posts[2]!, posts[4]!, posts[5]!]
    expect(scheduleStamp(later, '2026-12-20')).toBe('2026-12-20 09:30:00')
    expect(scheduleStamp(hidden, '2026-12-20')).toBe('2026-12-20 09:00:00')
    expect(scheduleStamp(draft, '2026-12-20')).toBe('2026-12-20 09:00:00')
  })

  it('refuses exactly a published post, a day already past, and an untitled draft', () => {
    const kinds = fc.constantFrom<CalendarPost['kind']>('published', 'scheduled', 'hidden', 'draft')
    fc.assert(fc.property(kinds, fc.boolean(), fc.integer({ min: -40, max: 40 }), (kind, titled, offset) => {
      const post: CalendarPost = { ...posts[0]!, kind, title: titled ? 'A post' : ' ' }
      const today = '2026-11-20'
      const problem = dropProblem(post, addDays(today, offset), today)
      expect(problem !== null).toBe(kind === 'published' || offset < 0 || (kind === 'draft' && !titled))
    }))
  })

  it('moves a picked-up post a day with left and right, a week with up and down; Enter or Space drops, Escape puts back', () => {
    expect(carryStep('2026-12-31', 'ArrowRight')).toEqual({ to: '2027-01-01' })
    expect(carryStep('2026-12-31', 'ArrowUp')).toEqual({ to: '2026-12-24' })
    expect(carryStep('2026-12-31', 'Enter')).toEqual({ drop: true })
    expect(carryStep('2026-12-31', ' ')).toEqual({ drop: true })
    expect(carryStep('2026-12-31', 'Escape')).toEqual({ cancel: true })
    expect(carryStep('2026-12-31', 'a')).toBeNull()
  })
})
