// The order list's tag filter and the suggestions: orders carrying every tag asked for (folded),
// the tags in use most used first in their most common spelling, suggestions that contain what
// is typed and that the order lacks.
import { describe, expect, it } from 'vitest'
import { suggestTags, tagsInUse, withTags } from './tag-filter'

const index = new Map<number, string[]>([
  [1, ['fragile', 'VIP']],
  [2, ['Fragile']],
  [3, ['gift wrap']],
  [4, ['fragile', 'gift wrap', 'VIP']],
  [5, ['vip']],
])

describe('the tag filter', () => {
  it('keeps the orders that carry every tag asked for, in the list’s order, whatever their case or accents', () => {
    expect(withTags([4, 3, 2, 1, 9], ['FRAGILE'], index)).toEqual([4, 2, 1])
    expect(withTags([4, 3, 2, 1], ['fragíle', 'vip'], index)).toEqual([4, 1])
    expect(withTags([4, 3, 2, 1], ['nothing'], index)).toEqual([])
    expect(withTags([4, 3], [], index)).toEqual([4, 3])
    expect(withTags([4, 3], undefined, index)).toEqual([4, 3])
  })

  it('suggests the tags in use, most used first in their most common spelling, containing what is typed', () => {
    expect(tagsInUse(index)).toEqual(['fragile', 'VIP', 'gift wrap'])
    expect(suggestTags('', tagsInUse(index))).toEqual(['fragile', 'VIP', 'gift wrap'])
    expect(suggestTags('I', tagsInUse(index), ['VIP'])).toEqual(['fragile', 'gift wrap'])
    expect(suggestTags('wrap', tagsInUse(index))).toEqual(['gift wrap'])
    expect(suggestTags('zz', tagsInUse(index))).toEqual([])
  })
})
