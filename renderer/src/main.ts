// Renderer entry: the Vue app with Pinia, the app's language (vue-i18n) and the router. The first connections load
// happens in the router's guard, so the first screen already knows whether a store is
// connected.
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from '@/shell/App.vue'
import { createAppRouter } from '@/shell/router'
import { i18n } from '@/session/i18n'
import { useLocaleStore } from '@/session/locale-store'

const app = createApp(App)
app.use(createPinia())
app.use(i18n)
// The language is settled before the first screen renders, so it never flashes in English.
useLocaleStore()
app.use(createAppRouter())
app.mount('#app')
