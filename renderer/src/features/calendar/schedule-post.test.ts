// Scheduling from the calendar, against the cache and a fake store: nothing reaches the store
// before the undo window ends, an Undo (of every write of the move) leaves the store as it was,
// and once the window ends the store has the post visible from that day. Also as an invariant
// over generated sequences of moves, undos and passing time.
import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { storeKey, undoWrite, type StoreDatabase } from '@/data'
import { replayOutbox } from '@/data/replayer'
import { FakeStore } from '@/data/fake-store'
import { freshStoreEachTest, makeBlog } from '@/data/test-support'
import type { BlogListItem } from '@/features/blogs'
import { writeWords } from '@/features/sync'
import { calendarPosts, type CalendarPost } from './calendar-posts'
import { schedulePost, ScheduleProblem } from './schedule-post'

vi.mock('@/bridge', () => ({ api: {} }))

let db: StoreDatabase
let store: FakeStore
freshStoreEachTest((d, s) => ((db = d), (store = s)), { undoWindowSeconds: 10 })

const WINDOW = 10_000

async function cacheStoreBlog(id: number, extra: Parameters<typeof makeBlog>[1] = {}) {
  const blog = makeBlog(id, extra)
  store.blogs.set(id, structuredClone(blog))
  await db.blogs.put({ ...blog, key: storeKey(id), storeId: id, collectionKeys: [] })
}

function post(key: string, kind: CalendarPost['kind'], extra: Partial<CalendarPost> = {}): CalendarPost {
  return { key, title: `Post ${key}`, author: '', collectionKeys: [], visibleAt: null, day: null, kind, state: { kind: 'draft', label: '', type: 'default' }, ...extra }
}

/** Every write the move queued, as the undo bar takes them back. */
async function undoAll() {
  for (const entry of await db.outbox.toArray()) expect(await undoWrite(db, entry.id!)).toBe('undone')
}

describe('schedulePost', () => {
  it('creates a draft on the store only after the window, visible from that day; Undo leaves the store untouched and the draft kept', async () => {
    await db.blogDrafts.put({ key: 'local:d1', fields: { title: 'Spring planting', content: '<p>Sow.</p>', seo_slug: 'spring-planting', status: 1, collectionKeys: [] }, baseUpdatedAt: null, savedAt: 1 })
    await schedulePost(db, post('local:d1', 'draft', { title: 'Spring planting' }), '2027-03-15 09:00:00', [])
    const [entry] = await db.outbox.toArray()
    expect(writeWords(entry!.label)).toBe('New post “Spring planting”')
    expect((await replayOutbox(db, store.call, () => entry!.holdUntil! - 1)).sent).toBe(0)
    await undoAll()
    expect(store.log).toEqual([])
    expect(await db.blogs.get('local:d1')).toBeUndefined()
    expect((await db.blogDrafts.get('local:d1'))!.fields.title).toBe('Spring planting')

    await schedulePost(db, post('local:d1', 'draft', { title: 'Spring planting' }), '2027-03-15 09:00:00', [])
    await replayOutbox(db, store.call, () => Date.now() + WINDOW)
    const created = [...store.blogs.values()].find((blog) => blog.title === 'Spring planting')!
    expect(created).toMatchObject({ visible_at: '2027-03-15 09:00:00', status: 2, seo_slug: 'spring-planting', content: '<p>Sow.</p>' })
  })

  it('shows a hidden post and moves its time in one action: one Undo takes both back', async () => {
    await cacheStoreBlog(5, { status: 1, visible_at: '2026-01-01 08:00:00' })
    await schedulePost(db, post('store:5', 'hidden'), '2027-02-01 09:00:00', [])
    const entries = await db.outbox.toArray()
    expect(entries.map((entry) => entry.kind)).toEqual(['blogs.update', 'blogs.batch'])
    expect(new Set(entries.map((entry) => entry.holdUntil)).size).toBe(1)
    await undoAll()
    await replayOutbox(db, store.call, () => Date.now() + WINDOW)
    expect(store.log).toEqual([])
    expect(await db.blogs.get('store:5')).toMatchObject({ status: 1, visible_at: '2026-01-01 08:00:00' })

    await schedulePost(db, post('store:5', 'hidden'), '2027-02-01 09:00:00', [])
    await replayOutbox(db, store.call, () => Date.now() + WINDOW)
    expect(store.blogs.get(5)).toMatchObject({ status: 2, visible_at: '2027-02-01 09:00:00' })
  })

  it('refuses a draft whose slug another post has, before anything is queued', async () => {
    await db.blogDrafts.put({ key: 'local:d2', fields: { title: 'Twin', seo_slug: 'post-7', collectionKeys: [] }, baseUpdatedAt: null, savedAt: 1 })
    await cacheStoreBlog(7)
    await expect(schedulePost(db, post('local:d2', 'draft', { title: 'Twin' }), '2027-03-15 09:00:00', await db.blogs.toArray())).rejects.toBeInstanceOf(ScheduleProblem)
    expect(await db.outbox.count()).toBe(0)
  })

  it('never lets a move reach the store before its window ends, nor after an undo', async () => {
    const ids = [1, 2, 3]
    for (const id of ids) await cacheStoreBlog(id, { visible_at: '2027-01-10 10:00:00' })
    const items = async () => calendarPosts((await db.blogs.toArray()).map((row): BlogListItem => ({
      key: row.key, storeId: row.storeId, title: row.title, summary: '', content: '', author: '', status: row.status ?? 2, created_at: row.created_at ?? '', updated_at: '', visible_at: row.visible_at ?? null, collectionKeys: [], state: { kind: 'scheduled', label: '', type: 'info' }, localOnly: false,
    })), () => true)
    type Model = { clock: number; waiting: Map<number, { holdUntil: number; day: string; blog: number }>; sent: Map<number, string> }
    type Real = { clock: number }
    const move = (blog: number, day: number) => ({
      check: () => true,
      async run(model: Model, real: Real) {
        const target = (await items()).find((p) => p.key === storeKey(blog))!
        const stamp = `2027-02-${String(day).padStart(2, '0')} 10:00:00`
        vi.setSystemTime(real.clock)
        await schedulePost(db, target, stamp, [])
        const entry = (await db.outbox.orderBy('id').toArray()).at(-1)!
        expect(entry.holdUntil).toBe(real.clock + WINDOW)
        model.waiting.set(entry.id!, { holdUntil: entry.holdUntil!, day: stamp, blog })
      },
      toString: () => `move ${blog} to Feb ${day}`,
    })
    const undoLast = {
      check: (model: Model) => model.waiting.size > 0,
      async run(model: Model) {
        const last = Math.max(...model.waiting.keys())
        expect(await undoWrite(db, last)).toBe('undone')
        model.waiting.delete(last)
      },
      toString: () => 'undo the last move',
    }
    const wait = (ms: number) => ({
      check: () => true,
      async run(model: Model, real: Real) {
        real.clock += ms
        model.clock += ms
        await replayOutbox(db, store.call, () => real.clock)
        for (const [id, held] of model.waiting) {
          if (held.holdUntil <= model.clock) {
            model.sent.set(held.blog, held.day)
            model.waiting.delete(id)
          }
        }
        // The rule: the store has exactly the moves whose windows ended, none undone.
        for (const id of ids) expect(store.blogs.get(id)!.visible_at).toBe(model.sent.get(id) ?? '2027-01-10 10:00:00')
      },
      toString: () => `wait ${ms} ms`,
    })
    await fc.assert(fc.asyncProperty(
      fc.commands([
        fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 1, max: 28 })).map(([blog, day]) => move(blog, day)),
        fc.constant(undoLast),
        fc.integer({ min: 1_000, max: 12_000 }).map(wait),
      ], { maxCommands: 12 }),
      async (commands) => {
        await db.outbox.clear()
        store.log = []
        for (const id of ids) {
          store.blogs.set(id, makeBlog(id, { visible_at: '2027-01-10 10:00:00' }))
          await db.blogs.put({ ...makeBlog(id, { visible_at: '2027-01-10 10:00:00' }), key: storeKey(id), storeId: id, collectionKeys: [] })
        }
        const start = Date.now()
        await fc.asyncModelRun(() => ({ model: { clock: start, waiting: new Map(), sent: new Map() }, real: { clock: start } }), commands)
      },
    ), { numRuns: 15 })
    vi.useRealTimers()
  })
})
