// Window-level effects of the frame, kept out of the component: the reachability check
// on start, on window focus and when the network comes back (navigator's offline event
// marks the store offline at once), the document title from the route, and the order list's
// code loaded once the frame is idle, so the first click on Orders after a launch does not
// wait for it to be fetched and compiled.
import { onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { useEventListener } from '@vueuse/core'
import { useReachabilityStore } from '@/session/reachability-store'
import { loadOrderList } from './router'

export function useFrameEffects() {
  const reachability = useReachabilityStore()
  const router = useRouter()

  onMounted(() => {
    void reachability.check()
    const preload = () => void loadOrderList().catch(() => undefined)
    if (typeof requestIdleCallback === 'function') requestIdleCallback(preload, { timeout: 2000 })
    else setTimeout(preload, 0)
  })
  useEventListener(window, 'focus', () => void reachability.check())
  useEventListener(window, 'online', () => void reachability.check())
  useEventListener(window, 'offline', () => reachability.markOffline())

  router.afterEach((to) => {
    document.title = to.meta.title ? `${to.meta.title} · Storedesk` : 'Storedesk'
  })
}
