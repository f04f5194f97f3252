// Word count and reading time as the status bar says them.
import { describe, expect, it } from 'vitest'
import { formatReadingTime, formatWordCount, readingMinutes } from './text-stats'

describe('text stats', () => {
  it('says words with the plural rules of the language', () => {
    expect(formatWordCount(0)).toBe('0 words')
    expect(formatWordCount(1)).toBe('1 word')
    expect(formatWordCount(2)).toBe('2 words')
    expect(formatWordCount(1204)).toBe('1,204 words')
  })

  it('rounds reading time up at 200 words a minute, at least a minute for any text', () => {
    expect(readingMinutes(0)).toBe(0)
    expect(readingMinutes(1)).toBe(1)
    expect(readingMinutes(200)).toBe(1)
    expect(readingMinutes(201)).toBe(2)
    expect(formatReadingTime(350)).toBe('2 min read')
  })
})
