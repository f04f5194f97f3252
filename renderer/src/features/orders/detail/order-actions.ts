// Which changes an order still takes, from its state: tracking only while there is something
// to ship (not cancelled, not refunded in full, not already fulfilled), the shipping address
// only while nothing has shipped. Where an action is not offered the page says why, in the
// place its button would be, so nobody hunts for a missing button.
import type { Order } from '@common/store-api/resources'
import { t } from '@/session/i18n'

export type ActionRule = { allowed: true } | { allowed: false; reason: string }

export interface OrderActions {
  tracking: ActionRule
  address: ActionRule
}

type OrderState = Pick<Order, 'post_status' | 'financial_status' | 'fulfillment_status'>

const ALLOWED: ActionRule = { allowed: true }

function closedBecause(order: OrderState): 'cancelled' | 'refunded' | null {
  if (order.post_status === 'wc-cancelled') return 'cancelled'
  if (order.post_status === 'wc-refunded' || order.financial_status === 'refund') return 'refunded'
  return null
}

export function orderActions(order: OrderState): OrderActions {
  const closed = closedBecause(order)
  const fulfilled = order.fulfillment_status === 'fulfilled'
  const tracking: ActionRule = closed
    ? { allowed: false, reason: t(closed === 'cancelled' ? 'order.why.trackingCancelled' : 'order.why.trackingRefunded') }
    : fulfilled
      ? { allowed: false, reason: t('order.why.trackingFulfilled') }
      : ALLOWED
  const address: ActionRule = closed
    ? { allowed: false, reason: t(closed === 'cancelled' ? 'order.why.addressCancelled' : 'order.why.addressRefunded') }
    : order.fulfillment_status !== 'unfulfilled'
      ? { allowed: false, reason: t('order.why.addressShipped') }
      : ALLOWED
  return { tracking, address }
}
