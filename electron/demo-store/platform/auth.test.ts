// Which operation a request calls and what it needs: the lookup the 404 and 403 answers rest
// on, checked against paths of the API table, including the ones that look alike.
import { describe, expect, it } from 'vitest'
import { describeScopes, findOperation } from './auth'
import { isLoopbackAddress } from './control'

describe('findOperation', () => {
  it.each([
    ['GET', '/openapi/2021-08/checkouts/count', 'checkouts.count'],
    ['GET', '/openapi/2021-08/checkouts/123', 'checkouts.get'],
    ['GET', '/openapi/2025-04/orders/', 'orders.list'],
    ['POST', '/openapi/2025-04/orders/9/track', 'orders.track'],
    ['POST', '/openapi/2021-08/blogs/batch', 'blogs.batch'],
    ['PUT', '/openapi/2021-08/blogs/5', 'blogs.update'],
    ['GET', '/openapi/2021-08/blog_collections/5/blogs', 'collections.blogs'],
    ['PUT', '/openapi/2021-08/orders/77/meta_fields', 'metaFieldValues.set'],
  ])('%s %s is %s', (method, path, name) => {
    expect(findOperation(method, path)?.name).toBe(name)
  })

  it.each([
    ['GET', '/openapi/2021-08/orders'],
    ['DELETE', '/openapi/2025-04/orders/1'],
    ['GET', '/openapi/2025-04/orders/1/track/extra'],
    ['GET', '/openapi/2021-08/checkouts/1/../count'],
  ])('%s %s is not an operation', (method, path) => {
    expect(findOperation(method, path)).toBeUndefined()
  })
})

describe('describeScopes', () => {
  it('reads "or" inside a group and "and" between groups', () => {
    expect(describeScopes([['read_content', 'write_content']])).toBe('read_content or write_content')
    expect(describeScopes([['read_content'], ['write_content']])).toBe('read_content and write_content')
  })
})

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true)
  })
  it.each(['10.0.0.2', '192.168.1.20', '::ffff:10.0.0.2', 'fe80::1', '', undefined])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false)
  })
})
