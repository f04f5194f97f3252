import { describe, expect, it } from 'vitest'
import { orderActions } from './order-actions'

const order = (post_status: string, financial_status: string, fulfillment_status: string) => ({ post_status, financial_status, fulfillment_status })

describe('what an order still takes', () => {
  it('an unfulfilled, paid order takes tracking and a new address', () => {
    expect(orderActions(order('wc-processing', 'paid', 'unfulfilled'))).toEqual({ tracking: { allowed: true }, address: { allowed: true } })
  })

  it('a cancelled order takes neither, and says it is cancelled', () => {
    expect(orderActions(order('wc-cancelled', 'unpaid', 'unfulfilled'))).toEqual({
      tracking: { allowed: false, reason: 'No tracking to add: this order is cancelled.' },
      address: { allowed: false, reason: 'The shipping address cannot change: this order is cancelled.' },
    })
  })

  it('a fully refunded order takes neither, whatever its status', () => {
    for (const status of ['wc-processing', 'wc-refunded']) {
      const actions = orderActions(order(status, status === 'wc-refunded' ? 'paid' : 'refund', 'unfulfilled'))
      expect(actions.tracking).toEqual({ allowed: false, reason: 'No tracking to add: this order is refunded in full.' })
      expect(actions.address.allowed).toBe(false)
    }
  })

  it('a partly refunded order still ships', () => {
    expect(orderActions(order('wc-processing', 'partial-refund', 'unfulfilled')).tracking).toEqual({ allowed: true })
  })

  it('a fulfilled order takes no more tracking and keeps its address', () => {
    expect(orderActions(order('wc-completed', 'paid', 'fulfilled'))).toEqual({
      tracking: { allowed: false, reason: 'No tracking to add: this order is fulfilled.' },
      address: { allowed: false, reason: 'The shipping address cannot change: this order has shipped.' },
    })
  })

  it('an address only changes while unfulfilled: a state the app does not know counts as shipped', () => {
    expect(orderActions(order('wc-processing', 'paid', 'partially_fulfilled')).address.allowed).toBe(false)
  })
})
