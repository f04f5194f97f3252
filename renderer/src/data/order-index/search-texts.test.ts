import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { SEARCH_FIELD_SEPARATOR } from './order-search'
import { SearchTexts } from './search-texts'

/** Slots whose text holds a needle, tested one by one: what the joined blocks must answer. */
function naiveHits(texts: Map<number, string>, needles: string[]): number[] {
  return [...texts]
    .filter(([, text]) => text.split(SEARCH_FIELD_SEPARATOR).some((field) => needles.some((needle) => field.includes(needle))))
    .map(([slot]) => slot)
    .sort((a, b) => a - b)
}

function hits(texts: SearchTexts, needles: string[], capacity: number): number[] {
  const matches = texts.matcher(needles, capacity)
  return Array.from({ length: capacity }, (_, slot) => slot).filter(matches)
}

const CAPACITY = 1500
const write = fc.record({
  slot: fc.nat(CAPACITY - 1),
  text: fc.array(fc.stringMatching(/^[ab1 ]{0,4}$/), { maxLength: 3 }).map((fields) => fields.join(SEARCH_FIELD_SEPARATOR)),
})

describe('search texts', () => {
  it('answer every search as each text tested alone would, whether its block was joined by a search or by the writes piling up', () => {
    fc.assert(
      fc.property(fc.array(fc.array(write, { maxLength: 300 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 600 }), fc.stringMatching(/^[ab1]{1,3}$/), (rounds, mostPending, needle) => {
        const texts = new SearchTexts(mostPending)
        const model = new Map<number, string>()
        for (const round of rounds) {
          for (const { slot, text } of round) {
            texts.set(slot, text)
            model.set(slot, text)
          }
          for (const slot of model.keys()) expect(texts.get(slot)).toBe(model.get(slot))
          expect(hits(texts, [needle], CAPACITY)).toEqual(naiveHits(model, [needle]))
        }
      }),
      { numRuns: 60 },
    )
  })
})
