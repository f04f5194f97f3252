// The customer's other orders, from the cache: the order list's in-memory index finds the
// orders whose search text holds the e-mail (order-index.ts; no cache index reads e-mails),
// then those few orders are read and matched exactly (customer-history.ts).
import { onScopeDispose, shallowRef, watch, type Ref } from 'vue'
import type { Order } from '@common/store-api/resources'
import { type StoreDatabase, orderIndexFor } from '@/data'
import { customerHistory, type CustomerHistory } from './customer-history'

export function useCustomerHistory(order: Ref<Order | null>, database: Ref<StoreDatabase | null>) {
  const history = shallowRef<CustomerHistory | null>(null)
  let stop: (() => void) | null = null
  let run = 0

  async function compute(db: StoreDatabase, current: Order) {
    const mine = ++run
    const index = orderIndexFor(db)
    if (index.state !== 'ready') return
    const email = current.billing_address.email?.trim()
    if (!email) {
      history.value = null
      return
    }
    const ids = index.query({ search: email, sort: '-date' })
    const orders = (await db.orders.bulkGet(ids)).filter((o): o is Order => !!o)
    if (mine === run) history.value = customerHistory(current, orders)
  }

  watch(
    [() => order.value?.ID, () => order.value?.billing_address.email, database],
    () => {
      stop?.()
      stop = null
      history.value = null
      const db = database.value
      if (!db || !order.value) return
      const index = orderIndexFor(db)
      const again = () => order.value && void compute(db, order.value)
      stop = index.subscribe(again)
      again()
    },
    { immediate: true },
  )
  onScopeDispose(() => stop?.())
  return history
}
