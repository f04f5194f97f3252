import { describe, expect, it } from 'vitest'
import { placeOf } from './use-refused-write-notices'

describe('where a refused change is fixed', () => {
  it('is the post, the order or the collection it concerns, else the Sync page', () => {
    expect(placeOf({ kind: 'blogs.create', write: { kind: 'blogs.create', key: 'local:ab/c', body: { title: 'Post' } } })).toEqual({ path: '/blogs/local%3Aab%2Fc', label: 'Open the post' })
    expect(placeOf({ kind: 'orders.track', write: { kind: 'orders.track', orderId: 1042, body: { trackno: 'T', sendemail: false } } })).toEqual({ path: '/orders/1042', label: 'Open the order' })
    expect(placeOf({ kind: 'collections.update', write: { kind: 'collections.update', key: 'store:3', body: {} } })).toEqual({ path: '/collections/store%3A3', label: 'Open the collection' })
    expect(placeOf({ kind: 'metaFieldValues.set', write: { kind: 'metaFieldValues.set', resource: 'blogs', resourceId: '1', body: { meta_field_id: '1', value: 'x' } } })).toEqual({ path: '/sync', label: 'Open Sync' })
  })
})
