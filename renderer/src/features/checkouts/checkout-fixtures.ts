// Test support: schema-valid abandoned checkouts from a seeded generator (used by *.test.ts).
import type { CheckoutEmail, CheckoutSummary } from '@common/store-api/resources'
import { seededRandom } from '@/data/order-index/order-fixtures'

const ZERO = '0000-00-00 00:00:00'
const pad = (n: number) => String(n).padStart(2, '0')
const stamp = (ms: number) => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

export function makeCheckout(id: number, random: () => number, overrides: Partial<CheckoutSummary> = {}): CheckoutSummary {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const created = Date.UTC(2026, 2, 1) + Math.floor(random() * 15) * 86_400_000 + Math.floor(random() * 3) * 3_600_000
  const emails: CheckoutEmail[] = Array.from({ length: Math.floor(random() * 3) }, (_, i) => {
    const sent = random() < 0.5
    const when = created + (i + 1) * 3_600_000
    return {
      id: id * 10 + i,
      checkout_id: id,
      template_id: `reminder-${i + 1}`,
      is_sent: sent ? 1 : 0,
      is_need_send: sent ? 0 : 1,
      send_time: sent ? stamp(when - 5 * 3_600_000) : ZERO,
      send_time_gmt: sent ? stamp(when) : ZERO,
      created_at: stamp(created),
      updated_at: stamp(created),
      created_at_gmt: stamp(created),
      updated_at_gmt: sent ? stamp(when) : ZERO,
      coupon_code: '',
    }
  })
  const address = { first_name: 'Ada', last_name: 'L', country: 'US', state: 'IL', postcode: '62701', city: 'Springfield', address_1: '1 Main', address_2: '', phone: '+12175550123', email: 'a@example.com', address_index: '', state_name: 'Illinois' }
  const [name, sku] = pick([['Stoneware Mug', 'SD-002-STO'], ['Glass Carafe', 'SD-009-GLA'], ['Silk Sleep Mask', 'SD-024-SIL']] as const)
  return {
    ID: id,
    note: '',
    taxes_total: '0.00',
    shipping_tax_total: '0.00',
    order_currency: 'USD',
    order_shipping: '5.00',
    order_total: 40,
    cart_subtotal: '35.00',
    cart_discount: 0,
    post_date: stamp(created),
    post_date_gmt: stamp(created + 5 * 3_600_000).replace(' ', 'T') + '+00:00',
    post_modified: stamp(created),
    post_modified_gmt: stamp(created),
    ip: '192.0.2.1',
    number: `C${2000 + id}`,
    country_or_region: pick(['US', 'CA', 'GB', 'DE']),
    cart_email: `https://demo.invalid/recover/${id}`,
    recall_status: random() < 0.3 ? 1 : 0,
    checkout_emails: emails,
    checkout_email_total_num: String(emails.length),
    checkout_email_share_status: '0',
    checkout_email_is_canceled: '0',
    checkout_email_is_manual: '0',
    checkout_email_manual_send_total_num: 0,
    custom_attributes: [],
    order_id: random() < 0.25 ? 9000 + id : null,
    customer_email: `${pick(['mia', 'omar', 'nina'])}${id % 5}@example.org`,
    billing_user_name: 'Ada L',
    payment_method: 'card',
    payment_method_title: 'Card',
    shipping_address: { ...address, address_note: '' },
    billing_address: { ...address, subscribed: '0' },
    lineitems: [
      { qty: 1, line_total: 35, line_tax: 0, line_subtotal: '35.00', line_subtotal_tax: 0, product_id: 5002, variation_id: 0, properties: [], tax_class: '', order_item_name: name, price: 35, feature_image: { ID: 1, alt: '', url: '', file_id: 1, thumbnail: '', media_content_type: 'image' }, sku, attrs: [], regular_price: 35, public_url: '' },
    ],
    ...overrides,
  }
}

export function makeCheckouts(count: number, seed = 1): CheckoutSummary[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, (_, i) => makeCheckout(i + 1, random))
}
