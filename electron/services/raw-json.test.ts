// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { operations } from '../common/store-api/operations'
import { keepRawJson, losslessJson, rawJsonOf } from './raw-json'

describe('losslessJson', () => {
  it('holds for the lists a first sync pages through, so the web host can forward their text', () => {
    for (const operation of ['orders.list', 'checkouts.list'] as const) expect(losslessJson(operations[operation].response), operation).toBe(true)
  })

  it('refuses schemas whose output differs from their input', () => {
    expect(losslessJson(z.looseObject({ a: z.string().transform((s) => s.trim()) }))).toBe(false)
    expect(losslessJson(z.looseObject({ a: z.number().default(1) }))).toBe(false)
    expect(losslessJson(z.looseObject({ a: z.coerce.number() }))).toBe(false)
    // A plain object drops keys it does not know.
    expect(losslessJson(z.object({ a: z.string() }))).toBe(false)
    expect(losslessJson(z.looseObject({ list: z.array(z.object({ a: z.string() })) }))).toBe(false)
  })

  it('accepts loose objects, arrays, unions and optional or nullable leaves', () => {
    expect(losslessJson(z.looseObject({ a: z.string().optional(), b: z.number().nullable(), c: z.array(z.union([z.string(), z.looseObject({})])), d: z.enum(['x']) }))).toBe(true)
  })

  it('gives back for a checked value exactly the store text it was checked from', () => {
    const text = '{"data":[{"ID":1,"extra":"kept"}],"meta":{}}'
    const schema = z.looseObject({ data: z.array(z.looseObject({ ID: z.number() })), meta: z.looseObject({}) })
    const value = schema.parse(JSON.parse(text))
    keepRawJson(value, text)
    expect(rawJsonOf(value)).toBe(text)
    expect(JSON.parse(rawJsonOf(value)!)).toEqual(value)
    expect(rawJsonOf({ ...value })).toBeUndefined()
  })
})
