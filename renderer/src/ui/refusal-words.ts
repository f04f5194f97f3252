// A refusal from the store, or a problem the app found with a write, in the words of the
// screens and in their language: its field errors named by the labels people see ("Slug: is
// already taken"), never by the API's names (`seo_slug`). What the store said (its field
// messages) stays as it said it; what the app decided (a stored `words` message) is said in the
// screen's language; an English sentence an earlier version stored is shown as it is. Shared by
// the blog editor, which shows them on the fields, the Sync page, the order page and the
// notification a refused write raises.
import { endSentence, hasMessage, intlLocale, say, saySentences, t, uiLocale, wordsOf, type Message, type MessageKey } from '@/session/i18n'

/** The store's field name as the app's forms label it (a post's, a value's, an order's address). */
export function fieldLabel(field: string): string {
  const last = field.split('.').pop() ?? field
  for (const key of [`problems.field.${field}`, `problems.field.${last}`, `shipping.fields.${last}`]) {
    if (hasMessage(key)) return t(key as MessageKey)
  }
  return last.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
}

/** A label inside a sentence: lower-case in English ("the slug"); German and Chinese keep theirs. */
function inSentence(label: string): string {
  return uiLocale().startsWith('en') ? label.toLowerCase() : label
}

/** A problem as stored with a write (OutboxError) or its history (WriteEvent). */
export interface Refusal {
  code?: string
  message?: string
  words?: Message
  fields?: Record<string, string[]>
}

/**
 * A stored message in the screen's language. Its `fields` argument names the store's fields
 * (comma-separated API names, as the replayer keeps a conflict's): they are said by their labels,
 * listed as the language lists them.
 */
function sayStored(words: Message): string {
  const fields = words.params?.fields
  if (typeof fields !== 'string') return say(words)
  const labels = fields.split(',').map((name) => inSentence(fieldLabel(name.trim())))
  return say({ key: words.key, params: { ...words.params, fields: new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(labels) } })
}

/**
 * What went wrong, in one sentence of the screen's language: the app's own words; or what the
 * main process said (English, may quote the store) to an English reader, and in another
 * language the catalog's sentence for its kind. A sentence without a kind (stored by an earlier
 * version) is shown as it is.
 */
export function problemWords(problem: Refusal | undefined): string {
  if (!problem) return t('sync.refusedIt')
  const words = wordsOf(problem)
  if (words) return sayStored(words)
  const english = problem.message?.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => inSentence(fieldLabel(name)))
  if (english && (uiLocale() === 'en' || !problem.code)) return english
  const key = `errors.${problem.code}`
  return hasMessage(key) ? t(key as MessageKey) : (english ?? t('errors.fallback'))
}

/** "Slug: is already taken"; without field errors, the problem in words (without its full stop, for a sentence around it). */
export function refusalInWords(error: Refusal | undefined): string {
  if (!error) return t('sync.refusedIt')
  if (error.fields && Object.keys(error.fields).length > 0) {
    const sentences = Object.entries(error.fields).map(([field, messages]) => endSentence(t('problems.fieldProblem', { field: fieldLabel(field), problem: messages.join('; ') })))
    return saySentences(sentences).replace(/[.。]$/, '')
  }
  return problemWords(error).replace(/[.。]$/, '')
}
