// Window-level effects of the frame, kept out of the component: the reachability check
// on start, on window focus and when the network comes back (navigator's offline event
// marks the store offline at once), and the document title from the route.
import { onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { useEventListener } from '@vueuse/core'
import { useReachabilityStore } from '@/session/reachability-store'

export function useFrameEffects() {
  const reachability = useReachabilityStore()
  const router = useRouter()

  onMounted(() => void reachability.check())
  useEventListener(window, 'focus', () => void reachability.check())
  useEventListener(window, 'online', () => void reachability.check())
  useEventListener(window, 'offline', () => reachability.markOffline())

  router.afterEach((to) => {
    document.title = to.meta.title ? `${to.meta.title} · Storedesk` : 'Storedesk'
  })
}
