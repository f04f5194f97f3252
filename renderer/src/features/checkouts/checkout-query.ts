// The abandoned-checkout list's filter model: search, country or region, recalled, created
// date range and reminder e-mail sent; mapped to `checkouts.list` params and answered from
// the cache with the same meaning (docs/demo-store.md):
// - search: trimmed, case-insensitive substring of the checkout number, a line item's name
//   or SKU, or the customer's e-mail;
// - post_date range: whole store-local days, inclusive;
// - e-mail sent: at least one reminder e-mail with is_sent = 1 ("0" means none sent);
// - newest first (post_date, then ID, descending).
import { z } from 'zod'
import { isMatch } from 'date-fns'
import type { Table } from 'dexie'
import type { CheckoutEmail, CheckoutSummary } from '@common/store-api/resources'
import { labelOf, REMINDER_LABELS } from '@/ui/labels'
import { notSet, storeDayTimeShort, storeTimeFull } from '@/ui/dates'
import { t } from '@/session/i18n'

const Day = z.string().refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isMatch(s, 'yyyy-MM-dd'), 'expected YYYY-MM-DD')

export const CheckoutQuery = z.object({
  search: z.string().default(''),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  recalled: z.enum(['0', '1']).optional(),
  postDate: z.object({ from: Day.optional(), to: Day.optional() }).optional(),
  emailSent: z.enum(['0', '1']).optional(),
})
export type CheckoutQuery = z.infer<typeof CheckoutQuery>

export const DEFAULT_CHECKOUT_QUERY: CheckoutQuery = { search: '' }

export interface CheckoutsListParams {
  page?: number
  page_size?: number
  'filter[search]'?: string
  'filter[country_or_region]'?: string
  'filter[recall_status]'?: '0' | '1'
  'filter[post_date]'?: string
  'filter[email_status]'?: '0' | '1'
}

const hasRange = (r: CheckoutQuery['postDate']): r is { from?: string; to?: string } => !!r && (!!r.from || !!r.to)

export function toCheckoutsListParams(q: CheckoutQuery, page = 1, pageSize = 50): CheckoutsListParams {
  const params: CheckoutsListParams = { page, page_size: pageSize }
  const search = q.search.trim()
  if (search) params['filter[search]'] = search
  if (q.country) params['filter[country_or_region]'] = q.country
  if (q.recalled) params['filter[recall_status]'] = q.recalled
  if (hasRange(q.postDate)) params['filter[post_date]'] = `${q.postDate.from ?? ''},${q.postDate.to ?? ''}`
  if (q.emailSent) params['filter[email_status]'] = q.emailSent
  return params
}

export function emailWasSent(c: CheckoutSummary): boolean {
  return c.checkout_emails.some((e) => Number(e.is_sent) === 1)
}

export function checkoutMatches(c: CheckoutSummary, q: CheckoutQuery): boolean {
  if (q.country && c.country_or_region !== q.country) return false
  if (q.recalled && String(c.recall_status) !== q.recalled) return false
  if (q.emailSent && emailWasSent(c) !== (q.emailSent === '1')) return false
  if (hasRange(q.postDate)) {
    const day = (c.post_date ?? '').slice(0, 10)
    if (!day || day < '0001-01-01') return false
    if (q.postDate.from && day < q.postDate.from) return false
    if (q.postDate.to && day > q.postDate.to) return false
  }
  const needle = q.search.trim().toLowerCase()
  if (!needle) return true
  const hit = (s: string | undefined) => !!s && s.toLowerCase().includes(needle)
  return hit(c.number) || hit(c.customer_email) || c.lineitems.some((li) => hit(li.order_item_name) || hit(li.sku))
}

export function compareCheckouts(a: CheckoutSummary, b: CheckoutSummary): number {
  if (a.post_date !== b.post_date) return a.post_date < b.post_date ? 1 : -1
  return b.ID - a.ID
}

/** From the cache: narrowed by an index where one applies, then the same predicate and order. */
export async function checkoutsFromCache<T extends CheckoutSummary, I>(table: Table<T, number, I>, q: CheckoutQuery): Promise<T[]> {
  const source = q.country && table.schema.idxByName.country_or_region ? table.where('country_or_region').equals(q.country) : table.toCollection()
  return (await source.filter((c) => checkoutMatches(c, q)).toArray()).sort(compareCheckouts)
}

/** Router query form (dashboard links, reloads); anything malformed is dropped. */
export function checkoutQueryToRoute(q: CheckoutQuery): Record<string, string> {
  const out: Record<string, string> = {}
  if (q.search.trim()) out.q = q.search.trim()
  if (q.country) out.country = q.country
  if (q.recalled) out.recalled = q.recalled
  if (q.emailSent) out.emailed = q.emailSent
  if (hasRange(q.postDate)) out.created = `${q.postDate.from ?? ''},${q.postDate.to ?? ''}`
  return out
}

export function checkoutQueryFromRoute(route: Record<string, unknown>): CheckoutQuery {
  const [from, to] = typeof route.created === 'string' ? route.created.split(',') : []
  const parsed = CheckoutQuery.safeParse({
    search: typeof route.q === 'string' ? route.q : '',
    country: typeof route.country === 'string' ? route.country : undefined,
    recalled: route.recalled,
    emailSent: route.emailed,
    postDate: from || to ? { from: from || undefined, to: to || undefined } : undefined,
  })
  return parsed.success ? parsed.data : { ...DEFAULT_CHECKOUT_QUERY, search: typeof route.q === 'string' ? route.q : '' }
}

// ---------------------------------------------------------------- reminder e-mails

export type ReminderState = 'sent' | 'scheduled' | 'not scheduled'

export interface ReminderEntry {
  id: number
  template: string
  state: ReminderState
  /** When it goes or went, in the store's time (GMT where the store gave only that), or "send time not set". */
  when: string
  /** A list's short form of `when`: "Oct 31, 14:00" ("… GMT" where the store gave only that); empty when not set. */
  whenShort: string
  coupon: string
}

const isZero = (s: string | undefined) => !s || s.startsWith('0000-00-00')

/** The reminder e-mails in sending order (unset send times last), each with its state and labelled times. */
export function reminderTimeline(emails: readonly CheckoutEmail[]): ReminderEntry[] {
  return [...emails]
    .sort((a, b) => {
      const za = isZero(a.send_time_gmt)
      const zb = isZero(b.send_time_gmt)
      if (za !== zb) return za ? 1 : -1
      return a.send_time_gmt === b.send_time_gmt ? a.id - b.id : a.send_time_gmt < b.send_time_gmt ? -1 : 1
    })
    .map((e) => ({
      id: e.id,
      template: labelOf(REMINDER_LABELS, e.template_id, 'reminder e-mail'),
      state: Number(e.is_sent) === 1 ? 'sent' : Number(e.is_need_send) === 1 ? 'scheduled' : 'not scheduled',
      when: !isZero(e.send_time) ? storeTimeFull(e.send_time) : !isZero(e.send_time_gmt) ? storeTimeFull(e.send_time_gmt, 'gmt') : t('checkouts.sendTimeNotSet', { notSet: notSet() }),
      whenShort: !isZero(e.send_time) ? storeDayTimeShort(e.send_time) : !isZero(e.send_time_gmt) ? t('checkouts.gmtShort', { time: storeDayTimeShort(e.send_time_gmt) }) : '',
      coupon: e.coupon_code,
    }))
}

/** A reminder as the checkouts list says it: its name, and whether and when it went ("sent Oct 31, 14:00"). */
export function reminderParts(entry: ReminderEntry): [name: string, state: string] {
  if (entry.state === 'sent') return [entry.template, t('checkouts.sent', { when: entry.whenShort || notSet() })]
  if (entry.state === 'scheduled') return [entry.template, entry.whenShort ? t('checkouts.due', { when: entry.whenShort }) : t('checkouts.scheduled')]
  return [entry.template, t('checkouts.notScheduled')]
}

/** A reminder's state as a word of its own: "Sent", "Scheduled", "Not scheduled". */
export function reminderStateWords(state: ReminderState): string {
  return state === 'sent' ? t('checkouts.reminderState.sent') : state === 'scheduled' ? t('checkouts.reminderState.scheduled') : t('checkouts.reminderState.notScheduled')
}

/** The recovery link if it is an http(s) URL (only those are opened or copied as links). */
export function safeRecoveryLink(link: string): string | null {
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}
