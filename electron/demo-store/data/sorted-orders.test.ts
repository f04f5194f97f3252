// @vitest-environment node
// The per-key sorted order lists stay in order through writes (DemoData moves a changed order
// instead of sorting again): after writes they must equal a sort made from scratch.
import { describe, expect, it } from 'vitest'
import type { Order } from '../../common/store-api/resources'
import { DemoData, type OrderSortKey } from './demo-data'
import { gmt } from './time'

/** The data ends before every write below. */
const GENERATED_ON = new Date('2026-11-01T12:00:00Z')

const KEYS: OrderSortKey[] = ['date', 'modified_date', 'paid_date', 'total_sales']

function sortKey(order: Order, key: OrderSortKey): string | number {
  switch (key) {
    case 'date': return order.post_date_gmt
    case 'modified_date': return order.post_modified_gmt
    case 'paid_date': return order.paid_date_gmt ?? ''
    case 'total_sales': return order.order_total
  }
}

/** Ids ascending by the key, ties by id, from the orders themselves. */
function sortedFromScratch(data: DemoData, key: OrderSortKey): number[] {
  const orders = Array.from({ length: data.orderCount }, (_, i) => data.order(1001 + i)!)
  return orders
    .sort((a, b) => {
      const ka = sortKey(a, key)
      const kb = sortKey(b, key)
      return ka < kb ? -1 : ka > kb ? 1 : a.ID - b.ID
    })
    .map((o) => o.ID)
}

/** Bumps an order's modified time the way the API's writes do. */
function touch(data: DemoData, id: number, at: Date): void {
  const order = data.order(id)!
  order.post_modified = data.clock.local(at)
  order.post_modified_gmt = gmt(at)
  order.trackno = `T${id}`
  data.orderChanged(order)
}

describe('sorted order lists through writes', () => {
  it('equal a sort from scratch after writes, including writes in the same second (ties by id)', () => {
    const data = DemoData.generate({ seed: 9, orders: 800, now: GENERATED_ON })
    for (const key of KEYS) data.ordersAscending(key)
    const sameSecond = new Date('2026-11-20T10:00:00Z')
    for (const id of [1700, 1003, 1450, 1001, 1800]) touch(data, id, sameSecond)
    for (let i = 0; i < 25; i++) touch(data, 1001 + ((i * 131) % 800), new Date(Date.UTC(2026, 10, 21, 0, i)))
    // An older time moves an order down as well as up.
    touch(data, 1450, new Date('2025-12-01T00:00:00Z'))

    for (const key of KEYS) expect(data.ordersAscending(key).map((s) => s.id)).toEqual(sortedFromScratch(data, key))
    const top = data.ordersAscending('modified_date').slice(-26).map((s) => s.id)
    expect(top[0]).toBe(1800)
  })

  it('equal the lists of a store that saw the same writes before it sorted anything', () => {
    const sortedFirst = DemoData.generate({ seed: 9, orders: 500, now: GENERATED_ON })
    const sortedLater = DemoData.generate({ seed: 9, orders: 500, now: GENERATED_ON })
    for (const key of KEYS) sortedFirst.ordersAscending(key)
    for (let i = 0; i < 40; i++) {
      const at = new Date(Date.UTC(2026, 10, 21, 0, 0, i % 7))
      touch(sortedFirst, 1001 + ((i * 97) % 500), at)
      touch(sortedLater, 1001 + ((i * 97) % 500), at)
    }
    for (const key of KEYS) expect(sortedFirst.ordersAscending(key).map((s) => s.id)).toEqual(sortedLater.ordersAscending(key).map((s) => s.id))
  })
})
