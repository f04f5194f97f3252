// The dashboard's numbers, from the cache: orders and revenue per paid day, the fulfillment
// backlog (paid orders not shipped, by the day they were paid) and abandoned-checkout
// recovery per created day. Days are store-local `YYYY-MM-DD`, so each bar links to the
// list filtered the same way (paid date for orders, created date for checkouts). Sums are
// in cents. The window is the range of store days the merchant picked (dashboard-range.ts).
// The orders' facts come from the order list's index (OrderIndex.facts), which holds them for
// every cached order; the cache keeps no order index by paid day (db.ts, SCHEMA_V8).
import type { Table } from 'dexie'
import { addDays, format, parseISO } from 'date-fns'
import type { CheckoutSummary } from '@common/store-api/resources'
import { toCents } from '@/features/orders'
import type { OrderFacts } from '@/data'

export interface DayOrders {
  day: string
  orders: number
  revenueCents: number
}

export interface DayBacklog {
  day: string
  unfulfilled: number
}

export interface DayRecovery {
  day: string
  abandoned: number
  recovered: number
}

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = parseISO(from); format(d, 'yyyy-MM-dd') <= to; d = addDays(d, 1)) out.push(format(d, 'yyyy-MM-dd'))
  return out
}

export function ordersPerDay(orders: Iterable<OrderFacts>, days: readonly string[]): DayOrders[] {
  const byDay = new Map(days.map((day) => [day, { day, orders: 0, revenueCents: 0 }]))
  for (const o of orders) {
    const entry = o.paid_date ? byDay.get(o.paid_date.slice(0, 10)) : undefined
    if (!entry) continue
    entry.orders++
    entry.revenueCents += toCents(o.order_total)
  }
  return [...byDay.values()]
}

/** Paid, not cancelled, not shipped: what the "To ship" view lists. */
export function isBacklog(o: OrderFacts): boolean {
  return o.fulfillment_status === 'unfulfilled' && o.financial_status === 'paid' && o.post_status !== 'wc-cancelled'
}

/**
 * The backlog per paid day of the window, how many were paid before it (or carry no paid day)
 * and how many after it: with those, the bars add up to the backlog's headline number.
 */
export function backlogPerDay(orders: Iterable<OrderFacts>, days: readonly string[]): { perDay: DayBacklog[]; older: number; later: number } {
  const byDay = new Map(days.map((day) => [day, { day, unfulfilled: 0 }]))
  const last = days[days.length - 1] ?? ''
  let older = 0
  let later = 0
  for (const o of orders) {
    if (!isBacklog(o)) continue
    const day = o.paid_date?.slice(0, 10)
    const entry = day ? byDay.get(day) : undefined
    if (entry) entry.unfulfilled++
    else if (day && day > last) later++
    else older++
  }
  return { perDay: [...byDay.values()], older, later }
}

export function recoveryPerDay(checkouts: Iterable<Pick<CheckoutSummary, 'post_date' | 'order_id'>>, days: readonly string[]): DayRecovery[] {
  const byDay = new Map(days.map((day) => [day, { day, abandoned: 0, recovered: 0 }]))
  for (const c of checkouts) {
    const entry = byDay.get(c.post_date.slice(0, 10))
    if (!entry) continue
    entry.abandoned++
    if (c.order_id !== null && c.order_id !== undefined) entry.recovered++
  }
  return [...byDay.values()]
}

export interface DashboardData {
  days: string[]
  orders: DayOrders[]
  backlog: DayBacklog[]
  /** Backlog orders paid before the window's first day (or with no paid day): the chart's first bar. */
  backlogOlder: number
  /** Backlog orders paid after the window's last day: the chart's last bar. */
  backlogLater: number
  backlogTotal: number
  recovery: DayRecovery[]
}

/**
 * The store's currency, as its orders are written: the newest cached order's (the API has no
 * store-wide setting). Null while no order is cached.
 */
export async function storeCurrency<O extends { order_currency?: string }, J>(orders: Table<O, number, J>): Promise<string | null> {
  const newest = await orders.orderBy('post_date').last()
  return newest?.order_currency || null
}

/** The most days one dashboard charts: a longer range shows its last MAX_DAYS days. */
export const MAX_DAYS = 366

/**
 * The store days `from` to `to` (inclusive, `YYYY-MM-DD`, at most MAX_DAYS of them, the latest
 * kept), from every cached order's facts and the checkouts created in the window.
 */
export async function loadDashboard<C extends CheckoutSummary, J>(orders: Iterable<OrderFacts>, checkouts: Table<C, number, J>, range: { from: string; to: string }): Promise<DashboardData> {
  const all = [...orders]
  const to = range.to
  const from = [range.from, format(addDays(parseISO(to), -(MAX_DAYS - 1)), 'yyyy-MM-dd')].reduce((a, b) => (a > b ? a : b))
  const days = daysBetween(from, to)
  const backlogFacts = all.filter(isBacklog)
  const backlogTotal = backlogFacts.length
  const backlog = backlogPerDay(backlogFacts, days)
  const checkoutFacts: Pick<CheckoutSummary, 'post_date' | 'order_id'>[] = []
  await checkouts.where('post_date').between(from, `${to}\uffff`, true, true).each((c) => {
    checkoutFacts.push({ post_date: c.post_date, order_id: c.order_id })
  })
  return {
    days,
    orders: ordersPerDay(all, days),
    backlog: backlog.perDay,
    backlogOlder: backlog.older,
    backlogLater: backlog.later,
    backlogTotal,
    recovery: recoveryPerDay(checkoutFacts, days),
  }
}
