import { describe, expect, it } from 'vitest'
import { CREATE_KINDS, rewriteKey, type Write } from './index'

describe('a created row’s new key in the writes that wait for it', () => {
  it('is written into every key field of every kind, and never into what a write sends', () => {
    const from = 'local:0b5e'
    const to = 'store:77'
    const batch: Write = { kind: 'collections.batch', key: from, operate: 'show', blogKeys: ['store:1', from] }
    expect(rewriteKey(batch, from, to)).toEqual({ ...batch, key: to, blogKeys: ['store:1', to] })
    const tags: Write = { kind: 'orders.tags', orderId: 3, fieldKey: from, body: { add: [from], remove: [] } }
    expect(rewriteKey(tags, from, to)).toEqual({ ...tags, fieldKey: to })
    const post: Write = { kind: 'blogs.update', key: 'store:5', body: { title: from }, collectionKeys: [from] }
    expect(rewriteKey(post, from, to)).toEqual({ ...post, collectionKeys: [to] })
  })

  it('comes from the kinds whose handler says it makes a row', () => {
    expect([...CREATE_KINDS].sort()).toEqual(['blogs.create', 'collections.create', 'metaFields.create'])
  })
})
