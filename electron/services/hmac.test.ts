// @vitest-environment node
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { computeHmac, signedMessage, verifyHmac } from './hmac'

const entries = (query: string) => [...new URLSearchParams(query)]

describe('the store signature (hmac)', () => {
  it('matches a vector computed once with `openssl dgst -sha256 -hmac hush-secret`', () => {
    // printf 'code=abc123&shop=demo.example.com&state=xyz&timestamp=1700000000' | openssl dgst -sha256 -hmac 'hush-secret'
    const params = entries('timestamp=1700000000&state=xyz&shop=demo.example.com&code=abc123')
    expect(computeHmac(params, 'hush-secret')).toBe('3c2e81d184abed04da61b76065f3cc02c310e45700ca32252a72fa8d434d0f1e')
  })

  it('signs every parameter except hmac, sorted by name, as name=value joined with &', () => {
    const params = entries('shop=acme.example.com&code=0907a61c0c8d55e99db179b68161bc00&hmac=ignored&state=s%2Fx')
    const byHand = 'code=0907a61c0c8d55e99db179b68161bc00&shop=acme.example.com&state=s/x'
    expect(signedMessage(params)).toBe(byHand)
    expect(computeHmac(params, 'secret')).toBe(createHmac('sha256', 'secret').update(byHand).digest('hex'))
  })

  it('verifies a genuine signature and refuses a tampered one', () => {
    const message = 'code=c1&shop=127.0.0.1:4010&state=abc'
    const genuine = createHmac('sha256', 'k3y').update(message).digest('hex')
    const signed = (hmac: string) => entries(`shop=127.0.0.1:4010&state=abc&code=c1&hmac=${hmac}`)

    expect(verifyHmac(signed(genuine), 'k3y')).toBe(true)
    expect(verifyHmac(signed(genuine), 'other-secret')).toBe(false)
    expect(verifyHmac(entries(`shop=evil.example.com&state=abc&code=c1&hmac=${genuine}`), 'k3y')).toBe(false)
    const flipped = (genuine[0] === 'a' ? 'b' : 'a') + genuine.slice(1)
    expect(verifyHmac(signed(flipped), 'k3y')).toBe(false)
  })

  it('refuses a missing, short, long or uppercase signature without throwing', () => {
    const genuine = createHmac('sha256', 'k').update('code=c').digest('hex')
    for (const hmac of ['', genuine.slice(0, 10), `${genuine}00`, genuine.toUpperCase(), 'zz'.repeat(32)]) {
      expect(verifyHmac(entries(`code=c&hmac=${hmac}`), 'k')).toBe(false)
    }
    expect(verifyHmac(entries('code=c'), 'k')).toBe(false)
  })
})
