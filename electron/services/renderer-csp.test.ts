// The header policy repeats the renderer's meta policy and forbids framing.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FALLBACK_CSP, extractMetaCsp, headerCsp } from './renderer-csp'

describe('renderer CSP', () => {
  it('reads the policy from the meta tag, whatever its attribute order and quotes', () => {
    expect(extractMetaCsp(`<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`)).toBe("default-src 'self'")
    expect(extractMetaCsp(`<meta content="script-src 'self'" http-equiv='content-security-policy' />`)).toBe("script-src 'self'")
    expect(extractMetaCsp('<meta charset="utf-8"><title>x</title>')).toBeNull()
  })

  it('finds the policy the renderer’s own index.html declares, on several lines', () => {
    const policy = extractMetaCsp(readFileSync(resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8'))
    expect(policy).toMatch(/^default-src 'self';/)
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toMatch(/\n/)
  })

  it('adds frame-ancestors none to the page policy, replacing any other frame-ancestors', () => {
    const page = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; frame-ancestors *;">`
    expect(headerCsp(page)).toBe("default-src 'self'; frame-ancestors 'none'")
  })

  it('falls back to a strict policy when the page declares none', () => {
    expect(headerCsp('<title>x</title>')).toBe(`${FALLBACK_CSP}; frame-ancestors 'none'`)
    expect(FALLBACK_CSP).toContain("script-src 'self'")
    expect(FALLBACK_CSP).toContain("object-src 'none'")
  })
})
