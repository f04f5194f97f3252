import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { twoScaleAxes } from './chart-axes'

describe('twoScaleAxes', () => {
  it('draws grid lines for the first scale only', () => {
    const [orders, revenue] = twoScaleAxes({ type: 'value', name: 'Orders', minInterval: 1 }, { type: 'value', name: 'Revenue', splitLine: { show: true } })
    expect(orders).toEqual({ type: 'value', name: 'Orders', minInterval: 1 })
    expect(revenue).toEqual({ type: 'value', name: 'Revenue', splitLine: { show: false } })
  })

  it('keeps every other option of both axes', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('axisLabel', 'nameTextStyle', 'axisLine', 'min', 'max'), fc.jsonValue()), (options) => {
        const [left, right] = twoScaleAxes({ type: 'value', name: 'a', ...options }, { type: 'value', name: 'b', ...options })
        expect(left).toEqual({ type: 'value', name: 'a', ...options })
        expect(right).toEqual({ type: 'value', name: 'b', ...options, splitLine: { show: false } })
      }),
    )
  })
})
