// Counts in words, through Intl.PluralRules: "1 order", "3 orders", "1,100 orders". Every
// screen says a number of things through here, so no "(s)" and no "1 orders".
const rules = new Intl.PluralRules('en-US')
const numbers = new Intl.NumberFormat('en-US')

/** Nouns whose plural is not the singular plus "s". */
const IRREGULAR: Record<string, string> = { entry: 'entries', category: 'categories', address: 'addresses', batch: 'batches', match: 'matches' }

export function plural(noun: string, n: number): string {
  return rules.select(n) === 'one' ? noun : (IRREGULAR[noun] ?? `${noun}s`)
}

/** "1 order", "1,100 orders". */
export function count(n: number, noun: string): string {
  return `${numbers.format(n)} ${plural(noun, n)}`
}
