// One label table per value the store sends as a code: order statuses, payment and
// fulfilment states, reminder e-mail templates. A value not in its table (a store newer than
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
