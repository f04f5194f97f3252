import { describe, expect, it } from 'vitest'
import { applyLocale } from '@/session/i18n'
import type { OutboxEntry, SyncStatus } from '@/data'
import { attempts, bytes, duration, nextTry, syncActivity, syncErrorWords } from './sync-format'
import { checkEditedBody } from './edited-body'

describe('editing a stopped write as JSON', () => {
  it('accepts a body the store would take', () => {
    expect(checkEditedBody('orders.track', '{"trackno":"1Z999","sendemail":true}')).toEqual({ ok: true, body: { trackno: '1Z999', sendemail: true } })
  })

  it('names what is wrong with malformed JSON or a body the store would refuse', () => {
    const broken = checkEditedBody('orders.track', '{"trackno":')
    expect(broken.ok).toBe(false)
    expect(!broken.ok && broken.message).toMatch(/^This is not valid JSON/)
    const refused = checkEditedBody('orders.track', '{"trackno":"1Z999"}')
    expect(!refused.ok && refused.message).toMatch(/^The store would refuse this: sendemail/)
  })

  it('says what is wrong in the app’s language, zod’s own words included', () => {
    applyLocale('de')
    try {
      expect(checkEditedBody('orders.track', '{"trackno": 1, "sendemail": true}')).toEqual({ ok: false, message: expect.stringMatching(/^Der Shop würde das ablehnen: trackno: Ungültige Eingabe/) })
      expect(checkEditedBody('orders.track', '{"trackno":')).toEqual({ ok: false, message: expect.stringMatching(/^Das ist kein gültiges JSON/) })
    } finally {
      applyLocale('en')
    }
  })

  it('refuses to edit a write that has no body', () => {
    expect(checkEditedBody('blogs.delete', '{}')).toEqual({ ok: false, message: 'This change has no body to edit.' })
  })
})

describe('numbers in the panel', () => {
  it('shows sizes and time left in words a person reads', () => {
    expect(bytes(1536)).toBe('1.5 KB')
    expect(bytes(null)).toBe('unknown')
    expect(duration(42.2)).toBe('43 s')
    expect(duration(125)).toBe('2 min 5 s')
    expect(duration(null)).toBe('—')
  })
})

describe('when a queued change goes next', () => {
  const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({ kind: 'orders.track', write: { kind: 'orders.track', orderId: 1, body: { trackno: 'T', sendemail: false } }, lanes: ['orders:1'], state: 'queued', attempts: 3, nextAttemptAt: 0, createdAt: 0, label: 'x', ...over })

  it('is never a time already past', () => {
    expect(nextTry(entry({ nextAttemptAt: 10_000 }), false, 10_000)).toBe('Sending now')
    expect(nextTry(entry({ nextAttemptAt: 5_000 }), false, 10_000)).toBe('Sending now')
    expect(nextTry(entry({ nextAttemptAt: 22_500 }), false, 10_000)).toBe('Next try in 13 s')
    expect(nextTry(entry({ nextAttemptAt: 0 }), true, 10_000)).toBe('Goes after the earlier change to the same item')
    expect(nextTry(entry({ state: 'failed' }), false, 10_000)).toBeNull()
  })

  it('says an unconfirmed change is being checked on the store, and when it is asked again', () => {
    expect(nextTry(entry({ state: 'unconfirmed', nextAttemptAt: 12_000 }), false, 10_000)).toBe('Checking whether the store received it: asking it again in 2 s')
    expect(nextTry(entry({ state: 'unconfirmed', nextAttemptAt: 9_000 }), false, 10_000)).toBe('Checking whether the store received it: asking it now')
  })

  it('says an order change in its undo window can be undone and when it goes', () => {
    expect(nextTry(entry({ nextAttemptAt: 0, holdUntil: 17_000 }), false, 10_000)).toBe('Can be undone; sending in 7 s')
    expect(nextTry(entry({ nextAttemptAt: 0, holdUntil: 9_000 }), false, 10_000)).toBe('Sending now')
  })

  it('counts attempts in words', () => {
    expect(attempts(1)).toBe('1 attempt')
    expect(attempts(3)).toBe('3 attempts')
  })
})

describe('what a running sync says it is doing', () => {
  const running = (current: SyncStatus['current'], total: number | null) =>
    ({ syncing: true, current, progress: { orders: { done: 0, total: null }, checkouts: { done: 0, total: null }, blogs: { done: 67, total }, collections: { done: 0, total: null }, metaFields: { done: 0, total: null } } }) as unknown as SyncStatus

  it('reads a resource the first time, and checks one already cached for changes', () => {
    expect(syncActivity(running('blogs', 67), true)).toBe('Reading blog posts from the store')
    expect(syncActivity(running('blogs', 67), false)).toBe('Checking 67 posts for changes')
    expect(syncActivity(running('blogs', 1), false)).toBe('Checking 1 post for changes')
    expect(syncActivity(running('orders', null), false)).toBe('Checking orders for changes')
    expect(syncActivity(running(null, null), false)).toBe('Starting to sync with the store')
  })
})

describe('why a sync failed', () => {
  it('is the data layer’s words in English, and the catalog’s sentence for its kind in another language', () => {
    const offline = { lastError: 'The store could not be reached.', lastErrorCode: 'network' }
    expect(syncErrorWords(offline)).toBe('The store could not be reached.')
    applyLocale('de')
    try {
      expect(syncErrorWords(offline)).toBe('Der Shop ist nicht erreichbar. Prüfen Sie die Internetverbindung.')
      expect(syncErrorWords({ lastError: 'The disk space … is full', lastErrorCode: 'quota' })).toMatch(/^Der Speicherplatz/)
      expect(syncErrorWords({ lastError: 'Odd', lastErrorCode: 'no_such_code' })).toBe('Etwas ist schiefgegangen. Es wurde nichts geändert.')
    } finally {
      applyLocale('en')
    }
  })

  it('says a resource’s stored failure by its kind; one an earlier version stored without a kind, as it is', () => {
    const stored = { lastError: 'The store had a problem (error 500). Try again later.', lastErrorCode: 'server' }
    const earlier = { lastError: 'The store had a problem (error 500). Try again later.' }
    expect(syncErrorWords(stored)).toBe('The store had a problem (error 500). Try again later.')
    expect(syncErrorWords({ lastError: 'QuotaExceededError', lastErrorCode: 'quota' })).toMatch(/^The disk space Storedesk may use is full/)
    applyLocale('zh-CN')
    try {
      expect(syncErrorWords(stored)).toBe('店铺自身出现问题，请稍后再试。')
      expect(syncErrorWords(earlier)).toBe('The store had a problem (error 500). Try again later.')
    } finally {
      applyLocale('en')
    }
  })
})
