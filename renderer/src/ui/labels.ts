// One label table per value the store sends as a code: order statuses, payment and
// fulfilment states, reminder e-mail templates, checkout steps, shipping methods, sales
// channel kinds, devices, the permissions (scopes) a connection holds, and whose clock a time is
// on. A code a person sees always goes through one of these (the words move to a catalog as one
// piece when the app speaks other languages). A value not in its table (a store newer than
// this app) is still shown in words ("partially_shipped" → "Partially shipped") and reported
// once on the console, so it can be added here.
export const ORDER_STATUS_LABELS: Record<string, string> = {
  'wc-completed': 'Completed',
  'wc-pending': 'Awaiting payment',
  'wc-processing': 'Processing',
  'wc-on-hold': 'On hold',
  'wc-cancelled': 'Cancelled',
  'wc-refunded': 'Refunded',
  'wc-failed': 'Failed',
}

export const PAYMENT_LABELS: Record<string, string> = { paid: 'Paid', 'partial-refund': 'Partially refunded', refund: 'Refunded', unpaid: 'Unpaid' }

export const FULFILLMENT_LABELS: Record<string, string> = { fulfilled: 'Fulfilled', unfulfilled: 'Unfulfilled' }

export const REMINDER_LABELS: Record<string, string> = {
  abandoned_checkout_first: 'First reminder',
  abandoned_checkout_second: 'Second reminder',
  abandoned_checkout_third: 'Third reminder',
}

/** The checkout step a customer left at (conversion_summary.step_before_leaving). */
export const CHECKOUT_STEP_LABELS: Record<string, string> = {
  contact_information: 'Contact details',
  information: 'Contact details',
  shipping_method: 'Choosing shipping',
  shipping: 'Choosing shipping',
  payment: 'Payment',
  payment_method: 'Payment',
  review: 'Reviewing the order',
}

/** Where a checkout was started (conversion_summary.created_from_source). */
export const CHECKOUT_SOURCE_LABELS: Record<string, string> = { online_store: 'Online store', buy_now: 'Buy now button', cart: 'Cart' }

/** A shipping line's method (method_id). */
export const SHIPPING_METHOD_LABELS: Record<string, string> = { flat_rate: 'Flat rate', free_shipping: 'Free shipping', local_pickup: 'Local pickup', table_rate: 'Table rate' }

/** The kind of sales channel an order came through (sales_channel_category). */
export const SALES_CHANNEL_KIND_LABELS: Record<string, string> = { online_store: 'Online store', social: 'Social', marketplace: 'Marketplace', pos: 'Point of sale' }

export const DEVICE_LABELS: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' }

/** The permissions a store grants, as a merchant reads them (the code is shown beside only in a connection's details). */
export const SCOPE_LABELS: Record<string, string> = {
  read_orders: 'See orders and abandoned checkouts',
  write_orders: 'Fix shipping addresses and add tracking numbers to orders',
  read_content: 'See blog posts, blog collections and meta fields',
  write_content: 'Write, publish and organise blog posts and collections',
}

/** Whose clock a time is on: the full form of a store time says "store time". */
export const TIME_LABELS = { store: 'store time', gmt: 'GMT', computer: 'this computer’s time' } as const

const reported = new Set<string>()

/** A code in words: "wc-on-hold" → "On hold". */
export function inWords(code: string): string {
  const words = code
    .replace(/^wc-/, '')
    .replace(/[-_]+/g, ' ')
    .trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code
}

/** The label of `value` in `table`, or its words (reported once) when the table lacks it. */
export function labelOf(table: Record<string, string>, value: string | null | undefined, what: string): string {
  if (value === null || value === undefined || value === '') return '—'
  const known = table[value]
  if (known) return known
  const key = `${what}:${value}`
  if (!reported.has(key)) {
    reported.add(key)
    console.warn(`Storedesk has no label for the ${what} “${value}”; showing it as “${inWords(value)}”.`)
  }
  return inWords(value)
}

/** A shipping line as people read it: "Express (Flat rate)", "Free shipping" (a method named as its label once). */
export function shippingLineName(name: string | null | undefined, method: string | null | undefined): string {
  const methodWords = method ? labelOf(SHIPPING_METHOD_LABELS, method, 'shipping method') : ''
  if (!name) return methodWords || 'Shipping'
  return methodWords && methodWords.toLowerCase() !== name.trim().toLowerCase() ? `${name} (${methodWords})` : name
}
