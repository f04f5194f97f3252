// Orders as another client of the store reads them (the demo store's API, never the app's cache),
// and which of them can ship by the rule the app itself applies: scanner-queue.ts's shipBlocker
// with the scanner's default settings (paid, unfulfilled, neither cancelled, failed, pending, on
// hold nor refunded). An order that ships by this rule also takes tracking on its own page.
import type { Order } from '../../electron/common/store-api/resources'
import { shipBlocker } from '../../renderer/src/features/orders/scanner-queue'
import type { DemoStoreHandle } from './fixtures'

type StoreApi = Pick<DemoStoreHandle, 'api'>

/** One order, as the store has it now. */
export async function storeOrder(demoStore: StoreApi, id: number): Promise<Order> {
  return ((await (await demoStore.api(`/openapi/2025-04/orders/${id}`)).json()) as { data: Order }).data
}

/** The store's orders oldest first (its first 250), narrowed by `query` (`filter[...]=...` pairs). */
export async function storeOrders(demoStore: StoreApi, query = ''): Promise<Order[]> {
  const res = await demoStore.api(`/openapi/2025-04/orders?page_size=250&sort=date${query ? `&${query}` : ''}`)
  return ((await res.json()) as { data: Order[] }).data
}

/** Whether the app lets this order ship (scanner queue, tracking on its page). */
export const shippable = (order: Pick<Order, 'post_status' | 'financial_status' | 'fulfillment_status'>): boolean => shipBlocker(order) === null

/** The orders that can ship, oldest first: the scanner's queue for the whole list. */
export async function shippableOrders(demoStore: StoreApi): Promise<Order[]> {
  return (await storeOrders(demoStore, 'filter[fulfillment_status]=unfulfilled')).filter(shippable)
}

/** The shipment e-mails the store sent: one per tracking number it received with the e-mail on. */
export async function sentEmails(demoStore: Pick<DemoStoreHandle, 'control'>): Promise<{ orderId: number; trackno: string }[]> {
  return ((await demoStore.control('GET', '/emails')) as { data: { orderId: number; trackno: string }[] }).data
}
