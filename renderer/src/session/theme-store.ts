// The colour theme: follows the operating system unless the user picked light or dark in
// Settings; the choice is kept in localStorage (a display preference, not a secret).
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed } from 'vue'
import { usePreferredDark, useStorage } from '@vueuse/core'

export type ThemePreference = 'system' | 'light' | 'dark'
export const THEME_STORAGE_KEY = 'storedesk.theme'

export const useThemeStore = defineStore('theme', () => {
  const stored = useStorage<string>(THEME_STORAGE_KEY, 'system')
  const systemPrefersDark = usePreferredDark()

  const preference = computed<ThemePreference>({
    get: () => (stored.value === 'light' || stored.value === 'dark' ? stored.value : 'system'),
    set: (value) => {
      stored.value = value
    },
  })
  const isDark = computed(() => (preference.value === 'system' ? systemPrefersDark.value : preference.value === 'dark'))

  /** The frame's quick toggle: an explicit choice opposite to what is shown now. */
  function toggle() {
    preference.value = isDark.value ? 'light' : 'dark'
  }

  return { preference, isDark, toggle }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useThemeStore, import.meta.hot))
