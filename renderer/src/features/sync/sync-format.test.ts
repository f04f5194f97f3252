import { describe, expect, it } from 'vitest'
import { bytes, checkEditedBody, duration } from './sync-format'

describe('editing a stopped write as JSON', () => {
  it('accepts a body the store would take', () => {
    expect(checkEditedBody('orders.track', '{"trackno":"1Z999","sendemail":true}')).toEqual({ ok: true, body: { trackno: '1Z999', sendemail: true } })
  })

  it('names what is wrong with malformed JSON or a body the store would refuse', () => {
    const broken = checkEditedBody('orders.track', '{"trackno":')
    expect(broken.ok).toBe(false)
    expect(!broken.ok && broken.message).toMatch(/^Not valid JSON/)
    const refused = checkEditedBody('orders.track', '{"trackno":"1Z999"}')
    expect(!refused.ok && refused.message).toMatch(/^The store would refuse this: sendemail/)
  })

  it('refuses to edit a write that has no body', () => {
    expect(checkEditedBody('blogs.delete', '{}')).toEqual({ ok: false, message: 'This change has no body to edit.' })
  })
})

describe('numbers in the panel', () => {
  it('shows sizes and time left in words a person reads', () => {
    expect(bytes(1536)).toBe('1.5 KB')
    expect(bytes(null)).toBe('unknown')
    expect(duration(42.2)).toBe('43 s')
    expect(duration(125)).toBe('2 min 5 s')
    expect(duration(null)).toBe('—')
  })
})
