// Test support: complete, schema-valid orders drawn from a seeded generator, so the order
// desk's unit tests compare their answers against independent implementations over many
// varied orders instead of a few hand-picked ones. Used by *.test.ts only.
import type { Order, OrderLineItem } from '@common/store-api/resources'

/** mulberry32: a tiny deterministic generator (same seed, same orders). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    let t = (state = (state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PRODUCTS = [
  ['Linen Throw Pillow', 'SD-001-LIN'],
  ['Stoneware Mug', 'SD-002-STO'],
  ['Walnut Serving Board', 'SD-003-WAL'],
  ['Wool Blend Blanket', 'SD-004-WOO'],
  ['Beeswax Candle Set', 'SD-005-BEE'],
] as const
const STATUSES = ['wc-completed', 'wc-on-hold', 'wc-processing', 'wc-cancelled', 'wc-pending'] as const
const FINANCIAL = ['paid', 'partial-refund', 'refund', 'unpaid'] as const
const FULFILLMENT = ['unfulfilled', 'fulfilled'] as const

// Names, phones and tracking numbers follow from the ID, not the generator, so orders drawn
// before they existed stay the same. Accents and apostrophes exercise the search's folding.
const FIRST_NAMES = ['Ada', 'José', 'Joseph', 'Zoë', 'Liam'] as const
const LAST_NAMES = ["O'Brien", 'Lovelace', 'Müller', 'Brown'] as const

const pad = (n: number) => String(n).padStart(2, '0')

function stamp(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

const visit = {
  landing_page: '/',
  utm_parameters: { utm_source: 'newsletter' },
  referrer_url: 'https://example.com/',
  interact_source: 'direct',
  created_at: '2026-01-01 10:00:00',
  created_at_gmt: '2026-01-01 15:00:00',
}

/** One order; `overrides` wins over the generated fields. */
export function makeOrder(id: number, random: () => number, overrides: Partial<Order> = {}): Order {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  // Few distinct days so ranges, ties and boundaries are exercised.
  const day0 = Date.UTC(2026, 2, 1)
  const created = day0 + Math.floor(random() * 20) * 86_400_000 + Math.floor(random() * 4) * 3_600_000
  const modified = created + Math.floor(random() * 5) * 86_400_000
  const paid = random() < 0.75 ? created + Math.floor(random() * 3) * 86_400_000 : undefined
  const lineCount = 1 + Math.floor(random() * 3)
  const line_items: OrderLineItem[] = Array.from({ length: lineCount }, (_, i) => {
    const [name, sku] = pick(PRODUCTS)
    const qty = 1 + Math.floor(random() * 3)
    const price = pick([9, 18.5, 24, 34.99])
    return {
      order_item_id: id * 10 + i,
      order_item_name: name,
      order_item_type: 'line_item',
      order_id: id,
      price,
      qty: String(qty),
      line_total: Math.round(price * qty * 100) / 100,
      product_id: 5000 + i,
      variation_id: 0,
      public_url: 'https://demo.invalid/p',
      line_subtotal: (price * qty).toFixed(2),
      regular_price: String(price),
      sku,
      properties: [],
    }
  })
  const items = line_items.reduce((sum, li) => sum + li.line_total, 0)
  const shipping = pick([0, 5, 7.5])
  const email = `${pick(['olivia', 'liam', 'emma', 'noah'])}${id % 7}@example.com`
  const first = FIRST_NAMES[id % FIRST_NAMES.length]!
  const last = LAST_NAMES[Math.floor(id / FIRST_NAMES.length) % LAST_NAMES.length]!
  const address = {
    first_name: first,
    last_name: last,
    company: '',
    address_1: '1 Main St',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    postcode: '62701',
    country: 'US',
    address_index: '1 Main St, Springfield, IL 62701, US',
    phone: `+1 (217) 555-${String(id % 10_000).padStart(4, '0')}`,
  }
  return {
    ID: id,
    order_tax: 0,
    order_shipping_tax: 0,
    post_date: stamp(created),
    post_date_gmt: stamp(created + 5 * 3_600_000),
    post_modified: stamp(modified),
    post_modified_gmt: stamp(modified + 5 * 3_600_000),
    post_status: pick(STATUSES),
    post_password: 'wc_order_x',
    number: String(1000 + id),
    payment_method: 'card',
    payment_method_title: 'Card',
    financial_status: pick(FINANCIAL),
    fulfillment_status: pick(FULFILLMENT),
    billing_user_name: `${first} ${last}`,
    order_shipping: shipping,
    order_total: Math.round((items + shipping) * 100) / 100,
    ...(paid !== undefined ? { paid_date: stamp(paid), paid_date_gmt: stamp(paid + 5 * 3_600_000), transaction_id: `TX${id}9` } : {}),
    domain: 'demo.invalid',
    billing_address: { ...address, email, subscribed: '0', state_name: 'Illinois' },
    // Every eleventh order is a gift, shipped to someone else.
    shipping_address: id % 11 === 0 ? { ...address, first_name: 'Grace', last_name: 'Hopper', phone: '020 7946 0011' } : address,
    ...(id % 3 === 0 ? { trackno: `1Z${id}X` } : {}),
    public_url: 'https://demo.invalid/o',
    order_currency: 'USD',
    current_time: '2026-04-01 00:00:00',
    number_of_products: line_items.reduce((n, li) => n + Number(li.qty), 0),
    ip: '192.0.2.1',
    country_or_region: 'US',
    user_agent: 'test',
    sales_channel_category: 'online',
    sales_channel: 'Online Store',
    is_manual_refund: false,
    completed_at: '0000-00-00 00:00:00',
    completed_at_gmt: '0000-00-00 00:00:00',
    custom_attributes: [],
    shippings: [],
    fees: [],
    line_items,
    attrs: [],
    feature_image: {},
    discount_record: [],
    seller_notes: [],
    conversion_summary: {
      order_id: id,
      order_index: 1,
      interact_times: 1,
      page_visits_count: 3,
      sessions_count: 1,
      days_to_conversion: 0,
      device: 'desktop',
      ip: '192.0.2.1',
      first_visit: visit,
      last_visit: visit,
    },
    ...overrides,
  }
}

export function makeOrders(count: number, seed = 1): Order[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, (_, i) => makeOrder(i + 1, random))
}
