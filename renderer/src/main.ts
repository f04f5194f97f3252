// Renderer entry: the Vue app with Pinia, the app's language (vue-i18n) and the router. The first connections load
// happens in the router's guard, so the first screen already knows whether a store is
// connected.
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from '@/shell/App.vue'
import { createAppRouter } from '@/shell/router'
import { useLocaleStore } from '@/session/locale-store'
import { i18n } from '@/session/i18n'

const app = createApp(App)
app.use(createPinia())
app.use(i18n)
app.use(createAppRouter())
// The language's catalog is loaded and applied before the first screen renders, so it never
// flashes in English or shows keys; only that one catalog is fetched (session/i18n). The
// router's first navigation (the connections load) runs meanwhile.
void useLocaleStore().ready.then(() => app.mount('#app'))
