import { describe, expect, it } from 'vitest'
import { placeOf } from './use-refused-write-notices'

describe('where a refused change is fixed', () => {
  it('is the post, the order or the collection it concerns, else the Sync page', () => {
    expect(placeOf({ kind: 'blogs.create', write: { key: 'local:ab/c' } })).toEqual({ path: '/blogs/local%3Aab%2Fc', label: 'Open the post' })
    expect(placeOf({ kind: 'orders.track', write: { orderId: 1042 } })).toEqual({ path: '/orders/1042', label: 'Open the order' })
    expect(placeOf({ kind: 'collections.update', write: { key: 'store:3' } })).toEqual({ path: '/collections/store%3A3', label: 'Open the collection' })
    expect(placeOf({ kind: 'metaFieldValues.set', write: {} })).toEqual({ path: '/sync', label: 'Open Sync' })
  })
})
