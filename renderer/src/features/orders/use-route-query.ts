// The order list's filter as the route's query and back: every change of filter replaces the
// route's query (reloads, back from an order, dashboard links keep it), and a route that names
// another filter (a link followed while the list is open) replaces the filter. Each side is
// written only when the other says something different, so neither echoes the other.
import { ref, watch } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import { orderQueryFromRoute, orderQueryToRoute, type OrderQuery } from '@/data'

const sameRoute = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b)

export function useRouteQuery() {
  const route = useRoute()
  const router = useRouter()
  const query = ref<OrderQuery>(orderQueryFromRoute(route.query))
  watch(
    query,
    (q) => {
      const next = orderQueryToRoute(q)
      if (!sameRoute(next, route.query)) void router.replace({ query: next })
    },
    { deep: true },
  )
  watch(
    () => route.query,
    (rq) => {
      const next = orderQueryFromRoute(rq)
      if (!sameRoute(orderQueryToRoute(next), orderQueryToRoute(query.value))) query.value = next
    },
  )
  return query
}
