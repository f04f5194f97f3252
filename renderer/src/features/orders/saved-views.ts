// Saved views of the order list: the built-in "To ship" and "Refunds this week", and the
// operator's own, kept per store in localStorage (small, per-device preferences; the
// cache database is for store data). Stored views are checked with zod when read back.
import { z } from 'zod'
import { endOfWeek, format, startOfWeek } from 'date-fns'
import { storeNow } from '@/ui/store-time'
import { OrderQuery, DEFAULT_ORDER_QUERY } from '@/data'
import { t } from '@/session/i18n'

export interface SavedView {
  id: string
  name: string
  query: OrderQuery
  builtIn: boolean
}

const day = (d: Date) => format(d, 'yyyy-MM-dd')

/** Built-in views; "this week" is the store's, from `now` on its clock (weeks start on Monday). */
export function builtInViews(now: Date = storeNow()): SavedView[] {
  return [
    { id: 'all', name: t('orders.views.all'), builtIn: true, query: { ...DEFAULT_ORDER_QUERY } },
    { id: 'to-ship', name: t('orders.views.toShip'), builtIn: true, query: { search: '', fulfillment: 'unfulfilled', financial: 'paid', sort: 'date' } },
    {
      id: 'refunds-this-week',
      name: t('orders.views.refundsThisWeek'),
      builtIn: true,
      query: {
        search: '',
        financial: 'refund',
        modifiedDate: { from: day(startOfWeek(now, { weekStartsOn: 1 })), to: day(endOfWeek(now, { weekStartsOn: 1 })) },
        sort: '-modified_date',
      },
    },
  ]
}

const StoredViews = z.array(z.object({ id: z.string().min(1).max(64), name: z.string().min(1).max(80), query: OrderQuery }))

function storageKey(connectionId: string): string {
  return `storedesk.orderViews.${connectionId}`
}

export function loadUserViews(connectionId: string, storage: Storage = localStorage): SavedView[] {
  try {
    const parsed = StoredViews.safeParse(JSON.parse(storage.getItem(storageKey(connectionId)) ?? '[]'))
    return parsed.success ? parsed.data.map((v) => ({ ...v, builtIn: false })) : []
  } catch {
    return []
  }
}

export function saveUserView(connectionId: string, name: string, query: OrderQuery, storage: Storage = localStorage): SavedView[] {
  const trimmed = name.trim().slice(0, 80)
  if (!trimmed) throw new Error(t('orders.views.nameMissing'))
  const views = loadUserViews(connectionId, storage).filter((v) => v.name !== trimmed)
  views.push({ id: `user-${Date.now().toString(36)}`, name: trimmed, query, builtIn: false })
  storage.setItem(storageKey(connectionId), JSON.stringify(views.map(({ id, name: n, query: q }) => ({ id, name: n, query: q }))))
  return views
}

export function deleteUserView(connectionId: string, id: string, storage: Storage = localStorage): SavedView[] {
  const views = loadUserViews(connectionId, storage).filter((v) => v.id !== id)
  storage.setItem(storageKey(connectionId), JSON.stringify(views.map(({ id: i, name, query }) => ({ id: i, name, query }))))
  return views
}
