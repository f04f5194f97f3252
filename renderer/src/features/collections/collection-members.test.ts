// Members of a collection read from both sides of the cache, so the order and the count are
// right while writes are unsent.
import { describe, expect, it } from 'vitest'
import type { CachedBlog, CachedCollection } from '@/data'
import { collectionMembers } from './collection-members'

function blog(id: number, extra: Partial<CachedBlog> = {}): CachedBlog {
  return { key: `store:${id}`, storeId: id, title: `Post ${id}`, collectionKeys: ['store:7'], ...extra }
}
const collection: CachedCollection = { key: 'store:7', storeId: 7, title: 'Guides', blogKeys: ['store:3', 'store:1', 'store:2'] }

describe('collectionMembers', () => {
  it('lists the posts in the collection order', () => {
    expect(collectionMembers(collection, [blog(1), blog(2), blog(3)]).map((b) => b.title)).toEqual(['Post 3', 'Post 1', 'Post 2'])
  })

  it('leaves out a post deleted locally', () => {
    expect(collectionMembers(collection, [blog(1), blog(2, { deleted: true }), blog(3)]).map((b) => b.storeId)).toEqual([3, 1])
  })

  it('leaves out a post taken out of the collection by an unsent change', () => {
    const takenOut = blog(1, { collectionKeys: [], pending: true, server: { collectionKeys: ['store:7'] } })
    expect(collectionMembers(collection, [takenOut, blog(2), blog(3)]).map((b) => b.storeId)).toEqual([3, 2])
  })

  it('keeps a post of a new local collection that the post row does not list yet', () => {
    const local: CachedCollection = { key: 'local:x', storeId: null, title: 'New', blogKeys: ['store:2'] }
    expect(collectionMembers(local, [blog(1, { collectionKeys: [] }), blog(2, { collectionKeys: [] })]).map((b) => b.storeId)).toEqual([2])
  })

  it('appends a post added locally, as the store does', () => {
    const added = blog(9, { collectionKeys: ['store:7'], pending: true })
    expect(collectionMembers(collection, [blog(1), blog(2), blog(3), added]).map((b) => b.storeId)).toEqual([3, 1, 2, 9])
  })

  it('finds a post created here by its store id once accepted', () => {
    const created = { ...blog(4), key: 'local:abc' }
    const withIt = { ...collection, blogKeys: ['store:4', ...collection.blogKeys] }
    expect(collectionMembers(withIt, [blog(1), blog(2), blog(3), created]).map((b) => b.key)).toEqual(['local:abc', 'store:3', 'store:1', 'store:2'])
  })
})
