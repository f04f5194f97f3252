// The app's language: follows the operating system's (navigator.languages) unless the user
// picked one in Settings; the choice is kept in localStorage (a preference of this computer,
// like the theme) and applies without a restart: every screen reads its words through i18n/t,
// which follows `applyLocale`.
// Rule: a language is applied only once its catalog is loaded (i18n.loadLanguage), so no screen
// ever shows keys or a half-translated page. The first language is loaded before the app mounts
// (main.ts awaits `ready`); a later choice keeps the screens as they are until its catalog is in.
// A catalog that fails to load keeps the language the screens speak, leaves the stored choice as
// it was, and says so in a notice.
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { useStorage } from '@vueuse/core'
import { applyLocale, isUiLocale, loadLanguage, LOCALE_NAMES, PSEUDO_LOCALE, systemLocale, t, uiLocale, type UiLocale } from './i18n'
import { useNoticesStore } from './notices-store'

export type LocalePreference = 'system' | UiLocale
export const LOCALE_STORAGE_KEY = 'storedesk.locale'

/** The key of the notice that a catalog could not be loaded. */
const NOTICE_KEY = 'language'

/** A language as the screens name it: in itself (the pseudo-locale by its tag). */
const nameOf = (locale: UiLocale) => (locale === PSEUDO_LOCALE ? PSEUDO_LOCALE : LOCALE_NAMES[locale])

export const useLocaleStore = defineStore('locale', () => {
  const stored = useStorage<string>(LOCALE_STORAGE_KEY, 'system')
  const notices = useNoticesStore()
  const resolve = (preference: LocalePreference): UiLocale => (preference === 'system' ? systemLocale(navigator.languages) : preference)
  const storedPreference = computed<LocalePreference>(() => (isUiLocale(stored.value) ? stored.value : 'system'))

  /** The language the screens speak. */
  const locale = shallowRef<UiLocale>(uiLocale())
  /** A choice whose catalog is still loading: shown as chosen, applied (and kept) once it is in. */
  const pending = ref<LocalePreference | null>(null)
  /** The language whose catalog is loading, if any (Settings shows it is on its way). */
  const loading = computed<UiLocale | null>(() => (pending.value === null ? null : resolve(pending.value)))

  // The newest request wins: a choice made while an earlier one loads replaces it.
  let latest = 0
  async function follow(preference: LocalePreference, store: boolean): Promise<void> {
    const attempt = ++latest
    const target = resolve(preference)
    pending.value = preference
    try {
      await loadLanguage(target)
    } catch {
      if (attempt !== latest) return
      pending.value = null
      notices.post({ kind: 'error', key: NOTICE_KEY, title: t('language.title'), text: t('language.loadFailed', { language: nameOf(target), current: nameOf(locale.value) }) })
      return
    }
    if (attempt !== latest) return
    applyLocale(target)
    locale.value = target
    if (store) stored.value = preference
    pending.value = null
    // A failure said before is over once a language loads.
    const said = notices.notices.find((n) => n.key === NOTICE_KEY)
    if (said) notices.dismiss(said.id)
  }

  /** What Settings shows as chosen: the choice on its way, else the stored one. */
  const preference = computed<LocalePreference>({
    get: () => pending.value ?? storedPreference.value,
    set: (value) => void follow(value, true),
  })

  /** Settled once the first language is applied (or refused, then English stays): main.ts mounts after it. */
  const ready = follow(storedPreference.value, false)
  // Another window's choice (localStorage's storage event) is followed here too.
  watch(storedPreference, (value) => {
    if (resolve(value) !== locale.value || pending.value !== null) void follow(value, false)
  })

  return { preference, locale, loading, ready }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useLocaleStore, import.meta.hot))
