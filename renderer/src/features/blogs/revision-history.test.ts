// Revision labels, and the store's copy kept as the first revision before the first local change.
import { afterEach, describe, expect, it } from 'vitest'
import { storeKey, type BlogRevision, type CachedBlog, type StoreDatabase } from '@/data'
import { freshDatabase, makeBlog } from '@/data/test-support'
import { keepStoreOriginal, restoringWhat, revisionLabel } from './revision-history'

const STORE_HTML = '<p class="lead">Kept <b>exactly</b></p>\n<dl><dt>a</dt><dd>b</dd></dl>'

function cachedBlog(extra: Partial<CachedBlog> = {}): CachedBlog {
  return { ...makeBlog(7, { content: STORE_HTML, summary: 'On the store', updated_at: '2026-03-02 10:15:00' }), key: storeKey(7), storeId: 7, collectionKeys: ['store:1'], ...extra }
}

const revision = (extra: Partial<BlogRevision>): BlogRevision => ({ key: 'store:7', createdAt: Date.UTC(2026, 2, 2, 12), reason: 'timer', fields: {}, ...extra })

describe('revisionLabel', () => {
  it('names each revision by its cause', () => {
    expect(revisionLabel(revision({ reason: 'store', storeUpdatedAt: '2026-03-02 10:15:00' }))).toBe('As on the store, Mar 2, 2026, 10:15 AM')
    expect(revisionLabel(revision({ reason: 'timer' }))).toBe('While writing')
    expect(revisionLabel(revision({ reason: 'publish' }))).toBe('Before publishing')
    expect(revisionLabel(revision({ reason: 'restore' }))).toBe('Before restoring')
    expect(revisionLabel(revision({ reason: 'restore', restoring: 'the store’s version' }))).toBe('Before restoring the store’s version')
  })

  it('names the revision a restore replaced by its time and cause', () => {
    const restored = revision({ reason: 'store', storeUpdatedAt: '2026-03-02 10:15:00', createdAt: new Date(2026, 2, 2, 14, 5, 9).getTime() })
    expect(revisionLabel(revision({ reason: 'restore', restoring: restoringWhat(restored) }))).toBe('Before restoring the revision of Mar 2, 2:05:09 PM (As on the store, Mar 2, 2026, 10:15 AM)')
  })
})

describe('keepStoreOriginal', () => {
  let db: StoreDatabase
  afterEach(async () => db?.delete())

  it('keeps exactly the store’s HTML and fields, once per store version', async () => {
    db = freshDatabase()
    const row = cachedBlog()
    expect(await keepStoreOriginal(db, row, 1000)).toBe(true)
    expect(await keepStoreOriginal(db, row, 2000)).toBe(false)
    const [first, ...rest] = await db.blogRevisions.where('key').equals(row.key).sortBy('createdAt')
    expect(rest).toEqual([])
    expect(first).toMatchObject({ reason: 'store', createdAt: 1000, storeUpdatedAt: '2026-03-02 10:15:00' })
    expect(first!.fields.content).toBe(STORE_HTML)
    expect(first!.fields).toMatchObject({ title: 'Post 7', summary: 'On the store', seo_slug: 'post-7', status: 2, author: 'Ada' })
    expect(revisionLabel(first!)).toBe('As on the store, Mar 2, 2026, 10:15 AM')

    // A newer store version (after a publish) is kept again, as its own revision.
    expect(await keepStoreOriginal(db, cachedBlog({ updated_at: '2026-03-03 08:00:00', content: '<p>New</p>' }), 3000)).toBe(true)
    expect(await db.blogRevisions.where('key').equals(row.key).count()).toBe(2)
  })

  it('keeps one copy when two edits ask at once', async () => {
    db = freshDatabase()
    await Promise.all([keepStoreOriginal(db, cachedBlog()), keepStoreOriginal(db, cachedBlog())])
    expect(await db.blogRevisions.count()).toBe(1)
  })

  it('keeps nothing for a post the store has not got or a row holding this device’s queued edits', async () => {
    db = freshDatabase()
    expect(await keepStoreOriginal(db, cachedBlog({ storeId: null, key: 'local:x' }))).toBe(false)
    expect(await keepStoreOriginal(db, cachedBlog({ pending: true }))).toBe(false)
    expect(await db.blogRevisions.count()).toBe(0)
  })
})
