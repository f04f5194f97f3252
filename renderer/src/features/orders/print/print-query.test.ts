import { describe, expect, it } from 'vitest'
import { MAX_PRINT_ORDERS, pageRule, parsePrintQuery } from './print-query'

describe('parsePrintQuery', () => {
  it('reads the kind, the order IDs (once each) and the paper', () => {
    expect(parsePrintQuery({ kind: 'slips', ids: '12, 7,12', paper: '4x6' })).toEqual({ ok: true, value: { kind: 'slips', ids: [12, 7], paper: '4x6' } })
    expect(parsePrintQuery({ kind: 'pick', ids: '3', paper: 'a3' })).toEqual({ ok: true, value: { kind: 'pick', ids: [3], paper: null } })
  })

  it('says what is wrong with a link instead of printing something else', () => {
    expect(parsePrintQuery({ ids: '1' })).toEqual({ ok: false, message: { key: 'print.query.kind' } })
    expect(parsePrintQuery({ kind: 'pick', ids: '' })).toEqual({ ok: false, message: { key: 'print.query.none' } })
    expect(parsePrintQuery({ kind: 'pick', ids: '1,x' })).toEqual({ ok: false, message: { key: 'print.query.unreadable' } })
    const many = Array.from({ length: MAX_PRINT_ORDERS + 1 }, (_, i) => i + 1).join(',')
    expect(parsePrintQuery({ kind: 'pick', ids: many })).toEqual({ ok: false, message: { key: 'print.query.tooMany', params: { max: MAX_PRINT_ORDERS, n: MAX_PRINT_ORDERS + 1 } } })
  })
})

describe('pageRule', () => {
  it('sizes the printed page for each paper', () => {
    expect(pageRule('a4')).toBe('@page { size: A4; margin: 12mm; }')
    expect(pageRule('4x6')).toBe('@page { size: 4in 6in; margin: 0.15in; }')
  })
})
