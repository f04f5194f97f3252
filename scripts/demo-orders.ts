// Vitest global setup of the renderer's tests: the demo store's orders of seed 42, as its API
// sends them (the JSON of a list page), provided to the tests that hold the cache to every order
// the store makes (order-store/compact-order.test.ts). They run in the renderer's type scope,
// which may not import the demo store.
import type { TestProject } from 'vitest/node'
import { DemoData } from '../electron/demo-store/data/demo-data'
import type { Order } from '../electron/common/store-api/resources'

/** Enough to meet every shape the generator makes (refunds, discounts, notes, tracking, each state). */
const ORDERS = 1000

export default function provideDemoOrders(project: TestProject): void {
  const data = DemoData.generate({ seed: 42, orders: ORDERS, now: new Date('2026-11-22T03:00:00Z') })
  const currentTime = data.clock.local(new Date('2026-11-22T03:00:00Z'))
  const orders = data.ordersAscending('date').map((summary) => JSON.parse(data.orderJson(summary.id, currentTime)!) as Order)
  project.provide('demoOrders42', orders)
}
