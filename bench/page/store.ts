// The store as the bench page reaches it, and the orders it fetched beforehand (what figure 1's
// baselines write and figure 2 copies).
import type { Order } from '@common/store-api/resources'
import type { OperationResult } from '@common/store-api/operations'
import { createApi } from '@/bridge'
import { createHttpTransport } from '@/bridge/http-transport'
import { ORDER_PAGE_SIZE } from '@/data/sync'
import type { StoreCall } from '@/data/store-client'

/**
 * The store, reached as the app reaches it in the browser shell: the renderer's bridge over its
 * HTTP transport (POST /ipc/invoke/store.call), answered by the web host itself (this page is
 * served on its origin, with the app's session cookie) for the connection the bench made
 * through the consent page (`useConnection`).
 */
const api = createApi(createHttpTransport())
let connectionId: string | null = null
export const call: StoreCall = (operation, params) => {
  if (connectionId === null) throw new Error('no connection: call useConnection first')
  return api.store.call(connectionId, operation, params)
}

export function useConnection(id: string): void {
  connectionId = id
}

/** What fetchAllOrders read: the orders, and the store's answers as the sync received them (for a sync with the network taken out). */
export const fetched: { orders: Order[]; pages: OperationResult<'orders.list'>[] } = { orders: [], pages: [] }

export function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  return fn().then((value) => ({ ms: performance.now() - start, value }))
}

/**
 * The same JSON the sync receives, fetched once beforehand for the raw baseline (or `maxPages`
 * of it), one page after another; answers how many orders and pages, and the time it took (the
 * transport alone).
 */
export async function fetchAllOrders(maxPages = Infinity): Promise<{ count: number; pages: number; ms: number }> {
  fetched.orders = []
  fetched.pages = []
  const { ms } = await timed(async () => {
    for (let page = 1; page <= maxPages; page++) {
      const result = await call('orders.list', { query: { page, page_size: ORDER_PAGE_SIZE, sort: '-modified_date' } })
      fetched.pages.push(result)
      fetched.orders.push(...result.data)
      if (page >= result.meta.last_page || result.data.length === 0) break
    }
  })
  return { count: fetched.orders.length, pages: fetched.pages.length, ms }
}

/** The orders fetchAllOrders read (figure 9 hands them to a bench page in a fresh profile). */
export function fetchedOrders(): Order[] {
  return fetched.orders
}

/** Orders fetched by another bench page, as if this one had fetched them (it has no store connection). */
export function useOrders(orders: Order[]): void {
  fetched.orders = orders
  fetched.pages = []
}
