// Generates customers, orders and abandoned checkouts from a seed. Money is computed in
// integer cents and converted once, so every order satisfies (docs/demo-store.md):
//   order_total = Σ line_items.line_total + order_shipping + Σ fees.line_total
//                 + order_tax + order_shipping_tax − Σ discount_record.amount
// Refunds agree with financial_status: `refund` refunds order_total, `partial-refund` less.
import type { CheckoutDetail, Order, Visit } from '../../common/store-api/resources'
import {
  CAMPAIGNS, CARRIERS, COUPONS, CURRENCY, DEVICES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, PAYMENT_METHODS, PLACES,
  PRODUCTS, REFUND_REASONS, SALES_CHANNELS, SELLER_NOTES, SHOP_DOMAIN, SHOP_URL, STREETS, USER_AGENTS, UTM_SOURCES,
  productImageUrl, type Place, type Product,
} from './catalog'
import type { CustomerRecord } from './state'
import { ZERO_DATE, gmt, isoZero } from './time'
import { addressIndex, shortAddress } from './addresses'
import { DATA_SPAN_DAYS, type DataDating } from './dating'
import type { OrderSummary } from './order-summary'
import { Prng } from './prng'

const DAY = 86_400_000
const HOUR = 3_600_000
const MINUTE = 60_000

const money = (cents: number) => cents / 100
const moneyText = (cents: number) => (cents / 100).toFixed(2)

function asciiLower(text: string): string {
  const letters = text.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/[^a-zA-Z]/g, '').toLowerCase()
  // Rebuilt from its character codes: after normalize() the engine may keep even pure ASCII in
  // two bytes a character, and one such e-mail address made every JSON page of orders that held
  // it two bytes a character (twice the memory, slower to serialise and send).
  return String.fromCharCode(...Array.from(letters, (c) => c.charCodeAt(0)))
}

interface PersonPlace {
  customer: CustomerRecord
  place: Place
  street: string
}

export function generateCustomers(rng: Prng, count: number, dating: DataDating): { customers: CustomerRecord[]; homes: PersonPlace[] } {
  const customers: CustomerRecord[] = []
  const homes: PersonPlace[] = []
  for (let i = 0; i < count; i++) {
    const first = rng.pick(FIRST_NAMES)
    const last = rng.pick(LAST_NAMES)
    const place = rng.weighted(PLACES.map((p) => [p, p.country === 'US' ? 8 : 2] as const))
    const customer: CustomerRecord = {
      id: 2001 + i,
      first_name: first,
      last_name: last,
      email: `${asciiLower(first)}.${asciiLower(last)}${i + 1}@${rng.pick(EMAIL_DOMAINS)}`,
      phone: `${place.phonePrefix} ${rng.digits(3)} ${rng.digits(4)}`,
      country: place.country,
      registered: gmt(new Date(dating.anchor.getTime() - rng.int(200, 900) * DAY)),
      subscribed: rng.chance(0.4),
    }
    customers.push(customer)
    homes.push({ customer, place, street: `${rng.int(1, 980)} ${rng.pick(STREETS)}` })
  }
  return { customers, homes }
}

interface CartLine {
  product: Product
  variant: Product['variants'][number] | undefined
  qty: number
  cents: number
}

interface Cart {
  lines: CartLine[]
  subtotal: number
  coupon: (typeof COUPONS)[number] | undefined
  discount: number
  shippingName: string
  shippingMethod: string
  shipping: number
  insurance: number
  tax: number
  total: number
}

function buildCart(rng: Prng, place: Place): Cart {
  const lineCount = rng.weighted([[1, 45], [2, 30], [3, 15], [4, 10]] as const)
  const lines: CartLine[] = rng.sample(PRODUCTS, lineCount).map((product) => {
    const qty = rng.weighted([[1, 70], [2, 22], [3, 8]] as const)
    const variant = product.variants.length > 0 ? rng.pick(product.variants) : undefined
    return { product, variant, qty, cents: product.price * qty }
  })
  const subtotal = lines.reduce((sum, l) => sum + l.cents, 0)
  const coupon = rng.chance(0.22) ? rng.pick(COUPONS) : undefined
  const discount = coupon ? Math.round((subtotal * coupon.percent) / 100) : 0
  const free = subtotal >= 7500
  const express = !free && rng.chance(0.25)
  const shipping = free ? 0 : express ? 1299 : 599
  const insurance = rng.chance(0.2) ? Math.max(150, Math.round(subtotal * 0.02)) : 0
  const tax = Math.round(((subtotal - discount) * place.taxBps) / 10000)
  return {
    lines, subtotal, coupon, discount,
    shippingName: free ? 'Free shipping' : express ? 'Express' : 'Standard',
    shippingMethod: free ? 'free_shipping' : 'flat_rate',
    shipping, insurance, tax,
    total: subtotal + shipping + insurance + tax - discount,
  }
}

/** The cart an order was placed from (the inverse of buildCart). */
function cartOf(order: Order): Cart {
  const cents = (n: number) => Math.round(n * 100)
  const lines: CartLine[] = order.line_items.map((item) => {
    const product = PRODUCTS.find((p) => p.id === item.product_id)!
    const qty = Number(item.qty)
    return { product, variant: product.variants.find((v) => v.id === item.variation_id), qty, cents: product.price * qty }
  })
  const records = Array.isArray(order.discount_record) ? order.discount_record : [order.discount_record]
  const code = records[0]?.code
  const shipping = order.shippings[0]
  return {
    lines,
    subtotal: lines.reduce((sum, l) => sum + l.cents, 0),
    coupon: COUPONS.find((c) => c.code === code),
    discount: records.reduce((sum, r) => sum + cents(Number(r.amount ?? 0)), 0),
    shippingName: shipping?.order_item_name ?? 'Standard',
    shippingMethod: shipping?.method_id ?? 'flat_rate',
    shipping: cents(order.order_shipping),
    insurance: order.fees.reduce((sum, f) => sum + cents(f.line_total), 0),
    tax: cents(order.order_tax),
    total: cents(order.order_total),
  }
}

function visit(rng: Prng, at: Date, landing: string, dating: DataDating): Visit {
  const utm = rng.chance(0.7) ? rng.pick(UTM_SOURCES) : undefined
  return {
    landing_page: landing,
    utm_parameters: utm
      ? { utm_source: utm.source, utm_medium: utm.medium, utm_campaign: rng.pick(CAMPAIGNS), ...(rng.chance(0.3) ? { utm_content: 'banner_a' } : {}) }
      : {},
    referrer_url: utm?.referrer ?? '',
    interact_source: utm ? utm.medium : 'direct',
    created_at: dating.clock.local(at),
    created_at_gmt: gmt(at),
  }
}

function ip(rng: Prng): string {
  return `${rng.pick([73, 98, 172, 203, 81, 24])}.${rng.int(1, 254)}.${rng.int(1, 254)}.${rng.int(1, 254)}`
}

function trackingNumber(rng: Prng, carrier: string): string {
  switch (carrier) {
    case 'UPS': return `1Z${rng.hex(6).toUpperCase()}${rng.digits(10)}`
    case 'FedEx': return rng.digits(12)
    case 'DHL': return rng.digits(10)
    default: return `9400${rng.digits(18)}`
  }
}

type Status = Order['post_status']

/** The per-order random stream: independent of every other order, so any order can be rebuilt alone. */
function orderRng(seed: number, index: number): Prng {
  let h = (seed ^ 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (index + 0x9e3779b9), 0xc2b2ae35) >>> 0
  h ^= h >>> 16
  return new Prng(h)
}

/** The decisions that the order list filters and sorts on; cheap enough to compute for 100,000 orders. */
interface OrderCore {
  rng: Prng
  id: number
  home: PersonPlace
  cart: Cart
  status: Status
  financial: string
  paymentMethod: string
  paymentTitle: string
  created: Date
  paidAt: Date | undefined
  trackAt: Date | undefined
  completedAt: Date | undefined
  refund: { at: Date; cents: number; source: string; reason: string } | undefined
  modified: Date
  transactionId: string
}

/**
 * Orders are generated lazily: `summary(i)` computes only what lists need, `build(i)` the whole
 * order, both from the order's own random stream, so a 100,000-order store starts in seconds
 * and keeps only the orders someone looked at or changed.
 */
export class OrderGenerator {
  /** Orders placed on each of the two newest days (today, yesterday): at least three. */
  private readonly perRecentDay: number
  /** Ordinal of each order among its customer's orders (conversion_summary.order_index). */
  private readonly ordinals: Int32Array
  private readonly local: (d: Date) => string

  constructor(
    private readonly seed: number,
    readonly count: number,
    private readonly homes: PersonPlace[],
    private readonly dating: DataDating,
  ) {
    this.perRecentDay = Math.max(3, Math.ceil(count / DATA_SPAN_DAYS))
    this.ordinals = new Int32Array(count)
    this.local = (d) => dating.clock.local(d)
  }

  /**
   * When order i was placed (`r` in [0, 1) spreads it inside its slot), in ID order: the newest
   * orders on the data's day (in its first hour, before the anchor), the ones before them the
   * day before, and the rest evenly over the days before that, back to DATA_SPAN_DAYS.
   */
  private placedAt(i: number, r: number): number {
    const dayStart = this.dating.dayStart.getTime()
    const today = Math.min(this.count, this.perRecentDay)
    const yesterday = Math.min(this.count - today, this.perRecentDay)
    const older = this.count - today - yesterday
    const within = (from: number, span: number, n: number, j: number) => Math.floor(from + j * (span / n) + r * (span / n) * 0.9)
    if (i < older) return within(dayStart - (DATA_SPAN_DAYS - 1) * DAY, (DATA_SPAN_DAYS - 2) * DAY, older, i)
    if (i < older + yesterday) return within(dayStart - DAY, DAY - 30 * MINUTE, yesterday, i - older)
    return within(dayStart + this.dating.firstHour(2), this.dating.firstHour(25), today, i - older - yesterday)
  }

  idOf(index: number): number {
    return 1001 + index
  }

  /** Summaries of every order in id order; also fills the per-customer ordinals. */
  summaries(): OrderSummary[] {
    const perCustomer = new Map<number, number>()
    const out: OrderSummary[] = new Array(this.count)
    for (let i = 0; i < this.count; i++) {
      const core = this.core(i)
      const n = (perCustomer.get(core.home.customer.id) ?? 0) + 1
      perCustomer.set(core.home.customer.id, n)
      this.ordinals[i] = n
      out[i] = {
        id: core.id,
        createdGmt: gmt(core.created),
        modifiedGmt: gmt(core.modified),
        modifiedDay: this.local(core.modified).slice(0, 10),
        paidGmt: core.paidAt ? gmt(core.paidAt) : '',
        paidDay: core.paidAt ? this.local(core.paidAt).slice(0, 10) : '',
        total: money(core.cart.total),
        status: core.status,
        financial: core.financial,
        fulfillment: core.trackAt ? 'fulfilled' : 'unfulfilled',
        email: core.home.customer.email,
        search: [String(core.id), ...core.cart.lines.flatMap((l) => [lineName(l), lineSku(l)]), core.transactionId, core.home.customer.email].join('\n').toLowerCase(),
      }
    }
    return out
  }

  private core(i: number): OrderCore {
    const rng = orderRng(this.seed, i)
    const id = this.idOf(i)
    const home = rng.pick(this.homes)
    const created = new Date(this.placedAt(i, rng.next()))
    const cart = buildCart(rng, home.place)
    const drawn: Status = rng.weighted([['wc-completed', 40], ['wc-processing', 22], ['wc-on-hold', 8], ['wc-cancelled', 12], ['wc-pending', 18]] as const)
    // The newest order is paid and waiting to ship: "paid today" and "To ship" always find one.
    let status: Status = i === this.count - 1 ? 'wc-processing' : drawn
    let financial: string
    if (status === 'wc-pending' || status === 'wc-on-hold') financial = 'unpaid'
    else if (status === 'wc-processing') financial = 'paid'
    else if (status === 'wc-cancelled') financial = rng.chance(0.6) ? 'refund' : 'unpaid'
    else financial = rng.weighted([['paid', 82], ['partial-refund', 12], ['refund', 6]] as const)
    const [paymentMethod, paymentTitle] = status === 'wc-on-hold' ? PAYMENT_METHODS[2]! : rng.pick(PAYMENT_METHODS.slice(0, 2))
    // Never after the anchor: a store started minutes into its day still has today's orders paid.
    const paidAt = financial !== 'unpaid' ? new Date(Math.min(created.getTime() + rng.int(1, 30) * MINUTE, this.dating.anchor.getTime())) : undefined
    let trackAt = status === 'wc-completed' ? new Date(created.getTime() + rng.int(20, 72) * HOUR) : undefined
    let completedAt = trackAt ? new Date(trackAt.getTime() + rng.int(2, 6) * DAY) : undefined
    let refund: OrderCore['refund']
    if (paidAt && (financial === 'refund' || financial === 'partial-refund')) {
      const cents = financial === 'refund' ? cart.total : Math.max(1, Math.min(cart.total - 1, Math.round(cart.total * (0.1 + rng.next() * 0.5))))
      refund = { at: new Date(paidAt.getTime() + rng.int(1, 10) * DAY), cents, source: rng.chance(0.7) ? 'manual' : 'auto', reason: rng.pick(REFUND_REASONS) }
    }
    const cancelledAt = status === 'wc-cancelled' ? created.getTime() + rng.int(2, 48) * HOUR : undefined
    const transactionId = paidAt ? (paymentMethod === 'paypal' ? rng.hex(17).toUpperCase() : `ch_${rng.hex(24)}`) : ''
    // What would happen after the data's anchor has not happened yet: a recent order is still
    // being shipped or completed, and its refund is still to come.
    const anchor = this.dating.anchor.getTime()
    if (completedAt && completedAt.getTime() > anchor) {
      completedAt = undefined
      status = 'wc-processing'
    }
    if (trackAt && trackAt.getTime() > anchor) trackAt = undefined
    if (refund && refund.at.getTime() > anchor) {
      refund = undefined
      financial = 'paid'
    }
    const events = [created, paidAt, trackAt, completedAt, refund?.at].filter((d) => d !== undefined).map((d) => d.getTime())
    if (cancelledAt !== undefined) events.push(Math.min(cancelledAt, anchor))
    return { rng, id, home, cart, status, financial, paymentMethod, paymentTitle, created, paidAt, trackAt, completedAt, refund, modified: new Date(Math.max(...events)), transactionId }
  }

  /** The whole order at index i, exactly as the summary describes it. Call summaries() first. */
  build(i: number): Order {
    const core = this.core(i)
    const { rng, id, home, cart, status, financial, paymentMethod, paymentTitle, created, paidAt, trackAt, completedAt, refund, modified } = core
    const { customer, place } = home
    const local = this.local
    let itemId = id * 100
    const refunds: NonNullable<Order['refunds']> = refund
      ? [{ refund_date: local(refund.at), refund_date_gmt: gmt(refund.at), refund_amount: money(refund.cents), refund_reason: refund.reason, refund_source: refund.source }]
      : []
    // Both addresses are spelled out field by field (same key order as the billing part first):
    // object spreads here were half of the time it takes to build a page of orders.
    const address2 = rng.chance(0.2) ? `Apt ${rng.int(1, 40)}` : ''
    const parts = { address_1: home.street, address_2: address2, city: place.city, state: place.state, state_name: place.stateName, postcode: place.postcode, country: place.country }
    const index = addressIndex(parts)
    const short = shortAddress(parts)
    const billingAddress = {
      first_name: customer.first_name, last_name: customer.last_name, address_1: home.street, address_2: address2,
      city: place.city, state: place.state, postcode: place.postcode, country: place.country,
      company: '', email: customer.email, phone: customer.phone, address_index: index,
      subscribed: customer.subscribed ? '1' : '0', state_name: place.stateName, short_address: short,
    }
    const shippingAddress = {
      first_name: customer.first_name, last_name: customer.last_name, address_1: home.street, address_2: address2,
      city: place.city, state: place.state, postcode: place.postcode, country: place.country,
      company: rng.chance(0.1) ? 'Studio North LLC' : '', phone: customer.phone, address_index: index,
      address_note: rng.chance(0.05) ? `VAT ${rng.digits(9)}` : '', short_address: short,
    }
    const lineItems: Order['line_items'] = cart.lines.map((line) => ({
      order_item_id: itemId++,
      order_item_name: lineName(line),
      order_item_type: 'line_item',
      order_id: id,
      price: money(line.product.price),
      qty: String(line.qty),
      line_total: money(line.cents),
      product_id: line.product.id,
      variation_id: line.variant?.id ?? 0,
      public_url: `${SHOP_URL}/products/${line.product.slug}`,
      line_subtotal: moneyText(line.cents),
      regular_price: moneyText(line.product.regularPrice),
      sku: lineSku(line),
      properties: line.variant ? line.variant.attrs : [],
    }))
    const first = cart.lines[0]!
    const channel = rng.weighted(SALES_CHANNEL_CHOICES)
    const carrier = rng.pick(CARRIERS)
    const firstVisitAt = new Date(created.getTime() - rng.int(0, 14) * DAY - rng.int(5, 600) * MINUTE)
    const landing = `${SHOP_URL}/products/${first.product.slug}`
    const order: Order = {
      ID: id,
      order_tax: money(cart.tax),
      order_shipping_tax: 0,
      post_date: local(created),
      post_date_gmt: gmt(created),
      post_modified: local(modified),
      post_modified_gmt: gmt(modified),
      post_status: status,
      post_password: `wc_order_${rng.hex(13)}`,
      number: String(id),
      payment_method: paymentMethod,
      payment_method_title: paymentTitle,
      financial_status: financial,
      fulfillment_status: trackAt ? 'fulfilled' : 'unfulfilled',
      billing_user_name: `${customer.first_name} ${customer.last_name}`,
      order_shipping: money(cart.shipping),
      order_total: money(cart.total),
      note: rng.chance(0.12) ? rng.pick(['Please leave at the back door.', 'It is a gift, no invoice in the box please.', 'Ring twice.']) : '',
      domain: SHOP_DOMAIN,
      billing_address: billingAddress,
      shipping_address: shippingAddress,
      state_name: place.stateName,
      public_url: `${SHOP_URL}/account/orders/${id}?key=view`,
      order_currency: CURRENCY,
      path: `/admin/orders/${id}`,
      current_time: local(this.dating.anchor),
      number_of_products: cart.lines.reduce((sum, l) => sum + l.qty, 0),
      ip: ip(rng),
      country_or_region: place.country,
      user_agent: rng.pick(USER_AGENTS),
      sales_channel_category: channel[0],
      sales_channel: channel[1],
      is_manual_refund: refunds.some((r) => r.refund_source === 'manual'),
      completed_at: completedAt ? local(completedAt) : ZERO_DATE,
      completed_at_gmt: completedAt ? gmt(completedAt) : ZERO_DATE,
      cart_hash: rng.hex(32),
      custom_attributes: rng.chance(0.1) ? [{ name: 'Gift message', value: 'Happy birthday!' }] : [],
      shippings: [{
        order_item_id: itemId++, order_item_name: cart.shippingName, order_item_type: 'shipping', order_id: id,
        cost: money(cart.shipping), total_tax: '0.00', instance_id: cart.shipping === 0 ? '1' : '2', method_id: cart.shippingMethod,
      }],
      fees: cart.insurance > 0 ? [{
        order_item_id: itemId++, order_item_name: 'Shipping Insurance', order_item_type: 'fee', order_id: id,
        line_total: money(cart.insurance), fee_amount: money(cart.insurance), tax_class: '', line_tax: 0, rate: 0.02, tax_status: 'none',
      }] : [],
      line_items: lineItems,
      attrs: variantAttrs(cart.lines),
      feature_image: {
        ID: first.product.id, alt: first.product.name, url: productImageUrl(first.product.slug), file_id: first.product.id,
        thumbnail: productImageUrl(`${first.product.slug}-150x150`), media_content_type: 'image/jpeg',
      },
      discount_record: cart.coupon ? [{
        id: itemId++, order_id: id, code: cart.coupon.code, discount_type: 'percent', rule_id: 0, description: cart.coupon.description,
        amount: moneyText(cart.discount), auto_coupon: '0', free_shipping: 0, product_ids: '', rule_data: '',
      }] : [],
      seller_notes: rng.chance(0.15) ? [{ id: itemId++, order_id: id, note: rng.pick(SELLER_NOTES), created_at_gmt: gmt(created), updated_at_gmt: gmt(created) }] : [],
      conversion_summary: {
        order_id: id, order_index: this.ordinals[i] || 1, interact_times: rng.int(1, 30), page_visits_count: rng.int(2, 40), sessions_count: rng.int(1, 6),
        days_to_conversion: Math.floor((created.getTime() - firstVisitAt.getTime()) / DAY), device: rng.pick(DEVICES), ip: ip(rng),
        first_visit: visit(rng, firstVisitAt, landing, this.dating), last_visit: visit(rng, new Date(created.getTime() - rng.int(1, 30) * MINUTE), `${SHOP_URL}/cart`, this.dating),
      },
    }
    // Optional fields are added after the literal: conditional spreads inside it are slow at 100,000 orders.
    if (trackAt) {
      order.trackname = carrier
      order.trackno = trackingNumber(rng, carrier)
      order.track_source = 'manual'
      order.track_date = local(trackAt)
      order.track_date_gmt = gmt(trackAt)
      order.date_updated = local(trackAt)
    }
    if (paidAt) {
      order.transaction_id = core.transactionId
      order.paid_date = local(paidAt)
      order.paid_date_gmt = gmt(paidAt)
      order.processing_at = local(paidAt)
      order.processing_at_gmt = gmt(paidAt)
      if (paymentMethod === 'paypal') order.gateway_email = customer.email
    }
    if (refunds.length > 0) {
      order.refund_amount = money(refund?.cents ?? 0)
      order.refunds = refunds
    }
    return order
  }
}

const SALES_CHANNEL_CHOICES = SALES_CHANNELS.map((c) => [c, c[2]] as const)

function variantAttrs(lines: CartLine[]): Order['attrs'] {
  const attrs: Order['attrs'] = []
  for (const line of lines) if (line.variant) attrs.push(...line.variant.attrs)
  return attrs
}

function lineName(line: CartLine): string {
  return line.variant ? `${line.product.name} - ${line.variant.attrs[0]?.value ?? ''}` : line.product.name
}

function lineSku(line: CartLine): string {
  return line.variant ? `${line.product.sku}-${line.variant.id % 10}` : line.product.sku
}

/**
 * Abandoned checkouts. About a quarter were recovered: they point at a real order of the same
 * customer placed a few hours later (recall_status 1). Reminder e-mails go out 1 h and 24 h after
 * abandoning; one that is not due yet, or was cancelled, keeps the zero date.
 */
export function generateCheckouts(rng: Prng, count: number, homes: PersonPlace[], orders: OrderSummary[], orderById: (id: number) => Order | undefined, dating: DataDating): CheckoutDetail[] {
  const checkouts: CheckoutDetail[] = []
  const { anchor, dayStart, clock } = dating
  const local = (d: Date) => clock.local(d)
  const recent = orders.filter((o) => Date.parse(`${o.createdGmt.replace(' ', 'T')}Z`) > anchor.getTime() - 60 * DAY && o.financial !== 'unpaid')
  const recoveredOrders = rng.sample(recent, Math.min(recent.length, Math.round(count * 0.25)))
  const homeByEmail = new Map(homes.map((h) => [h.customer.email, h]))
  let emailId = 1
  for (let i = 0; i < count; i++) {
    const id = 30001 + i
    const recovered = recoveredOrders[i % 4 === 1 ? Math.floor(i / 4) : -1]
    const home = (recovered ? homeByEmail.get(recovered.email) : undefined) ?? rng.pick(homes)
    const { customer, place } = home
    // The first is from today and the third from yesterday (neither is ever recovered); the
    // rest spread over 60 days.
    const created = recovered
      ? new Date(Date.parse(`${recovered.createdGmt.replace(' ', 'T')}Z`) - rng.int(2, 20) * HOUR)
      : i === 0
        ? new Date(anchor.getTime() - dating.firstHour(rng.int(10, 55)))
        : i === 2
          ? new Date(dayStart.getTime() - rng.int(1, 22) * HOUR)
          : new Date(anchor.getTime() - rng.int(1, 60 * 24) * HOUR)
    // A recovered checkout holds the cart that became its order.
    const recoveredOrder = recovered ? orderById(recovered.id) : undefined
    const cart = recoveredOrder ? cartOf(recoveredOrder) : buildCart(rng, place)
    const token = rng.hex(32)
    const emails: CheckoutDetail['checkout_emails'] = []
    const canceled = !recovered && rng.chance(0.1)
    const emailCount = rng.weighted([[0, 15], [1, 35], [2, 50]] as const)
    for (let e = 0; e < emailCount; e++) {
      const due = new Date(created.getTime() + (e === 0 ? 1 : 24) * HOUR)
      const sent = !canceled && due.getTime() <= anchor.getTime() && (!recovered || due.getTime() < Date.parse(`${recovered.createdGmt.replace(' ', 'T')}Z`))
      const createdAt = new Date(Math.min(created.getTime() + 5 * MINUTE, anchor.getTime()))
      emails.push({
        id: emailId++, checkout_id: id, template_id: e === 0 ? 'abandoned_checkout_first' : 'abandoned_checkout_second',
        is_sent: sent ? 1 : 0, is_need_send: sent || canceled ? 0 : 1,
        send_time: sent ? clock.isoLocal(due) : ZERO_DATE, send_time_gmt: sent ? gmt(due) : ZERO_DATE,
        created_at: local(createdAt), updated_at: sent ? local(due) : local(createdAt),
        created_at_gmt: gmt(createdAt), updated_at_gmt: sent ? gmt(due) : ZERO_DATE,
        coupon_code: e === 1 ? 'COMEBACK10' : '',
      })
    }
    const lastEvent = Math.max(created.getTime(), ...emails.filter((m) => m.is_sent === 1).map((m) => Date.parse(`${m.send_time_gmt.replace(' ', 'T')}Z`)))
    const address = {
      first_name: customer.first_name, last_name: customer.last_name, country: place.country, state: place.state, postcode: place.postcode,
      city: place.city, address_1: home.street, address_2: '', phone: customer.phone, email: customer.email, state_name: place.stateName,
    }
    const [paymentMethod, paymentTitle] = rng.pick(PAYMENT_METHODS.slice(0, 2))
    const firstVisitAt = new Date(created.getTime() - rng.int(0, 5) * DAY - rng.int(5, 300) * MINUTE)
    const checkout: CheckoutDetail = {
      ID: id,
      note: rng.chance(0.1) ? 'Asked about delivery times in chat.' : '',
      taxes_total: moneyText(cart.tax),
      shipping_tax_total: '0.00',
      order_currency: CURRENCY,
      order_shipping: moneyText(cart.shipping),
      order_total: money(cart.total),
      cart_subtotal: moneyText(cart.subtotal),
      cart_discount: money(cart.discount),
      post_date: local(created),
      post_date_gmt: isoZero(created),
      post_modified: local(new Date(lastEvent)),
      post_modified_gmt: gmt(new Date(lastEvent)),
      ip: ip(rng),
      number: String(100000 + i + 1),
      country_or_region: place.country,
      cart_email: `${SHOP_URL}/checkout/recover/${token}?utm_source=abandoned_checkout_email`,
      recall_status: recovered ? 1 : 0,
      checkout_emails: emails,
      checkout_email_total_num: String(emails.length),
      checkout_email_share_status: recovered ? '1' : '0',
      checkout_email_is_canceled: canceled ? '1' : '0',
      checkout_email_is_manual: '0',
      checkout_email_manual_send_total_num: 0,
      custom_attributes: [],
      order_id: recovered ? recovered.id : null,
      customer_email: customer.email,
      billing_user_name: `${customer.first_name} ${customer.last_name}`,
      payment_method: paymentMethod,
      payment_method_title: paymentTitle,
      shipping_address: { ...address, address_index: addressIndex(address), address_note: '' },
      billing_address: { ...address, address_index: addressIndex(address), subscribed: customer.subscribed ? '1' : '0' },
      lineitems: cart.lines.map((line) => ({
        qty: line.qty, line_total: money(line.cents), line_tax: 0, line_subtotal: moneyText(line.cents), line_subtotal_tax: 0,
        product_id: line.product.id, variation_id: line.variant?.id ?? 0, properties: [], tax_class: '',
        order_item_name: line.product.name, price: money(line.product.price),
        feature_image: {
          ID: line.product.id, alt: line.product.name, url: productImageUrl(line.product.slug), file_id: line.product.id,
          thumbnail: productImageUrl(`${line.product.slug}-150x150`), media_content_type: 'image/jpeg',
        },
        sku: line.product.sku, attrs: line.variant?.attrs ?? [], regular_price: money(line.product.regularPrice),
        public_url: `${SHOP_URL}/products/${line.product.slug}`,
      })),
      shippings: [{
        order_item_name: cart.shippingName, method_id: cart.shippingMethod, instance_id: cart.shipping === 0 ? 1 : 2,
        cost: money(cart.shipping), total_tax: 0, taxes: [],
      }],
      coupons: cart.coupon ? [{ code: cart.coupon.code, amount: moneyText(cart.discount) }] : [],
      fees: cart.insurance > 0 ? [{
        order_item_name: 'Shipping Insurance', fee_amount: moneyText(cart.insurance), tax_class: '', tax_status: 'none',
        line_total: moneyText(cart.insurance), line_tax: 0, line_tax_data: [], rate: '0.02',
      }] : [],
      discount_record: cart.coupon ? [{
        code: cart.coupon.code, amount: moneyText(cart.discount), rule_id: 0, rule_data: [], auto_coupon: false,
        description: cart.coupon.description, product_ids: [], discount_type: 'percent', free_shipping: false,
      }] : [],
      customer: {
        ID: customer.id, user_login: asciiLower(customer.first_name) + customer.id, user_nicename: asciiLower(customer.first_name),
        display_name: `${customer.first_name} ${customer.last_name}`, nickname: customer.first_name, user_email: customer.email,
        user_registered: customer.registered, user_status: 0, country: place.country, billing_country: place.country,
        subscribed: customer.subscribed, order_count: 0, order_total: 0, phone: customer.phone, type: 'customer',
        first_name: customer.first_name, last_name: customer.last_name, address_book: [], shipping_address: [], billing_address: [],
        created_at: customer.registered, updated_at: customer.registered, updated_at_gmt: customer.registered,
      },
      conversion_summary: {
        checkout_id: id, checkout_index: 1, step_before_leaving: rng.pick(['contact_information', 'shipping_method', 'payment']),
        created_from_source: rng.pick(['online_store', 'buy_now', 'cart']), interact_times: rng.int(1, 12), device: rng.pick(DEVICES),
        ip: ip(rng), payment_method: paymentMethod,
        first_visit: visit(rng, firstVisitAt, `${SHOP_URL}/products/${cart.lines[0]!.product.slug}`, dating),
        last_visit: visit(rng, new Date(created.getTime() - 2 * MINUTE), `${SHOP_URL}/checkout`, dating),
      },
    }
    checkouts.push(checkout)
  }
  // Taxes on shipping lines are an array in the real store; give the taxed ones one entry.
  for (const c of checkouts) {
    const line = c.shippings[0]
    if (line && line.cost > 0 && Number(c.taxes_total) > 0) line.taxes = [{ label: 'Shipping tax', rate: '0.00', amount: '0.00' }]
  }
  return checkouts
}

/** Fills each checkout customer's order_count / order_total from the orders. */
export function fillCustomerTotals(checkouts: CheckoutDetail[], orders: OrderSummary[]): void {
  const totals = new Map<string, { count: number; cents: number }>()
  for (const o of orders) {
    const t = totals.get(o.email) ?? { count: 0, cents: 0 }
    t.count++
    t.cents += Math.round(o.total * 100)
    totals.set(o.email, t)
  }
  for (const c of checkouts) {
    const t = totals.get(c.customer_email)
    c.customer.order_count = t?.count ?? 0
    c.customer.order_total = money(t?.cents ?? 0)
  }
}
