// The app's language: follows the operating system's (navigator.languages) unless the user
// picked one in Settings; the choice is kept in localStorage (a preference of this computer,
// like the theme) and applies at once, no restart: every screen reads its words through
// i18n/t, which follows `applyLocale`.
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, watch } from 'vue'
import { useStorage } from '@vueuse/core'
import { applyLocale, isUiLocale, systemLocale, type UiLocale } from './i18n'

export type LocalePreference = 'system' | UiLocale
export const LOCALE_STORAGE_KEY = 'storedesk.locale'

export const useLocaleStore = defineStore('locale', () => {
  const stored = useStorage<string>(LOCALE_STORAGE_KEY, 'system')

  const preference = computed<LocalePreference>({
    get: () => (isUiLocale(stored.value) ? stored.value : 'system'),
    set: (value) => {
      stored.value = value
    },
  })
  const locale = computed<UiLocale>(() => (preference.value === 'system' ? systemLocale(navigator.languages) : preference.value))
  watch(locale, applyLocale, { immediate: true })

  return { preference, locale }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useLocaleStore, import.meta.hot))
