// @vitest-environment node
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Order } from '../../common/store-api/resources'
import { DemoData } from './demo-data'
import { summarizeOrder } from './order-summary'
import { DATA_SPAN_DAYS, LEGACY_DATING } from './dating'
import { gmt, StoreClock } from './time'

const cents = (n: number) => Math.round(n * 100)
/** Generation is dated to its day: a fixed one keeps these examples the same whenever they run. */
const NOW = new Date('2026-11-22T15:00:00Z')

function allOrders(data: DemoData): Order[] {
  const out: Order[] = []
  for (let id = 1001; id < 1001 + data.orderCount; id++) out.push(data.order(id)!)
  return out
}

describe('DemoData.generate', () => {
  it('gives the same store for the same seed and day and a different one for another seed', () => {
    const a = JSON.stringify(DemoData.generate({ seed: 7, orders: 80, now: NOW }))
    const b = JSON.stringify(DemoData.generate({ seed: 7, orders: 80, now: NOW }))
    const c = JSON.stringify(DemoData.generate({ seed: 8, orders: 80, now: NOW }))
    expect(a).toBe(b)
    expect(a).not.toBe(c)
    const ordersA = allOrders(DemoData.generate({ seed: 7, orders: 80, now: NOW }))
    const ordersB = allOrders(DemoData.generate({ seed: 7, orders: 80, now: NOW }))
    expect(JSON.stringify(ordersA)).toBe(JSON.stringify(ordersB))
  })

  it('makes orders that add up, match the API shape and agree with their refunds', () => {
    const orders = allOrders(DemoData.generate({ seed: 3, orders: 400, now: NOW }))
    for (const o of orders) {
      expect(Order.safeParse(o).success).toBe(true)
      const lines = o.line_items.reduce((s, l) => s + cents(l.line_total), 0)
      const fees = o.fees.reduce((s, f) => s + cents(f.line_total), 0)
      const records = Array.isArray(o.discount_record) ? o.discount_record : [o.discount_record]
      const discounts = records.reduce((s, d) => s + cents(Number(d.amount ?? 0)), 0)
      expect(lines + cents(o.order_shipping) + fees + cents(o.order_tax) + cents(o.order_shipping_tax) - discounts).toBe(cents(o.order_total))
      const refunded = (o.refunds ?? []).reduce((s, r) => s + cents(r.refund_amount), 0)
      if (o.financial_status === 'refund') expect(refunded).toBe(cents(o.order_total))
      else if (o.financial_status === 'partial-refund') expect(refunded > 0 && refunded < cents(o.order_total)).toBe(true)
      else expect(refunded).toBe(0)
      expect(o.paid_date === undefined).toBe(o.financial_status === 'unpaid')
    }
    for (const status of ['wc-completed', 'wc-on-hold', 'wc-processing', 'wc-cancelled', 'wc-pending']) expect(orders.some((o) => o.post_status === status)).toBe(true)
    for (const status of ['paid', 'partial-refund', 'refund', 'unpaid']) expect(orders.some((o) => o.financial_status === status)).toBe(true)
    expect(orders.some((o) => o.fees.some((f) => f.order_item_name === 'Shipping Insurance'))).toBe(true)
    expect(new Set(orders.map((o) => o.order_currency))).toEqual(new Set(['USD']))
  })

  it('keeps each order summary in line with the order it summarises', () => {
    const data = DemoData.generate({ seed: 11, orders: 300, now: NOW })
    const summaries = data.ordersAscending('date')
    for (const s of summaries) expect(s).toEqual(summarizeOrder(data.order(s.id)!))
  })

  it('makes abandoned checkouts with reminder e-mails, zero dates and some recovered into real orders', () => {
    const data = DemoData.generate({ seed: 42, orders: 60, now: NOW })
    expect(data.checkouts).toHaveLength(40)
    const recovered = data.checkouts.filter((c) => c.order_id !== null)
    expect(recovered.length).toBeGreaterThan(0)
    for (const c of recovered) {
      expect(c.recall_status).toBe(1)
      const order = data.order(c.order_id!)!
      expect(order.billing_address.email).toBe(c.customer_email)
      expect(c.order_total).toBe(order.order_total)
      expect(c.lineitems.map((l) => [l.product_id, l.qty])).toEqual(order.line_items.map((l) => [l.product_id, Number(l.qty)]))
      expect(Date.parse(c.post_date_gmt)).toBeLessThan(Date.parse(`${order.post_date_gmt.replace(' ', 'T')}Z`))
    }
    const emails = data.checkouts.flatMap((c) => c.checkout_emails)
    expect(emails.some((e) => e.is_sent === 0 && e.send_time === '0000-00-00 00:00:00' && e.updated_at_gmt === '0000-00-00 00:00:00')).toBe(true)
    expect(emails.some((e) => e.is_sent === 1 && /[+-]\d{2}:\d{2}$/.test(e.send_time))).toBe(true)
    for (const c of data.checkouts) {
      const fees = c.fees.reduce((sum, f) => sum + cents(Number(f.line_total)), 0)
      expect(cents(Number(c.cart_subtotal)) - cents(c.cart_discount) + cents(Number(c.order_shipping)) + cents(Number(c.taxes_total)) + fees).toBe(cents(c.order_total))
      expect(c.post_date_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/)
      expect(c.cart_email).toMatch(/^https:\/\/.+\/checkout\/recover\//)
    }
  })

  it('makes blogs with rich HTML, collections and meta fields', () => {
    const data = DemoData.generate({ seed: 42, orders: 60, now: NOW })
    expect(data.blogs.length).toBe(24)
    const html = data.blogs.map((b) => b.content).join('\n')
    for (const tag of ['<h2>', '<ul>', '<ol>', '<table>', '<iframe', '<figure>', '<img', 'style="', '<details>', '<a href=']) expect(html).toContain(tag)
    expect(data.collections).toHaveLength(4)
    for (const type of ['blog', 'order', 'blog_collection', 'product']) expect(data.metaFields.some((m) => m.resource_type === type)).toBe(true)
    expect(data.metaFields.some((m) => m.pinned_position)).toBe(true)
    expect(data.metaValues.length).toBeGreaterThan(0)
  })
})

describe('DemoData.fromJSON', () => {
  it('restores exactly what toJSON saved, including changed orders and sent e-mails', () => {
    const data = DemoData.generate({ seed: 5, orders: 50, now: NOW })
    const order = data.order(1010)!
    order.trackno = 'CHANGED1'
    data.orderChanged(order)
    data.recordSentEmail({ orderId: 1010, to: 'a@example.com', trackno: 'CHANGED1', carrier: 'UPS', at: '2026-11-22T00:00:00.000Z' })
    const saved = JSON.parse(JSON.stringify(data))
    const restored = DemoData.fromJSON(saved)
    expect(JSON.parse(JSON.stringify(restored))).toEqual(saved)
    expect(restored.order(1010)?.trackno).toBe('CHANGED1')
    expect(restored.sentEmails).toHaveLength(1)
  })

  it('refuses data that is not a saved store', () => {
    expect(() => DemoData.fromJSON({ hello: 'world' })).toThrow()
    const saved = JSON.parse(JSON.stringify(DemoData.generate({ seed: 5, orders: 5, now: NOW })))
    saved.blogs[0].status = 'visible'
    expect(() => DemoData.fromJSON(saved)).toThrow()
  })
})

const DAY = 86_400_000
const epochOf = (gmtText: string) => Date.parse(`${gmtText.replace(' ', 'T').slice(0, 19)}Z`)
/** The minutes between a store-local time and its GMT twin. */
const offsetOf = (localText: string, gmtText: string) => (epochOf(localText) - epochOf(gmtText)) / 60_000

describe('demo data about today', () => {
  it('has orders, checkouts and posts of today and yesterday, and orders back to 180 days', () => {
    const data = DemoData.generate({ seed: 42, orders: 60, now: NOW })
    const clock = new StoreClock(-300)
    const today = clock.day(NOW)
    const yesterday = clock.day(new Date(NOW.getTime() - DAY))
    const days = allOrders(data).map((o) => o.post_date.slice(0, 10))
    expect(days.filter((d) => d === today).length).toBeGreaterThanOrEqual(3)
    expect(days.filter((d) => d === yesterday).length).toBeGreaterThanOrEqual(3)
    // Spread over the span: the oldest within its first days.
    const oldest = days.reduce((a, b) => (a < b ? a : b))
    const spanStart = clock.startOfDay(today).getTime() - (DATA_SPAN_DAYS - 1) * DAY
    expect(oldest >= clock.day(new Date(spanStart))).toBe(true)
    expect(oldest <= clock.day(new Date(spanStart + 5 * DAY))).toBe(true)
    const newest = data.order(1060)!
    expect(newest).toMatchObject({ financial_status: 'paid', fulfillment_status: 'unfulfilled' })
    expect(newest.paid_date!.slice(0, 10)).toBe(today)
    const checkoutDays = data.checkouts.map((c) => c.post_date.slice(0, 10))
    expect(checkoutDays).toContain(today)
    expect(checkoutDays).toContain(yesterday)
    const postDays = data.blogs.map((b) => b.created_at.slice(0, 10))
    expect(postDays).toContain(today)
    expect(postDays).toContain(yesterday)
  })

  it('is the same for a seed and a day, whatever the time of day after its first hour it starts', () => {
    const morning = JSON.stringify(DemoData.generate({ seed: 42, orders: 60, now: new Date('2026-11-22T06:00:00Z') }))
    const evening = JSON.stringify(DemoData.generate({ seed: 42, orders: 60, now: new Date('2026-11-23T04:59:59Z') }))
    const nextDay = JSON.stringify(DemoData.generate({ seed: 42, orders: 60, now: new Date('2026-11-23T05:00:00Z') }))
    expect(morning).toBe(evening)
    expect(nextDay).not.toBe(morning)
  })

  it('started inside its first hour, ends its data at the start: no order, checkout or post is dated after the store’s clock', () => {
    // 00:20 store time: the data would otherwise end at 01:00, 40 minutes ahead, and a client
    // syncing by modification time would then skip changes made before the clock reached it.
    const now = new Date('2026-11-22T05:20:00Z')
    const data = DemoData.generate({ seed: 42, orders: 60, now })
    expect(data.dating.facts).toEqual({ day: '2026-11-22', utcOffsetMinutes: -300, endSecond: 1200 })
    expect(data.dating.anchor).toEqual(now)
    const newest = allOrders(data).map((o) => o.post_modified_gmt).sort().at(-1)!
    expect(newest <= gmt(now)).toBe(true)
    expect(newest.slice(0, 10)).toBe('2026-11-22')
    // The day is still whole: the saved facts rebuild the same orders.
    const saved = JSON.parse(JSON.stringify(data)) as Record<string, unknown>
    expect(saved.dating).toEqual({ day: '2026-11-22', utcOffsetMinutes: -300, endSecond: 1200 })
    expect(JSON.stringify(DemoData.fromJSON(saved).order(1060))).toBe(JSON.stringify(data.order(1060)))
  })

  it('keeps its day and zone in the saved state, and reads a file saved before it was dated as that old day', () => {
    const data = DemoData.generate({ seed: 5, orders: 20, now: NOW, utcOffsetMinutes: 330 })
    const saved = JSON.parse(JSON.stringify(data)) as Record<string, unknown>
    expect(saved.dating).toEqual({ day: '2026-11-22', utcOffsetMinutes: 330 })
    expect(JSON.stringify(DemoData.fromJSON(saved).order(1020))).toBe(JSON.stringify(data.order(1020)))
    const { dating: _dating, utcOffsetMinutes: _zone, ...legacy } = saved
    const old = DemoData.fromJSON(legacy)
    expect(old.dating.facts).toEqual(LEGACY_DATING)
    expect(old.order(1020)!.post_date.slice(0, 10)).toBe(LEGACY_DATING.day)
  })

  it('moves its zone for times written afterwards and keeps the times already recorded', () => {
    const data = DemoData.generate({ seed: 5, orders: 20, now: NOW })
    const before = data.order(1005)!.post_date
    data.setZone(60)
    expect(data.order(1005)!.post_date).toBe(before)
    expect(data.clock.local(NOW)).toBe('2026-11-22 16:00:00')
    expect(DemoData.fromJSON(JSON.parse(JSON.stringify(data))).clock.utcOffsetMinutes).toBe(60)
  })

  it('for any seed, day, time and zone: local and GMT twins differ by the zone, nothing happens after the data ends, today and yesterday have orders', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: -12 * 4, max: 14 * 4 }).map((quarters) => quarters * 15),
        fc.integer({ min: 1, max: 40 }),
        // Half the runs start inside the store's first hour, where the data ends at the start.
        fc.option(fc.integer({ min: 0, max: 3599 }), { freq: 2 }),
        (seed, date, zone, count, firstHourSecond) => {
          const clock = new StoreClock(zone)
          const now = firstHourSecond === null ? date : new Date(clock.startOfDay(clock.day(date)).getTime() + firstHourSecond * 1000)
          const data = DemoData.generate({ seed, orders: count, now, utcOffsetMinutes: zone })
          const today = clock.day(now)
          const end = data.dating.anchor.getTime()
          // Nothing the store holds is dated after its clock, whenever in the day it starts.
          expect(end).toBeLessThanOrEqual(now.getTime())
          expect(data.dating.facts.day).toBe(today)
          const orders = allOrders(data)
          for (const o of orders) {
            for (const [local, utc] of [[o.post_date, o.post_date_gmt], [o.post_modified, o.post_modified_gmt], [o.paid_date, o.paid_date_gmt], [o.track_date, o.track_date_gmt]] as const) {
              if (local && utc) expect(offsetOf(local, utc)).toBe(zone)
            }
            expect(epochOf(o.post_modified_gmt)).toBeLessThanOrEqual(end)
            expect(epochOf(o.post_date_gmt)).toBeGreaterThanOrEqual(data.dating.dayStart.getTime() - (DATA_SPAN_DAYS - 1) * DAY)
          }
          expect(orders.at(-1)!.post_date.slice(0, 10)).toBe(today)
          expect(orders.at(-1)!.paid_date!.slice(0, 10)).toBe(today)
          if (count >= 4) expect(orders.some((o) => o.post_date.slice(0, 10) === clock.day(new Date(data.dating.dayStart.getTime() - 1)))).toBe(true)
          for (const c of data.checkouts) {
            expect(offsetOf(c.post_date, c.post_date_gmt)).toBe(zone)
            expect(Date.parse(c.post_date_gmt)).toBeLessThanOrEqual(end)
          }
          expect(data.checkouts.some((c) => c.post_date.slice(0, 10) === today)).toBe(true)
          for (const b of data.blogs) expect(clock.parseLocal(b.updated_at)!.getTime()).toBeLessThanOrEqual(end)
          expect(data.blogs.some((b) => b.created_at.slice(0, 10) === today)).toBe(true)
          expect(gmt(data.dating.dayStart)).toBe(gmt(clock.startOfDay(today)))
        },
      ),
      { numRuns: 40 },
    )
  })
})
