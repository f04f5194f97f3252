// Abandoned checkouts (2021-08): the list answers `{ data }` in the list form (no shippings,
// coupons, fees, discount_record, customer, conversion_summary), newest first, paged with
// page/page_size; count; detail `{ data }` in the detail form.
import type { CheckoutDetail, CheckoutSummary } from '../../common/store-api/resources'
import type { RouteContext } from './context'
import { inDayRange, parseDayRange } from './orders'
import { found, parseQuery, pathId, routePath } from './validation'

export const CHECKOUT_PAGE_SIZE = { default: 50, max: 250 } as const

export function toListForm(checkout: CheckoutDetail): CheckoutSummary {
  const { shippings: _s, coupons: _c, fees: _f, discount_record: _d, customer: _cu, conversion_summary: _cs, ...summary } = checkout
  return summary
}

function emailWasSent(checkout: CheckoutDetail): boolean {
  return checkout.checkout_emails.some((e) => e.is_sent === 1)
}

export function registerCheckoutRoutes({ app, data }: RouteContext): void {
  app.get(routePath('checkouts.count'), (c) => c.json({ count: data.checkouts.length }))

  app.get(routePath('checkouts.list'), (c) => {
    const q = parseQuery(c, 'checkouts.list')
    const page = q.page ?? 1
    const size = q.page_size ?? CHECKOUT_PAGE_SIZE.default
    const range = parseDayRange('filter[post_date]', q['filter[post_date]'])
    const search = q['filter[search]']?.trim().toLowerCase() ?? ''
    const country = q['filter[country_or_region]']?.trim().toUpperCase() ?? ''
    const matching = data.checkouts.filter((ch) =>
      (country === '' || ch.country_or_region.toUpperCase() === country) &&
      (q['filter[recall_status]'] === undefined || ch.recall_status === Number(q['filter[recall_status]'])) &&
      (q['filter[email_status]'] === undefined || emailWasSent(ch) === (q['filter[email_status]'] === '1')) &&
      inDayRange(ch.post_date.slice(0, 10), range) &&
      (search === '' || [ch.number, ch.customer_email, ...ch.lineitems.flatMap((l) => [l.order_item_name, l.sku])].some((t) => t.toLowerCase().includes(search))),
    )
    matching.sort((a, b) => (a.post_date_gmt < b.post_date_gmt ? 1 : a.post_date_gmt > b.post_date_gmt ? -1 : b.ID - a.ID))
    return c.json({ data: matching.slice((page - 1) * size, page * size).map(toListForm) })
  })

  app.get(routePath('checkouts.get'), (c) => {
    const id = pathId(c, 'checkout')
    return c.json({ data: found(data.checkout(id), 'checkout', id) })
  })
}
