import { describe, expect, it } from 'vitest'
import { keepSelection, keptSelection } from './selection-memory'
import { EMPTY_SELECTION, toggle } from './order-selection'

describe('the kept selection', () => {
  it('comes back for the same store and filter, not for another', () => {
    const three = toggle(toggle(toggle(EMPTY_SELECTION, 1), 2), 3)
    keepSelection('store-a', { search: '', sort: '-date' }, three)
    expect(keptSelection('store-a', { search: '', sort: 'date' })).toBe(three)
    expect(keptSelection('store-a', { search: 'mug', sort: '-date' })).toBeNull()
    expect(keptSelection('store-b', { search: '', sort: '-date' })).toBeNull()
    expect(keptSelection(null, { search: '', sort: '-date' })).toBeNull()
  })
})
