import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { emptySelection, selectKeyRange, toggleKey, type RangeSelection } from './range-selection'

const ORDER = ['a', 'b', 'c', 'd', 'e']
const keys = (selection: RangeSelection<string>) => [...selection.keys].sort()

describe('range selection', () => {
  it('selects from the anchor to a shift-clicked row, in the list’s order, either direction', () => {
    const clicked = toggleKey(emptySelection<string>(), 'b')
    expect(keys(selectKeyRange(clicked, ORDER, 'd'))).toEqual(['b', 'c', 'd'])
    expect(keys(selectKeyRange(toggleKey(emptySelection<string>(), 'd'), ORDER, 'a'))).toEqual(['a', 'b', 'c', 'd'])
  })

  it('skips rows that cannot be chosen, and clears a range whose target was selected', () => {
    const clicked = toggleKey(emptySelection<string>(), 'a')
    const spanned = selectKeyRange(clicked, ORDER, 'e', (key) => key !== 'c')
    expect(keys(spanned)).toEqual(['a', 'b', 'd', 'e'])
    expect(keys(selectKeyRange(spanned, ORDER, 'b'))).toEqual(['d', 'e'])
  })

  it('toggles the target alone without an anchor in the list', () => {
    expect(keys(selectKeyRange({ keys: new Set(['x']), anchor: 'x' }, ORDER, 'c'))).toEqual(['c', 'x'])
  })

  it('after a shift-click, the target has the state its toggle gives and every row between takes it', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...ORDER), { maxLength: 8 }), fc.constantFrom(...ORDER), fc.constantFrom(...ORDER), (clicks, anchor, target) => {
      let selection = emptySelection<string>()
      for (const key of clicks) selection = toggleKey(selection, key)
      selection = toggleKey(selection, anchor)
      const wasOn = selection.keys.has(target)
      const next = selectKeyRange(selection, ORDER, target)
      const [lo, hi] = [Math.min(ORDER.indexOf(anchor), ORDER.indexOf(target)), Math.max(ORDER.indexOf(anchor), ORDER.indexOf(target))]
      for (const key of ORDER.slice(lo, hi + 1)) expect(next.keys.has(key)).toBe(!wasOn)
      for (const key of [...ORDER.slice(0, lo), ...ORDER.slice(hi + 1)]) expect(next.keys.has(key)).toBe(selection.keys.has(key))
    }))
  })
})
