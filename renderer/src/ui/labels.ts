// One label table per value the store sends as a code: order statuses, payment and
// fulfilment states, reminder e-mail templates, checkout steps, shipping methods, sales
// channel kinds, devices, the permissions (scopes) a connection holds, and whose clock a time is
// on. A code a person sees always goes through one of these, each naming its words in the
// catalog (session/i18n). A value not in its table (a store newer than this app) is still shown in words ("partially_shipped" → "Partially shipped") and reported
// once on the console, so it can be added here.
import { t, type MessageKey } from '@/session/i18n'

export type LabelTable = Record<string, MessageKey>

export const ORDER_STATUS_LABELS: LabelTable = {
  'wc-completed': 'labels.status.completed',
  'wc-pending': 'labels.status.pending',
  'wc-processing': 'labels.status.processing',
  'wc-on-hold': 'labels.status.onHold',
  'wc-cancelled': 'labels.status.cancelled',
  'wc-refunded': 'labels.status.refunded',
  'wc-failed': 'labels.status.failed',
}

export const PAYMENT_LABELS: LabelTable = { paid: 'labels.payment.paid', 'partial-refund': 'labels.payment.partialRefund', refund: 'labels.payment.refund', unpaid: 'labels.payment.unpaid' }

export const FULFILLMENT_LABELS: LabelTable = { fulfilled: 'labels.fulfillment.fulfilled', unfulfilled: 'labels.fulfillment.unfulfilled' }

export const REMINDER_LABELS: LabelTable = {
  abandoned_checkout_first: 'labels.reminder.first',
  abandoned_checkout_second: 'labels.reminder.second',
  abandoned_checkout_third: 'labels.reminder.third',
}

/** The checkout step a customer left at (conversion_summary.step_before_leaving). */
export const CHECKOUT_STEP_LABELS: LabelTable = {
  contact_information: 'labels.step.contact',
  information: 'labels.step.contact',
  shipping_method: 'labels.step.shipping',
  shipping: 'labels.step.shipping',
  payment: 'labels.step.payment',
  payment_method: 'labels.step.payment',
  review: 'labels.step.review',
}

/** Where a checkout was started (conversion_summary.created_from_source). */
export const CHECKOUT_SOURCE_LABELS: LabelTable = { online_store: 'labels.source.onlineStore', buy_now: 'labels.source.buyNow', cart: 'labels.source.cart' }

/** A shipping line's method (method_id). */
export const SHIPPING_METHOD_LABELS: LabelTable = { flat_rate: 'labels.shipping.flatRate', free_shipping: 'labels.shipping.free', local_pickup: 'labels.shipping.pickup', table_rate: 'labels.shipping.tableRate' }

/** The kind of sales channel an order came through (sales_channel_category). */
export const SALES_CHANNEL_KIND_LABELS: LabelTable = { online_store: 'labels.channel.onlineStore', social: 'labels.channel.social', marketplace: 'labels.channel.marketplace', pos: 'labels.channel.pos' }

export const DEVICE_LABELS: LabelTable = { desktop: 'labels.device.desktop', mobile: 'labels.device.mobile', tablet: 'labels.device.tablet' }

/** The permissions a store grants, as a merchant reads them (the code is shown beside only in a connection's details). */
export const SCOPE_LABELS: LabelTable = {
  read_orders: 'scope.read_orders',
  write_orders: 'scope.write_orders',
  read_content: 'scope.read_content',
  write_content: 'scope.write_content',
}

/** A permission in words. */
export function scopeLabel(scope: string): string {
  return labelOf(SCOPE_LABELS, scope, 'permission')
}

/** Whose clock a time is on: the full form of a store time says "store time". */
export function timeLabel(zone: 'store' | 'gmt' | 'computer'): string {
  return t(`time.${zone}`)
}

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
export function labelOf(table: LabelTable, value: string | null | undefined, what: string): string {
  if (value === null || value === undefined || value === '') return '—'
  const known = table[value]
  if (known) return t(known)
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
  if (!name) return methodWords || t('labels.shipping.fallback')
  return methodWords && methodWords.toLowerCase() !== name.trim().toLowerCase() ? `${name} (${methodWords})` : name
}
