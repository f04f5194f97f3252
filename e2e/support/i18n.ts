// The app's catalogs, read by the specs: a spec finds a control by the words the language in
// use gives it (`words('de')('nav.orders')`), and checks a screen for catalog keys shown as they
// are or for English left untranslated. The same modules the app ships, so the words cannot
// drift from the app's.
import type { Page } from '@playwright/test'
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
}

/**
 * English messages long enough to be words, that the language in use says differently: seen on
 * a German or Chinese screen, each is English nobody translated.
 */
function englishLeftIn(locale: TestLocale): string[] {
  const theirs = CATALOGS[locale]
  return [...CATALOGS.en].filter(([key, message]) => !/[{}]/.test(message) && /[a-z]{3}/.test(message) && message.length >= 4 && theirs.get(key) !== message).map(([, message]) => message)
}

/**
 * What a screen shows that is not in its language: a catalog key as it is, an English message
 * of the catalog, or English words in the app's own chrome (buttons, headings, labels, table
 * headers, the navigation, dialogs' titles; not the store's content, which is the merchant's).
 */
export async function untranslated(page: Page, locale: TestLocale, storeWords: string[] = []): Promise<string[]> {
  const keys = [...CATALOGS.en.keys()]
  return page.evaluate(
    ({ keys, english, storeWords }) => {
      const withoutStore = (text: string) => storeWords.reduce((rest, word) => rest.split(word).join(' '), text).trim()
      const problems: string[] = []
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect()
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'
      }
      const keySet = new Set(keys)
      const englishSet = new Set(english)
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement
        const text = withoutStore(node.textContent?.trim() ?? '')
        if (!el || !text || !visible(el) || el.closest('code, kbd, pre, textarea, .ProseMirror, script, style')) continue
        for (const word of text.split(/\s+/)) if (keySet.has(word.replace(/[.,:;]$/, ''))) problems.push(`a catalog key: “${word}”`)
        if (englishSet.has(text)) problems.push(`English: “${text}”`)
      }
      const chrome = 'button, h1, h2, h3, th, label, legend, nav a, [role="tab"], .n-card-header__main, .n-dialog__title, .n-form-item-label'
      for (const el of document.querySelectorAll<HTMLElement>(chrome)) {
        if (!visible(el) || el.closest('.ProseMirror, code')) continue
        const text = withoutStore((el.innerText ?? '').trim())
        if (/\b(the|and|with|your|this|from|orders?|store|settings|save|cancel|add|show|print|search)\b/i.test(text) && !/[äöüßÄÖÜ\u4e00-\u9fff]/.test(text)) problems.push(`English in the app’s words: “${text.slice(0, 60)}”`)
        for (const attr of ['aria-label', 'placeholder', 'title']) {
          const value = el.getAttribute(attr) ?? ''
          if (englishSet.has(value)) problems.push(`English ${attr}: “${value}”`)
        }
      }
      return [...new Set(problems)]
    },
    { keys, english: englishLeftIn(locale), storeWords },
  )
}
