// The editor's status bar figures: word count and reading time, in the screens' language with
// its plural rules through the catalog ("1 word", "2 words", "1,204 words"; "1.204 Wörter").
import { t } from '@/session/i18n'

/** An unhurried reader of web prose; the same rate the blog list used before. */
export const WORDS_PER_MINUTE = 200

/** Minutes to read `words`: at least one for any text, none for an empty post. */
export function readingMinutes(words: number): number {
  return words <= 0 ? 0 : Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

/** "1 word", "2 words", "1,204 words", in the screens' language. */
export function formatWordCount(words: number): string {
  return t('editor.view.words', { n: words })
}

/** "2 min read"; "0 min read" for an empty post. */
export function formatReadingTime(words: number): string {
  return t('editor.view.readingTime', { n: readingMinutes(words) })
}
