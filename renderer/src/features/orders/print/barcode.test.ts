import { describe, expect, it } from 'vitest'
import { QUIET_ZONE, barcodeText, code128Bars, type Bars } from './barcode'

// Code 128's symbol table (ISO/IEC 15417): bar/space widths in modules, by symbol value.
// 103-105 are the start codes A, B and C; 106 is the stop pattern.
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 ' +
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 ' +
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 ' +
  '114131 311141 411131 211412 211214 211232 2331112'
).split(' ')

/** Reads the bars back as a scanner would: widths → symbols → checksum → text (code sets B and C). */
function decode({ width, bars }: Bars): string {
  // Runs of bar and space widths between the quiet zones.
  const runs: number[] = []
  let at = QUIET_ZONE
  for (const [x, w] of bars) {
    if (x > at) runs.push(x - at)
    else if (runs.length > 0) throw new Error('bars overlap')
    runs.push(w)
    at = x + w
  }
  expect(width - at).toBe(QUIET_ZONE)
  const values: number[] = []
  for (let i = 0; i < runs.length; ) {
    const take = runs.length - i === 7 ? 7 : 6
    const value = PATTERNS.indexOf(runs.slice(i, i + take).join(''))
    if (value < 0) throw new Error(`no symbol ${runs.slice(i, i + take).join('')}`)
    values.push(value)
    i += take
  }
  expect(values.pop()).toBe(106)
  const check = values.pop()!
  expect(values.reduce((sum, v, i) => sum + v * Math.max(i, 1), 0) % 103).toBe(check)
  let set = values[0] === 104 ? 'B' : values[0] === 105 ? 'C' : 'A'
  let text = ''
  for (const v of values.slice(1)) {
    if (set === 'C' && v < 100) text += String(v).padStart(2, '0')
    else if (set === 'B' && v < 95) text += String.fromCharCode(v + 32)
    else if (v === 99) set = 'C'
    else if (v === 100) set = 'B'
    else throw new Error(`symbol ${v} in set ${set}`)
  }
  return text
}

describe('the packing slip barcode', () => {
  it('encodes the order number as the store writes it, without "#"', () => {
    expect(barcodeText('#1042')).toBe('1042')
    expect(barcodeText(' 1042 ')).toBe('1042')
    expect(barcodeText('SD-1042')).toBe('SD-1042')
  })

  for (const number of ['1042', '10427', 'SD-1042', '00017']) {
    it(`reads back as ${number}`, () => {
      expect(decode(code128Bars(number))).toBe(number)
    })
  }

  it('has nothing to draw for an empty number', () => {
    expect(() => code128Bars('')).toThrow('There is no order number to encode.')
  })
})
