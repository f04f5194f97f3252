// Test helpers shared by the data layer's unit tests: a fresh database per test and store rows
// with every field the reference requires, so tests only spell out what they are about.
import { afterEach, beforeEach } from 'vitest'
import type { Blog, BlogCollection, CheckoutSummary, MetaFieldDefinition, Order } from '@common/store-api/resources'
import { StoreDatabase } from './db'
import { FakeStore } from './fake-store'
import { setUndoWindowSeconds, UNDO_WINDOW_STORAGE_KEY } from './undo-window'

let counter = 0
export function freshDatabase(): StoreDatabase {
  return new StoreDatabase(`test-${Date.now()}-${++counter}`)
}

/**
 * Gives every test of the file a fresh database and fake store (through `use`), and deletes the
 * database and the undo window setting after it. `undoWindowSeconds` sets the window for each
 * test (tests about sending set 0: the undo window has its own, undo.test.ts).
 */
export function freshStoreEachTest(use: (db: StoreDatabase, store: FakeStore) => void, options: { undoWindowSeconds?: number } = {}): void {
  let db: StoreDatabase
  beforeEach(() => {
    if (options.undoWindowSeconds !== undefined) setUndoWindowSeconds(options.undoWindowSeconds)
    db = freshDatabase()
    use(db, new FakeStore())
  })
  afterEach(async () => {
    localStorage.removeItem(UNDO_WINDOW_STORAGE_KEY)
    db.close()
    await db.delete()
  })
}

/** An order both the store and this computer's cache hold, as a finished sync leaves it. */
export async function cacheOrder(db: StoreDatabase, store: FakeStore, id: number): Promise<Order> {
  const order = makeOrder(id, id)
  store.orders.set(id, structuredClone(order))
  await db.orders.put(order)
  return order
}

export function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** `2026-01-01 00:00:00` plus `minutes`. */
export function timestamp(minutes: number): string {
  const d = new Date(Date.UTC(2026, 0, 1, 0, minutes))
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`
}

const visit = { landing_page: '/', utm_parameters: {}, referrer_url: '', interact_source: '', created_at: '', created_at_gmt: '' }

export function makeOrder(id: number, modifiedMinute: number, extra: Partial<Order> = {}): Order {
  const t = timestamp(modifiedMinute)
  return {
    ID: id,
    order_tax: 0,
    order_shipping_tax: 0,
    post_date: t,
    post_date_gmt: t,
    post_modified: t,
    post_modified_gmt: t,
    post_status: 'wc-processing',
    post_password: '',
    number: String(1000 + id),
    financial_status: 'paid',
    fulfillment_status: 'unfulfilled',
    billing_user_name: 'Ada Lovelace',
    order_shipping: 5,
    order_total: 50,
    domain: 'shop.example',
    billing_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Road', address_2: '', city: 'London', state: 'LND', postcode: 'N1 1AA', country: 'GB', email: 'ada@example.com', phone: '+44 20 7946 0000', address_index: '', subscribed: '0', state_name: 'London' },
    shipping_address: { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Road', address_2: '', city: 'London', state: 'LND', postcode: 'N1 1AA', country: 'GB', address_index: '', phone: '+44 20 7946 0000' },
    public_url: '',
    order_currency: 'GBP',
    current_time: t,
    number_of_products: 1,
    ip: '127.0.0.1',
    country_or_region: 'GB',
    user_agent: 'test',
    sales_channel_category: 'online',
    sales_channel: 'web',
    is_manual_refund: false,
    completed_at: '',
    completed_at_gmt: '',
    custom_attributes: [],
    shippings: [],
    fees: [],
    line_items: [],
    attrs: [],
    feature_image: {},
    discount_record: [],
    seller_notes: [],
    conversion_summary: { order_id: id, order_index: 1, interact_times: 1, page_visits_count: 1, sessions_count: 1, days_to_conversion: 0, device: 'desktop', ip: '', first_visit: visit, last_visit: visit },
    ...extra,
  }
}

export function makeCheckout(id: number): CheckoutSummary {
  const t = timestamp(id)
  const address = { first_name: 'A', last_name: 'B', country: 'GB', state: '', postcode: '', city: '', address_1: '', address_2: '', phone: '', email: '', address_index: '', state_name: '' }
  return {
    ID: id, note: '', taxes_total: '0', shipping_tax_total: '0', order_currency: 'GBP', order_shipping: '0', order_total: 10, cart_subtotal: '10', cart_discount: 0,
    post_date: t, post_date_gmt: t, post_modified: t, post_modified_gmt: t, ip: '', number: `C${id}`, country_or_region: 'GB', cart_email: '', recall_status: 0,
    checkout_emails: [], checkout_email_total_num: '0', checkout_email_share_status: '0', checkout_email_is_canceled: '0', checkout_email_is_manual: '0',
    checkout_email_manual_send_total_num: 0, custom_attributes: [], order_id: null, customer_email: `c${id}@example.com`, billing_user_name: 'A B',
    payment_method: '', payment_method_title: '', shipping_address: { ...address, address_note: '' }, billing_address: { ...address, subscribed: '0' }, lineitems: [],
  }
}

export function makeBlog(id: number, extra: Partial<Blog> = {}): Blog {
  const t = timestamp(id)
  return {
    id, title: `Post ${id}`, summary: '', content: `<p>Post ${id}</p>`, cover_id: null, author: 'Ada', seo_title: '', seo_description: '', seo_slug: `post-${id}`,
    status: 2, visible_at: null, created_at: t, updated_at: t, public_url: '', path: `/blogs/post-${id}`, collections: [], ...extra,
  }
}

export function makeCollection(id: number, extra: Partial<BlogCollection> = {}): BlogCollection {
  const t = timestamp(id)
  return { id, title: `Collection ${id}`, description: '', seo_title: '', seo_description: '', seo_slug: `collection-${id}`, created_at: t, updated_at: t, blogs_count: 0, public_url: '', path: '', ...extra }
}

export function makeMetaField(id: number, extra: Partial<MetaFieldDefinition> = {}): MetaFieldDefinition {
  const t = timestamp(id)
  return { id, name: `Field ${id}`, namespace: 'custom', key: `field_${id}`, description: '', type: 'text', rule: {}, resource_type: 'blog', created_at_gmt: t, updated_at_gmt: t, pinned_position: false, status: 'enabled', ...extra }
}
