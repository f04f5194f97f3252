// Shapes of the Storefront Admin API's resources, as ../shared/api/storefront-admin-api.md
// lists them, quirks included (feature_image an object, shipping `taxes` an array,
// zero dates as strings). Shared by the demo store (what it sends), the API client
// (what it accepts) and the renderer's cache. Objects are loose: a real store may add
// fields, and those must survive a round trip through the cache untouched.
import { z } from 'zod'

/** `YYYY-MM-DD HH:MM:SS`, an ISO 8601 string, or the zero date `0000-00-00 00:00:00`. */
export const DateTimeString = z.string()
const Str = z.string()
const Num = z.number()

// ---------------------------------------------------------------- pagination

export const PageMeta = z.looseObject({
  current_page: Num,
  from: Num.nullable(),
  last_page: Num,
  path: Str,
  per_page: Num,
  to: Num.nullable(),
  total: Num,
})
export type PageMeta = z.infer<typeof PageMeta>

export const PageLinks = z.looseObject({
  first: Str.nullable(),
  last: Str.nullable(),
  prev: Str.nullable(),
  next: Str.nullable(),
})

/** The usual envelope: `data` beside `meta` and `links` (blog list, blogs of a collection, orders). */
// Envelopes keep unknown keys, as every resource does: the checked answer is then exactly the
// store's JSON, which the web host forwards as it came (electron/services/raw-json.ts).
export function paginated<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), meta: PageMeta, links: PageLinks })
}

/** The blog collection list's quirk: `data` nested inside `links`. */
export function paginatedInLinks<T extends z.ZodType>(item: T) {
  return z.looseObject({ meta: PageMeta, links: PageLinks.extend({ data: z.array(item) }) })
}

// ---------------------------------------------------------------- abandoned checkouts

export const CheckoutEmail = z.looseObject({
  id: Num,
  checkout_id: Num,
  template_id: Str,
  is_sent: Num,
  is_need_send: Num,
  send_time: DateTimeString,
  send_time_gmt: DateTimeString,
  created_at: DateTimeString,
  updated_at: DateTimeString,
  created_at_gmt: DateTimeString,
  updated_at_gmt: DateTimeString,
  coupon_code: Str,
})
export type CheckoutEmail = z.infer<typeof CheckoutEmail>

const addressCommon = {
  first_name: Str,
  last_name: Str,
  country: Str,
  state: Str,
  postcode: Str,
  city: Str,
  address_1: Str,
  address_2: Str,
  phone: Str,
  email: Str,
  address_index: Str,
  state_name: Str,
}
export const CheckoutShippingAddress = z.looseObject({ ...addressCommon, address_note: Str })
export const CheckoutBillingAddress = z.looseObject({ ...addressCommon, subscribed: Str })

export const FeatureImage = z.looseObject({
  ID: Num,
  alt: Str,
  url: Str,
  file_id: Num,
  thumbnail: Str,
  media_content_type: Str,
})
export type FeatureImage = z.infer<typeof FeatureImage>

export const NameValue = z.looseObject({ name: Str, value: Str })

export const CheckoutLineItem = z.looseObject({
  qty: Num,
  line_total: Num,
  line_tax: Num,
  line_subtotal: Str,
  line_subtotal_tax: Num,
  product_id: Num,
  variation_id: Num,
  properties: z.array(z.unknown()),
  tax_class: Str,
  order_item_name: Str,
  price: Num,
  feature_image: FeatureImage,
  sku: Str,
  attrs: z.array(NameValue),
  regular_price: Num,
  public_url: Str,
})

export const CheckoutShippingLine = z.looseObject({
  order_item_name: Str,
  method_id: Str,
  instance_id: Num,
  cost: Num,
  total_tax: Num,
  taxes: z.array(z.unknown()),
})

export const CheckoutFee = z.looseObject({
  order_item_name: Str,
  fee_amount: Str,
  tax_class: Str,
  tax_status: Str,
  line_total: Str,
  line_tax: Num,
  line_tax_data: z.array(z.unknown()),
  rate: z.union([Str, Num]),
})

export const CheckoutDiscountRecord = z.looseObject({
  code: Str,
  amount: Str,
  rule_id: Num,
  rule_data: z.array(z.unknown()),
  auto_coupon: z.boolean(),
  description: Str,
  product_ids: z.array(z.unknown()),
  discount_type: Str,
  free_shipping: z.boolean(),
})

export const UtmParameters = z.looseObject({
  utm_source: Str.optional(),
  utm_medium: Str.optional(),
  utm_campaign: Str.optional(),
  utm_term: Str.optional(),
  utm_content: Str.optional(),
})

export const Visit = z.looseObject({
  landing_page: Str,
  utm_parameters: UtmParameters,
  referrer_url: Str,
  interact_source: Str,
  created_at: Str,
  created_at_gmt: Str,
})
export type Visit = z.infer<typeof Visit>

export const CheckoutCustomer = z.looseObject({
  ID: Num,
  user_login: Str,
  user_nicename: Str,
  display_name: Str,
  nickname: Str,
  user_email: Str,
  user_registered: DateTimeString,
  user_status: Num,
  country: Str,
  billing_country: Str,
  subscribed: z.boolean(),
  order_count: Num,
  order_total: Num,
  phone: Str,
  type: Str,
  first_name: Str,
  last_name: Str,
  address_book: z.array(z.unknown()),
  shipping_address: z.array(z.unknown()),
  billing_address: z.array(z.unknown()),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  updated_at_gmt: DateTimeString.optional(),
})

export const CheckoutConversionSummary = z.looseObject({
  checkout_id: Num,
  checkout_index: Num,
  step_before_leaving: Str,
  created_from_source: Str,
  interact_times: Num,
  device: Str,
  ip: Str,
  payment_method: Str,
  first_visit: Visit,
  last_visit: Visit,
})

/** List form: scalars, lineitems and custom_attributes. */
export const CheckoutSummary = z.looseObject({
  ID: Num,
  note: Str,
  taxes_total: Str,
  shipping_tax_total: Str,
  order_currency: Str,
  order_shipping: Str,
  order_total: Num,
  cart_subtotal: Str,
  cart_discount: Num,
  post_date: DateTimeString,
  post_date_gmt: DateTimeString,
  post_modified: DateTimeString,
  post_modified_gmt: DateTimeString,
  ip: Str,
  number: Str,
  country_or_region: Str,
  cart_email: Str,
  recall_status: Num,
  checkout_emails: z.array(CheckoutEmail),
  checkout_email_total_num: Str,
  checkout_email_share_status: Str,
  checkout_email_is_canceled: Str,
  checkout_email_is_manual: Str,
  checkout_email_manual_send_total_num: Num,
  custom_attributes: z.array(z.unknown()),
  order_id: Num.nullable(),
  customer_email: Str,
  billing_user_name: Str,
  payment_method: Str,
  payment_method_title: Str,
  shipping_address: CheckoutShippingAddress,
  billing_address: CheckoutBillingAddress,
  lineitems: z.array(CheckoutLineItem),
})
export type CheckoutSummary = z.infer<typeof CheckoutSummary>

/** Detail form adds shippings, coupons, fees, discount_record, customer, conversion_summary. */
export const CheckoutDetail = CheckoutSummary.extend({
  shippings: z.array(CheckoutShippingLine),
  coupons: z.array(z.unknown()),
  fees: z.array(CheckoutFee),
  discount_record: z.array(CheckoutDiscountRecord),
  customer: CheckoutCustomer,
  conversion_summary: CheckoutConversionSummary,
})
export type CheckoutDetail = z.infer<typeof CheckoutDetail>

// ---------------------------------------------------------------- orders

export const ORDER_STATUSES = ['wc-completed', 'wc-on-hold', 'wc-processing', 'wc-cancelled', 'wc-pending'] as const
export const FINANCIAL_STATUSES = ['paid', 'partial-refund', 'refund', 'unpaid'] as const
export const FULFILLMENT_STATUSES = ['unfulfilled', 'fulfilled'] as const
export const ORDER_SORT_KEYS = ['date', 'modified_date', 'paid_date', 'total_sales'] as const

/** What an order's billing and shipping addresses both carry. */
const orderAddressCommon = {
  first_name: Str,
  last_name: Str,
  address_1: Str,
  address_2: Str,
  city: Str,
  state: Str,
  postcode: Str,
  country: Str,
  phone: Str,
  address_index: Str,
  short_address: Str.optional(),
}
export const OrderBillingAddress = z.looseObject({ ...orderAddressCommon, company: Str.optional(), email: Str, subscribed: Str, state_name: Str })
export const OrderShippingAddress = z.looseObject({ ...orderAddressCommon, company: Str, address_note: Str.optional() })
export type OrderShippingAddress = z.infer<typeof OrderShippingAddress>

export const OrderRefund = z.looseObject({
  refund_date: DateTimeString,
  refund_date_gmt: DateTimeString,
  refund_amount: Num,
  refund_reason: Str,
  refund_source: z.enum(['manual', 'auto']).or(Str),
})

export const OrderShippingLine = z.looseObject({
  order_item_id: Num,
  order_item_name: Str,
  order_item_type: Str,
  order_id: Num,
  cost: Num,
  total_tax: Str,
  instance_id: Str,
  method_id: Str,
})

export const OrderFee = z.looseObject({
  order_item_id: Num,
  order_item_name: Str,
  order_item_type: Str,
  order_id: Num,
  line_total: Num,
  fee_amount: Num,
  tax_class: Str,
  line_tax: Num,
  rate: Num,
  tax_status: Str,
})

export const OrderLineItem = z.looseObject({
  order_item_id: Num,
  order_item_name: Str,
  order_item_type: Str,
  order_id: Num,
  price: Num,
  qty: Str,
  line_total: Num,
  product_id: Num,
  variation_id: Num,
  public_url: Str,
  line_subtotal: Str,
  regular_price: Str,
  sku: Str,
  properties: z.array(z.unknown()),
})
export type OrderLineItem = z.infer<typeof OrderLineItem>

export const OrderDiscountRecord = z.looseObject({
  id: Num.optional(),
  order_id: Num.optional(),
  code: Str.optional(),
  discount_type: Str.optional(),
  rule_id: Num.optional(),
  description: Str.optional(),
  amount: Str.optional(),
  auto_coupon: Str.optional(),
  free_shipping: Num.optional(),
  product_ids: Str.optional(),
  rule_data: Str.optional(),
})

export const SellerNote = z.looseObject({
  id: Num.optional(),
  order_id: Num.optional(),
  note: Str.optional(),
  created_at_gmt: Str.optional(),
  updated_at_gmt: Str.optional(),
})

export const OrderConversionSummary = z.looseObject({
  order_id: Num,
  order_index: Num,
  interact_times: Num,
  page_visits_count: Num,
  sessions_count: Num,
  days_to_conversion: Num,
  device: Str,
  ip: Str,
  first_visit: Visit,
  last_visit: Visit,
})

export const Order = z.looseObject({
  ID: Num,
  order_tax: Num,
  order_shipping_tax: Num,
  post_date: DateTimeString,
  post_date_gmt: DateTimeString,
  post_modified: DateTimeString,
  post_modified_gmt: DateTimeString,
  post_status: Str,
  post_password: Str,
  number: Str,
  payment_method: Str.optional(),
  payment_method_title: Str.optional(),
  trackname: Str.optional(),
  trackno: Str.optional(),
  track_source: Str.optional(),
  track_date: DateTimeString.optional(),
  track_date_gmt: DateTimeString.optional(),
  financial_status: Str,
  fulfillment_status: Str,
  billing_user_name: Str,
  order_shipping: Num,
  order_total: Num,
  transaction_id: Str.optional(),
  paid_date: DateTimeString.optional(),
  paid_date_gmt: DateTimeString.optional(),
  note: Str.optional(),
  domain: Str,
  billing_address: OrderBillingAddress,
  shipping_address: OrderShippingAddress,
  state_name: Str.optional(),
  public_url: Str,
  order_currency: Str,
  date_updated: DateTimeString.optional(),
  gateway_email: Str.optional(),
  path: Str.optional(),
  current_time: DateTimeString,
  number_of_products: Num,
  ip: Str,
  country_or_region: Str,
  user_agent: Str,
  refund_amount: Num.optional(),
  sales_channel_category: Str,
  sales_channel: Str,
  refunds: z.array(OrderRefund).optional(),
  is_manual_refund: z.boolean(),
  processing_at: DateTimeString.optional(),
  processing_at_gmt: DateTimeString.optional(),
  completed_at: DateTimeString,
  completed_at_gmt: DateTimeString,
  cart_hash: Str.optional(),
  custom_attributes: z.array(z.unknown()),
  shippings: z.array(OrderShippingLine),
  fees: z.array(OrderFee),
  line_items: z.array(OrderLineItem),
  attrs: z.array(z.unknown()),
  feature_image: z.looseObject({}),
  discount_record: z.union([z.array(OrderDiscountRecord), OrderDiscountRecord]),
  seller_notes: z.array(SellerNote),
  conversion_summary: OrderConversionSummary,
})
export type Order = z.infer<typeof Order>

// ---------------------------------------------------------------- meta fields

export const MetaFieldRule = z.looseObject({
  max_length: Num.nullable().optional(),
  min_length: Num.nullable().optional(),
  regular_expression: Str.nullable().optional(),
})
export type MetaFieldRule = z.infer<typeof MetaFieldRule>

/** What a definition says of its field, which each value repeats. */
const metaFieldDescription = { name: Str, namespace: Str, key: Str, description: Str, type: Str, rule: MetaFieldRule }

export const MetaFieldDefinition = z.looseObject({
  id: Num,
  ...metaFieldDescription,
  resource_type: Str,
  created_at_gmt: Str,
  updated_at_gmt: Str,
  pinned_position: z.boolean(),
  status: Str,
})
export type MetaFieldDefinition = z.infer<typeof MetaFieldDefinition>

export const MetaFieldValue = z.looseObject({
  ...metaFieldDescription,
  pinned_position: z.boolean(),
  value: Str.nullable(),
  status: Str,
  meta_field_id: Str,
})
export type MetaFieldValue = z.infer<typeof MetaFieldValue>

// ---------------------------------------------------------------- blogs and collections

export const BlogCover = z.looseObject({
  ID: Num,
  url: Str,
  thumbnail: Str,
  medium: Str,
  big: Str,
  srcset: Str,
})

export const BlogCollection = z.looseObject({
  id: Num,
  title: Str,
  description: Str,
  seo_title: Str,
  seo_description: Str,
  seo_slug: Str,
  sort_type: Str.optional(),
  created_at: Str,
  updated_at: Str,
  blogs_count: Num,
  public_url: Str,
  path: Str,
})
export type BlogCollection = z.infer<typeof BlogCollection>

export const BlogCollectionWithPivot = BlogCollection.extend({
  pivot: z.looseObject({ blog_id: Num, collection_id: Num }),
})

export const Blog = z.looseObject({
  id: Num,
  title: Str,
  summary: Str,
  content: Str,
  cover_id: Num.nullable(),
  author: Str,
  seo_title: Str,
  seo_description: Str,
  seo_slug: Str,
  status: Num,
  visible_at: Str.nullable(),
  created_at: Str,
  updated_at: Str,
  public_url: Str,
  path: Str,
  cover: BlogCover.nullable().optional(),
  collections: z.array(BlogCollectionWithPivot).optional(),
})
export type Blog = z.infer<typeof Blog>
