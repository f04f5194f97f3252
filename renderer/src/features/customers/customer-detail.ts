// A customer's page from their cached orders, apart from the screen: the addresses they used
// (shipping addresses, each once, with how many orders went there), the contact details seen
// on their orders (names, e-mails, phones, each once), their refunds, and their story as a
// timeline of what happened to each order (placed, paid, shipped, refunded), newest first,
// grouped by month. Store times are shown as the store wrote them (its own clock). Words a
// person reads are catalog messages (`Message`), put into words by the page in its language.
import type { Order } from '@common/store-api/resources'
import { fold, type Money } from '@/data'
import { intlLocale, type Message } from '@/session/i18n'
import { storeDay, storeTimeFull, wallClock } from '@/ui/dates'
import { formatMoney } from '@/ui/store-time'
import { format } from 'date-fns'

/** Money per currency in one line: "$1,234.00 · €56.00"; "—" for none. */
export function moneyList(list: readonly Money[]): string {
  return list.length === 0 ? '—' : list.map((m) => formatMoney(m.cents / 100, m.currency)).join(' · ')
}

export interface UsedAddress {
  lines: string[]
  orders: number
  /** The latest order date that used it (store time). */
  last: string
}

/** Shipping addresses, each once (compared folded), most used first, then most recent. */
export function addressesUsed(orders: readonly Order[]): UsedAddress[] {
  const byKey = new Map<string, UsedAddress>()
  for (const o of orders) {
    const a = o.shipping_address
    if (!a) continue
    const name = [a.first_name, a.last_name].filter(Boolean).join(' ')
    const lines = [name, a.company, a.address_1, a.address_2, [a.postcode, a.city].filter(Boolean).join(' '), [a.state, a.country].filter(Boolean).join(', ')].map((l) => (l ?? '').trim()).filter(Boolean)
    if (lines.length === 0) continue
    const key = fold(lines.join('|'))
    const known = byKey.get(key)
    if (known) {
      known.orders++
      if (o.post_date > known.last) known.last = o.post_date
    } else byKey.set(key, { lines, orders: 1, last: o.post_date })
  }
  return [...byKey.values()].sort((a, b) => b.orders - a.orders || b.last.localeCompare(a.last))
}

export interface SeenContact {
  kind: 'name' | 'email' | 'phone'
  value: string
  orders: number
}

const digits = (v: string) => v.replace(/\D/g, '')

/** The values once each by `key`, blanks left out, the first spelling kept. */
function uniqueBy(values: (string | undefined)[], key: (v: string) => string): string[] {
  const seen = new Map<string, string>()
  for (const raw of values) {
    const value = (raw ?? '').trim()
    if (value && key(value) && !seen.has(key(value))) seen.set(key(value), value)
  }
  return [...seen.values()]
}

/** Every name, e-mail and phone their orders carry, each once (names and e-mails compared folded, phones by digits), with how many orders carry it. */
export function contactsSeen(orders: readonly Order[]): SeenContact[] {
  const seen = new Map<string, SeenContact>()
  const add = (kind: SeenContact['kind'], value: string, key: (v: string) => string) => {
    const k = `${kind}:${key(value)}`
    const known = seen.get(k)
    if (known) known.orders++
    else seen.set(k, { kind, value, orders: 1 })
  }
  for (const o of orders) {
    const billing = o.billing_address
    for (const name of uniqueBy([o.billing_user_name, `${billing?.first_name ?? ''} ${billing?.last_name ?? ''}`], fold)) add('name', name, fold)
    for (const email of uniqueBy([billing?.email], fold)) add('email', email, fold)
    for (const phone of uniqueBy([billing?.phone, o.shipping_address?.phone], digits)) add('phone', phone, digits)
  }
  const rank = { name: 0, email: 1, phone: 2 }
  return [...seen.values()].sort((a, b) => rank[a.kind] - rank[b.kind] || b.orders - a.orders)
}

export interface CustomerRefund {
  orderId: number
  number: string
  /** Store time of the refund. */
  date: string
  amount: string
  reason: string
}

/** Every refund on their orders, newest first. */
export function refundsOf(orders: readonly Order[]): CustomerRefund[] {
  const out: CustomerRefund[] = []
  for (const o of orders) {
    const refunds = o.refunds ?? []
    if (refunds.length === 0 && Number(o.refund_amount ?? 0) > 0) out.push({ orderId: o.ID, number: o.number, date: '', amount: formatMoney(o.refund_amount ?? 0, o.order_currency), reason: '' })
    for (const r of refunds) out.push({ orderId: o.ID, number: o.number, date: r.refund_date, amount: formatMoney(r.refund_amount, o.order_currency), reason: r.refund_reason })
  }
  return out.sort((a, b) => b.date.localeCompare(a.date))
}

export interface TimelineEvent {
  key: string
  orderId: number
  number: string
  /** Store time, for the order of the list. */
  at: string
  when: string
  what: Message
}

export interface TimelineMonth {
  /** The month as "2026-04" (store time); monthName puts it in words. */
  month: string
  events: TimelineEvent[]
}

/** What happened to their orders, newest first, by month (store time). */
export function customerTimeline(orders: readonly Order[]): TimelineMonth[] {
  const events: TimelineEvent[] = []
  for (const o of orders) {
    const money = (n: number | string) => formatMoney(n, o.order_currency)
    const add = (key: string, at: string | undefined, what: Message) => {
      if (wallClock(at)) events.push({ key: `${o.ID}-${key}`, orderId: o.ID, number: o.number, at: at!, when: storeTimeFull(at), what })
    }
    add('placed', o.post_date, { key: 'customers.event.ordered', params: { amount: money(o.order_total) } })
    add('paid', o.paid_date, { key: 'customers.event.paid' })
    add('shipped', o.track_date, o.trackno ? { key: 'customers.event.shippedTracking', params: { trackno: o.trackno } } : { key: 'customers.event.shipped' })
    for (const [i, r] of (o.refunds ?? []).entries()) {
      const amount = money(r.refund_amount)
      add(`refund-${i}`, r.refund_date, r.refund_reason ? { key: 'customers.event.refundedWhy', params: { amount, reason: r.refund_reason } } : { key: 'customers.event.refunded', params: { amount } })
    }
  }
  events.sort((a, b) => b.at.localeCompare(a.at) || b.orderId - a.orderId)
  const months: TimelineMonth[] = []
  for (const event of events) {
    const month = format(wallClock(event.at)!, 'yyyy-MM')
    const last = months[months.length - 1]
    if (last?.month === month) last.events.push(event)
    else months.push({ month, events: [event] })
  }
  return months
}

/** "April 2026" for a timeline month ("2026-04"), in the app's language. */
export function monthName(month: string, locale: string = intlLocale()): string {
  const [year, monthNumber] = month.split('-').map(Number)
  return new Date(Date.UTC(year!, monthNumber! - 1, 1)).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** A store day for lists ("Oct 24, 2026"), '—' when there is none. */
export function dayOrDash(value: string): string {
  return value ? storeDay(value) : '—'
}
