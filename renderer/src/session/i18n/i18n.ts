// The app's words: `t(key, params)` in the language chosen (locale-store.ts), reactive, so a
// screen reads again when the choice changes and no restart is needed. vue-i18n holds the
// catalogs, the language and the fallback to English; messages are ICU (its messageCompiler hook
// hands them to intl-messageformat: plurals and named arguments by the language's own rules);
// `intlLocale()` is the locale every Intl formatter takes, so numbers, dates and money follow the
// same choice.
// Only English is part of the app's first script: it is the source every other catalog is typed
// against, the fallback of a message a catalog lacks, and the words of MessageError's `message`.
// German, Chinese and the pseudo-locale are chunks of their own, loaded when chosen
// (`loadLanguage`); a language is applied only once its catalog is in, so `t`, `tIn` and `say`
// stay synchronous for the screens (docs/benchmarks.md, figure 5).
import { createI18n, type MessageCompiler, type MessageContext } from 'vue-i18n'
import { IntlMessageFormat } from 'intl-messageformat'
import { en } from './en'
import type { Catalog, Message, MessageKey, MessageParams } from './catalog'

/** The languages a person can choose, each named in itself. */
export const APP_LOCALES = ['en', 'de', 'zh-CN'] as const
export type AppLocale = (typeof APP_LOCALES)[number]
/** The pseudo-locale of the layout and voice tests (pseudo.ts): chosen only by the tests. */
export const PSEUDO_LOCALE = 'en-XA'
export type UiLocale = AppLocale | typeof PSEUDO_LOCALE

export const LOCALE_NAMES: Record<AppLocale, string> = { en: 'English', de: 'Deutsch', 'zh-CN': '简体中文' }

export function isUiLocale(value: unknown): value is UiLocale {
  return value === PSEUDO_LOCALE || (APP_LOCALES as readonly unknown[]).includes(value)
}

/**
 * The app's language for the system's preferred languages (navigator.languages): the first
 * one the app speaks. Chinese is Simplified only: a Traditional Chinese system (zh-TW, zh-HK,
 * zh-Hant) is not given Simplified characters but the next language it lists.
 */
export function systemLocale(languages: readonly string[]): AppLocale {
  for (const tag of languages) {
    const lower = tag.toLowerCase()
    if (lower === 'en' || lower.startsWith('en-')) return 'en'
    if (lower === 'de' || lower.startsWith('de-')) return 'de'
    if (lower === 'zh' || lower === 'zh-cn' || lower === 'zh-sg' || lower.startsWith('zh-hans')) return 'zh-CN'
  }
  return 'en'
}

/** How each catalog but English arrives: a chunk of its own; the pseudo-locale is derived from English. */
const LOADERS: Record<Exclude<UiLocale, 'en'>, () => Promise<Catalog>> = {
  de: () => import('./de').then((m) => m.de),
  'zh-CN': () => import('./zh-CN').then((m) => m.zhCN),
  [PSEUDO_LOCALE]: () => import('./pseudo').then((m) => m.pseudoCatalog(en)),
}

const compiled = new Map<string, IntlMessageFormat>()

/** ICU messages through intl-messageformat (tags off: a "<" in a message is text). */
const messageCompiler: MessageCompiler = (message, { locale, key, onError }) => {
  if (typeof message !== 'string') {
    onError?.(Object.assign(new Error(`The message “${key}” is not a string.`), { code: 0 }) as Parameters<NonNullable<typeof onError>>[0])
    return () => key
  }
  const intl = locale === PSEUDO_LOCALE ? 'en' : locale
  const id = `${intl}\u0000${message}`
  let format = compiled.get(id)
  if (!format) {
    format = new IntlMessageFormat(message, intl, undefined, { ignoreTag: true })
    compiled.set(id, format)
  }
  const ready = format
  // The named arguments, read one by one as the message asks for them.
  return (ctx: MessageContext) => {
    const value = (name: string | symbol) => (typeof name === 'string' ? ctx.named(name) : undefined)
    const values = new Proxy({}, { get: (_t, name) => value(name), has: (_t, name) => value(name) !== undefined })
    return String(ready.format(values as Record<string, string | number | Date>))
  }
}

/**
 * The catalogs (English from the start, the others as they load) and the screens' language.
 * Its messages are reactive: a screen that asked `tIn` for a language still loading (and got
 * English) reads again when it arrives.
 */
export const i18n = createI18n<[Catalog], UiLocale, false>({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  messages: { en } as Record<UiLocale, Catalog>,
  messageCompiler,
  missingWarn: false,
  fallbackWarn: false,
})
/** Loads under way, so a language is fetched once however many ask; a failed one is forgotten, to be tried again. */
const loading = new Map<UiLocale, Promise<void>>()

/** True when `locale`'s catalog is loaded (English always is). */
export function isLanguageLoaded(locale: UiLocale): boolean {
  return i18n.global.availableLocales.includes(locale)
}

/**
 * Loads a language's catalog, once: the Settings choice waits for it before applying it, and
 * whatever formats in a language other than the screens' (printouts in a store's own language,
 * a file's header read in every language) waits for it before it formats. Rejects when the
 * chunk cannot be fetched; nothing changes then.
 */
export function loadLanguage(locale: UiLocale): Promise<void> {
  if (locale === 'en' || isLanguageLoaded(locale)) return Promise.resolve()
  let pending = loading.get(locale)
  if (!pending) {
    pending = LOADERS[locale]().then(
      (catalog) => {
        loading.delete(locale)
        i18n.global.setLocaleMessage(locale, catalog)
      },
      (error: unknown) => {
        loading.delete(locale)
        throw error
      },
    )
    loading.set(locale, pending)
  }
  return pending
}

/** The language the screens speak now: set only by `applyLocale`, once its catalog is loaded. */
export function uiLocale(): UiLocale {
  return i18n.global.locale.value
}

let systemLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages

/** Tests set the languages the "system" lists. */
export function setSystemLanguages(languages: readonly string[]): void {
  systemLanguages = languages
}

/**
 * The locale of Intl's formatters: the system's own (its region's date order, number format and
 * clock) when it speaks the app's language, else the language's default. en-GB stays en-GB
 * under English; a German app on an English system formats as German.
 */
export function intlLocaleFor(locale: UiLocale): string {
  if (locale === PSEUDO_LOCALE) return 'en-US'
  const system = systemLanguages[0]
  if (system && systemLocale([system]) === locale) return system
  return locale
}

export function intlLocale(): string {
  return intlLocaleFor(uiLocale())
}

/**
 * Changes the screens' language at once (the locale store calls it once `loadLanguage` is done).
 * A language whose catalog is not loaded is refused: the screens would show English, or keys.
 */
export function applyLocale(locale: UiLocale): void {
  if (!isLanguageLoaded(locale)) throw new Error(`The catalog of ${locale} is not loaded: loadLanguage('${locale}') first.`)
  i18n.global.locale.value = locale
  if (typeof document !== 'undefined') document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en' : locale
}

/** A message in the screens' language. */
export function t(key: MessageKey, params?: MessageParams): string {
  return params ? i18n.global.t(key, params) : i18n.global.t(key)
}

/**
 * A message in a given language (printouts have their own, per store). Its catalog is loaded
 * first (`loadLanguage`); until then the words are English, and a screen showing them reads
 * again when the catalog arrives.
 */
export function tIn(locale: UiLocale, key: MessageKey, params?: MessageParams): string {
  return i18n.global.t(key, params ?? {}, { locale })
}

/** A message built elsewhere (data/, a service), in the screens' language. */
export function say(message: Message): string {
  return t(message.key, message.params)
}

/** True when `key` names a message (for codes that come from outside, e.g. an error's code). */
export function hasMessage(key: string): key is MessageKey {
  return i18n.global.te(key, 'en')
}

/** Several messages as one list, joined as the language joins a list: "2 drafts and 14 revisions". */
export function sayList(messages: readonly Message[]): string {
  return new Intl.ListFormat(intlLocale(), { style: 'long', type: 'conjunction' }).format(messages.map(say))
}

/** A sentence's end in Chinese: the next sentence follows it without a space. */
const WIDE_END = /[。！？]$/

/** Whole sentences run together as their language writes them: a space after "." in English and German, none after Chinese "。". */
export function saySentences(sentences: readonly string[]): string {
  return sentences.reduce((text, sentence) => (text === '' ? sentence : `${text}${WIDE_END.test(text) ? '' : ' '}${sentence}`), '')
}

/** Ends a sentence with the screens' language's full stop, unless it has an end already. */
export function endSentence(sentence: string): string {
  return /[.!?。！？]$/.test(sentence) ? sentence : `${sentence}${uiLocale() === 'zh-CN' ? '。' : '.'}`
}

/**
 * A failure whose words are a catalog message, thrown where they are decided (data/, a
 * service): `message` is the English, for logs and tests; a screen says `words` in its
 * language (ui/error-words.ts).
 */
export class MessageError extends Error {
  constructor(readonly words: Message) {
    super(tIn('en', words.key, words.params))
    this.name = 'MessageError'
  }
}

/** The catalog message a failure carries (a MessageError, or a stored error's `words`), if any. */
export function wordsOf(error: unknown): Message | null {
  if (!error || typeof error !== 'object' || !('words' in error)) return null
  const words = (error as { words: unknown }).words
  return words && typeof words === 'object' && 'key' in words && typeof words.key === 'string' && hasMessage(words.key) ? (words as Message) : null
}
