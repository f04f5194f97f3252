// Figure 2's library baseline (issue 28): MiniSearch, a well-kept full-text search library,
// indexing the same fields of the same orders as the order list's index (order-search.ts:
// number, transaction id, e-mail, customer names, phone digits, tracking number, line items'
// names and SKUs; status for the status filter), folded the same way, and answering the same
// queries sorted as the list sorts them (newest first). Bench only.
import MiniSearch from 'minisearch'
import type { Order } from '@common/store-api/resources'
import type { OrderQuery } from '@/data/order-index/order-query'
import { digitsOf, fold, searchNeedles } from '@/data/order-index/order-search'

interface LibraryDocument {
  id: number
  number: string
  transaction: string
  email: string
  names: string
  phones: string
  tracking: string
  items: string
  status: string
  postDate: string
}

const TEXT_FIELDS = ['number', 'transaction', 'email', 'names', 'phones', 'tracking', 'items']

function documentOf(order: Order): LibraryDocument {
  const billing = order.billing_address
  const shipping = order.shipping_address
  return {
    id: order.ID,
    number: order.number ?? '',
    transaction: order.transaction_id ?? '',
    email: billing?.email ?? '',
    names: [order.billing_user_name, billing && `${billing.first_name ?? ''} ${billing.last_name ?? ''}`, shipping && `${shipping.first_name ?? ''} ${shipping.last_name ?? ''}`].filter(Boolean).join(' '),
    phones: [digitsOf(billing?.phone ?? ''), digitsOf(shipping?.phone ?? '')].join(' '),
    tracking: order.trackno ?? '',
    items: (order.line_items ?? []).flatMap((item) => [item.order_item_name ?? '', item.sku ?? '']).join(' '),
    status: order.post_status ?? '',
    postDate: order.post_date ?? '',
  }
}

/** Folded as the app folds (no case, accents or apostrophes), then words of letters and digits. */
const tokenize = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter((t) => t !== '')

export function buildLibraryIndex(orders: readonly Order[]): MiniSearch<LibraryDocument> {
  const index = new MiniSearch<LibraryDocument>({ fields: [...TEXT_FIELDS, 'status'], storeFields: ['postDate'], tokenize, processTerm: (term) => term })
  index.addAll(orders.map(documentOf))
  return index
}

/**
 * The list's answer from the library: the IDs of the orders matching `query`, newest first.
 * Every word of a needle must prefix a word of the order (combineWith AND, prefix); a phone
 * written with separators is looked for as typed and as its digits, as the app does; `#1057`
 * looks in the number alone; a status filter searches the status field.
 */
export function libraryQuery(index: MiniSearch<LibraryDocument>, query: OrderQuery): number[] {
  const dates = new Map<number, string>()
  const take = (results: { id: number; postDate?: string }[]) => {
    for (const r of results) dates.set(r.id, r.postDate ?? '')
  }
  const raw = query.search.trim()
  if (raw.startsWith('#')) take(index.search(raw.slice(1), { fields: ['number'], prefix: true, combineWith: 'AND' }) as never)
  else for (const needle of searchNeedles(raw)) take(index.search(needle, { fields: TEXT_FIELDS, prefix: true, combineWith: 'AND' }) as never)
  if (query.status) {
    const inStatus = index.search(query.status, { fields: ['status'], combineWith: 'AND' }) as unknown as { id: number; postDate?: string }[]
    if (raw) {
      const wanted = new Set(inStatus.map((r) => r.id))
      for (const id of dates.keys()) if (!wanted.has(id)) dates.delete(id)
    } else take(inStatus)
  }
  return [...dates.keys()].sort((a, b) => (dates.get(a)! < dates.get(b)! ? 1 : dates.get(a)! > dates.get(b)! ? -1 : b - a))
}
