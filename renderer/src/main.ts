// Renderer entry: the Vue app with Pinia and the router. The first connections load
// happens in the router's guard, so the first screen already knows whether a store is
// connected.
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from '@/shell/App.vue'
import { createAppRouter } from '@/shell/router'

const app = createApp(App)
app.use(createPinia())
app.use(createAppRouter())
app.mount('#app')
