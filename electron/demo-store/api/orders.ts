// Orders (2025-04): list with filters, sort and the pagination envelope; get; replace the
// shipping address; record tracking. Lists filter over small per-order summaries kept
// pre-sorted by DemoData, so a page of 250 from 100,000 orders does not touch the rest, and
// reads answer with DemoData's cached JSON of each order.
import { isCountryCode } from '../../common/store-api/countries'
import { isCalendarDate } from '../../common/store-api/date-formats'
import type { Order } from '../../common/store-api/resources'
import { STATE_NAMES } from '../data/catalog'
import { addressIndex, shortAddress } from '../data/addresses'
import type { OrderSortKey, OrderSummary } from '../data/demo-data'
import { gmt } from '../data/time'
import type { RouteContext } from './context'
import { envelope } from './paging'
import { checkLengths, found, parseBody, parseQuery, pathId, routePath, throwIfAny, validationError } from './validation'

export const ORDER_PAGE_SIZE = { default: 20, max: 250 } as const

/** The header c.json sets, for answers written as JSON text. */
const JSON_CONTENT = { 'Content-Type': 'application/json' }

/** `YYYY-MM-DD,YYYY-MM-DD`, inclusive, either side may be empty. Checked as real dates. */
export function parseDayRange(field: string, value: string | undefined): { from: string; to: string } | undefined {
  if (value === undefined) return undefined
  const [from = '', to = ''] = value.split(',')
  const bad = [from, to].filter((d) => d !== '' && !isCalendarDate(d))
  if (bad.length > 0) throw validationError({ [field]: [`${bad.join(' and ')} is not a calendar date (expected YYYY-MM-DD,YYYY-MM-DD)`] })
  if (from && to && from > to) throw validationError({ [field]: [`the start ${from} is after the end ${to}`] })
  return { from, to }
}

export function inDayRange(day: string, range: { from: string; to: string } | undefined): boolean {
  if (!range) return true
  if (day === '') return false
  return (range.from === '' || day >= range.from) && (range.to === '' || day <= range.to)
}

export function registerOrderRoutes({ app, data, hooks }: RouteContext): void {
  const withCurrentTime = (order: Order): Order => ({ ...order, current_time: data.clock.local(hooks.now()) })
  const findOrder = (id: number): Order => found(data.order(id), 'order', id)
  const orderJson = (id: number, currentTime: string): string => found(data.orderJson(id, currentTime), 'order', id)
  const bump = (order: Order) => {
    const now = hooks.now()
    order.post_modified = data.clock.local(now)
    order.post_modified_gmt = gmt(now)
    data.orderChanged(order)
    hooks.onChange()
  }

  app.get(routePath('orders.list'), (c) => {
    const q = parseQuery(c, 'orders.list')
    const page = q.page ?? 1
    const size = q.page_size ?? ORDER_PAGE_SIZE.default
    const sort = q.sort ?? '-date'
    const descending = sort.startsWith('-')
    const ascending = data.ordersAscending(sort.replace(/^-/, '') as OrderSortKey)
    const paid = parseDayRange('filter[date]', q['filter[date]'])
    const modified = parseDayRange('filter[modified_date]', q['filter[modified_date]'])
    const search = q['filter[search]']?.trim().toLowerCase() ?? ''
    const filtered = Boolean(search || paid || modified || q['filter[status]'] || q['filter[financial_status]'] || q['filter[fulfillment_status]'])
    const matches = (s: OrderSummary) =>
      (!q['filter[status]'] || s.status === q['filter[status]']) &&
      (!q['filter[financial_status]'] || s.financial === q['filter[financial_status]']) &&
      (!q['filter[fulfillment_status]'] || s.fulfillment === q['filter[fulfillment_status]']) &&
      inDayRange(s.paidDay, paid) &&
      inDayRange(s.modifiedDay, modified) &&
      (search === '' || s.search.includes(search))

    const start = (page - 1) * size
    const pageIds: number[] = []
    let total = 0
    const n = ascending.length
    if (!filtered) {
      total = n
      for (let i = start; i < Math.min(n, start + size); i++) pageIds.push(ascending[descending ? n - 1 - i : i]!.id)
    } else {
      for (let i = 0; i < n; i++) {
        const s = ascending[descending ? n - 1 - i : i]!
        if (!matches(s)) continue
        if (total >= start && total < start + size) pageIds.push(s.id)
        total++
      }
    }
    const currentTime = data.clock.local(hooks.now())
    const orders = data.ordersJson(pageIds, currentTime)
    // The envelope written around the orders' cached JSON, byte for byte what c.json(envelope) gives.
    const { meta, links } = envelope(c, pageIds, page, size, total)
    return c.body(`{"data":[${orders.join(',')}],"meta":${JSON.stringify(meta)},"links":${JSON.stringify(links)}}`, 200, JSON_CONTENT)
  })

  app.get(routePath('orders.get'), (c) => {
    const id = pathId(c, 'order')
    return c.body(`{"data":${orderJson(id, data.clock.local(hooks.now()))}}`, 200, JSON_CONTENT)
  })

  app.post(routePath('orders.updateShipping'), async (c) => {
    const order = findOrder(pathId(c, 'order'))
    const { body } = await parseBody(c, 'orders.updateShipping')
    const input = body.shipping
    const fields: Record<string, string[]> = {}
    for (const key of ['country', 'state', 'city', 'first_name', 'last_name', 'address_1', 'phone', 'postcode'] as const) {
      if (input[key].trim() === '') (fields[`shipping.${key}`] ??= []).push('is required')
    }
    checkLengths(input, fields, 'shipping.')
    const country = input.country.trim().toUpperCase()
    if (country !== '' && !isCountryCode(country)) {
      ;(fields['shipping.country'] ??= []).push(`${JSON.stringify(input.country.slice(0, 20))} is not an ISO 3166-1 alpha-2 country code`)
    }
    throwIfAny(fields)
    const state = input.state.trim()
    const address = {
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      address_1: input.address_1.trim(),
      address_2: (input.address_2 ?? '').trim(),
      city: input.city.trim(),
      state,
      postcode: input.postcode.trim(),
      country,
      phone: input.phone.trim(),
    }
    const stateName = STATE_NAMES[country]?.[state.toUpperCase()] ?? state
    // company and address_note (the tax number) are not part of the request: they are kept.
    order.shipping_address = {
      ...address,
      company: order.shipping_address.company,
      address_index: addressIndex({ ...address, state_name: stateName }),
      address_note: order.shipping_address.address_note ?? '',
      short_address: shortAddress(address),
    }
    bump(order)
    return c.json({ data: withCurrentTime(order) })
  })

  app.post(routePath('orders.track'), async (c) => {
    const order = findOrder(pathId(c, 'order'))
    const { body } = await parseBody(c, 'orders.track')
    const fields: Record<string, string[]> = {}
    const trackno = body.trackno.trim()
    if (trackno === '') fields.trackno = ['is required']
    else if (!/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(trackno)) fields.trackno = ['may contain only letters, digits, spaces and hyphens']
    checkLengths({ trackno, logistics_company: body.logistics_company }, fields)
    throwIfAny(fields)
    const now = hooks.now()
    const carrier = body.logistics_company?.trim() ?? ''
    order.trackno = trackno
    order.trackname = carrier
    order.track_source = 'openapi'
    order.track_date = data.clock.local(now)
    order.track_date_gmt = gmt(now)
    order.date_updated = data.clock.local(now)
    order.fulfillment_status = 'fulfilled'
    if (body.sendemail) data.recordSentEmail({ orderId: order.ID, to: order.billing_address.email, trackno, carrier, at: now.toISOString() })
    bump(order)
    return c.json({ data: withCurrentTime(order) })
  })
}
