// The store's signer against the worked examples written in docs/demo-store-platform.md
// (values computed outside this code), so the docs and the store cannot drift apart.
import { describe, expect, it } from 'vitest'
import { hmacMessage, signParams, signedUrl } from './hmac'

const SECRET = 'hush-demo-secret'

describe('hmac', () => {
  it('signs an Install redirect as the worked example says', () => {
    const params = { state: 'xyz', shop: '127.0.0.1:4010', code: '0f1e2d3c' }
    expect(hmacMessage(params)).toBe('code=0f1e2d3c&shop=127.0.0.1:4010&state=xyz')
    expect(signParams(params, SECRET)).toBe('33bd87527cfbb47fed4c757515d8586e0e145154d329d3a8167b5cdad108d6bb')
  })

  it('signs a launch link and a Cancel as the worked examples say', () => {
    expect(signParams({ timestamp: '1772359200', shop: '127.0.0.1:4010' }, SECRET)).toBe('a300dea758718e08ae2a2e9b266a3c785da03207520e355139b90990d68e72f4')
    expect(signParams({ error: 'access_denied', shop: '127.0.0.1:4010', state: 'xyz' }, SECRET)).toBe('b47b6c991bd127431e3dcdc6710addd9ec182647849b482d57b53bca99984ce8')
  })

  it('leaves a given hmac out of the message and puts the URL-encoded values in the link', () => {
    expect(hmacMessage({ b: '2', hmac: 'ignored', a: 'x y&z' })).toBe('a=x y&z&b=2')
    const url = new URL(signedUrl('storedesk://oauth/callback', { code: '0f1e2d3c', shop: '127.0.0.1:4010', state: 'xyz' }, SECRET))
    expect(url.search).toBe('?code=0f1e2d3c&shop=127.0.0.1%3A4010&state=xyz&hmac=33bd87527cfbb47fed4c757515d8586e0e145154d329d3a8167b5cdad108d6bb')
  })
})
