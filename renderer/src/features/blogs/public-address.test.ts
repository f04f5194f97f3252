import { describe, expect, it } from 'vitest'
import { publicAddress } from './public-address'

const STORE = 'http://127.0.0.1:4010'
const live = { public_url: 'https://shop.example/journal/picnic-guide', seo_slug: 'picnic-guide' }
const other = { public_url: 'https://shop.example/journal/winter-hours', seo_slug: 'winter-hours' }

describe('publicAddress', () => {
  it('is the store’s public_url for a post it has, never the connection’s address', () => {
    expect(publicAddress('picnic-guide', live, [other], STORE)).toBe('https://shop.example/journal/picnic-guide')
  })

  it('follows a slug being changed on the store’s own blog address', () => {
    expect(publicAddress('picnic-2027', live, [], STORE)).toBe('https://shop.example/journal/picnic-2027')
  })

  it('gives a new post the address its slug will have, from another post’s public_url', () => {
    expect(publicAddress('market-day', null, [{ public_url: undefined, seo_slug: 'x' }, other], STORE)).toBe('https://shop.example/journal/market-day')
    expect(publicAddress('', null, [other], STORE)).toBe('https://shop.example/journal/…')
  })

  it('falls back to the connection’s address only when no post names one', () => {
    expect(publicAddress('market-day', null, [], `${STORE}/`)).toBe(`${STORE}/blogs/market-day`)
    // A public_url that does not end in the post's slug says nothing about the blog's address.
    expect(publicAddress('market-day', null, [{ public_url: 'https://shop.example/p?id=4', seo_slug: 'x' }], STORE)).toBe(`${STORE}/blogs/market-day`)
  })
})
