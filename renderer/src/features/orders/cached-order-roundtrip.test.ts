// The cache keeps orders compact (data/order-store/compact-order.ts): these tests hold it to
// every field the order page, the export and the conflict checks read, for every order the demo
// store of seed 42 makes, for an order of the API reference's full shape, and for generated ones.
import { describe, expect, inject, it } from 'vitest'
import fc from 'fast-check'
import type { Order } from '@common/store-api/resources'
import type { CachedOrder } from '@/data/db'
import { DROPPED_ORDER_FIELDS, packOrder, unpackOrder } from '@/data/order-store/compact-order'
import { closedStateOf, shipTo } from '@/data/writes/orders'
import { snapshotBeforeChange, storeCopy } from '@/data/writes/rows'
import { exportTable } from './order-export'

const demoOrders = inject('demoOrders42') as Order[]

const roundTrip = (order: CachedOrder) => unpackOrder(packOrder(order))

function withoutDropped<T extends object>(order: T): Partial<T> {
  const kept: Record<string, unknown> = { ...(order as Record<string, unknown>) }
  for (const field of DROPPED_ORDER_FIELDS) delete kept[field]
  return kept as Partial<T>
}

/** What a conflict check compares of an order (writes/orders.ts: the tracking and address writes' watched fields). */
const conflictView = (order: Order) => ({ closed: closedStateOf(order), shipTo: shipTo(order.shipping_address), trackno: order.trackno ?? '', modified: order.post_modified_gmt, address: order.shipping_address })

/** Every field of the reference's Order table (/work/shared/api/storefront-admin-api.md), optional ones included. */
const REFERENCE_ORDER = {
  ID: 88231,
  order_tax: 4.2,
  order_shipping_tax: 0.5,
  post_date: '2026-03-04 14:05:09',
  post_date_gmt: '2026-03-04 19:05:09',
  post_modified: '2026-03-05 09:00:00',
  post_modified_gmt: '2026-03-05 14:00:00',
  post_status: 'wc-completed',
  post_password: 'wc_order_9f3a',
  number: '88231',
  payment_method: 'stripe',
  payment_method_title: 'Credit Card (Stripe)',
  trackname: 'UPS',
  trackno: '1Z999AA10123456784',
  track_source: 'manual',
  track_date: '2026-03-05 08:59:00',
  track_date_gmt: '2026-03-05 13:59:00',
  financial_status: 'partial-refund',
  fulfillment_status: 'fulfilled',
  billing_user_name: 'Zoë O’Brien',
  order_shipping: 6.5,
  order_total: 71.2,
  transaction_id: 'ch_3Nq',
  paid_date: '2026-03-04 14:06:00',
  paid_date_gmt: '2026-03-04 19:06:00',
  note: 'Leave at the back door, "please".',
  domain: 'shop.example',
  billing_address: { first_name: 'Zoë', last_name: 'O’Brien', company: 'Brien & Co', address_1: '1 Rue de l’Église', address_2: 'Apt 2', city: 'Montréal', state: 'QC', postcode: 'H2X 1Y4', country: 'CA', email: 'zoe@example.com', phone: '+1 514 555 0100', address_index: '1 Rue de l’Église, Montréal', subscribed: '1', state_name: 'Quebec', short_address: 'Montréal, QC, CA' },
  shipping_address: { first_name: 'Zoë', last_name: 'O’Brien', company: '', address_1: '1 Rue de l’Église', address_2: 'Apt 2', city: 'Montréal', state: 'QC', postcode: 'H2X 1Y4', country: 'CA', phone: '+1 514 555 0100', address_index: '1 Rue de l’Église, Montréal', address_note: 'TVQ 1234', short_address: 'Montréal, QC, CA' },
  state_name: 'Quebec',
  public_url: 'https://shop.example/account/orders/88231',
  order_currency: 'CAD',
  date_updated: '2026-03-05 09:00:00',
  gateway_email: 'payer@example.com',
  path: '/admin/orders/88231',
  current_time: '2026-03-06 10:00:00',
  number_of_products: 3,
  ip: '203.0.113.7',
  country_or_region: 'CA',
  user_agent: 'Mozilla/5.0',
  refund_amount: 10,
  sales_channel_category: 'online_store',
  sales_channel: 'Online Store',
  refunds: [{ refund_date: '2026-03-05 10:00:00', refund_date_gmt: '2026-03-05 15:00:00', refund_amount: 10, refund_reason: 'Damaged mug', refund_source: 'manual' }],
  is_manual_refund: true,
  processing_at: '2026-03-04 14:06:00',
  processing_at_gmt: '2026-03-04 19:06:00',
  completed_at: '2026-03-05 09:00:00',
  completed_at_gmt: '2026-03-05 14:00:00',
  cart_hash: '1465495db15785e1930e68a6103ed572',
  custom_attributes: [{ name: 'Gift wrap', value: 'Yes' }],
  shippings: [{ order_item_id: 3, order_item_name: 'Express', order_item_type: 'shipping', order_id: 88231, cost: 6.5, total_tax: '0.50', instance_id: '2', method_id: 'flat_rate' }],
  fees: [{ order_item_id: 4, order_item_name: 'Shipping Insurance', order_item_type: 'fee', order_id: 88231, line_total: 1.5, fee_amount: 1.5, tax_class: '', line_tax: 0, rate: 0.02, tax_status: 'none' }],
  line_items: [
    { order_item_id: 1, order_item_name: 'Stoneware Mug', order_item_type: 'line_item', order_id: 88231, price: 24, qty: '2', line_total: 48, product_id: 5003, variation_id: 50031, public_url: 'https://shop.example/products/mug', line_subtotal: '48.00', regular_price: '26.00', sku: 'SD-003-MUG', properties: [{ name: 'Color', value: 'Sage' }] },
    { order_item_id: 2, order_item_name: 'Tea Towel', order_item_type: 'line_item', order_id: 88231, price: 20, qty: '1', line_total: 20, product_id: 5004, variation_id: 0, public_url: 'https://shop.example/products/towel', line_subtotal: '20.00', regular_price: '20.00', sku: 'SD-004', properties: [] },
  ],
  attrs: [{ name: 'Color', value: 'Sage' }],
  feature_image: { ID: 1, alt: 'Mug', url: 'https://img.example/mug.jpg', file_id: 1, thumbnail: 'https://img.example/mug-150.jpg', media_content_type: 'image/jpeg' },
  discount_record: { id: 9, order_id: 88231, code: 'SPRING', discount_type: 'percent', rule_id: 2, description: '10% off', amount: '6.80', auto_coupon: '0', free_shipping: 0, product_ids: '5003,5004', rule_data: '{}' },
  seller_notes: [{ id: 1, order_id: 88231, note: 'Called the customer', created_at_gmt: '2026-03-05 14:00:00', updated_at_gmt: '2026-03-05 14:00:00' }],
  conversion_summary: {
    order_id: 88231, order_index: 2, interact_times: 7, page_visits_count: 12, sessions_count: 3, days_to_conversion: 4, device: 'desktop', ip: '203.0.113.7',
    first_visit: { landing_page: '/', referrer_url: 'https://search.example/?q=mugs', interact_source: 'search', created_at: '2026-02-28 10:00:00', created_at_gmt: '2026-02-28 15:00:00', utm_parameters: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring', utm_term: 'mug', utm_content: 'a' } },
    last_visit: { landing_page: '/products/mug', referrer_url: '', interact_source: 'direct', created_at: '2026-03-04 14:00:00', created_at_gmt: '2026-03-04 19:00:00', utm_parameters: {} },
  },
  // A field the reference does not list: the API's objects are loose, and the cache keeps what it does not know.
  gift_message: 'Happy birthday',
} as unknown as Order

describe('the compact order layout', () => {
  it('is given enough demo orders to meet every shape the store makes', () => {
    expect(demoOrders.length).toBeGreaterThanOrEqual(1000)
    expect(demoOrders.some((o) => (o.refunds ?? []).length > 0)).toBe(true)
    expect(demoOrders.some((o) => o.trackno)).toBe(true)
    expect(new Set(demoOrders.map((o) => o.post_status)).size).toBeGreaterThanOrEqual(4)
  })

  it('gives back every field it keeps of every demo order of seed 42, and the same export and conflict view', () => {
    for (const order of demoOrders) {
      const back = roundTrip(order)
      expect(back).toEqual(withoutDropped(order))
      for (const field of DROPPED_ORDER_FIELDS) expect(back).not.toHaveProperty(field)
      expect(conflictView(back)).toEqual(conflictView(order))
    }
    const back = demoOrders.map(roundTrip)
    expect(exportTable(back, 'orders')).toEqual(exportTable(demoOrders, 'orders'))
    expect(exportTable(back, 'items')).toEqual(exportTable(demoOrders, 'items'))
  })

  it('gives back an order of the API reference’s full shape, with a field the reference does not list', () => {
    const back = roundTrip(REFERENCE_ORDER)
    expect(back).toEqual(withoutDropped(REFERENCE_ORDER))
    expect((back as unknown as { gift_message: string }).gift_message).toBe('Happy birthday')
    expect(exportTable([back], 'items')).toEqual(exportTable([REFERENCE_ORDER], 'items'))
    expect(conflictView(back)).toEqual(conflictView(REFERENCE_ORDER))
  })

  it('keeps the local marks and the store’s copy a pending write was based on', () => {
    const edited = snapshotBeforeChange(structuredClone(REFERENCE_ORDER) as CachedOrder)
    edited.trackno = 'NEW-1'
    edited.seen = 4
    const back = roundTrip(edited)
    expect(back.pending).toBe(true)
    expect(back.seen).toBe(4)
    expect(back.trackno).toBe('NEW-1')
    expect(conflictView(storeCopy(back))).toEqual(conflictView(REFERENCE_ORDER))
    expect(storeCopy(back)).toEqual(JSON.parse(JSON.stringify(edited.server)))
  })

  it('keeps its indexed keys and marks plain beside the packed rest', () => {
    const stored = packOrder({ ...REFERENCE_ORDER, pending: true, seen: 2 })
    expect(stored).toEqual({ ID: 88231, number: '88231', post_date: '2026-03-04 14:05:09', pending: true, seen: 2, packed: expect.any(Uint8Array) })
    // Smaller than the JSON it holds: the point of the layout.
    expect(stored.packed.byteLength).toBeLessThan(JSON.stringify(REFERENCE_ORDER).length / 2)
  })

  it('gives back any order the store could send (generated)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 })
    const json = fc.jsonValue({ maxDepth: 3 })
    const address = fc.record({ first_name: text, last_name: text, address_1: text, city: text, state: text, postcode: text, country: text, phone: text })
    const order = fc
      .record(
        {
          ID: fc.integer({ min: 1, max: 2 ** 31 }),
          number: text,
          post_date: text,
          post_modified_gmt: text,
          post_status: text,
          financial_status: text,
          fulfillment_status: text,
          trackno: text,
          order_total: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)), text),
          shipping_address: address,
          billing_address: address,
          line_items: fc.array(fc.record({ sku: text, order_item_name: text, qty: text, price: fc.integer(), line_total: fc.integer(), properties: fc.array(json, { maxLength: 2 }) }), { maxLength: 4 }),
          pending: fc.boolean(),
          seen: fc.nat(),
          extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), json, { maxKeys: 4 }),
        },
        { requiredKeys: ['ID'] },
      )
      .map(({ extra, ...fields }) => ({ ...extra, ...fields, ...Object.fromEntries(DROPPED_ORDER_FIELDS.map((f) => [f, 'dropped'])) }) as unknown as CachedOrder)
    fc.assert(
      fc.property(order, (o) => {
        const back = roundTrip(o)
        expect(back).toEqual(withoutDropped(JSON.parse(JSON.stringify(o)) as CachedOrder))
        expect(packOrder(back).ID).toBe(o.ID)
      }),
      { numRuns: 100 },
    )
  })
})
