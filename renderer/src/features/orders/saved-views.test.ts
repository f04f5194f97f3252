import { beforeEach, describe, expect, it } from 'vitest'
import { makeOrders } from '@/data/order-index/order-fixtures'
import { answerOrderQuery } from '@/data/order-index/order-query'
import { builtInViews, deleteUserView, loadUserViews, saveUserView } from './saved-views'

describe('saved views', () => {
  beforeEach(() => localStorage.clear())

  it('"To ship" shows exactly the paid orders not yet shipped, oldest first', () => {
    const orders = makeOrders(200, 3)
    const toShip = builtInViews().find((v) => v.id === 'to-ship')!
    const shown = answerOrderQuery(orders, toShip.query)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.every((o) => o.fulfillment_status === 'unfulfilled' && o.financial_status === 'paid')).toBe(true)
    expect(shown.length).toBe(orders.filter((o) => o.fulfillment_status === 'unfulfilled' && o.financial_status === 'paid').length)
  })

  it('"Refunds this week" covers Monday to Sunday of the given day', () => {
    const view = builtInViews(new Date(2026, 2, 12)).find((v) => v.id === 'refunds-this-week')!
    expect(view.query.modifiedDate).toEqual({ from: '2026-03-09', to: '2026-03-15' })
    expect(view.query.financial).toBe('refund')
  })

  it('keeps the operator’s views per store and drops a tampered entry', () => {
    saveUserView('a', 'Big UK orders', { search: '', sort: '-total_sales' })
    saveUserView('b', 'Other store', { search: 'mug', sort: 'date' })
    expect(loadUserViews('a').map((v) => v.name)).toEqual(['Big UK orders'])
    const [view] = loadUserViews('a')
    expect(deleteUserView('a', view!.id)).toEqual([])
    localStorage.setItem('storedesk.orderViews.b', '[{"id":"x","name":"bad","query":{"sort":"DROP TABLE"}}]')
    expect(loadUserViews('b')).toEqual([])
    expect(() => saveUserView('a', '   ', { search: '', sort: 'date' })).toThrow(/name/)
  })

  it('keep a tag filter', () => {
    saveUserView('c', 'Fragile to ship', { search: '', fulfillment: 'unfulfilled', tags: ['fragile'], sort: 'date' })
    expect(loadUserViews('c')[0]!.query).toMatchObject({ fulfillment: 'unfulfilled', tags: ['fragile'] })
  })
})
