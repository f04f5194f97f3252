import { describe, expect, it } from 'vitest'
import { makeOrders } from '@/data/order-index/order-fixtures'
import { applyLocale } from '@/session/i18n'
import { buildQueue, parseOrderScan, shipBlocker, DEFAULT_QUEUE_RULES, type ShipState } from './scanner-queue'
import { blockerMessage, changedSinceMessage, describeExclusions } from './scanner-words'

const paid: ShipState = { financial_status: 'paid', fulfillment_status: 'unfulfilled', post_status: 'wc-processing' }
const allowPartial = { allowedPayments: ['partial-refund'] as const }

describe('scanner queue rules', () => {
  it('ships a paid, unfulfilled, processing order', () => {
    expect(shipBlocker(paid)).toBeNull()
  })

  it.each([
    [{ financial_status: 'unpaid' }, 'unpaid'],
    [{ post_status: 'wc-pending' }, 'unpaid'],
    [{ post_status: 'wc-cancelled' }, 'cancelled'],
    [{ post_status: 'wc-failed' }, 'failed'],
    [{ financial_status: 'refund' }, 'refunded'],
    [{ post_status: 'wc-refunded' }, 'refunded'],
    [{ fulfillment_status: 'fulfilled' }, 'fulfilled'],
    [{ post_status: 'wc-on-hold' }, 'on-hold'],
    [{ financial_status: 'partial-refund' }, 'partially-refunded'],
    [{ financial_status: 'authorized' }, 'unknown-payment'],
    [{ fulfillment_status: 'partially_fulfilled' }, 'unknown-fulfillment'],
  ] as const)('refuses %o as %s', (change, blocker) => {
    expect(shipBlocker({ ...paid, ...change })).toBe(blocker)
  })

  it('ships a partially refunded order only when the settings allow it, and never an unpaid one', () => {
    expect(shipBlocker({ ...paid, financial_status: 'partial-refund' }, allowPartial)).toBeNull()
    expect(shipBlocker({ ...paid, financial_status: 'unpaid' }, allowPartial)).toBe('unpaid')
    expect(shipBlocker({ ...paid, financial_status: 'refund' }, allowPartial)).toBe('refunded')
  })

  it('names the weightier reason when several apply: a cancelled unpaid order is cancelled', () => {
    expect(shipBlocker({ financial_status: 'unpaid', fulfillment_status: 'unfulfilled', post_status: 'wc-cancelled' })).toBe('cancelled')
    expect(shipBlocker({ financial_status: 'refund', fulfillment_status: 'fulfilled', post_status: 'wc-completed' })).toBe('refunded')
  })

  it('an order that is not cached cannot ship', () => {
    expect(shipBlocker(undefined)).toBe('not-cached')
  })

  it('over many generated orders, the queue holds exactly the paid, unfulfilled, live ones', () => {
    const orders = makeOrders(400, 7)
    const build = buildQueue(orders.map((o) => ({ ID: o.ID, state: o })), DEFAULT_QUEUE_RULES)
    const expected = orders.filter((o) => o.financial_status === 'paid' && o.fulfillment_status === 'unfulfilled' && !['wc-cancelled', 'wc-pending', 'wc-on-hold'].includes(o.post_status))
    expect(build.ids).toEqual(expected.map((o) => o.ID))
    expect(build.total).toBe(400)
    expect(Object.values(build.excluded).reduce((a, b) => a + b, 0)).toBe(400 - expected.length)
  })
})

describe('what the scanner says', () => {
  it('explains what a selection held that cannot ship', () => {
    const build = buildQueue(
      [
        { ID: 1, state: paid },
        { ID: 2, state: { ...paid, financial_status: 'unpaid' } },
        { ID: 3, state: { ...paid, post_status: 'wc-cancelled' } },
        { ID: 4, state: paid },
        { ID: 5, state: paid },
      ],
      DEFAULT_QUEUE_RULES,
    )
    expect(build.ids).toEqual([1, 4, 5])
    expect(describeExclusions(build, 'ids')).toBe('2 of the 5 selected orders cannot ship: 1 cancelled, 1 unpaid.')
  })

  it('lists the most frequent reason first for a filter, and says nothing when all can ship', () => {
    const states: ShipState[] = [paid, { ...paid, fulfillment_status: 'fulfilled' }, { ...paid, fulfillment_status: 'fulfilled' }, { ...paid, financial_status: 'unpaid' }]
    const build = buildQueue(states.map((state, i) => ({ ID: i, state })), DEFAULT_QUEUE_RULES)
    expect(describeExclusions(build, 'filter')).toBe('3 of the 4 orders in this filter cannot ship: 2 already fulfilled, 1 unpaid.')
    expect(describeExclusions(buildQueue([{ ID: 1, state: paid }], DEFAULT_QUEUE_RULES), 'filter')).toBeNull()
    expect(describeExclusions(buildQueue([{ ID: 1, state: undefined }], DEFAULT_QUEUE_RULES), 'ids')).toBe('The selected order cannot ship: 1 not found.')
  })

  it('lists the reasons as German and Chinese list them, each count in its own words', () => {
    const states: ShipState[] = [paid, { ...paid, fulfillment_status: 'fulfilled' }, { ...paid, financial_status: 'unpaid' }, { ...paid, post_status: 'wc-cancelled' }]
    const build = buildQueue(states.map((state, i) => ({ ID: i, state })), DEFAULT_QUEUE_RULES)
    try {
      applyLocale('de')
      expect(describeExclusions(build, 'filter')).toBe('3 der 4 Bestellungen in diesem Filter können nicht versendet werden: 1 storniert, 1 bereits versandt und 1 unbezahlt.')
      applyLocale('zh-CN')
      expect(describeExclusions(build, 'filter')).toBe('此筛选的 4 个订单中有 3 个无法发货：1 个已取消、1 个已发货、1 个未付款。')
    } finally {
      applyLocale('en')
    }
  })

  it('says why a scanned order cannot ship, and that a queued one changed since', () => {
    expect(blockerMessage('1234', 'unpaid')).toBe('Order #1234 is unpaid; it cannot ship.')
    expect(blockerMessage('1234', 'cancelled')).toBe('Order #1234 was cancelled; it cannot ship.')
    expect(blockerMessage('1234', 'fulfilled')).toBe('Order #1234 is already fulfilled.')
    expect(changedSinceMessage('1234', 'fulfilled')).toBe('Skipped #1234: it was fulfilled since the queue was built.')
  })
})

describe('reading a scanned order number', () => {
  it('accepts the number with or without "#", around spaces', () => {
    expect(parseOrderScan('1234')).toBe('1234')
    expect(parseOrderScan('#1234')).toBe('1234')
    expect(parseOrderScan('  # 1234 \n')).toBe('1234')
  })

  it('refuses what cannot be an order number', () => {
    expect(parseOrderScan('')).toBeNull()
    expect(parseOrderScan('#')).toBeNull()
    expect(parseOrderScan('12 34')).toBeNull()
    expect(parseOrderScan('<script>')).toBeNull()
  })
})
