// The colour theme: follows the operating system unless the user picked light or dark in
// Settings; the choice is a device setting (settings.ts: a display preference, not a secret).
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed } from 'vue'
import { usePreferredDark } from '@vueuse/core'
import { deviceSetting, oneOf, useSetting } from './settings'

// Checked with `oneOf`, not zod: the frame reads the theme before its first paint (figure 5).
const THEME_PREFERENCES = ['system', 'light', 'dark'] as const
export type ThemePreference = (typeof THEME_PREFERENCES)[number]
const ThemePreference = oneOf(THEME_PREFERENCES)
export const THEME = deviceSetting('theme', ThemePreference, () => 'system' as const, () => [{ key: 'storedesk.theme' }])

export const useThemeStore = defineStore('theme', () => {
  const preference = useSetting(THEME)
  const systemPrefersDark = usePreferredDark()
  const isDark = computed(() => (preference.value === 'system' ? systemPrefersDark.value : preference.value === 'dark'))

  /** The frame's quick toggle: an explicit choice opposite to what is shown now. */
  function toggle() {
    preference.value = isDark.value ? 'light' : 'dark'
  }

  return { preference, isDark, toggle }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useThemeStore, import.meta.hot))
