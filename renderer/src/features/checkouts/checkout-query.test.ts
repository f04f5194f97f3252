import { describe, expect, it } from 'vitest'
import Dexie, { type Table } from 'dexie'
import type { CheckoutSummary } from '@common/store-api/resources'
import { SCHEMA_V1 } from '@/data/db'
import { seededRandom } from '@/data/order-index/order-fixtures'
import { makeCheckouts } from './checkout-fixtures'
import { answerCheckoutQuery } from './testing'
import {
  checkoutQueryFromRoute,
  checkoutQueryToRoute,
  checkoutsFromCache,
  reminderParts,
  reminderTimeline,
  safeRecoveryLink,
  toCheckoutsListParams,
  type CheckoutQuery,
} from './checkout-query'

function plain(checkouts: CheckoutSummary[], q: CheckoutQuery): number[] {
  const needle = q.search.trim().toLowerCase()
  return checkouts
    .filter((c) => {
      if (q.country !== undefined && c.country_or_region !== q.country) return false
      if (q.recalled !== undefined && c.recall_status !== Number(q.recalled)) return false
      const sent = c.checkout_emails.filter((e) => e.is_sent === 1).length > 0
      if (q.emailSent === '1' && !sent) return false
      if (q.emailSent === '0' && sent) return false
      const day = c.post_date.substring(0, 10)
      if (q.postDate?.from && day < q.postDate.from) return false
      if (q.postDate?.to && day > q.postDate.to) return false
      if (needle) {
        const texts = [c.number, c.customer_email, ...c.lineitems.map((l) => l.order_item_name), ...c.lineitems.map((l) => l.sku)]
        if (!texts.some((t) => t.toLowerCase().indexOf(needle) !== -1)) return false
      }
      return true
    })
    .sort((a, b) => (a.post_date === b.post_date ? b.ID - a.ID : a.post_date > b.post_date ? -1 : 1))
    .map((c) => c.ID)
}

const checkouts = makeCheckouts(300, 21)
const random = seededRandom(8)
const maybe = <T>(items: readonly T[]) => (random() < 0.4 ? items[Math.floor(random() * items.length)] : undefined)
const day = () => `2026-03-${String(1 + Math.floor(random() * 16)).padStart(2, '0')}`
const queries: CheckoutQuery[] = Array.from({ length: 120 }, () => ({
  search: maybe(['mug', 'C2010', 'OMAR', ' sd-024 ', 'none-such']) ?? '',
  country: maybe(['US', 'CA', 'GB', 'DE', 'FR']),
  recalled: maybe(['0', '1'] as const),
  emailSent: maybe(['0', '1'] as const),
  postDate: random() < 0.5 ? { from: maybe([day()]), to: maybe([day()]) } : undefined,
}))

describe('checkout queries', () => {
  it('answer the same checkouts, newest first, as a plain implementation', () => {
    let nonEmpty = 0
    for (const q of queries) {
      const expected = plain(checkouts, q)
      if (expected.length) nonEmpty++
      expect(answerCheckoutQuery(checkouts, q).map((c) => c.ID), JSON.stringify(q)).toEqual(expected)
    }
    expect(nonEmpty).toBeGreaterThan(queries.length / 3)
  })

  it('answer the same from the Dexie cache', async () => {
    class Db extends Dexie {
      checkouts!: Table<CheckoutSummary, number>
      constructor() {
        super('checkout-query')
        this.version(1).stores({ checkouts: SCHEMA_V1.checkouts })
      }
    }
    const db = new Db()
    await db.checkouts.bulkPut(checkouts)
    for (const q of queries) expect((await checkoutsFromCache(db.checkouts, q)).map((c) => c.ID)).toEqual(plain(checkouts, q))
    await db.delete()
  })

  it('map to the store’s filter names and survive the route round trip', () => {
    const q: CheckoutQuery = { search: ' mug ', country: 'GB', recalled: '1', emailSent: '0', postDate: { from: '2026-03-02' } }
    expect(toCheckoutsListParams(q)).toEqual({
      page: 1,
      page_size: 50,
      'filter[search]': 'mug',
      'filter[country_or_region]': 'GB',
      'filter[recall_status]': '1',
      'filter[post_date]': '2026-03-02,',
      'filter[email_status]': '0',
    })
    for (const query of queries) {
      expect(answerCheckoutQuery(checkouts, checkoutQueryFromRoute(checkoutQueryToRoute(query))).map((c) => c.ID)).toEqual(plain(checkouts, query))
    }
  })
})

describe('the reminder e-mail timeline', () => {
  it('lists sent e-mails by send time and shows unset times as "not set"', () => {
    const withEmails = checkouts.find((c) => c.checkout_emails.some((e) => e.is_sent === 1) && c.checkout_emails.some((e) => e.is_sent === 0))!
    const timeline = reminderTimeline(withEmails.checkout_emails)
    expect(timeline.length).toBe(withEmails.checkout_emails.length)
    const firstUnsent = timeline.findIndex((e) => e.state !== 'sent')
    expect(timeline.slice(firstUnsent).every((e) => e.state === 'scheduled' && e.when === 'send time not set')).toBe(true)
    expect(timeline.slice(0, firstUnsent).every((e) => /\((store time|GMT)\)$/.test(e.when))).toBe(true)
    for (const entry of timeline) expect(entry.when).not.toMatch(/\b0000\b|\b0\b|-0001|Nov 30, 1/)
  })

  it('says each reminder for the list: its name, whether it went, and when (the year only when not this one)', () => {
    const email = { id: 1, checkout_id: 9, coupon_code: '', created_at: '', updated_at: '', created_at_gmt: '', updated_at_gmt: '' }
    const lines = reminderTimeline([
      { ...email, id: 3, template_id: 'abandoned_checkout_third', is_sent: 0, is_need_send: 0, send_time: '0000-00-00 00:00:00', send_time_gmt: '0000-00-00 00:00:00' },
      { ...email, id: 2, template_id: 'abandoned_checkout_second', is_sent: 0, is_need_send: 1, send_time: '0000-00-00 00:00:00', send_time_gmt: '2026-11-01 19:00:00' },
      { ...email, id: 1, template_id: 'abandoned_checkout_first', is_sent: 1, is_need_send: 0, send_time: '2026-10-31T14:00:00-05:00', send_time_gmt: '2026-10-31 19:00:00' },
    ]).map(reminderParts)
    const year = (y: string) => (new Date().getFullYear() === Number(y) ? '' : `, ${y}`)
    expect(lines).toEqual([
      ['First reminder', `sent Oct 31${year('2026')}, 2:00 PM`],
      ['Second reminder', `due Nov 1${year('2026')}, 7:00 PM GMT`],
      ['Third reminder', 'not scheduled'],
    ])
  })
})

describe('the recovery link', () => {
  it('is offered only as an http(s) link', () => {
    expect(safeRecoveryLink('https://demo.invalid/recover/1?key=a')).toBe('https://demo.invalid/recover/1?key=a')
    expect(safeRecoveryLink('javascript:alert(1)')).toBeNull()
    expect(safeRecoveryLink('not a url')).toBeNull()
  })
})
