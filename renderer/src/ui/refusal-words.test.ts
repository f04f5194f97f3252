import { afterEach, describe, expect, it } from 'vitest'
import { applyLocale, MessageError } from '@/session/i18n'
import { StoredeskError } from '@/bridge'
import { problemWords, refusalInWords } from './refusal-words'
import { errorWords, failureWords } from './error-words'

afterEach(() => applyLocale('en'))

describe('a refusal in the screens’ words', () => {
  it('names fields by their labels, never the API’s names', () => {
    expect(refusalInWords({ message: 'The request is not valid. seo_slug: use lower-case letters', fields: { seo_slug: ['use lower-case letters, digits and single hyphens'] } })).toBe(
      'Slug: use lower-case letters, digits and single hyphens',
    )
    expect(refusalInWords({ message: 'x', fields: { 'shipping.postcode': ['Not a postcode'], seo_title: ['too long'] } })).toBe('Postcode: Not a postcode. SEO title: too long')
    expect(refusalInWords({ message: 'Another blog already uses the seo_slug "picnic".' })).toBe('Another blog already uses the slug "picnic"')
    expect(refusalInWords(undefined)).toBe('The store refused it')
  })

  it('keeps the store’s own field messages as it said them, under labels in the app’s language', () => {
    applyLocale('de')
    expect(refusalInWords({ code: 'validation_failed', message: 'The store did not accept these fields: seo_slug.', fields: { seo_slug: ['is already taken'], 'shipping.city': ['is required'] } })).toBe(
      'Slug: is already taken. Ort: is required',
    )
    expect(refusalInWords(undefined)).toBe('Der Shop hat sie abgelehnt')
  })

  it('runs several field problems together as Chinese writes sentences: "。", no space', () => {
    applyLocale('zh-CN')
    expect(refusalInWords({ code: 'validation_failed', message: 'x', fields: { 'shipping.postcode': ['不是邮编'], 'shipping.city': ['必填'] } })).toBe('邮编：不是邮编。城市：必填')
    // The store's own English keeps its stop, and a space after it.
    expect(refusalInWords({ code: 'validation_failed', message: 'x', fields: { 'shipping.postcode': ['Not a postcode.'], 'shipping.city': ['is required'] } })).toBe('邮编：Not a postcode. 城市：is required')
  })
})

describe('a problem stored with a write', () => {
  const conflict = { code: 'conflict', words: { key: 'problems.changedThere' as const, params: { fields: 'seo_slug, shipping.city' } } }

  it('says the app’s own words in the language of the screen, its fields by their labels', () => {
    expect(problemWords(conflict)).toBe('Changed on the store since you edited it: slug and city. Choose which version to keep.')
    applyLocale('de')
    expect(problemWords(conflict)).toBe('Im Shop geändert, seit Sie es bearbeitet haben: Slug und Ort. Wählen Sie, welche Fassung bleibt.')
    expect(problemWords({ code: 'bad_request', words: { key: 'problems.closed', params: { number: '1042', state: 'cancelled' } } })).toMatch(/^Bestellung #1042 ist storniert: /)
    applyLocale('zh-CN')
    expect(problemWords(conflict)).toBe('自您编辑以来，店铺中已更改：别名和城市。请选择保留哪个版本。')
    expect(problemWords({ code: 'bad_request', words: { key: 'problems.closed', params: { number: 'none', state: 'refunded' } } })).toMatch(/^该订单已全额退款/)
  })

  it('says what the store answered as the main process worded it to an English reader, by its kind in another language', () => {
    const server = { code: 'server', message: 'The store had a problem (error 503). Try again later.' }
    expect(problemWords(server)).toBe('The store had a problem (error 503). Try again later.')
    applyLocale('de')
    expect(problemWords(server)).toBe('Der Shop hat ein eigenes Problem. Versuchen Sie es später erneut.')
  })

  it('shows the English an earlier version stored, without a kind, as it is', () => {
    const earlier = { message: 'Changed on the store since you edited it: city. Choose which version to keep.' }
    applyLocale('de')
    expect(problemWords(earlier)).toBe('Changed on the store since you edited it: city. Choose which version to keep.')
  })
})

describe('a failure caught by a screen', () => {
  it('is said in the app’s own words when it carries them: the data layer’s, the bridge’s, the main process’s', () => {
    const full = new MessageError({ key: 'problems.quota' })
    expect(full.message).toMatch(/^The disk space Storedesk may use is full/)
    const notWeb = new StoredeskError({ code: 'bad_request', message: 'Only web links (http or https) can be opened.', words: { key: 'problems.notWebLink' } })
    expect(failureWords(notWeb)).toBe('Only web links (http or https) can be opened.')
    applyLocale('de')
    expect(failureWords(full)).toMatch(/^Der Speicherplatz, den Storedesk nutzen darf, ist voll/)
    expect(failureWords(notWeb)).toBe('Nur Weblinks (http oder https) können geöffnet werden.')
    expect(errorWords({ code: 'timeout', message: 'Nobody approved…', words: { key: 'problems.attemptExpired' } }, 'connect.refused')).toMatch(/^Niemand hat Storedesk innerhalb von 10 Minuten/)
    expect(failureWords(new StoredeskError({ code: 'network', message: 'The store could not be reached.' }))).toBe('Der Shop ist nicht erreichbar. Prüfen Sie die Internetverbindung.')
    expect(failureWords(new Error('A program error'))).toBe('A program error')
  })

  it('ignores words that name no message', () => {
    expect(failureWords(new StoredeskError({ code: 'network', message: 'The store could not be reached.', words: { key: ['problems', 'gone'].join('.') } }))).toBe('The store could not be reached.')
  })
})
