// The editor's status bar figures: word count and reading time, in the writer's locale with
// Intl's plural rules ("1 word", "2 words", "1,204 words"), so a locale whose "one" covers more
// than the number 1 still reads right once its words are translated.
/** An unhurried reader of web prose; the same rate the blog list used before. */
export const WORDS_PER_MINUTE = 200

/** Minutes to read `words`: at least one for any text, none for an empty post. */
export function readingMinutes(words: number): number {
  return words <= 0 ? 0 : Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

const WORD_FORMS: Record<Intl.LDMLPluralRule, string> = { zero: 'words', one: 'word', two: 'words', few: 'words', many: 'words', other: 'words' }

/** "1 word", "2 words", "1,204 words". */
export function formatWordCount(words: number, locale?: string): string {
  const form = WORD_FORMS[new Intl.PluralRules(locale).select(words)]
  return `${new Intl.NumberFormat(locale).format(words)} ${form}`
}

/** "2 min read"; "0 min read" for an empty post. */
export function formatReadingTime(words: number, locale?: string): string {
  return `${new Intl.NumberFormat(locale).format(readingMinutes(words))} min read`
}
