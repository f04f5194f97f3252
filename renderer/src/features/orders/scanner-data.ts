// Scanner mode's reads of the cache and the store: the queue built from its source (the order
// list's filter, or orders sent by ID) through the in-memory order index, so 100,000 cached
// orders are classified without reading them; an order found by its number; an order re-read
// from the cache and, where online, from the store as it opens; and the cached orders that
// already carry a tracking number.
import type { Order } from '@common/store-api/resources'
import { refreshOrder, type StoreDatabase, orderIndexFor, type OrderIndex, type OrderQuery } from '@/data'
import { buildQueue, type QueueBuild, type QueueRules } from './scanner-queue'
import { scannerOrder, type Recheck, type ScannerDeps } from './scanner'
import { normalizeTrackingNumber } from './tracking'
import { t } from '@/session/i18n'

/** The scanner queue's source: the order list's current filter/saved view, or chosen orders. */
export type ScannerSource = { kind: 'filter'; query: OrderQuery } | { kind: 'ids'; ids: number[] }

/** How long an order's re-check waits for the store before going by the cache alone. */
export const STORE_CHECK_TIMEOUT_MS = 5000

/** The order index once it has loaded every cached order. */
export function readyOrderIndex(db: StoreDatabase): Promise<OrderIndex> {
  const index = orderIndexFor(db)
  if (index.state === 'ready') return Promise.resolve(index)
  return new Promise((resolve, reject) => {
    const stop = index.subscribe(() => {
      if (index.state === 'loading') return
      stop()
      if (index.state === 'ready') resolve(index)
      else reject(new Error(t('scanner.says.cacheClosed')))
    })
  })
}

/** The queue of a source: what can ship, oldest first, and what cannot, counted by reason. */
export async function loadScannerQueue(db: StoreDatabase, source: ScannerSource, rules: QueueRules): Promise<QueueBuild> {
  const index = await readyOrderIndex(db)
  // Oldest first, as orders are shipped; the list's own sort only decides what is on screen.
  if (source.kind === 'filter') {
    const ids = index.query({ ...source.query, sort: 'date' })
    return buildQueue(
      ids.map((ID) => ({ ID, state: index.statesOf(ID) })),
      rules,
    )
  }
  const wanted = new Set(source.ids)
  const cachedInOrder = index.query({ search: '', sort: 'date' }).filter((id) => wanted.has(id))
  const cached = new Set(cachedInOrder)
  const missing = [...wanted].filter((id) => !cached.has(id))
  return buildQueue(
    [...cachedInOrder.map((ID) => ({ ID, state: index.statesOf(ID) })), ...missing.map((ID) => ({ ID, state: undefined }))],
    rules,
  )
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(t('scanner.says.noAnswer')), { code: 'timeout' })), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * The store's copy of an order, read afresh (and kept in the cache unless an unsent write holds
 * the row) when `online()` allows. `checked` is false when the store could not be asked in time:
 * the caller then goes by the cache and says so.
 */
export async function readStoreCopy(db: StoreDatabase, id: number, online: () => boolean): Promise<{ order: Order | null; checked: boolean }> {
  if (!online()) return { order: null, checked: false }
  try {
    return { order: await withTimeout(refreshOrder(db, id), STORE_CHECK_TIMEOUT_MS), checked: true }
  } catch (error) {
    // The store saying it has no such order is an answer too; any other failure (offline, slow,
    // refused) leaves the cache to decide.
    return { order: null, checked: (error as { code?: unknown } | null)?.code === 'not_found' }
  }
}

/** The session's reads, from this store's cache and (when `online()` allows) the store itself. */
export function scannerReads(db: StoreDatabase, online: () => boolean): Pick<ScannerDeps, 'findByNumber' | 'recheck' | 'ordersUsingTracking'> {
  return {
    async findByNumber(number) {
      const row = await db.orders.where('number').equals(number).first()
      return row ? scannerOrder(row) : null
    },

    async recheck(id): Promise<Recheck> {
      const fresh = await readStoreCopy(db, id, online)
      const cached = await db.orders.get(id)
      return { order: cached ? scannerOrder(cached) : null, fromStore: fresh.order ? scannerOrder(fresh.order) : null, storeChecked: fresh.checked }
    },

    ordersUsingTracking: (raw, exceptId) => ordersUsingTracking(db, raw, exceptId),
  }
}

/** Cached orders other than `exceptId` whose tracking number is this one (compared without case or spaces). */
export async function ordersUsingTracking(db: StoreDatabase, raw: string, exceptId: number): Promise<{ ID: number; number: string }[]> {
  const trackno = normalizeTrackingNumber(raw).toLowerCase()
  if (!trackno) return []
  // The index's search covers tracking numbers: a substring match first, then the exact number.
  const index = await readyOrderIndex(db)
  const candidates = index.query({ search: trackno, sort: '-date' }).filter((id) => id !== exceptId)
  const rows = await db.orders.bulkGet(candidates.slice(0, 500))
  return rows.filter((o) => o && normalizeTrackingNumber(o.trackno ?? '').toLowerCase() === trackno).map((o) => ({ ID: o!.ID, number: o!.number }))
}
