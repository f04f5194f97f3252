// Window-level effects of the frame, kept out of the component: the reachability check
// on start, on window focus and when the network comes back (navigator's offline event
// marks the store offline at once), the document title from the route, and the order list's
// code loaded once the frame is idle with a store connected, so the first click on Orders after a
// launch does not wait for it to be fetched and compiled (and the Connect page of a new user,
// who has no Orders to click, does not load it: docs/benchmarks.md, figure 5).
import { computed, onMounted, watch, watchEffect } from 'vue'
import { useRouter } from 'vue-router'
import { useEventListener } from '@vueuse/core'
import { useReachabilityStore } from '@/session/reachability-store'
import { useConnectionsStore } from '@/session/connections-store'
import { t } from '@/session/i18n'
import { loadOrderList } from './router'

/** The product's name, the same in every language. */
const BRAND = 'Storedesk'

export function useFrameEffects() {
  const reachability = useReachabilityStore()
  const router = useRouter()

  const connections = useConnectionsStore()

  onMounted(() => {
    void reachability.check()
    let preloaded = false
    watch(
      () => connections.active,
      (active) => {
        if (!active || preloaded) return
        preloaded = true
        const preload = () => void loadOrderList().catch(() => undefined)
        if (typeof requestIdleCallback === 'function') requestIdleCallback(preload, { timeout: 2000 })
        else setTimeout(preload, 0)
      },
      { immediate: true },
    )
  })
  useEventListener(window, 'focus', () => void reachability.check())
  useEventListener(window, 'online', () => void reachability.check())
  useEventListener(window, 'offline', () => reachability.markOffline())

  // The window's title names the screen in the app's language, again when the language changes.
  const title = computed(() => {
    const key = router.currentRoute.value.meta.title
    return key ? t('titles.window', { screen: t(key) }) : BRAND
  })
  watchEffect(() => {
    document.title = title.value
  })
}
