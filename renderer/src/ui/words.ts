// Numbers in the app's language (session/i18n's `intlLocale()`): "1,100" in English, "1.100" in
// German. A count with its noun is a catalog message with an ICU plural
// (`{n, plural, one {# order} other {# orders}}`), never a number glued to a word here.
import { intlLocale } from '@/session/i18n'

const numbers = new Map<string, Intl.NumberFormat>()

/** "1,100": a whole number or a decimal in the app's number format. */
export function formatNumber(n: number, locale: string = intlLocale()): string {
  let known = numbers.get(locale)
  if (!known) {
    known = new Intl.NumberFormat(locale)
    numbers.set(locale, known)
  }
  return known.format(n)
}
