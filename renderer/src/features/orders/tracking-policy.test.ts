import { describe, expect, it } from 'vitest'
import { checkTracking, findingKey, numberFindings, overrideOf, stateFindings, unconfirmed, type PolicyOrder } from './tracking-policy'

const open: PolicyOrder = { ID: 1, number: '1053', post_status: 'wc-processing', financial_status: 'paid', fulfillment_status: 'unfulfilled' }
const none = async () => []

describe('the tracking policy', () => {
  it('tells a wrong check digit from a format no carrier uses, and a number that cannot be used at all', () => {
    expect(numberFindings('1Z999AA10123456784')).toEqual([])
    expect(numberFindings('1Z999AA10123456785')).toMatchObject([{ kind: 'check-digit', carrier: 'UPS', message: expect.stringMatching(/^The check digit is wrong: 1Z999AA10123456785 has the format of a UPS number/) }])
    expect(numberFindings('ZZ-NOT-A-NUMBER')).toMatchObject([{ kind: 'unknown-format', message: 'No carrier uses this format: ZZ-NOT-A-NUMBER. Compare it with the label.' }])
    expect(numberFindings('=cmd')[0]!.kind).toBe('invalid')
  })

  it('names the other order that already carries the number', async () => {
    const findings = await checkTracking({ raw: '123456789012', order: open, othersUsing: async () => [{ ID: 7, number: '1057' }] })
    expect(findings.map((f) => f.message)).toContain('123456789012 is already the tracking number of order #1057. Use it for #1053 too?')
  })

  it('asks for an override on a cancelled, refunded or fulfilled order, and a confirmation on an unpaid one', () => {
    expect(stateFindings({ ...open, post_status: 'wc-cancelled' })).toMatchObject([{ kind: 'closed', state: 'cancelled' }])
    expect(stateFindings({ ...open, financial_status: 'refund' })).toMatchObject([{ kind: 'closed', state: 'refunded' }])
    expect(stateFindings({ ...open, fulfillment_status: 'fulfilled', trackno: 'RR1US' })).toMatchObject([{ kind: 'closed', state: 'fulfilled', message: 'Order #1053 is already fulfilled with tracking RR1US. Add tracking anyway? This is recorded on its timeline.' }])
    expect(stateFindings({ ...open, financial_status: 'unpaid' })).toMatchObject([{ kind: 'unpaid' }])
  })

  it('a change of tracking number needs a fulfilled order still carrying the number it replaces', async () => {
    const fulfilled = { ...open, fulfillment_status: 'fulfilled', trackno: 'OLD' }
    expect(stateFindings(fulfilled, { replaces: 'OLD' })).toEqual([])
    expect(stateFindings(fulfilled, { replaces: 'OTHER' })[0]).toMatchObject({ kind: 'invalid', message: 'The tracking number of #1053 changed to OLD since you opened this. Check it and start again.' })
    expect(stateFindings(open, { replaces: 'OLD' })[0]!.kind).toBe('invalid')
    expect(await checkTracking({ raw: 'old', order: fulfilled, change: { replaces: 'OLD' }, othersUsing: none })).toMatchObject([{ kind: 'invalid' }])
  })

  it('a confirmation covers what was shown only: the state overridden, the orders named', async () => {
    const cancelled = await checkTracking({ raw: '1Z999AA10123456784', order: { ...open, post_status: 'wc-cancelled' }, othersUsing: none })
    const keys = cancelled.map(findingKey)
    expect(keys).toEqual(['closed:cancelled'])
    expect(overrideOf(cancelled, keys)).toBe('cancelled')
    const fulfilled = await checkTracking({ raw: '1Z999AA10123456784', order: { ...open, fulfillment_status: 'fulfilled' }, othersUsing: async () => [{ ID: 9, number: '1099' }] })
    expect(unconfirmed(fulfilled, keys).map(findingKey)).toEqual(['duplicate:1099', 'closed:fulfilled'])
    expect(overrideOf(fulfilled, keys)).toBeUndefined()
  })
})
