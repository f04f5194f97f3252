import { describe, expect, it } from 'vitest'
import Dexie, { type Table } from 'dexie'
import type { CheckoutSummary } from '@common/store-api/resources'
import { SCHEMA_V1 } from '@/data/db'
import { makeOrders } from '@/data/order-index/order-fixtures'
import { answerOrderQuery } from '@/data/order-index/order-query'
import { answerCheckoutQuery, makeCheckouts } from '@/features/checkouts/testing'
import { addDays, format, parseISO } from 'date-fns'
import { daysBetween, loadDashboard, MAX_DAYS } from './dashboard-data'

const orders = makeOrders(500, 13)
const checkouts = makeCheckouts(200, 17)
const newestPaid = orders.reduce((newest, o) => (o.paid_date && o.paid_date > newest ? o.paid_date : newest), '').slice(0, 10)
const shift = (day: string, days: number) => format(addDays(parseISO(day), days), 'yyyy-MM-dd')

class Db extends Dexie {
  checkouts!: Table<CheckoutSummary, number>
  constructor() {
    super('dashboard-data')
    this.version(1).stores({ checkouts: SCHEMA_V1.checkouts })
  }
}

describe('the dashboard', () => {
  it('lists every day of the window, both ends included', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
  })

  it('counts what the list shows when a bar is followed to it', async () => {
    const db = new Db()
    await db.checkouts.bulkPut(checkouts)
    const data = await loadDashboard(orders, db.checkouts, { from: shift(newestPaid, -29), to: newestPaid })
    expect(data.days.length).toBe(30)
    let nonZero = 0
    for (const day of data.days) {
      // The bar links to the order list filtered by that paid day: it must show as many orders and the same revenue.
      const listed = answerOrderQuery(orders, { search: '', paidDate: { from: day, to: day }, sort: '-date' })
      const bar = data.orders.find((d) => d.day === day)!
      expect(bar.orders).toBe(listed.length)
      expect(bar.revenueCents).toBe(listed.reduce((s, o) => s + Math.round(o.order_total * 100), 0))
      const toShip = answerOrderQuery(orders, { search: '', fulfillment: 'unfulfilled', financial: 'paid', paidDate: { from: day, to: day }, sort: 'date' }).filter((o) => o.post_status !== 'wc-cancelled')
      expect(data.backlog.find((d) => d.day === day)!.unfulfilled).toBe(toShip.length)
      const abandoned = answerCheckoutQuery(checkouts, { search: '', postDate: { from: day, to: day } })
      const rec = data.recovery.find((d) => d.day === day)!
      expect(rec.abandoned).toBe(abandoned.length)
      expect(rec.recovered).toBe(abandoned.filter((c) => c.order_id !== null).length)
      if (bar.orders) nonZero++
    }
    expect(nonZero).toBeGreaterThan(5)
    expect(data.backlogTotal).toBe(orders.filter((o) => o.fulfillment_status === 'unfulfilled' && o.financial_status === 'paid' && o.post_status !== 'wc-cancelled').length)
    // The backlog's bars (the "before the window" one included) add up to its headline number.
    expect(data.backlogOlder + data.backlog.reduce((n, b) => n + b.unfulfilled, 0)).toBe(data.backlogTotal)
    expect(data.backlogOlder).toBeGreaterThan(0)
    await db.delete()
  })

  it('charts any range picked, backlog before and after it in bars of their own, at most MAX_DAYS days', async () => {
    const db = new Db()
    await db.checkouts.bulkPut(checkouts)
    const past = await loadDashboard(orders, db.checkouts, { from: shift(newestPaid, -60), to: shift(newestPaid, -40) })
    expect(past.days).toEqual(daysBetween(shift(newestPaid, -60), shift(newestPaid, -40)))
    expect(past.backlogLater).toBeGreaterThan(0)
    expect(past.backlogOlder + past.backlogLater + past.backlog.reduce((n, b) => n + b.unfulfilled, 0)).toBe(past.backlogTotal)
    const long = await loadDashboard(orders, db.checkouts, { from: '2000-01-01', to: newestPaid })
    expect(long.days).toHaveLength(MAX_DAYS)
    expect(long.days.at(-1)).toBe(newestPaid)
    await db.delete()
  })
})
