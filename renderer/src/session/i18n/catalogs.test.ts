// The catalogs: German and Chinese have every English message and no other, each message is
// valid ICU with the same arguments as its English, plurals read right in each language, and
// the pseudo-locale is English accented and longer with its arguments untouched.
import { describe, expect, it } from 'vitest'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { en } from './en'
import { de } from './de'
import { zhCN } from './zh-CN'
import { flatten } from './catalog'
import { PSEUDO_GROWTH, pseudoCatalog, pseudoMessage } from './pseudo'
import { applyLocale, endSentence, saySentences, systemLocale, t, tIn } from './i18n'

function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) out.add(el.value)
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(el.value)
      for (const option of Object.values(el.options)) argumentsOf(option.value, out)
    }
  }
  return out
}

/** The text of a message outside its arguments. */
function literalsOf(elements: MessageFormatElement[]): string {
  return elements.map((el) => (el.type === TYPE.literal ? el.value : el.type === TYPE.plural || el.type === TYPE.select ? Object.values(el.options).map((o) => literalsOf(o.value)).join(' ') : ' ')).join('')
}

const english = flatten(en)

describe.each([['de', de], ['zh-CN', zhCN]] as const)('the %s catalog', (_locale, catalog) => {
  const translated = flatten(catalog)

  it('has every English key and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('gives every message the arguments its English has, as valid ICU', () => {
    for (const [key, message] of english) {
      const theirs = translated.get(key)!
      expect(theirs.trim(), key).not.toBe('')
      expect([...argumentsOf(parse(theirs, { ignoreTag: true }))].sort(), key).toEqual([...argumentsOf(parse(message, { ignoreTag: true }))].sort())
    }
  })
})

describe('messages', () => {
  it('choose plurals by the language’s rules and format numbers as it does', () => {
    applyLocale('en')
    expect(t('settings.bins.loaded', { n: 1 })).toBe('1 bin location loaded.')
    expect(t('settings.bins.loaded', { n: 1100 })).toBe('1,100 bin locations loaded.')
    applyLocale('de')
    expect(t('settings.bins.loaded', { n: 1 })).toBe('1 Lagerplatz geladen.')
    expect(t('settings.bins.loaded', { n: 1100 })).toBe('1.100 Lagerplätze geladen.')
    applyLocale('zh-CN')
    expect(t('settings.bins.loaded', { n: 2 })).toBe('已载入 2 个库位。')
    applyLocale('en')
  })

  it('can be asked in a language other than the screens’ (printouts)', () => {
    applyLocale('de')
    expect(tIn('en', 'nav.orders')).toBe('Orders')
    expect(t('nav.orders')).toBe('Bestellungen')
    applyLocale('en')
  })

  it('run sentences together as the language writes them: a space after ".", none after "。"', () => {
    expect(saySentences(['Scan it.', 'Then print.'])).toBe('Scan it. Then print.')
    expect(saySentences(['扫描。', '然后打印。'])).toBe('扫描。然后打印。')
    expect(saySentences(['Not a postcode.', '城市：必填。'])).toBe('Not a postcode. 城市：必填。')
    expect(saySentences([])).toBe('')
    applyLocale('zh-CN')
    expect(endSentence('城市：必填')).toBe('城市：必填。')
    expect(endSentence('Not a postcode.')).toBe('Not a postcode.')
    applyLocale('de')
    expect(endSentence('Ort: is required')).toBe('Ort: is required.')
    applyLocale('en')
  })
})

describe('the system’s language', () => {
  it('is the first one the app speaks; Chinese only when it is Simplified', () => {
    expect(systemLocale(['de-AT', 'en'])).toBe('de')
    expect(systemLocale(['fr-FR', 'zh-CN'])).toBe('zh-CN')
    expect(systemLocale(['zh-Hans-HK'])).toBe('zh-CN')
    expect(systemLocale(['zh-TW', 'de'])).toBe('de')
    expect(systemLocale(['fr'])).toBe('en')
  })
})

describe('the pseudo-locale', () => {
  const pseudo = flatten(pseudoCatalog(en))

  it('is derived from every English message, accented, marked and about 35% longer', () => {
    expect(pseudo.size).toBe(english.size)
    expect(pseudoMessage('Orders')).toMatch(/^\[Óŕđéŕš ·+\]$/)
    for (const [key, message] of english) {
      const theirs = pseudo.get(key)!
      if (message === '') continue
      expect(theirs, key).toMatch(/^\[[\s\S]* ·+\]$/)
      // No English word is left: the letters outside arguments are all accented.
      expect(literalsOf(parse(theirs, { ignoreTag: true })), key).not.toMatch(/[a-zA-Z]{3}/)
      // Measured on the words (a plural's branches each grow alike), not on ICU's syntax.
      if (!/, ?(plural|select)/.test(message)) {
        expect(literalsOf(parse(theirs, { ignoreTag: true })).length, key).toBeGreaterThanOrEqual(Math.floor(literalsOf(parse(message, { ignoreTag: true })).length * (1 + PSEUDO_GROWTH)))
      }
    }
  })

  it('keeps the arguments and plurals, so it formats like English', () => {
    for (const [key, message] of english) {
      expect([...argumentsOf(parse(pseudo.get(key)!, { ignoreTag: true }))].sort(), key).toEqual([...argumentsOf(parse(message, { ignoreTag: true }))].sort())
    }
    applyLocale('en-XA')
    expect(t('settings.bins.loaded', { n: 3 })).toMatch(/^\[3 ƀíñ ļóçáţíóñš ļóáđéđ\. ·+\]$/)
    applyLocale('en')
  })
})
