// The app's routes and the one rule over them: without an active store connection only
// Connect and Settings can be shown. Hash history, because the Electron shell loads the
// renderer from file:// and the browser shell serves a single index.html.
import { createRouter, createWebHashHistory, type RouteRecordRaw, type RouterHistory, type RouteLocationRaw } from 'vue-router'
import { useConnectionsStore } from '@/session/connections-store'

declare module 'vue-router' {
  interface RouteMeta {
    /** Shown without an active connection (Connect, Settings). */
    public?: boolean
    /** The page title, also used by the frame for the document title. */
    title?: string
    /** Shown without the frame's sidebar (the print view, which is itself what prints). */
    bare?: boolean
  }
}

export const HOME_PATH = '/orders'
export const CONNECT_PATH = '/connect'

/** The order list's code: the home screen, also loaded ahead when the frame is idle (use-frame-effects.ts). */
export const loadOrderList = () => import('@/features/orders/OrdersPage.vue')

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: HOME_PATH },
  { path: '/orders', component: loadOrderList, meta: { title: 'Orders' } },
  { path: '/orders/print', component: () => import('@/features/orders/print/PrintPage.vue'), meta: { title: 'Print', bare: true } },
  { path: '/orders/:id', component: () => import('@/features/orders/OrderDetailPage.vue'), meta: { title: 'Order' } },
  { path: '/customers', component: () => import('@/features/customers/CustomersPage.vue'), meta: { title: 'Customers' } },
  { path: '/customers/:key', component: () => import('@/features/customers/CustomerPage.vue'), meta: { title: 'Customer' } },
  { path: '/checkouts', component: () => import('@/features/checkouts/CheckoutsPage.vue'), meta: { title: 'Abandoned checkouts' } },
  { path: '/checkouts/:id', component: () => import('@/features/checkouts/CheckoutDetailPage.vue'), meta: { title: 'Abandoned checkout' } },
  { path: '/dashboard', component: () => import('@/features/dashboard/DashboardPage.vue'), meta: { title: 'Dashboard' } },
  { path: '/blogs', component: () => import('@/features/blogs/BlogsPage.vue'), meta: { title: 'Blogs' } },
  { path: '/blogs/new', component: () => import('@/features/blogs/BlogEditorPage.vue'), meta: { title: 'New blog post' } },
  { path: '/blogs/:id', component: () => import('@/features/blogs/BlogEditorPage.vue'), meta: { title: 'Blog post' } },
  { path: '/collections', component: () => import('@/features/collections/CollectionsPage.vue'), meta: { title: 'Collections' } },
  { path: '/collections/:id', component: () => import('@/features/collections/CollectionDetailPage.vue'), meta: { title: 'Collection' } },
  { path: '/calendar', component: () => import('@/features/calendar/CalendarPage.vue'), meta: { title: 'Content calendar' } },
  { path: '/meta-fields', component: () => import('@/features/meta-fields/MetaFieldsPage.vue'), meta: { title: 'Meta fields' } },
  { path: '/sync', component: () => import('@/features/sync/SyncPage.vue'), meta: { title: 'Sync' } },
  { path: '/settings', component: () => import('@/features/settings/SettingsPage.vue'), meta: { title: 'Settings', public: true } },
  { path: CONNECT_PATH, component: () => import('@/features/connect/ConnectPage.vue'), meta: { title: 'Connect a store', public: true } },
  { path: '/:unknown(.*)*', redirect: HOME_PATH },
]

export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const router = createRouter({ history, routes })

  router.beforeEach(async (to): Promise<true | RouteLocationRaw> => {
    const connections = useConnectionsStore()
    // Loaded before a public screen too: the app opened (or reloaded) on Settings still shows
    // the connected stores and the store's screens in the sidebar.
    if (!connections.loaded) {
      try {
        await connections.load()
      } catch {
        // The main process did not answer: the connect page says so and offers to retry.
        return to.meta.public ? true : CONNECT_PATH
      }
    }
    if (to.meta.public) return true
    return connections.active ? true : CONNECT_PATH
  })

  return router
}
