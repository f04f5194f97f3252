// The colour theme: follows the operating system unless the user picked light or dark in
// Settings; the choice is a device setting (settings.ts: a display preference, not a secret).
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed } from 'vue'
import { usePreferredDark } from '@vueuse/core'
import { z } from 'zod'
import { deviceSetting, useSetting } from './settings'

const ThemePreference = z.enum(['system', 'light', 'dark'])
export type ThemePreference = z.infer<typeof ThemePreference>
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
