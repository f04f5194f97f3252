// The app's catalogs, read by the specs: a spec finds a control by the words the language in
// use gives it (`words('de')('nav.orders')`), and checks a screen for catalog keys shown as they
// are or for English left untranslated. The same modules the app ships, so the words cannot
// drift from the app's.
import { expect, type Page } from '@playwright/test'
import { IntlMessageFormat } from 'intl-messageformat'
import { en } from '../../renderer/src/session/i18n/en'
import { de } from '../../renderer/src/session/i18n/de'
import { zhCN } from '../../renderer/src/session/i18n/zh-CN'
import { flatten, type MessageKey } from '../../renderer/src/session/i18n/catalog'
import { pseudoCatalog } from '../../renderer/src/session/i18n/pseudo'

export type TestLocale = 'en' | 'de' | 'zh-CN' | 'en-XA'

const CATALOGS: Record<TestLocale, Map<string, string>> = { en: flatten(en), de: flatten(de), 'zh-CN': flatten(zhCN), 'en-XA': flatten(pseudoCatalog(en)) }

export type Words = ((key: MessageKey, params?: Record<string, string | number>) => string) & { locale: TestLocale; pattern: (key: MessageKey) => RegExp }

/** The words of one language: a message by key, and a pattern matching it whatever its arguments. */
export function words(locale: TestLocale): Words {
  const catalog = CATALOGS[locale]
  const say = (key: MessageKey, params?: Record<string, string | number>) =>
    String(new IntlMessageFormat(catalog.get(key) ?? key, locale === 'en-XA' ? 'en-US' : locale, undefined, { ignoreTag: true }).format(params))
  const pattern = (key: MessageKey) => {
    const message = catalog.get(key) ?? key
    const escaped = message.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '\uE000').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\uE000/g, '.*')
    return new RegExp(`^${escaped}$`)
  }
  return Object.assign(say, { locale, pattern })
}

/** Opens the app in a language (as the Settings choice does), before its first screen. */
export async function useAppLocale(page: Page, locale: TestLocale): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('storedesk.locale', l), locale)
  await page.reload()
  // The app mounts once its language's catalog is in, and its router follows the address only
  // after its first navigation: a hash set before a screen shows would be lost.
  await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en-XA' ? 'en' : locale)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

/**
 * English messages long enough to be words, that the language in use says differently: seen on
 * a German or Chinese screen, each is English nobody translated. A message with arguments is a
 * pattern (its arguments match anything) when its own words are long enough to tell it apart.
 */
function englishLeftIn(locale: TestLocale): { whole: string[]; patterns: { source: string; words: string }[] } {
  const theirs = CATALOGS[locale]
  const whole: string[] = []
  const patterns: { source: string; words: string }[] = []
  for (const [key, message] of CATALOGS.en) {
    if (theirs.get(key) === message || !/[a-z]{3}/.test(message)) continue
    if (!/[{}]/.test(message)) {
      if (message.length >= 4) whole.push(message)
      continue
    }
    // A plural or select says its words inside braces: only plain arguments are replaced.
    if (/\{\w+,/.test(message)) continue
    const literal = message.split(/\{[^{}]*\}/).map((part) => part.trim())
    const longest = literal.reduce((a, b) => (b.length > a.length ? b : a), '')
    if (longest.replace(/[^A-Za-z]/g, '').length < 8) continue
    patterns.push({ source: `^${message.split(/\{[^{}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, words: longest })
  }
  return { whole, patterns }
}

/** Words of English UI that German and Chinese screens never use (German shares Cache, Status, Tags, Name …). */
const ENGLISH_CHROME = /\b(the|and|with|your|this|from|orders?|store|settings|save|cancel|add|show|hide|print|search|open|close|delete|edit|retry|discard|keep|send|undo|back|clear|copy|changes?|yet|now|not)\b/i

/**
 * What a screen shows that is not in its language: a catalog key as it is (in text or in a
 * control's name, placeholder or tooltip), an English message of the catalog (whole, or with its
 * arguments filled in), or English words in the app's own chrome (buttons, headings, labels,
 * table headers, tags, the navigation, dialogs' titles, and the names controls are read by; not
 * the store's content, which is the merchant's: pass its words in `storeWords`).
 */
export async function untranslated(page: Page, locale: TestLocale, storeWords: string[] = []): Promise<string[]> {
  const keys = [...CATALOGS.en.keys()]
  return page.evaluate(
    ({ keys, english, storeWords, chromeWords }) => {
      const withoutStore = (text: string) => storeWords.reduce((rest, word) => rest.split(word).join(' '), text).trim()
      const problems: string[] = []
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect()
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'
      }
      const keySet = new Set(keys)
      const englishSet = new Set(english.whole)
      const patterns = english.patterns.map((p) => ({ re: new RegExp(p.source), words: p.words }))
      const englishWords = new RegExp(chromeWords, 'i')
      const ownLanguage = /[äöüßÄÖÜ\u4e00-\u9fff]/
      const keyIn = (text: string) => text.split(/\s+/).map((word) => word.replace(/^[“„(]|[.,:;”“)]$/g, '')).find((word) => keySet.has(word))
      const englishMessage = (text: string) => englishSet.has(text) || patterns.some((p) => text.includes(p.words) && p.re.test(text))
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement
        const text = withoutStore(node.textContent?.trim() ?? '')
        if (!el || !text || !visible(el) || el.closest('code, kbd, pre, textarea, .ProseMirror, script, style')) continue
        const key = keyIn(text)
        if (key) problems.push(`a catalog key: “${key}”`)
        if (englishMessage(text)) problems.push(`English: “${text.slice(0, 80)}”`)
      }
      const chrome = 'button, h1, h2, h3, th, dt, caption, label, legend, nav a, [role="tab"], .n-tag, .n-card-header__main, .n-dialog__title, .n-form-item-label, .n-base-selection-placeholder'
      for (const el of document.querySelectorAll<HTMLElement>(chrome)) {
        if (!visible(el) || el.closest('.ProseMirror, code')) continue
        const text = withoutStore((el.innerText ?? '').trim())
        if (englishWords.test(text) && !ownLanguage.test(text)) problems.push(`English in the app’s words: “${text.slice(0, 60)}”`)
      }
      // The names controls are read by, their placeholders and tooltips, visible or not.
      for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
        if (el.closest('.ProseMirror, code')) continue
        for (const attr of ['aria-label', 'placeholder', 'title']) {
          const value = withoutStore(el.getAttribute(attr) ?? '')
          if (!value) continue
          const key = keyIn(value)
          if (key) problems.push(`a catalog key in ${attr}: “${key}”`)
          else if (englishMessage(value)) problems.push(`English ${attr}: “${value.slice(0, 80)}”`)
          else if ((el.matches('button, a, input, [role="button"], [role="link"], [role="region"], [role="search"], [role="status"], section, ul, table') || attr !== 'aria-label') && englishWords.test(value) && !ownLanguage.test(value)) problems.push(`English ${attr}: “${value.slice(0, 60)}”`)
        }
      }
      return [...new Set(problems)]
    },
    { keys, english: englishLeftIn(locale), storeWords, chromeWords: ENGLISH_CHROME.source },
  )
}

/**
 * A walk's record of what is not in its language: `check(name)` looks at the screen as it is now
 * (untranslated) and keeps its problems under `name`; `found` is then expected to be empty.
 */
export function untranslatedWalk(page: Page, locale: TestLocale, storeWords: string[] = []) {
  const found: Record<string, string[]> = {}
  const check = async (name: string) => {
    const problems = await untranslated(page, locale, storeWords)
    if (problems.length > 0) found[name] = problems
  }
  return { found, check }
}
